/**
 * Money is a whole number of đồng everywhere. One formatter for every screen and e-mail.
 *
 * Intl's vi-VN currency style gives "690.000 ₫": dot thousands separators, no decimals, and a
 * NO-BREAK SPACE (U+00A0) before the ₫ sign, so the amount never wraps away from its sign.
 * Tests must expect that exact character.
 */
const vnd = new Intl.NumberFormat("vi-VN", { style: "currency", currency: "VND" });

/** formatVnd(690000) → "690.000\u00a0₫". Fractions are rounded to whole đồng. */
export function formatVnd(amount: number): string {
  return vnd.format(Math.round(amount));
}
