import { data, redirect } from "react-router";
import { CatalogErrorBoundary } from "~/features/catalog/components/catalog-error-boundary";
import { Breadcrumb, breadcrumbJsonLd } from "~/features/catalog/components/breadcrumb";
import { CatalogListing } from "~/features/catalog/components/catalog-listing";
import { getCategory } from "~/features/catalog/listing.server";
import { collectionAliases, collectionHeading } from "~/features/catalog/catalog.schema";
import { loadListing } from "~/features/catalog/listing.server";
import { useI18n } from "~/lib/i18n/i18n-context";
import { localeOfPath } from "~/lib/i18n/locale";
import type { Route } from "./+types/collection";
import { metaTranslator, storeLayoutData, storeMeta } from "~/features/storefront/store-meta";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.database;
  const url = new URL(request.url);
  const category = await getCategory(db, params.category, localeOfPath(url.pathname));
  if (!category) {
    const alias = Object.hasOwn(collectionAliases, params.category) ? collectionAliases[params.category] : undefined;
    if (alias) {
      const to = url.pathname.replace(`/collections/${params.category}`, `/collections/${alias}`);
      throw redirect(`${to}${url.search}`, 301);
    }
    throw data(null, { status: 404 });
  }
  const listing = await loadListing(db, url, category.slug);
  return { ...listing, category, heading: collectionHeading(category.slug) };
}

export const meta: Route.MetaFunction = (args) => {
  const layout = storeLayoutData(args.matches);
  const storeName = layout?.storeName ?? "UVC Care";
  const t = metaTranslator(args);
  if (!args.loaderData) return [{ title: `${t("errors.notFoundTitle")} | ${storeName}` }, { name: "robots", content: "noindex" }];
  const { category, heading } = args.loaderData;
  return storeMeta(args, {
    title: `${t(heading)} – ${category.name} | ${storeName}`,
    description: category.description ?? t("catalog.collection.metaDescription", { category: category.name, store: storeName }),
    image: category.image ?? args.loaderData.products[0]?.image?.url ?? null,
    jsonLd: [
      breadcrumbJsonLd(layout?.origin ?? "", localeOfPath(args.location.pathname), [
        { label: t("catalog.breadcrumb.home"), to: "/" },
        { label: t("catalog.breadcrumb.shop"), to: "/shop" },
        { label: category.name, to: `/collections/${category.slug}` },
      ]),
    ],
  });
};

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { category, heading, products, facets, filters, view } = loaderData;
  const { t } = useI18n();
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-4 py-8 md:px-6 md:py-12">
      <div className="flex flex-col gap-3">
        <Breadcrumb
          items={[
            { label: t("catalog.breadcrumb.home"), to: "/" },
            { label: t("catalog.breadcrumb.shop"), to: "/shop" },
            { label: category.name },
          ]}
        />
        <div className="rounded-3xl bg-brand-white px-6 py-10 md:px-12 md:py-14">
          <p className="text-xs font-bold tracking-[0.2em] text-brand-teal-strong uppercase">{category.name}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight md:text-5xl">{t(heading)}</h1>
          {category.description && <p className="mt-4 max-w-2xl text-brand-cool-gray md:text-lg">{category.description}</p>}
        </div>
      </div>
      <CatalogListing products={products} facets={facets} filters={filters} view={view} variant="collection" />
    </div>
  );
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary what="collection" />;
}
