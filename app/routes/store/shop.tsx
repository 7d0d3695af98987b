import { Breadcrumb } from "~/features/catalog/components/breadcrumb";
import { CatalogListing } from "~/features/catalog/components/catalog-listing";
import { ShopFeatures, ShopNewsletter, ShopTestimonial } from "~/features/catalog/components/shop-extras";
import { loadListing } from "~/features/catalog/listing.server";
import { getPageContent } from "~/features/content/content.server";
import { NewsletterForm } from "~/features/newsletter/components/newsletter-form";
import { useI18n } from "~/lib/i18n/i18n-context";
import { localeOfPath, localizedPath } from "~/lib/i18n/locale";
import { formatVnd } from "~/lib/money";
import type { Route } from "./+types/shop";
import { useStoreLayout } from "~/features/storefront/store-layout-data";
import { contentOptions } from "~/features/content/content-options";
import { metaTranslator, storeLayoutData, storeMeta } from "~/features/storefront/store-meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.database;
  const [listing, home] = await Promise.all([
    loadListing(db, new URL(request.url)),
    getPageContent(db, "home", contentOptions(request, context)),
  ]);
  const testimonial = home.sections.testimonials.content.testimonials[0] ?? null;
  return { ...listing, testimonial };
}

export const meta: Route.MetaFunction = (args) => {
  const layout = storeLayoutData(args.matches);
  const items = args.loaderData?.products ?? [];
  const t = metaTranslator(args);
  const locale = localeOfPath(args.location.pathname);
  return storeMeta(args, {
    title: t("catalog.shop.metaTitle", { store: layout?.storeName ?? "UVC Care" }),
    description: t("catalog.shop.metaDescription"),
    image: items[0]?.image?.url ?? null,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "ItemList",
        itemListElement: items.map((p, index) => ({
          "@type": "ListItem",
          position: index + 1,
          url: `${layout?.origin ?? ""}${localizedPath(`/collections/${p.categorySlug}/${p.slug}`, locale)}`,
          name: p.name,
        })),
      },
    ],
  });
};

export default function Shop({ loaderData }: Route.ComponentProps) {
  const layout = useStoreLayout();
  const { products, facets, filters, view, testimonial } = loaderData;
  const { t } = useI18n();
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-16 px-4 py-8 md:px-6 md:py-12">
      <div className="flex flex-col gap-8">
        <div className="flex flex-col gap-3">
          <Breadcrumb items={[{ label: t("catalog.breadcrumb.home"), to: "/" }, { label: t("catalog.breadcrumb.shopAll") }]} />
          <h1 className="text-3xl font-bold tracking-tight md:text-5xl">{t("catalog.shop.title")}</h1>
          <p className="max-w-2xl text-brand-cool-gray">{t("catalog.shop.intro")}</p>
        </div>
        <CatalogListing products={products} facets={facets} filters={filters} view={view} variant="shop" />
      </div>
      {testimonial && <ShopTestimonial testimonial={testimonial} />}
      {/* The layout's data is always there below it (its error boundary replaces the page otherwise); the
          settings schema's defaults would put zod into the page's JavaScript. */}
      {layout && <ShopFeatures freeShippingText={formatVnd(layout.delivery.freeShippingThreshold)} />}
      <ShopNewsletter>
        <NewsletterForm source="shop" buttonText={t("catalog.shop.subscribe")} notice={layout?.newsletterNotice} className="mt-2 text-left" />
      </ShopNewsletter>
    </div>
  );
}
