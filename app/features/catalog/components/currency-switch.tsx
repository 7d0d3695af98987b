import { cn } from "~/components/ui/cn";
import { useI18n } from "~/lib/i18n/i18n-context";
import { setDisplayCurrency, useDisplayCurrency, useUsdRate, type DisplayCurrency } from "../currency";

/** VND / USD toggle in the header: shows catalogue prices as a USD reference (cart and checkout stay in đ). */
export function CurrencySwitch({ className }: { className?: string }) {
  const currency = useDisplayCurrency();
  const rate = useUsdRate();
  const { t } = useI18n();
  if (!rate) return null;
  const options: DisplayCurrency[] = ["VND", "USD"];
  return (
    <div role="group" aria-label={t("catalog.price.currency")} className={cn("flex rounded-full border border-brand-charcoal/15 p-0.5 text-xs font-bold", className)}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={currency === option}
          onClick={() => setDisplayCurrency(option)}
          className={cn(
            "min-h-8 min-w-11 rounded-full px-2 tracking-wide transition-colors",
            currency === option ? "bg-brand-charcoal text-white" : "text-brand-charcoal hover:bg-brand-charcoal/5",
          )}
        >
          {option === "VND" ? "VND" : "USD"}
        </button>
      ))}
    </div>
  );
}
