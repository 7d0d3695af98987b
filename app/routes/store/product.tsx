import { BadgeCheck } from "lucide-react";
import { data, isRouteErrorResponse, redirect, useRouteError, useRouteLoaderData } from "react-router";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { getProduct, getRecommendedProducts } from "~/features/catalog/catalog.server";
import { Breadcrumb, breadcrumbJsonLd, type Crumb } from "~/features/catalog/components/breadcrumb";
import { CatalogNotFound } from "~/features/catalog/components/not-found";
import { CurrencySwitch } from "~/features/catalog/components/currency-switch";
import { Price } from "~/features/catalog/components/price";
import { ProductCard } from "~/features/catalog/components/product-card";
import { ProductFaq } from "~/features/catalog/components/product-faq";
import { ProductGallery } from "~/features/catalog/components/product-gallery";
import { ColorChoice, DeliveryInfo, PurchasePanel } from "~/features/catalog/components/product-purchase";
import { StoreAvailability } from "~/features/catalog/components/store-availability";
import { absoluteUrl } from "~/features/seo/seo-meta";
import type { Route } from "./+types/product";
import type { loader as layoutLoader } from "./layout";
import { storeLayoutData, storeMeta } from "./store-meta";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.database;
  const found = await getProduct(db, params.category, params.product);
  if (!found) throw data(null, { status: 404 });
  const url = new URL(request.url);
  // One URL per product: /collections/{its category}/{its slug}.
  if (safeDecode(url.pathname) !== safeDecode(found.canonicalPath)) {
    throw redirect(`${found.canonicalPath}${url.search}`, 301);
  }
  const recommended = await getRecommendedProducts(db, found.product.id, 4);
  return { product: found.product, recommended };
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function crumbs(product: { name: string; category: { name: string; slug: string } }): Crumb[] {
  return [
    { label: "Home", to: "/" },
    { label: product.category.name, to: `/collections/${product.category.slug}` },
    { label: product.name },
  ];
}

export const meta: Route.MetaFunction = (args) => {
  const layout = storeLayoutData(args.matches);
  const storeName = layout?.storeName ?? "UVC Care";
  const product = args.loaderData?.product;
  if (!product) return [{ title: `Oops! Page not found | ${storeName}` }, { name: "robots", content: "noindex" }];
  const origin = layout?.origin ?? "";
  const url = absoluteUrl(origin, args.location.pathname);
  return storeMeta(args, {
    title: product.metaTitle || `${product.name} | ${storeName}`,
    description: product.metaDescription || product.description.slice(0, 160),
    image: product.image?.url ?? null,
    type: "product",
    jsonLd: [
      {
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
          availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          url,
          itemCondition: "https://schema.org/NewCondition",
        },
      },
      breadcrumbJsonLd(origin, [...crumbs(product).slice(0, -1), { label: product.name, to: args.location.pathname }]),
    ],
  });
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, recommended } = loaderData;
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/store/layout");
  const tabs = [
    { value: "details", label: "DETAILS", text: product.tabs.details },
    { value: "user-guide", label: "USER GUIDE", text: product.tabs.userGuide },
    { value: "specifications", label: "SPECIFICATIONS", text: product.tabs.specifications },
    { value: "warnings", label: "WARNINGS", text: product.tabs.warnings },
  ];

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-14 px-4 py-6 md:gap-20 md:px-6 md:py-10">
      <div className="flex flex-col gap-6">
        <Breadcrumb items={crumbs(product)} />
        <div className="grid gap-8 md:grid-cols-2 lg:gap-14">
          <ProductGallery key={product.id} images={product.images} name={product.name} />
          <div className="flex flex-col gap-5">
            {product.badges.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label="Badges">
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
                    <dt className="font-bold">Shelf life</dt>
                    <dd className="text-brand-cool-gray">{product.shelfLife}</dd>
                  </>
                )}
                {product.weight && (
                  <>
                    <dt className="font-bold">Weight</dt>
                    <dd className="text-brand-cool-gray">{product.weight}</dd>
                  </>
                )}
              </dl>
            )}
            <ColorChoice product={product} />
            <PurchasePanel key={product.id} product={product} />
            <StoreAvailability productName={product.name} stores={product.availability} />
            <DeliveryInfo
              freeShippingThreshold={layout?.shipping.freeShippingThreshold ?? 1_000_000}
              sameDayFrom={layout?.shipping.sameDayFrom ?? 15_000}
            />
            {product.features.length > 0 && (
              <ul className="grid grid-cols-2 gap-2" aria-label="Features">
                {product.features.map((feature) => (
                  <li key={feature} className="flex items-center gap-2 rounded-2xl bg-brand-mint-green/40 px-3 py-2 text-xs font-medium sm:text-sm">
                    <BadgeCheck className="size-4 shrink-0 text-brand-teal-strong" aria-hidden="true" />
                    {feature}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>

      <Tabs defaultValue="details">
        <TabsList variant="underline" aria-label="Product information">
          {tabs.map((tab) => (
            <TabsTrigger variant="underline" key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value} className="mt-0 py-6">
            <p className="max-w-3xl leading-relaxed whitespace-pre-line text-brand-charcoal/85">
              {tab.text || "Thông tin đang được cập nhật."}
            </p>
          </TabsContent>
        ))}
      </Tabs>

      <ProductFaq />

      {recommended.length > 0 && (
        <section aria-labelledby="recommended-heading" className="flex flex-col gap-6">
          <h2 id="recommended-heading" className="text-2xl font-bold md:text-3xl">
            You may also like
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

export function ErrorBoundary() {
  const error = useRouteError();
  return <CatalogNotFound status={isRouteErrorResponse(error) ? error.status : 500} what="product" />;
}
