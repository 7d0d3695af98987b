import { and, eq, ne, or, sql } from "drizzle-orm";
import { discountCodes, discountCodeUsages, orders, type DiscountCode, type DiscountType } from "~/db/schema";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { translatorFor } from "~/server/i18n.server";
import type { Locale } from "~/lib/i18n/locale";
import { formatVnd } from "~/lib/money";
import { INVALID_CODE_MESSAGE } from "./discounts.schema";

/*
 * A code at checkout: looked up and evaluated for the order (the shipping step's check and
 * placement), then redeemed in the order's transaction. With discounts.server.ts (the console's
 * codes) this feature is the one writer of discount_codes and discount_code_usages.
 */

/** A code that applies to the order, as pricing and redemption need it. */
export interface AppliedDiscount {
  id: number;
  /** Upper-case, as the order records it. */
  code: string;
  type: DiscountType;
  value: number;
  usageLimit: number | null;
  firstOrderOnly: boolean;
  oncePerCustomer: boolean;
}

export type DiscountCheck = { ok: true; discount: AppliedDiscount } | { ok: false; reason: string | null };

/** The code's row, matched case-insensitively on the trimmed text. */
async function findDiscountCode(db: Db | Tx, code: string): Promise<DiscountCode | null> {
  const trimmed = code.trim();
  if (!trimmed) return null;
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(sql`upper(${discountCodes.code}) = upper(${trimmed})`)
    .limit(1)
    // Read by every order with a code: prepared once per connection (see executePrepared).
    .prepare("discount_code_by_code")
    .execute();
  return row ?? null;
}

/**
 * Whether a code applies to an order of this subtotal now. Unknown, disabled, not yet active,
 * expired and used-up codes get one answer (reason null): telling them apart would let anyone
 * probe which codes exist (issue 13 item 8). Only a code that exists and is usable now explains
 * why it does not apply (the order's minimum), shown after SPEC's message.
 */
function evaluateDiscount(row: DiscountCode | null, subtotal: number, now: Date = new Date()): DiscountCheck {
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

/**
 * The code's discount for an order of this subtotal, or AppError "invalid" on the discountCode
 * field with SPEC's message (and the reason, when the code may tell it).
 */
export async function applicableDiscount(db: Db | Tx, code: string, subtotal: number, now: Date): Promise<AppliedDiscount> {
  const check = await checkDiscountCode(db, code, subtotal, now);
  if (check.ok) return check.discount;
  const message = check.reason ? `${INVALID_CODE_MESSAGE} ${check.reason}` : INVALID_CODE_MESSAGE;
  throw new AppError("invalid", message, { discountCode: message });
}

/** A customer is anyone ordering with the same e-mail or the same phone (both stored normalised). */
export interface DiscountCustomer {
  /** Lower-case, as the checkout schema stores it; "" when the shopper gave none. */
  email: string;
  /** E.164 (+84…), as the checkout schema stores it. */
  phone: string;
}

/**
 * The one refusal of the customer rules (first order only, once per customer), in the language
 * the order is placed in. It never says which rule refused nor that this e-mail or phone has
 * ordered before: the checkout would otherwise tell anyone whether a person is a customer
 * (issue 30 item 4, decision 0045).
 */
export const customerRuleMessage = (locale: Locale = "vi") => translatorFor(locale)("checkout.errors.codeNotApplicable");

/**
 * The code's use counted with a conditional update (not run): it counts only while the code is
 * under its limit, re-checked on the row's latest version, so a limit holds under concurrency;
 * it returns the code's id when it counted. Its row lock lasts until commit.
 */
export function countDiscountUse(tx: Tx, discount: Pick<AppliedDiscount, "id">) {
  return tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(
      and(
        eq(discountCodes.id, discount.id),
        sql`(${discountCodes.usageLimit} is null or ${discountCodes.usedCount} < ${discountCodes.usageLimit})`,
      ),
    )
    .returning({ id: discountCodes.id });
}

/** The refusal of a code used up between the shipping step's check and placement. */
export function usedUpCodeError(): AppError {
  return new AppError("conflict", INVALID_CODE_MESSAGE, { discountCode: INVALID_CODE_MESSAGE });
}

/**
 * Whether the code limits who may use it (first order only, once per customer): those rules read
 * the customer's earlier orders after the code's row is locked, so redeemDiscount runs before the
 * order. A code without them is counted by countDiscountUse in the order's last statement.
 */
export function hasCustomerRules(discount: AppliedDiscount): boolean {
  return discount.firstOrderOnly || discount.oncePerCustomer;
}

/**
 * Redeems the code for an order being placed, in its transaction, before the order row: counts
 * the use (countDiscountUse), then checks the customer rules. Refused (AppError "conflict" on the
 * discountCode field) when the code was used up meanwhile or the customer may not use it. The
 * order's usage row follows (discountUsageInsert) once the order exists.
 */
export async function redeemDiscount(
  tx: Tx,
  discount: AppliedDiscount,
  customer: DiscountCustomer,
  locale: Locale = "vi",
): Promise<void> {
  const counted = await countDiscountUse(tx, discount);
  if (counted.length === 0) throw usedUpCodeError();
  // After the count: its row lock makes a concurrent order with this code wait for this one.
  const refused = await customerRuleProblem(tx, discount, customer, locale);
  if (refused) throw new AppError("conflict", refused, { discountCode: refused });
}

/** The insert of the order's use of its code (not run): what it granted, in whole đồng (for free shipping, the waived fee). */
export function discountUsageInsert(
  tx: Tx,
  usage: { discountId: number; orderId: string; customerId: string; amount: number },
) {
  return tx.insert(discountCodeUsages).values({
    discountCodeId: usage.discountId,
    orderId: usage.orderId,
    customerId: usage.customerId,
    amount: usage.amount,
  });
}

/**
 * Why this customer may not use the code, or null. Earlier orders count unless cancelled (a
 * cancelled order bought nothing). Runs in the order's transaction AFTER the code's use was
 * counted: that conditional update locks the code's row until commit, so a second order with the
 * same code waits, then sees the first one (no two "first" orders with one code).
 */
async function customerRuleProblem(
  tx: Tx,
  discount: AppliedDiscount,
  customer: DiscountCustomer,
  locale: Locale,
): Promise<string | null> {
  const sameCustomer = customer.email
    ? or(eq(orders.email, customer.email.toLowerCase()), eq(orders.phone, customer.phone))
    : eq(orders.phone, customer.phone);
  if (discount.firstOrderOnly) {
    const [earlier] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(sameCustomer, ne(orders.status, "cancelled")))
      .limit(1);
    if (earlier) return customerRuleMessage(locale);
  }
  if (discount.oncePerCustomer) {
    const [used] = await tx
      .select({ id: orders.id })
      .from(discountCodeUsages)
      .innerJoin(orders, eq(orders.id, discountCodeUsages.orderId))
      .where(and(eq(discountCodeUsages.discountCodeId, discount.id), sameCustomer, ne(orders.status, "cancelled")))
      .limit(1);
    if (used) return customerRuleMessage(locale);
  }
  return null;
}
