import { BadgeCheck } from "~/components/ui/icons";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useI18n } from "~/lib/i18n/i18n-context";
import { INTL_LOCALE } from "~/lib/i18n/locale";
import { formatAverage } from "../review-rules";
import type { ProductReviews as ProductReviewsData } from "../reviews.server";
import { StarRating } from "./star-rating";
import { ReviewPhotos } from "./review-photos";

/**
 * The product page's reviews (issue 19 item 2): the average (one decimal), the count, the
 * distribution 5 → 1, and the newest approved reviews with a "show more" link (a plain link: it
 * works without JavaScript). A buyer's review carries "Đã mua hàng"; a demo one says it is a
 * sample instead. The shop's reply is shown under its review.
 */
export function ProductReviews({
  data,
  dates,
  showMoreHref,
}: {
  data: ProductReviewsData;
  /** Each shown review's date as the page writes it, by review id (formatted by the route's loader). */
  dates: Record<number, string>;
  showMoreHref: string;
}) {
  const { t, locale } = useI18n();
  const intl = INTL_LOCALE[locale];
  const { summary } = data;
  const widest = Math.max(1, ...summary.distribution.map((row) => row.count));

  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="flex scroll-mt-24 flex-col gap-6">
      <h2 id="reviews-heading" className="text-2xl font-bold md:text-3xl">
        {t("reviews.product.heading")}
      </h2>
      {summary.count === 0 ? (
        <p className="text-brand-charcoal/80">{t("reviews.product.none")}</p>
      ) : (
        <div className="grid gap-8 md:grid-cols-[minmax(0,18rem)_1fr] md:gap-12">
          <div className="flex flex-col gap-4" data-testid="reviews-summary">
            <div className="flex items-end gap-3">
              <p className="text-5xl leading-none font-bold">{formatAverage(summary.average, intl)}</p>
              <div className="flex flex-col gap-1">
                <StarRating
                  rating={summary.average}
                  label={t("reviews.product.average", { average: formatAverage(summary.average, intl) })}
                />
                <p className="text-sm text-brand-charcoal/80">{t("reviews.product.count", { count: summary.count })}</p>
              </div>
            </div>
            <ul className="flex flex-col gap-1.5">
              {summary.distribution.map((row) => (
                <li key={row.rating} className="flex items-center gap-2 text-sm">
                  <span className="sr-only">{t("reviews.product.bar", { rating: row.rating, count: row.count })}</span>
                  <span aria-hidden="true" className="w-8 shrink-0 tabular-nums">
                    {row.rating} ★
                  </span>
                  <span aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-brand-charcoal/10">
                    <span
                      className="block h-full rounded-full bg-amber-500"
                      style={{ width: `${(row.count / widest) * 100}%` }}
                    />
                  </span>
                  <span aria-hidden="true" className="w-6 shrink-0 text-right tabular-nums text-brand-charcoal/80">
                    {row.count}
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-col gap-5">
            <ul className="flex flex-col divide-y divide-brand-charcoal/10">
              {data.reviews.map((review) => (
                <li key={review.id} className="flex flex-col gap-2 py-5 first:pt-0" data-testid="product-review">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <StarRating rating={review.rating} />
                    <span className="font-semibold">{review.displayName}</span>
                    {review.isDemo ? (
                      <span className="rounded-full bg-brand-charcoal/8 px-2.5 py-0.5 text-xs font-semibold">
                        {t("reviews.product.demo")}
                      </span>
                    ) : (
                      <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">
                        <BadgeCheck className="size-3.5" aria-hidden="true" />
                        {t("reviews.product.verified")}
                      </span>
                    )}
                    <time dateTime={new Date(review.createdAt).toISOString()} className="text-sm text-brand-charcoal/70">
                      {dates[review.id]}
                    </time>
                  </div>
                  {review.title && <h3 className="font-bold">{review.title}</h3>}
                  <p className="leading-relaxed whitespace-pre-line text-brand-charcoal/90">{review.body}</p>
                  <ReviewPhotos
                    photos={review.photos}
                    altOf={() => t("reviews.product.photo", { name: review.displayName })}
                  />
                  {review.reply && (
                    <div className="mt-1 rounded-2xl bg-brand-mint-green/30 p-3 text-sm">
                      <p className="font-semibold">{t("reviews.product.reply")}</p>
                      <p className="mt-1 whitespace-pre-line">{review.reply.text}</p>
                    </div>
                  )}
                </li>
              ))}
            </ul>
            {data.hasMore && (
              <Button asChild variant="outline" className="self-start">
                <Link to={showMoreHref} preventScrollReset>
                  {t("reviews.product.showMore")}
                </Link>
              </Button>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
