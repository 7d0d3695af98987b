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
  return ratePercentFormats[locale].format(basisPoints / 100);
}

const ratePercentFormats: Record<Locale, Intl.NumberFormat> = {
  vi: new Intl.NumberFormat(INTL_LOCALE.vi, { maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat(INTL_LOCALE.en, { maximumFractionDigits: 2 }),
};

const shortNumber = new Intl.NumberFormat("vi-VN", { maximumFractionDigits: 1 });

/**
 * An amount in the units a Vietnamese reader says (chart axes): 1200000 → "1,2 tr",
 * 500000 → "500 nghìn", 2500000000 → "2,5 tỷ"; below a thousand the number itself.
 */
export function formatVndShort(amount: number): string {
  if (amount >= 1e9) return `${shortNumber.format(amount / 1e9)} tỷ`;
  if (amount >= 1e6) return `${shortNumber.format(amount / 1e6)} tr`;
  if (amount >= 1e3) return `${shortNumber.format(amount / 1e3)} nghìn`;
  return shortNumber.format(amount);
}

/**
 * The top of a chart axis: the smallest round amount at or above `max` whose half is round too
 * (1, 2, 4, 5 or 10 × a power of ten), so both ticks read as whole units.
 */
export function roundAxisTop(max: number): number {
  if (max <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 4, 5, 10].find((m) => m * power >= max) ?? 10;
  return step * power;
}
