import { useEffect, useMemo } from "react";
import { rememberSeenPrices, useCartLines, useSeenPrices, type CartLine } from "~/features/cart/cart-store";
import type { CartQuote, QuotedLine } from "../cart-quote.schema";
import { useCartQuote } from "../use-cart-quote";
import { useHydrated } from "./use-hydrated";

export interface CartViewLine {
  line: QuotedLine;
  quantity: number;
  previousPrice?: number;
}

export interface CartView {
  hydrated: boolean;
  lines: CartLine[];
  quote: CartQuote | null;
  /** Stored lines with their quoted data (lines not quoted yet are left out until the quote arrives). */
  viewLines: CartViewLine[];
  loading: boolean;
  error: boolean;
  /** Stored lines exist but no quote matches them yet. */
  pending: boolean;
  /** True when the quote is current (matches the stored quantities). */
  upToDate: boolean;
}

/** The stored cart joined with the server's quote and the prices the shopper saw before. */
export function useCartView(enabled = true): CartView {
  const hydrated = useHydrated();
  const lines = useCartLines();
  const seen = useSeenPrices();
  const { quote, loading, error } = useCartQuote(lines, enabled && hydrated);

  const viewLines = useMemo(() => {
    if (!quote) return [];
    const byId = new Map(quote.lines.map((line) => [line.productId, line]));
    return lines.flatMap((stored) => {
      const line = byId.get(stored.productId);
      if (!line) return [];
      const before = seen[stored.productId];
      const previousPrice = before !== undefined && before !== line.unitPrice && line.problem !== "unavailable" ? before : undefined;
      return [{ line, quantity: stored.quantity, previousPrice }];
    });
  }, [quote, lines, seen]);

  // The first price a shopper sees for a line is remembered, to tell them later if it changes.
  useEffect(() => {
    if (!quote) return;
    const unseen: Record<number, number> = {};
    for (const line of quote.lines) {
      if (line.problem !== "unavailable" && seen[line.productId] === undefined) unseen[line.productId] = line.unitPrice;
    }
    if (Object.keys(unseen).length > 0) rememberSeenPrices(unseen);
  }, [quote, seen]);

  const upToDate =
    !!quote &&
    quote.lines.length === lines.length &&
    lines.every((stored, i) => quote.lines[i]?.productId === stored.productId && quote.lines[i]?.quantity === stored.quantity);

  return {
    hydrated,
    lines,
    quote,
    viewLines,
    loading,
    error,
    pending: lines.length > 0 && viewLines.length < lines.length,
    upToDate,
  };
}
