import type { StoreMessageKey } from "~/lib/i18n/i18n-context";
import type { Locale } from "~/lib/i18n/locale";
import type { MessageParams } from "~/lib/i18n/messages";
import { formatRatePercent, formatVnd } from "~/lib/money";

type Translate = (key: StoreMessageKey, params?: MessageParams) => string;

/**
 * The line under a total: "Đã bao gồm VAT 8%: 47.407 ₫" / "Includes 8% VAT: 47,407 ₫"-style
 * (the amount is includedVat, see pricing.ts). Without a known rate (an order placed at another
 * rate): "Đã bao gồm VAT: 47.407 ₫".
 */
export function vatIncludedText(t: Translate, locale: Locale, vatRateBasisPoints: number | null, amount: number): string {
  return vatRateBasisPoints === null
    ? t("checkout.vat.included", { amount: formatVnd(amount) })
    : t("checkout.vat.includedAtRate", { percent: formatRatePercent(vatRateBasisPoints, locale), amount: formatVnd(amount) });
}
