import { data, isRouteErrorResponse, redirect, useRouteError, useRouteLoaderData } from "react-router";
import { getProduct, getRecommendedProducts, selectVariant } from "~/features/catalog/catalog.server";
import { breadcrumbJsonLd } from "~/features/catalog/components/breadcrumb";
import { CatalogNotFound } from "~/features/catalog/components/not-found";
import { productCrumbs, ProductPage } from "~/features/catalog/components/product-page";
import { DeliveryPromiseList } from "~/features/checkout/components/delivery-promise-list";
import { deliveryDestination } from "~/features/checkout/delivery-promise";
import { ProductReviews } from "~/features/reviews/components/product-reviews";
import { reviewJsonLd } from "~/features/reviews/review-json-ld";
import { REVIEWS_PAGE_SIZE } from "~/features/reviews/review-rules";
import { getStorefrontProductReviews, reviewDatesOf } from "~/features/reviews/reviews.server";
import { absoluteUrl } from "~/features/seo/seo-meta";
import { isInternational, useDeliveryLocation } from "~/features/storefront/delivery-locations";
import { localeOfPath, localizedPath } from "~/lib/i18n/locale";
import type { Route } from "./+types/product";
import type { loader as layoutLoader } from "./layout";
import { metaTranslator, storeLayoutData, storeMeta } from "./store-meta";

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
  const [recommended, reviews] = await Promise.all([
    getRecommendedProducts(db, product.id, 4, locale),
    getStorefrontProductReviews(db, product.id, shown),
  ]);
  // The reviews' dates are written on the server: no date code in the page's bundle.
  const reviewDates = reviewDatesOf(reviews.reviews, locale);
  return { product, recommended, reviews, reviewDates, shown };
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
  const reviews = args.loaderData?.reviews;
  const t = metaTranslator(args);
  if (!product)
    return [{ title: `${t("errors.notFoundTitle")} | ${storeName}` }, { name: "robots", content: "noindex" }];
  const origin = layout?.origin ?? "";
  const url = absoluteUrl(origin, args.location.pathname);
  const availability = (inStock: boolean) => (inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock");
  return storeMeta(args, {
    title: product.metaTitle || `${product.name} | ${storeName}`,
    description: product.metaDescription || product.description.slice(0, 160),
    image: product.image?.url ?? null,
    type: "product",
    jsonLd: [
      product.variants.length > 0
        ? {
            // A product with variants: one ProductGroup, each variant a Product with its own offer.
            "@context": "https://schema.org",
            "@type": "ProductGroup",
            name: product.name,
            productGroupID: product.id,
            description: product.description,
            brand: { "@type": "Brand", name: storeName },
            variesBy: "https://schema.org/color",
            hasVariant: product.variants.map((variant) => ({
              "@type": "Product",
              name: variant.name,
              sku: variant.sku,
              image: variant.images.map((image) => absoluteUrl(origin, image.url)),
              color: variant.label,
              offers: {
                "@type": "Offer",
                price: variant.price,
                priceCurrency: "VND",
                availability: availability(variant.inStock),
                url: `${url}?variant=${variant.id}`,
                itemCondition: "https://schema.org/NewCondition",
              },
            })),
            ...(reviews ? reviewJsonLd(reviews) : {}),
          }
        : {
            "@context": "https://schema.org",
            "@type": "Product",
            name: product.name,
            image: product.images.map((image) => absoluteUrl(origin, image.url)),
            sku: product.sku,
            description: product.description,
            brand: { "@type": "Brand", name: storeName },
            ...(product.color ? { color: product.color } : {}),
            offers: {
              "@type": "Offer",
              price: product.price,
              priceCurrency: "VND",
              availability: availability(product.inStock),
              url,
              itemCondition: "https://schema.org/NewCondition",
            },
            ...(reviews ? reviewJsonLd(reviews) : {}),
          },
      breadcrumbJsonLd(origin, localeOfPath(args.location.pathname), [
        ...productCrumbs(product, t("catalog.breadcrumb.home")).slice(0, -1),
        { label: product.name, to: args.location.pathname },
      ]),
    ],
  });
};

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/store/layout");
  const place = useDeliveryLocation();
  const delivery = layout && (
    <DeliveryPromiseList terms={layout.delivery} destination={deliveryDestination(place, isInternational(place))} />
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
  const error = useRouteError();
  return <CatalogNotFound status={isRouteErrorResponse(error) ? error.status : 500} what="product" />;
}
