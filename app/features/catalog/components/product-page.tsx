import { BadgeCheck } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { useI18n } from "~/lib/i18n/i18n-context";
import type { ProductDetail, ProductSummary } from "../catalog-types";
import { Breadcrumb, type Crumb } from "./breadcrumb";
import { CurrencySwitch } from "./currency-switch";
import { Price } from "./price";
import { ProductCard } from "./product-card";
import { ProductFaq } from "./product-faq";
import { ProductGallery } from "./product-gallery";
import { ProductTabs } from "./product-tabs";
import { PurchasePanel, VariantPicker } from "./product-purchase";
import { StoreAvailability } from "./store-availability";

/** Home › the product's category › the product (`home`: the first crumb's label in the page's language). */
export function productCrumbs(
  product: { name: string; category: { name: string; slug: string } },
  home: string,
): Crumb[] {
  return [
    { label: home, to: "/" },
    { label: product.category.name, to: `/collections/${product.category.slug}` },
    { label: product.name },
  ];
}

/** A product's page: gallery, purchase panel, delivery notes, information tabs, reviews, FAQ, recommendations. */
export function ProductPage({
  product,
  recommended,
  delivery,
  reviews,
}: {
  product: ProductDetail;
  recommended: ProductSummary[];
  /** The delivery promise (checkout's terms for the shopper's "Deliver to" place), composed by the route. */
  delivery: ReactNode;
  /** The buyers' reviews (the reviews feature's section), composed by the route. */
  reviews?: ReactNode;
}) {
  const { t } = useI18n();
  const tabs = [
    { value: "details", label: t("catalog.product.details"), text: product.tabs.details },
    { value: "user-guide", label: t("catalog.product.userGuide"), text: product.tabs.userGuide },
    { value: "specifications", label: t("catalog.product.specifications"), text: product.tabs.specifications },
    { value: "warnings", label: t("catalog.product.warnings"), text: product.tabs.warnings },
  ];

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-14 px-4 py-6 md:gap-20 md:px-6 md:py-10">
      <div className="flex flex-col gap-6">
        <Breadcrumb items={productCrumbs(product, t("catalog.breadcrumb.home"))} />
        <div className="grid gap-8 md:grid-cols-2 lg:gap-14">
          <ProductGallery key={product.selectedVariantId ?? product.id} images={product.images} name={product.name} />
          <div className="flex flex-col gap-5">
            {product.badges.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label={t("catalog.product.badges")}>
                {product.badges.map((badge) => (
                  <li key={badge} className="rounded-full bg-brand-butter-yellow px-3 py-1 text-xs font-bold">
                    {badge}
                  </li>
                ))}
              </ul>
            )}
            <h1 className="text-3xl leading-tight font-bold tracking-tight text-balance md:text-4xl">{product.name}</h1>
            <div className="flex items-center justify-between gap-4">
              <Price amount={product.price} compareAt={product.compareAtPrice} size="lg" />
              <CurrencySwitch className="sm:hidden" />
            </div>
            <p className="leading-relaxed text-brand-charcoal/85">{product.description}</p>
            {(product.shelfLife || product.weight) && (
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {product.shelfLife && (
                  <>
                    <dt className="font-bold">{t("catalog.product.shelfLife")}</dt>
                    <dd className="text-brand-cool-gray">{product.shelfLife}</dd>
                  </>
                )}
                {product.weight && (
                  <>
                    <dt className="font-bold">{t("catalog.product.weight")}</dt>
                    <dd className="text-brand-cool-gray">{product.weight}</dd>
                  </>
                )}
              </dl>
            )}
            <VariantPicker product={product} />
            <PurchasePanel key={product.selectedVariantId ?? product.id} product={product} />
            <StoreAvailability productName={product.name} stores={product.availability} />
            {delivery}
            {product.features.length > 0 && (
              <ul className="grid grid-cols-2 gap-2" aria-label={t("catalog.product.features")}>
                {product.features.map((feature) => (
                  <li
                    key={feature}
                    className="flex items-center gap-2 rounded-2xl bg-brand-mint-green/40 px-3 py-2 text-xs font-medium sm:text-sm"
                  >
                    <BadgeCheck className="size-4 shrink-0 text-brand-teal-strong" aria-hidden="true" />
                    {feature}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>

      <ProductTabs tabs={tabs} label={t("catalog.product.information")} pendingText={t("catalog.product.tabPending")} />

      {reviews}

      <ProductFaq />

      {recommended.length > 0 && (
        <section aria-labelledby="recommended-heading" className="flex flex-col gap-6">
          <h2 id="recommended-heading" className="text-2xl font-bold md:text-3xl">
            {t("catalog.product.recommended")}
          </h2>
          <ul className="grid grid-cols-2 gap-4 md:gap-6 lg:grid-cols-4">
            {recommended.map((item) => (
              <li key={item.id}>
                <ProductCard product={item} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
