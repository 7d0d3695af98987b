import { and, eq, ne, or, sql } from "drizzle-orm";
import { discountCodes, discountCodeUsages, orders, type DiscountCode } from "~/db/schema";
import type { Db, Tx } from "~/server/db.server";
import { formatVnd } from "~/lib/money";
import type { PricingDiscount } from "./pricing";

import { INVALID_CODE_MESSAGE } from "./checkout.schema";

export { INVALID_CODE_MESSAGE };

export type AppliedDiscount = PricingDiscount & {
  id: number;
  usageLimit: number | null;
  firstOrderOnly: boolean;
  oncePerCustomer: boolean;
};

export type DiscountCheck = { ok: true; discount: AppliedDiscount } | { ok: false; reason: string | null };

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
 * Whether a code applies to an order of this subtotal now. Unknown, disabled, not yet active,
 * expired and used-up codes get one answer (reason null): telling them apart would let anyone
 * probe which codes exist (issue 13 item 8). Only a code that exists and is usable now explains
 * why it does not apply (the order's minimum), shown after SPEC's message.
 */
export function evaluateDiscount(row: DiscountCode | null, subtotal: number, now: Date = new Date()): DiscountCheck {
  if (!row || !isUsableNow(row, now)) return { ok: false, reason: null };
  if (subtotal < row.minOrderTotal)
    return { ok: false, reason: `This code needs an order of at least ${formatVnd(row.minOrderTotal)}.` };
  return {
    ok: true,
    discount: {
      id: row.id,
      code: row.code.toUpperCase(),
      type: row.type,
      value: row.value,
      usageLimit: row.usageLimit,
      firstOrderOnly: row.firstOrderOnly,
      oncePerCustomer: row.oncePerCustomer,
    },
  };
}

function isUsableNow(row: DiscountCode, now: Date): boolean {
  if (!row.isActive) return false;
  if (row.startsAt && row.startsAt > now) return false;
  if (row.endsAt && row.endsAt < now) return false;
  return row.usageLimit === null || row.usedCount < row.usageLimit;
}

export async function checkDiscountCode(db: Db | Tx, code: string, subtotal: number, now?: Date): Promise<DiscountCheck> {
  return evaluateDiscount(await findDiscountCode(db, code), subtotal, now);
}

/** A customer is anyone ordering with the same e-mail or the same phone (both stored normalised). */
export interface DiscountCustomer {
  /** Lower-case, as the checkout schema stores it. */
  email: string;
  /** E.164 (+84…), as the checkout schema stores it. */
  phone: string;
}

export const firstOrderOnlyMessage = (code: string) =>
  `Mã ${code} chỉ áp dụng cho đơn hàng đầu tiên. Email hoặc số điện thoại này đã có đơn hàng tại cửa hàng.`;
export const oncePerCustomerMessage = (code: string) =>
  `Mã ${code} chỉ được dùng một lần cho mỗi khách hàng. Email hoặc số điện thoại này đã dùng mã này.`;

/**
 * Why this customer may not use the code, or null. Earlier orders count unless cancelled (a
 * cancelled order bought nothing). Call it in the order's transaction AFTER the code's use was
 * counted: that conditional update locks the code's row until commit, so a second order with the
 * same code waits, then sees the first one (no two "first" orders with one code).
 */
export async function customerRuleProblem(tx: Tx, discount: AppliedDiscount, customer: DiscountCustomer): Promise<string | null> {
  const sameCustomer = or(eq(orders.email, customer.email.toLowerCase()), eq(orders.phone, customer.phone));
  if (discount.firstOrderOnly) {
    const [earlier] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(sameCustomer, ne(orders.status, "cancelled")))
      .limit(1);
    if (earlier) return firstOrderOnlyMessage(discount.code);
  }
  if (discount.oncePerCustomer) {
    const [used] = await tx
      .select({ id: orders.id })
      .from(discountCodeUsages)
      .innerJoin(orders, eq(orders.id, discountCodeUsages.orderId))
      .where(and(eq(discountCodeUsages.discountCodeId, discount.id), sameCustomer, ne(orders.status, "cancelled")))
      .limit(1);
    if (used) return oncePerCustomerMessage(discount.code);
  }
  return null;
}
