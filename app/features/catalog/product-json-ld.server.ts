import { absoluteUrl } from "~/lib/urls";
import type { Locale } from "~/lib/i18n/locale";
import type { ProductDetail } from "./catalog-types";
import { breadcrumbJsonLd } from "./components/breadcrumb";
import { productCrumbs } from "./components/product-page";

interface ProductJsonLdInput {
  product: ProductDetail;
  /** The public origin (absolute URLs) and the page's path, without query. */
  origin: string;
  path: string;
  locale: Locale;
  storeName: string;
  /** "Trang chủ" in the page's language: the breadcrumb's first crumb. */
  home: string;
  /** Properties to add to the Product (or ProductGroup): the reviews' rating and reviews. */
  extra?: Record<string, unknown>;
}

const availability = (inStock: boolean) => (inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock");

/**
 * A product page's JSON-LD: its Product (a ProductGroup with a Product per variant when it has
 * variants) and its BreadcrumbList. Built by the loader on the server, so the page's browser
 * bundle carries no JSON-LD code (decision 0027, issue 17); its meta reads it from the loader data.
 */
export function productJsonLd({ product, origin, path, locale, storeName, home, extra = {} }: ProductJsonLdInput) {
  const url = absoluteUrl(origin, path);
  const main =
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
          ...extra,
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
          ...extra,
        };
  const crumbs = breadcrumbJsonLd(origin, locale, [
    ...productCrumbs(product, home).slice(0, -1),
    { label: product.name, to: path },
  ]);
  return [main, crumbs];
}
