import { useRouteLoaderData } from "react-router";
import { useLocalStorageValue, writeLocalStorage } from "~/lib/use-local-storage-value";

/**
 * The storefront can show prices in đồng (default) or as a US-dollar reference (PRODUCT.md).
 * The choice is remembered in local storage; the rate comes from the server (settings.currency,
 * passed down by the store layout's loader). Cart and checkout always show đồng.
 */
export const CURRENCY_STORAGE_KEY = "uvc-shop-currency";
export type DisplayCurrency = "VND" | "USD";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** formatUsd(28.99) → "$28.99". */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/** A price in đồng converted at `rate` đồng per dollar, rounded to the cent. */
export function vndToUsd(amountVnd: number, rate: number): number {
  if (!Number.isFinite(rate) || rate <= 0) return 0;
  return Math.round((amountVnd / rate) * 100) / 100;
}

export function parseCurrency(raw: string | null): DisplayCurrency {
  return raw === "USD" ? "USD" : "VND";
}

export function setDisplayCurrency(currency: DisplayCurrency): void {
  writeLocalStorage(CURRENCY_STORAGE_KEY, currency);
}

/** The rate from the store layout's loader data; null outside the storefront. */
export function useUsdRate(): number | null {
  const layout = useRouteLoaderData("routes/store/layout") as { currency?: { usdExchangeRate: number } } | undefined;
  return layout?.currency?.usdExchangeRate ?? null;
}

/** The chosen display currency; VND on the server render and when no rate is known. */
export function useDisplayCurrency(): DisplayCurrency {
  const stored = useLocalStorageValue(CURRENCY_STORAGE_KEY, parseCurrency, "VND");
  const rate = useUsdRate();
  return rate ? stored : "VND";
}
