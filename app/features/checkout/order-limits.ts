import { MAX_LINE_QUANTITY } from "~/features/cart/cart-store";
import type { PaymentSettings } from "~/features/settings/settings.schema";
import { formatVnd } from "~/lib/money";

/**
 * How much one order may hold (issue 13 item 7). Safe in the browser: the cart and checkout
 * show the same message the server refuses the order with.
 */

/** A product's lines are merged before the cap is checked: two lines of 60 are 120 units. */
export const MERGED_QUANTITY_MESSAGE = `Mỗi sản phẩm chỉ được đặt tối đa ${MAX_LINE_QUANTITY} cái trong một đơn hàng.`;

const LARGE_ORDER_HINT = "Vui lòng giảm số lượng, hoặc gọi cho cửa hàng để đặt số lượng lớn.";

/** The quantity of each product, over however many lines name it. */
export function mergeQuantities(lines: ReadonlyArray<{ productId: number; quantity: number }>): Map<number, number> {
  const quantities = new Map<number, number>();
  for (const line of lines) quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  return quantities;
}

/**
 * Why a cash-on-delivery order of this size is refused, or null when it is within the shop's
 * caps: total units and goods value (the subtotal at current prices, before any discount).
 */
export function codLimitProblem(order: { units: number; subtotal: number }, limits: PaymentSettings): string | null {
  if (order.units > limits.codMaxUnits)
    return `Đơn thanh toán khi nhận hàng (COD) chỉ được tối đa ${limits.codMaxUnits} sản phẩm. ${LARGE_ORDER_HINT}`;
  if (order.subtotal > limits.codMaxOrderValue)
    return `Đơn thanh toán khi nhận hàng (COD) chỉ được tối đa ${formatVnd(limits.codMaxOrderValue)}. ${LARGE_ORDER_HINT}`;
  return null;
}
