import { cn } from "~/components/ui/cn";
import { useI18n } from "~/lib/i18n/i18n-context";
import { formatVnd } from "~/lib/money";
import { formatUsd, useDisplayCurrency, useUsdRate, vndToUsd } from "../currency";

/** The US-dollar reference of a đồng amount when the shopper chose USD, or null (đồng only). */
export function useUsdReference(): (amountVnd: number) => string | null {
  const currency = useDisplayCurrency();
  const rate = useUsdRate();
  return (amount) => (currency === "USD" && rate ? formatUsd(vndToUsd(amount, rate)) : null);
}

/**
 * With USD chosen: "≈ $27.60 · Charged in VND" under a đồng amount. Prices are always charged
 * in đồng, so a dollar figure never stands alone. Nothing with đồng chosen.
 */
export function UsdReference({ amount, className }: { amount: number; className?: string }) {
  const usd = useUsdReference()(amount);
  const { t } = useI18n();
  if (usd === null) return null;
  return (
    <span data-testid="usd-reference" className={cn("text-xs font-normal text-brand-cool-gray", className)}>
      <span className="tabular-nums">{t("catalog.price.usdReference", { amount: usd })}</span> ·{" "}
      {t("catalog.price.chargedInVnd")}
    </span>
  );
}

/**
 * The one price display of the catalogue: current price, and the struck-through "was" price when
 * set. `from`: the lowest of several prices (a product whose variants' prices differ): "Từ 690.000 ₫".
 */
export function Price({
  amount,
  compareAt,
  className,
  size = "md",
  from = false,
}: {
  amount: number;
  compareAt?: number | null;
  className?: string;
  size?: "sm" | "md" | "lg";
  from?: boolean;
}) {
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
        {from ? t("catalog.price.from", { amount: formatVnd(amount) }) : formatVnd(amount)}
      </span>
      {onSale && (
        <>
          <span className="sr-only">{t("catalog.price.regular")}</span>
          <s className={cn("text-brand-cool-gray tabular-nums", size === "lg" ? "text-lg" : "text-sm")}>
            {formatVnd(compareAt)}
          </s>
        </>
      )}
      <UsdReference amount={amount} className="basis-full" />
    </p>
  );
}
