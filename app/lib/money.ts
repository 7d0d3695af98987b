/**
 * Money is a whole number of đồng everywhere. One formatter for every screen and e-mail.
 *
 * Intl's vi-VN currency style gives "690.000 ₫": dot thousands separators, no decimals, and a
 * NO-BREAK SPACE (U+00A0) before the ₫ sign, so the amount never wraps away from its sign.
 * Tests must expect that exact character.
 */
import { INTL_LOCALE, type Locale } from "./i18n/locale";

const vnd = new Intl.NumberFormat("vi-VN", { style: "currency", currency: "VND" });

/** formatVnd(690000) → "690.000\u00a0₫". Fractions are rounded to whole đồng. */
export function formatVnd(amount: number): string {
  return vnd.format(Math.round(amount));
}

/**
 * A rate in basis points as the percent number a shopper reads, without trailing zeros and with
 * the language's decimal mark: 800 → "8", 740 → "7,4" (vi) / "7.4" (en), 825 → "8,25".
 */
export function formatRatePercent(basisPoints: number, locale: Locale): string {
  return (basisPoints / 100).toLocaleString(INTL_LOCALE[locale], { maximumFractionDigits: 2 });
}
