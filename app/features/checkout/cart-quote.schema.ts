import { z } from "zod";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/features/cart/cart-store";
import { LOCALES } from "~/lib/i18n/locale";
import type { OrderLimitProblem } from "./order-limits";

/** What the browser sends to be priced: product ids and quantities only, never a price. */
export const cartLineSchema = z.object({
  productId: z.number().int().positive(),
  quantity: z.number().int().positive().max(MAX_LINE_QUANTITY),
});

export const cartLinesSchema = z.array(cartLineSchema).max(MAX_CART_LINES);

/** The lines, and the storefront language the names and links are wanted in (Vietnamese when absent). */
export const cartQuoteRequestSchema = z.object({ lines: cartLinesSchema, locale: z.enum(LOCALES).optional() });

export type CartLineInput = z.infer<typeof cartLineSchema>;

/** Why a line cannot be bought as it is. */
export type CartLineProblem = "unavailable" | "insufficient_stock" | null;

export interface QuotedLine {
  productId: number;
  quantity: number;
  name: string;
  sku: string;
  /** /collections/{category}/{product} */
  href: string;
  image: string | null;
  imageAlt: string;
  /** Current price from the database, whole đồng. */
  unitPrice: number;
  lineTotal: number;
  problem: CartLineProblem;
  /** Units that can be bought (tracked stock), null when stock is not tracked. */
  stockAvailable: number | null;
}

export interface QuotedSuggestion {
  productId: number;
  name: string;
  href: string;
  image: string | null;
  imageAlt: string;
  unitPrice: number;
}

export interface CartQuote {
  lines: QuotedLine[];
  /** Sum of quantities of the lines that can be bought. */
  count: number;
  /** Sum of the lines that can be bought. */
  subtotal: number;
  freeShippingThreshold: number;
  freeDeliveryPercent: number;
  remainingForFreeDelivery: number;
  /** The cart page's VAT line: the VAT included in the subtotal (includedVat), rounded. */
  taxEstimate: number;
  vatRateBasisPoints: number;
  /** True when some line cannot be ordered as it is. */
  hasProblems: boolean;
  /** Why the cart as a whole cannot be ordered cash on delivery (too many units, too much value), or null. */
  orderLimit: OrderLimitProblem | null;
  suggestions: QuotedSuggestion[];
}

export interface CartViewLine {
  line: QuotedLine;
  quantity: number;
  /** The price the shopper saw when adding, when it differs from today's. */
  previousPrice?: number;
}

/** A cart as the cart page, the drawer and checkout show it: priced now, from the database. */
export interface CartView {
  /** Units in the cart (all lines, as the header's badge counts them). */
  count: number;
  lines: CartViewLine[];
  /** Null for an empty cart. */
  quote: CartQuote | null;
}
