import { count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { blockedPhones, orders } from "~/db/schema";
import { ADMIN_PAGE_SIZE, type Page } from "~/lib/pagination";
import { normalizeVietnamesePhone } from "~/lib/phone";
import { containsPattern, phoneDigits } from "~/lib/search-pattern";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { PHONE_INVALID, type BlockPhoneInput } from "./confirmation.schema";
import type { Actor } from "./orders.server";

/*
 * The shop's blocked phones (issue 16). A blocked phone may still order (checkout is unchanged),
 * but lockOrderForShipment holds its orders until staff confirm them, and the buyer-risk panel
 * flags them.
 */

export const NOT_BLOCKED = "Số điện thoại này không nằm trong danh sách chặn";

function normalizedOrRefused(phone: string): string {
  const normalized = normalizeVietnamesePhone(phone);
  if (!normalized) throw new AppError("invalid", PHONE_INVALID, { phone: PHONE_INVALID });
  return normalized;
}

/** Blocks the phone (as orders hold it, "+84…"); blocking it again replaces the note. */
export async function blockPhone(
  db: Db | Tx,
  input: BlockPhoneInput,
  actor: Actor,
): Promise<{ phone: string; created: boolean }> {
  const phone = normalizedOrRefused(input.phone);
  const note = input.note.trim();
  const [row] = await db
    .insert(blockedPhones)
    .values({ phone, note, blockedByUserId: actor.userId, blockedByName: actor.name })
    .onConflictDoUpdate({ target: blockedPhones.phone, set: { note } })
    // xmax = 0 only on a row this statement inserted (PostgreSQL's way to tell insert from update).
    .returning({ phone: blockedPhones.phone, created: sql<boolean>`(xmax = 0)` });
  return { phone: row.phone, created: Boolean(row.created) };
}

export async function unblockPhone(db: Db | Tx, rawPhone: string): Promise<{ phone: string }> {
  const phone = normalizedOrRefused(rawPhone);
  const removed = await db
    .delete(blockedPhones)
    .where(eq(blockedPhones.phone, phone))
    .returning({ phone: blockedPhones.phone });
  if (removed.length === 0) throw new AppError("not_found", NOT_BLOCKED);
  return { phone };
}

export interface BlockedPhoneRow {
  phone: string;
  note: string;
  blockedByName: string | null;
  createdAt: Date;
  /** Orders of the phone in this shop. */
  orderCount: number;
}

/** The block list, newest first; `q` finds a number (any part of its digits, 0… or 84…) or a word of the note. */
export async function listBlockedPhones(
  db: Db | Tx,
  query: { q?: string; page?: number } = {},
): Promise<Page<BlockedPhoneRow>> {
  const q = query.q?.trim();
  let where;
  if (q) {
    // "0912…" is stored "+84912…": phoneDigits drops the national 0 (or +84) for the search.
    const digits = phoneDigits(q);
    where = or(
      ilike(blockedPhones.note, containsPattern(q)),
      digits ? sql`${blockedPhones.phone} like ${containsPattern(digits)}` : undefined,
    );
  }
  const [{ n: total }] = await db.select({ n: count() }).from(blockedPhones).where(where);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page ?? 1), pageCount);
  const rows = await db
    .select({
      phone: blockedPhones.phone,
      note: blockedPhones.note,
      blockedByName: blockedPhones.blockedByName,
      createdAt: blockedPhones.createdAt,
      // Qualified by hand: in a one-table select Drizzle writes a column unqualified, and inside the
      // subquery "phone" would name o.phone (every order counted).
      orderCount: sql<number>`(select count(*) from ${orders} o where o.phone = ${blockedPhones}.phone)`.mapWith(
        Number,
      ),
    })
    .from(blockedPhones)
    .where(where)
    .orderBy(desc(blockedPhones.createdAt), desc(blockedPhones.phone))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return { rows, page, pageSize: ADMIN_PAGE_SIZE, total, pageCount };
}
