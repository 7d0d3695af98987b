import { cn } from "~/components/ui/cn";
import { useI18n } from "~/lib/i18n/i18n-context";
import { formatVnd } from "~/lib/money";
import { formatUsd, useDisplayCurrency, useUsdRate, vndToUsd } from "../currency";

/** A price in the shopper's display currency (đ by default, USD reference when chosen). */
export function usePriceFormatter(): (amountVnd: number) => string {
  const currency = useDisplayCurrency();
  const rate = useUsdRate();
  return (amount) => (currency === "USD" && rate ? formatUsd(vndToUsd(amount, rate)) : formatVnd(amount));
}

/** The one price display of the catalogue: current price, and the struck-through "was" price when set. */
export function Price({
  amount,
  compareAt,
  className,
  size = "md",
}: {
  amount: number;
  compareAt?: number | null;
  className?: string;
  size?: "sm" | "md" | "lg";
}) {
  const format = usePriceFormatter();
  const { t } = useI18n();
  const onSale = compareAt != null && compareAt > amount;
  return (
    <p className={cn("flex flex-wrap items-baseline gap-x-2", className)}>
      {onSale && <span className="sr-only">{t("catalog.price.sale")}</span>}
      <span
        className={cn(
          "font-bold tabular-nums",
          size === "sm" && "text-base",
          size === "md" && "text-lg",
          size === "lg" && "text-2xl md:text-3xl",
          onSale && "text-[#b3261e]",
        )}
      >
        {format(amount)}
      </span>
      {onSale && (
        <>
          <span className="sr-only">{t("catalog.price.regular")}</span>
          <s className={cn("text-brand-cool-gray tabular-nums", size === "lg" ? "text-lg" : "text-sm")}>{format(compareAt)}</s>
        </>
      )}
    </p>
  );
}
