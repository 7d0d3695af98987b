import { sql } from "drizzle-orm";
import { discountCodes, type DiscountCode } from "~/db/schema";
import type { Db, Tx } from "~/server/db.server";
import { formatVnd } from "~/lib/money";
import type { PricingDiscount } from "./pricing";

import { INVALID_CODE_MESSAGE } from "./checkout.schema";

export { INVALID_CODE_MESSAGE };

export type DiscountCheck =
  | { ok: true; discount: PricingDiscount & { id: number; usageLimit: number | null } }
  | { ok: false; reason: string | null };

/** The code's row, matched case-insensitively on the trimmed text. */
export async function findDiscountCode(db: Db | Tx, code: string): Promise<DiscountCode | null> {
  const trimmed = code.trim();
  if (!trimmed) return null;
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(sql`upper(${discountCodes.code}) = upper(${trimmed})`)
    .limit(1);
  return row ?? null;
}

/**
 * Whether a code applies to an order of this subtotal now: known, active, within its dates,
 * not used up, and the subtotal reaches its minimum. The reason is shown after SPEC's message.
 */
export function evaluateDiscount(row: DiscountCode | null, subtotal: number, now: Date = new Date()): DiscountCheck {
  if (!row || !row.isActive) return { ok: false, reason: null };
  if (row.startsAt && row.startsAt > now) return { ok: false, reason: "This code is not active yet." };
  if (row.endsAt && row.endsAt < now) return { ok: false, reason: "This code has expired." };
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit)
    return { ok: false, reason: "This code has reached its usage limit." };
  if (subtotal < row.minOrderTotal)
    return { ok: false, reason: `This code needs an order of at least ${formatVnd(row.minOrderTotal)}.` };
  return {
    ok: true,
    discount: { id: row.id, code: row.code.toUpperCase(), type: row.type, value: row.value, usageLimit: row.usageLimit },
  };
}

export async function checkDiscountCode(db: Db | Tx, code: string, subtotal: number, now?: Date): Promise<DiscountCheck> {
  return evaluateDiscount(await findDiscountCode(db, code), subtotal, now);
}
