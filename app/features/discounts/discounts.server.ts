import { and, desc, eq, ne, sql } from "drizzle-orm";
import { discountCodes, type DiscountCode, type NewDiscountCode } from "~/db/schema";
import { announceStorefrontChange } from "~/server/storefront-events.server";
import { fieldErrorsOf, formValues } from "~/lib/form-fields";
import type { Db, Tx } from "~/server/db.server";
import { uniqueViolation } from "~/server/db-errors.server";
import { AppError } from "~/server/errors.server";
import { expectUpdatedRow, nextRowVersion, readRowVersion, staleRowError } from "~/server/row-version.server";
import { discountInputSchema, type DiscountInput } from "./discounts.schema";

export const CODE_TAKEN_MESSAGE = "Mã này đã tồn tại (không phân biệt chữ hoa, chữ thường)";

/** Every code, newest first. */
export async function listDiscountCodes(db: Db): Promise<DiscountCode[]> {
  return db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
}

function parseDiscount(input: unknown): DiscountInput {
  const parsed = discountInputSchema.safeParse(formValues(input as Record<string, unknown>));
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    throw new AppError("invalid", Object.values(fieldErrors)[0] ?? "Dữ liệu không hợp lệ", fieldErrors);
  }
  return parsed.data;
}

async function assertCodeFree(db: Db | Tx, code: string, exceptId?: number) {
  const same = sql`upper(${discountCodes.code}) = ${code.toUpperCase()}`;
  const [taken] = await db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(exceptId === undefined ? same : and(same, ne(discountCodes.id, exceptId)))
    .limit(1);
  if (taken) throw new AppError("conflict", CODE_TAKEN_MESSAGE, { code: CODE_TAKEN_MESSAGE });
}

function codeConflict(error: unknown): never {
  if (uniqueViolation(error) !== null) throw new AppError("conflict", CODE_TAKEN_MESSAGE, { code: CODE_TAKEN_MESSAGE });
  throw error;
}

/** Creates a code (stored upper-case). */
export async function createDiscountCode(db: Db, input: unknown): Promise<DiscountCode> {
  const values = parseDiscount(input);
  await assertCodeFree(db, values.code);
  const [row] = await db.insert(discountCodes).values(values).returning().catch(codeConflict);
  await announceStorefrontChange(db, "catalog");
  return row;
}

const DISCOUNT_NOT_FOUND = "Không tìm thấy mã giảm giá";

/**
 * Updates a code from the dialog's values, which carry the version the dialog was opened with: a
 * code saved (or switched on/off) since is refused (conflict, nothing written). Its use count is
 * never changed here. A limit below the uses so far is refused.
 */
export async function updateDiscountCode(db: Db, id: number, input: unknown): Promise<DiscountCode> {
  const values = parseDiscount(input);
  const version = readRowVersion(input);
  const row = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).limit(1);
    if (!existing) throw new AppError("not_found", DISCOUNT_NOT_FOUND);
    if (existing.version !== version) throw staleRowError("Mã giảm giá");
    if (values.usageLimit !== null && values.usageLimit < existing.usedCount) {
      const message = `Mã đã được dùng ${existing.usedCount} lần: giới hạn không thể nhỏ hơn`;
      throw new AppError("invalid", message, { usageLimit: message });
    }
    await assertCodeFree(tx, values.code, id);
    const rows = await tx
      .update(discountCodes)
      .set({ ...values, version: nextRowVersion(discountCodes.version) })
      .where(and(eq(discountCodes.id, id), eq(discountCodes.version, version)))
      .returning()
      .catch(codeConflict);
    return expectUpdatedRow(rows, () => discountCodeExists(tx, id), {
      what: "Mã giảm giá",
      notFound: DISCOUNT_NOT_FOUND,
    });
  });
  await announceStorefrontChange(db, "catalog");
  return row;
}

async function discountCodeExists(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.id, id)).limit(1);
  return row !== undefined;
}

/**
 * Turns a code off (or on again); orders that used it keep it. One click sets the state staff see
 * and chose, so it names no version; it raises the version, so an edit dialog opened before
 * cannot silently switch the code back.
 */
export async function setDiscountCodeActive(db: Db, id: number, isActive: boolean): Promise<DiscountCode> {
  const [row] = await db
    .update(discountCodes)
    .set({ isActive, version: nextRowVersion(discountCodes.version) })
    .where(eq(discountCodes.id, id))
    .returning();
  if (!row) throw new AppError("not_found", DISCOUNT_NOT_FOUND);
  await announceStorefrontChange(db, "catalog");
  return row;
}

/** The codes a new shop starts with; a code that exists already (unique on upper(code), any conflict) is skipped. */
export async function insertStartingDiscountCodes(tx: Tx, codes: NewDiscountCode[]): Promise<void> {
  await tx.insert(discountCodes).values(codes).onConflictDoNothing();
}
