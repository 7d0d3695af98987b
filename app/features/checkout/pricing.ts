import type { ShippingSettings } from "~/features/settings/settings.schema";

/**
 * The shop's arithmetic, shared by the cart, the checkout summary and the order placement. Pure:
 * every input (unit prices, settings, the discount code) is read from the database by the
 * caller. Money is a whole number of đồng.
 */

export type PricingShippingMethod = "local-delivery" | "store-pickup" | "express";

export interface PricingLine {
  unitPrice: number;
  quantity: number;
}

/** The part of a discount_codes row the arithmetic needs. */
export interface PricingDiscount {
  code: string;
  type: "percent" | "fixed" | "free_shipping";
  value: number;
}

export interface PricingInput {
  lines: PricingLine[];
  shipping: Pick<ShippingSettings, "freeShippingThreshold" | "standardFee" | "expressFee" | "expressEnabled" | "storePickupFee">;
  vatRateBasisPoints: number;
  shippingMethod: PricingShippingMethod;
  discount?: PricingDiscount | null;
}

export interface PricingResult {
  subtotal: number;
  discount: number;
  /** The fee before a free-shipping code (what the code waived, for the usage row). */
  shippingFeeBeforeDiscount: number;
  shippingFee: number;
  /** VAT included in the total (informational): includedVat of the subtotal after discount. */
  tax: number;
  total: number;
  discountCode: string | null;
}

/**
 * The VAT already inside a price that includes it, rounded half up to whole đồng: the price is
 * net × (1 + rate), so the VAT is price × rate / (1 + rate). includedVat(640_000, 800) → 47_407
 * ("Đã bao gồm VAT 8%: 47.407 ₫"); 8 % of the price (51_200) would be VAT on top, not included.
 */
export function includedVat(priceWithVat: number, vatRateBasisPoints: number): number {
  return Math.round((priceWithVat * vatRateBasisPoints) / (10_000 + vatRateBasisPoints));
}

export function lineTotal(line: PricingLine): number {
  return line.unitPrice * line.quantity;
}

export function subtotalOf(lines: PricingLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotal(line), 0);
}

/** The amount a code takes off the subtotal (free_shipping takes nothing off the goods). */
export function discountAmount(subtotal: number, discount: PricingDiscount | null | undefined): number {
  if (!discount) return 0;
  if (discount.type === "percent") return Math.min(subtotal, Math.round((subtotal * discount.value) / 100));
  if (discount.type === "fixed") return Math.min(subtotal, Math.max(0, discount.value));
  return 0;
}

/** Whether a method may be chosen with these settings (express only when enabled). */
export function isShippingMethodOffered(method: PricingShippingMethod, shipping: PricingInput["shipping"]): boolean {
  return method !== "express" || shipping.expressEnabled;
}

/**
 * The delivery fee: local delivery costs the standard fee unless the subtotal after discount
 * reaches the free-shipping threshold; store pickup costs the pickup fee; express its fee.
 */
export function shippingFeeFor(
  method: PricingShippingMethod,
  subtotalAfterDiscount: number,
  shipping: PricingInput["shipping"],
): number {
  if (method === "store-pickup") return shipping.storePickupFee;
  if (method === "express") return shipping.expressFee;
  return subtotalAfterDiscount >= shipping.freeShippingThreshold ? 0 : shipping.standardFee;
}

export function priceOrder(input: PricingInput): PricingResult {
  const subtotal = subtotalOf(input.lines);
  const discount = discountAmount(subtotal, input.discount);
  const afterDiscount = subtotal - discount;
  const shippingFeeBeforeDiscount = shippingFeeFor(input.shippingMethod, afterDiscount, input.shipping);
  const shippingFee = input.discount?.type === "free_shipping" ? 0 : shippingFeeBeforeDiscount;
  return {
    subtotal,
    discount,
    shippingFeeBeforeDiscount,
    shippingFee,
    tax: includedVat(afterDiscount, input.vatRateBasisPoints),
    total: afterDiscount + shippingFee,
    discountCode: input.discount ? input.discount.code : null,
  };
}

export interface FreeDeliveryProgress {
  /** Subtotal as a percentage of the threshold, 0..100 (whole number). */
  percent: number;
  /** What is still missing, 0 when reached. */
  remaining: number;
}

/** SPEC §4: progress capped at 100 %, remaining floored at 0. A threshold of 0: always reached. */
export function freeDeliveryProgress(subtotal: number, threshold: number): FreeDeliveryProgress {
  if (threshold <= 0) return { percent: 100, remaining: 0 };
  const percent = Math.min(100, Math.max(0, Math.floor((subtotal * 100) / threshold)));
  return { percent, remaining: Math.max(0, threshold - subtotal) };
}
