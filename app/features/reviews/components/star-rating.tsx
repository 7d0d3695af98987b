import { Star } from "~/components/ui/icons";
import { useI18n } from "~/lib/i18n/i18n-context";

/** A rating as five stars (the filled ones rounded to the nearest whole star), read out as "4 trên 5 sao". */
export function StarRating({ rating, label }: { rating: number; label?: string }) {
  const { t } = useI18n();
  const filled = Math.round(rating);
  return (
    <span role="img" aria-label={label ?? t("reviews.product.stars", { rating })} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={n <= filled ? "size-4 fill-amber-500 text-amber-600" : "size-4 text-brand-charcoal/30"}
        />
      ))}
    </span>
  );
}
