import { cn } from "~/components/ui/cn";
import { useI18n } from "~/lib/i18n/i18n-context";
import { vatIncludedText } from "../vat-line";

interface VatIncludedLineProps {
  /** Null when the rate the amount was computed at is not known. */
  vatRateBasisPoints: number | null;
  /** The VAT already inside the total (includedVat, computed on the server). */
  amount: number;
  className?: string;
  "data-testid"?: string;
}

/** "Đã bao gồm VAT 8%: 47.407 ₫", small, under a total (cart, checkout summary, order pages). */
export function VatIncludedLine({ vatRateBasisPoints, amount, className, "data-testid": testId }: VatIncludedLineProps) {
  const { t, locale } = useI18n();
  return (
    <p className={cn("text-right text-xs text-brand-cool-gray tabular-nums", className)} data-testid={testId}>
      {vatIncludedText(t, locale, vatRateBasisPoints, amount)}
    </p>
  );
}
