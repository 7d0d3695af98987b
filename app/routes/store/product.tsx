import { data, redirect } from "react-router";
import { getProduct, getRecommendedProducts, selectVariant } from "~/features/catalog/product-page.server";
import { CatalogErrorBoundary } from "~/features/catalog/components/catalog-error-boundary";
import { ProductPage } from "~/features/catalog/components/product-page";
import { DeliveryPromiseList } from "~/features/checkout/components/delivery-promise-list";
import { deliveryDestination } from "~/features/checkout/delivery-promise";
import { ProductReviews } from "~/features/reviews/components/product-reviews";
import { reviewJsonLd } from "~/features/reviews/review-json-ld";
import { REVIEWS_PAGE_SIZE } from "~/features/reviews/review-rules";
import { getStorefrontProductReviews, reviewDatesOf, sampleReviewsFor } from "~/features/reviews/reviews.server";
import { getStorefrontSettings } from "~/features/settings/settings.server";
import { isInternational, useDeliveryLocation } from "~/features/address/delivery-locations";
import { localeOfPath, localizedPath } from "~/lib/i18n/locale";
import { translatorFor } from "~/server/i18n.server";
import { publicOrigin } from "~/server/request-guards.server";
import type { Route } from "./+types/product";
import { useStoreLayout } from "~/features/storefront/store-layout-data";
import { productJsonLd } from "~/features/catalog/product-json-ld.server";
import { metaTranslator, storeLayoutData, storeMeta } from "~/features/storefront/store-meta";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.database;
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname);
  const found = await getProduct(db, params.category, params.product, locale);
  if (!found) throw data(null, { status: 404 });
  // One URL per product and language: /collections/{its category}/{its slug} (under /en in English).
  const canonicalPath = localizedPath(found.canonicalPath, locale);
  // A variant's own old address: its product's page with the variant chosen (decision 0038).
  if (found.variantId !== null) throw redirect(`${canonicalPath}?variant=${found.variantId}`, 301);
  if (safeDecode(url.pathname) !== safeDecode(canonicalPath)) {
    throw redirect(`${canonicalPath}${url.search}`, 301);
  }
  const product = selectVariant(found.product, url.searchParams.get("variant"));
  const shown = reviewsShownOf(url.searchParams);
  const { store, launch } = await getStorefrontSettings(db);
  const [recommended, reviews] = await Promise.all([
    getRecommendedProducts(db, product.id, 4, locale),
    // A live shop shows only reviews buyers wrote (issue 31); a demo shows its samples, labelled.
    getStorefrontProductReviews(db, product.id, shown, sampleReviewsFor(launch.liveAt)),
  ]);
  // The reviews' dates are written on the server: no date code in the page's bundle.
  const reviewDates = reviewDatesOf(reviews.reviews, locale);
  const jsonLd = productJsonLd({
    product,
    origin: publicOrigin(context.env, request),
    path: url.pathname,
    locale,
    storeName: store.storeName,
    home: translatorFor(locale)("catalog.breadcrumb.home"),
    extra: reviewJsonLd(reviews),
  });
  return { product, recommended, reviews, reviewDates, shown, jsonLd };
}

/** How many reviews the page shows: `?reviews=N` ("show more" adds a page), REVIEWS_PAGE_SIZE by default, at most 100. */
function reviewsShownOf(searchParams: URLSearchParams): number {
  const asked = Number(searchParams.get("reviews"));
  if (!Number.isInteger(asked) || asked <= REVIEWS_PAGE_SIZE) return REVIEWS_PAGE_SIZE;
  return Math.min(100, Math.ceil(asked / REVIEWS_PAGE_SIZE) * REVIEWS_PAGE_SIZE);
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export const meta: Route.MetaFunction = (args) => {
  const layout = storeLayoutData(args.matches);
  const storeName = layout?.storeName ?? "UVC Care";
  const product = args.loaderData?.product;
  const t = metaTranslator(args);
  if (!product)
    return [{ title: `${t("errors.notFoundTitle")} | ${storeName}` }, { name: "robots", content: "noindex" }];
  return storeMeta(args, {
    title: product.metaTitle || `${product.name} | ${storeName}`,
    description: product.metaDescription || product.description.slice(0, 160),
    image: product.image?.url ?? null,
    type: "product",
    // Built by the loader: no JSON-LD code in the page's browser bundle.
    jsonLd: args.loaderData?.jsonLd,
  });
};

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  const layout = useStoreLayout();
  const place = useDeliveryLocation();
  // Pickup is at any shop holding the goods (decision 0051): here, the chosen variant's.
  const pickupShops = loaderData.product.availability.filter((shop) => shop.quantity > 0).length;
  const delivery = layout && (
    <DeliveryPromiseList
      terms={layout.delivery}
      destination={deliveryDestination(place, isInternational(place))}
      pickupShops={pickupShops}
    />
  );
  const reviews = (
    <ProductReviews
      data={loaderData.reviews}
      dates={loaderData.reviewDates}
      showMoreHref={`?reviews=${loaderData.shown + REVIEWS_PAGE_SIZE}#reviews`}
    />
  );
  return (
    <ProductPage
      product={loaderData.product}
      recommended={loaderData.recommended}
      delivery={delivery}
      reviews={reviews}
    />
  );
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary what="product" />;
}
