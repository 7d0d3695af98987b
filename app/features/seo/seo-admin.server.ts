import { and, asc, eq } from "drizzle-orm";
import { pageSeo, type PageSeo } from "~/db/schema";
import { announceStorefrontChange } from "~/server/storefront-events.server";
import type { Db, Tx } from "~/server/db.server";
import { uniqueViolation } from "~/server/db-errors.server";
import { AppError } from "~/server/errors.server";
import { expectUpdatedRow, nextRowVersion, readRowVersion } from "~/server/row-version.server";
import { pageSeoFormSchema, type PageSeoInput, type PageSeoValues } from "./seo.schema";

export type { PageSeo } from "~/db/schema";

/** Every page_seo row, ordered by page path (SPEC §7). */
export async function listPageSeo(db: Db | Tx): Promise<PageSeo[]> {
  return db.select().from(pageSeo).orderBy(asc(pageSeo.pagePath));
}

/** Validates the editor's input; throws AppError("invalid") with per-field messages. */
export function parsePageSeoInput(input: unknown): PageSeoValues {
  const parsed = pageSeoFormSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "_")] ??= issue.message;
    const first = Object.values(fieldErrors)[0] ?? "Dữ liệu không hợp lệ";
    throw new AppError("invalid", first, fieldErrors);
  }
  return parsed.data;
}

function duplicatePath(path: string): AppError {
  return new AppError("conflict", `Đường dẫn ${path} đã có cấu hình SEO. Hãy chọn trang đó trong danh sách để sửa.`, {
    pagePath: `Đường dẫn ${path} đã tồn tại`,
  });
}

async function pathTaken(db: Db | Tx, path: string, exceptId?: number): Promise<boolean> {
  const [row] = await db.select({ id: pageSeo.id }).from(pageSeo).where(eq(pageSeo.pagePath, path)).limit(1);
  return row !== undefined && row.id !== exceptId;
}

/** Adds the SEO entry of a page. The path is normalised and must not have an entry yet. */
export async function createPageSeo(db: Db | Tx, input: PageSeoInput | unknown): Promise<PageSeo> {
  const values = parsePageSeoInput(input);
  if (await pathTaken(db, values.pagePath)) throw duplicatePath(values.pagePath);
  try {
    const [row] = await db.insert(pageSeo).values(values).returning();
    await announceStorefrontChange(db, "seo");
    return row;
  } catch (error) {
    if (uniqueViolation(error) !== null) throw duplicatePath(values.pagePath);
    throw error;
  }
}

const PAGE_SEO_NOT_FOUND = "Không tìm thấy trang SEO này";

/**
 * Replaces the SEO entry with this id, if it is still at the version the editor was opened with
 * (`version` in the input). Throws not_found, invalid, or conflict (a newer entry, or the path
 * of another entry); a refused save writes nothing.
 */
export async function updatePageSeo(db: Db | Tx, id: number, input: PageSeoInput | unknown): Promise<PageSeo> {
  const values = parsePageSeoInput(input);
  const version = readRowVersion(input);
  try {
    const row = await db.transaction(async (tx) => {
      const rows = await tx
        .update(pageSeo)
        .set({ ...values, version: nextRowVersion(pageSeo.version) })
        .where(and(eq(pageSeo.id, id), eq(pageSeo.version, version)))
        .returning();
      // A path another entry has fails the update itself (unique, caught below), after the version.
      return expectUpdatedRow(rows, () => pageSeoExists(tx, id), { what: "SEO trang", notFound: PAGE_SEO_NOT_FOUND });
    });
    await announceStorefrontChange(db, "seo");
    return row;
  } catch (error) {
    if (uniqueViolation(error) !== null) throw duplicatePath(values.pagePath);
    throw error;
  }
}

async function pageSeoExists(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: pageSeo.id }).from(pageSeo).where(eq(pageSeo.id, id)).limit(1);
  return row !== undefined;
}

/** Deletes the SEO entry with this id (the page falls back to its built-in head). */
export async function deletePageSeo(db: Db | Tx, id: number): Promise<void> {
  const deleted = await db.delete(pageSeo).where(eq(pageSeo.id, id)).returning({ id: pageSeo.id });
  if (deleted.length === 0) throw new AppError("not_found", PAGE_SEO_NOT_FOUND);
  await announceStorefrontChange(db, "seo");
}
