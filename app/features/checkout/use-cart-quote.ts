import { useEffect, useState } from "react";
import type { CartLine } from "~/features/cart/cart-store";
import { useI18n } from "~/lib/i18n/i18n-context";
import type { Locale } from "~/lib/i18n/locale";
import type { CartQuote } from "./cart-quote.schema";

export interface CartQuoteState {
  /** The last quote received (kept while a newer one loads). */
  quote: CartQuote | null;
  loading: boolean;
  error: boolean;
  /** True once the stored cart has been read in the browser (false during the server render). */
  ready: boolean;
}

export async function fetchCartQuote(lines: CartLine[], locale: Locale, signal?: AbortSignal): Promise<CartQuote> {
  const response = await fetch("/api/cart/quote", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ lines: lines.map(({ productId, quantity }) => ({ productId, quantity })), locale }),
    signal,
  });
  if (!response.ok) throw new Error(`Quote failed: ${response.status}`);
  return (await response.json()) as CartQuote;
}

/**
 * The cart priced by the server (POST /api/cart/quote), refreshed whenever the stored lines
 * change. Prices always come from here, never from local storage.
 */
export function useCartQuote(lines: CartLine[], enabled = true): CartQuoteState {
  const [result, setResult] = useState<{ quote: CartQuote | null; key: string | null; failedKey: string | null }>({
    quote: null,
    key: null,
    failedKey: null,
  });
  // Names and links come in the page's language: a language switch asks again.
  const { locale } = useI18n();
  const key = JSON.stringify([locale, lines]);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const [language, wanted] = JSON.parse(key) as [Locale, CartLine[]];
      fetchCartQuote(wanted, language, controller.signal).then(
        (quote) => setResult({ quote, key, failedKey: null }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error(error);
          setResult((r) => ({ ...r, failedKey: key }));
        },
      );
    }, 120);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, enabled]);

  return {
    quote: result.quote,
    loading: enabled && result.key !== key && result.failedKey !== key,
    error: result.failedKey === key,
    ready: enabled,
  };
}
