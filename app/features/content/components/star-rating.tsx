import { Star } from "~/components/ui/icons";
import { cn } from "~/components/ui/cn";
import { useI18n } from "~/lib/i18n/i18n-context";

/** Five stars, filled to the rating (rounded to a whole star), announced as "Rated n out of 5". */
export function StarRating({ rating }: { rating: number }) {
  const { t } = useI18n();
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  const label = t("pages.home.rating", { rating: Number.isInteger(rating) ? rating : rating.toFixed(1) });
  return (
    <p role="img" aria-label={label} className="flex gap-0.5">
      {Array.from({ length: 5 }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={cn("size-5", i < filled ? "fill-[#b7791f] text-[#b7791f]" : "fill-none text-brand-cool-gray")}
        />
      ))}
    </p>
  );
}
