import { Truck } from "~/components/ui/icons";
import { useI18n } from "~/lib/i18n/i18n-context";
import { formatVnd } from "~/lib/money";

/** SPEC §2: progress bar with the percent, and how much more is needed while something remains. */
export function FreeDeliveryProgressBar({ percent, remaining }: { percent: number; remaining: number }) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-2" data-testid="free-delivery">
      <p className="flex items-center gap-2 text-sm text-brand-charcoal">
        <Truck className="size-4 shrink-0 text-brand-teal-strong" aria-hidden="true" />
        {remaining > 0 ? (
          <span>
            {t("cart.freeDelivery.remainingBefore")} <strong className="font-semibold">{formatVnd(remaining)}</strong>{" "}
            {t("cart.freeDelivery.remainingAfter")}
          </span>
        ) : (
          <span className="font-medium">{t("cart.freeDelivery.unlocked")}</span>
        )}
      </p>
      <div className="flex items-center gap-3">
        <div
          role="progressbar"
          aria-label={t("cart.freeDelivery.progress")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 flex-1 overflow-hidden rounded-full bg-brand-charcoal/10"
        >
          <div className="h-full rounded-full bg-brand-teal-strong transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <span className="w-10 text-right text-xs font-semibold tabular-nums text-brand-cool-gray">{percent}%</span>
      </div>
    </div>
  );
}
