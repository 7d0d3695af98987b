/** The prefix of every human-readable order number ("đơn hàng"). */
export const ORDER_NUMBER_PREFIX = "DH";

/** formatOrderNumber(123) → "DH000123"; numbers beyond six digits keep all their digits. */
export function formatOrderNumber(n: number): string {
  return `${ORDER_NUMBER_PREFIX}${String(Math.trunc(n)).padStart(6, "0")}`;
}
