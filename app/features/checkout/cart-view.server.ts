import type { StoredCartLine } from "~/features/cart/cart.server";
import type { Locale } from "~/lib/i18n/locale";
import type { Db } from "~/server/db.server";
import type { CartView, CartViewLine } from "./cart-quote.schema";
import { quoteCart } from "./cart-quote.server";

export const EMPTY_CART_VIEW: CartView = { count: 0, lines: [], quote: null };

/** A server cart's lines (findCartWithLines; none: no cart yet) priced in a language. */
export async function loadCartView(db: Db, stored: StoredCartLine[], locale: Locale): Promise<CartView> {
  if (stored.length === 0) return EMPTY_CART_VIEW;
  const quote = await quoteCart(db, stored, locale);
  const byId = new Map(quote.lines.map((line) => [line.productId, line]));
  const lines = stored.flatMap((entry): CartViewLine[] => {
    const line = byId.get(entry.productId);
    if (!line) return [];
    const changed = entry.seenPrice !== null && entry.seenPrice !== line.unitPrice && line.problem !== "unavailable";
    return [{ line, quantity: entry.quantity, ...(changed ? { previousPrice: entry.seenPrice! } : {}) }];
  });
  return { count: stored.reduce((sum, line) => sum + line.quantity, 0), lines, quote };
}
