import { MAX_LINE_QUANTITY } from "~/features/cart/cart-store";
import type { PaymentSettings } from "~/features/settings/settings.schema";
import { formatVnd } from "~/lib/money";

/**
 * How much one order may hold (issue 13 item 7). Safe in the browser: the cart and checkout
 * show the same message the server refuses the order with.
 */

/** A product's lines are merged before the cap is checked: two lines of 60 are 120 units. */
export const MERGED_QUANTITY_MESSAGE = `Mỗi sản phẩm chỉ được đặt tối đa ${MAX_LINE_QUANTITY} cái trong một đơn hàng.`;

/** The quantity of each product, over however many lines name it. */
export function mergeQuantities(lines: ReadonlyArray<{ productId: number; quantity: number }>): Map<number, number> {
  const quantities = new Map<number, number>();
  for (const line of lines) quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  return quantities;
}

/** Why an order is too large: a catalogue key and its cap, shown in the page's language (t(message, params)). */
export interface OrderLimitProblem {
  message: "checkout.errors.codMaxUnits" | "checkout.errors.codMaxValue";
  params: { max: string };
}

/**
 * Why a cash-on-delivery order of this size is refused, or null when it is within the shop's
 * caps: total units and goods value (the subtotal at current prices, before any discount).
 */
export function codLimitProblem(order: { units: number; subtotal: number }, limits: PaymentSettings): OrderLimitProblem | null {
  if (order.units > limits.codMaxUnits) return { message: "checkout.errors.codMaxUnits", params: { max: String(limits.codMaxUnits) } };
  if (order.subtotal > limits.codMaxOrderValue)
    return { message: "checkout.errors.codMaxValue", params: { max: formatVnd(limits.codMaxOrderValue) } };
  return null;
}
