import { useLocalStorageValue } from "./use-local-storage-value";

/** Where the cart lives in the browser: an array of { productId, quantity }. */
export const CART_STORAGE_KEY = "uvc-shop-cart-v1";

/** The number of items in a stored cart (sum of quantities); 0 for anything unreadable. */
export function countCartItems(raw: string | null): number {
  if (!raw) return 0;
  try {
    const lines: unknown = JSON.parse(raw);
    if (!Array.isArray(lines)) return 0;
    let count = 0;
    for (const line of lines) {
      const quantity = (line as { quantity?: unknown } | null)?.quantity;
      if (typeof quantity === "number" && Number.isInteger(quantity) && quantity > 0) count += quantity;
    }
    return Math.min(count, 9999);
  } catch {
    return 0;
  }
}

/** The cart's item count, read after hydration (0 on the server), updated when the cart changes. */
export function useCartCount(): number {
  return useLocalStorageValue(CART_STORAGE_KEY, countCartItems, 0);
}
