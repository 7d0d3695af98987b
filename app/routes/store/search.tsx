import { Search } from "~/components/ui/icons";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { listProducts } from "~/features/catalog/listing.server";
import { searchProducts } from "~/features/catalog/search.server";
import { emptyFilters } from "~/features/catalog/catalog.schema";
import { Breadcrumb } from "~/features/catalog/components/breadcrumb";
import { ProductCard } from "~/features/catalog/components/product-card";
import { coloursNamedIn } from "~/features/catalog/search-text";
import { useI18n } from "~/lib/i18n/i18n-context";
import { localeOfPath } from "~/lib/i18n/locale";
import type { Route } from "./+types/search";
import { metaTranslator, storeLayoutData, storeMeta } from "~/features/storefront/store-meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.database;
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  if (!query) return { query, results: [], suggestions: [] };
  const results = await searchProducts(db, query, locale);
  const suggestions =
    results.length === 0 ? await listProducts(db, { ...emptyFilters, sort: "best-selling" }, { limit: 4, locale }) : [];
  return { query, results, suggestions };
}

export const meta: Route.MetaFunction = (args) => {
  const storeName = storeLayoutData(args.matches)?.storeName ?? "UVC Care";
  const query = args.loaderData?.query;
  const t = metaTranslator(args);
  return storeMeta(args, {
    title: query
      ? t("catalog.search.metaTitleQuery", { query, store: storeName })
      : t("catalog.search.metaTitle", { store: storeName }),
    description: t("catalog.search.metaDescription", { store: storeName }),
    noIndex: true,
  });
};

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, results, suggestions } = loaderData;
  const { t, href } = useI18n();
  // "máy hồng" shows each result in pink, as the colour filter does.
  const colours = coloursNamedIn(query);
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-4 py-8 md:px-6 md:py-12">
      <div className="flex flex-col gap-4">
        <Breadcrumb
          items={[{ label: t("catalog.breadcrumb.home"), to: "/" }, { label: t("catalog.breadcrumb.search") }]}
        />
        <h1 className="text-3xl font-bold tracking-tight md:text-5xl">
          {query ? t("catalog.search.resultsFor", { query }) : t("catalog.search.heading")}
        </h1>
        <Form method="get" action={href("/search")} role="search" className="flex max-w-2xl gap-2">
          <label htmlFor="search-page-q" className="sr-only">
            {t("catalog.search.label")}
          </label>
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-brand-cool-gray"
              aria-hidden="true"
            />
            <input
              id="search-page-q"
              key={query}
              type="search"
              name="q"
              defaultValue={query}
              required
              placeholder={t("catalog.search.placeholder")}
              className="h-12 w-full rounded-full border border-brand-charcoal/20 bg-brand-white pr-4 pl-12 focus-visible:border-brand-teal-strong"
            />
          </div>
          <Button type="submit" size={null} className="h-12 px-8 text-base whitespace-nowrap">
            {t("catalog.search.submit")}
          </Button>
        </Form>
        {query && results.length > 0 && (
          <p className="text-sm text-brand-cool-gray" role="status">
            {t("catalog.search.found", { count: results.length })}
          </p>
        )}
      </div>

      {query && results.length > 0 && (
        <ul className="grid grid-cols-2 gap-4 md:gap-6 lg:grid-cols-4" data-testid="search-results">
          {results.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} eager={index < 4} headingLevel="h2" colours={colours} />
            </li>
          ))}
        </ul>
      )}

      {query && results.length === 0 && (
        <div className="flex flex-col gap-8">
          <div className="rounded-3xl bg-brand-white px-6 py-10 text-center" role="status">
            <h2 className="text-xl font-bold">{t("catalog.search.noneTitle", { query })}</h2>
            <p className="mt-2 text-brand-cool-gray">
              {t("catalog.search.noneText")}{" "}
              <Link to={href("/shop")} className="font-medium text-brand-teal-strong underline underline-offset-4">
                {t("catalog.search.browseAll")}
              </Link>
              .
            </p>
          </div>
          {suggestions.length > 0 && (
            <section aria-labelledby="search-suggestions" className="flex flex-col gap-5">
              <h2 id="search-suggestions" className="text-2xl font-bold">
                {t("catalog.search.bestSellers")}
              </h2>
              <ul className="grid grid-cols-2 gap-4 md:gap-6 lg:grid-cols-4">
                {suggestions.map((product) => (
                  <li key={product.id}>
                    <ProductCard product={product} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}

      {!query && <p className="text-brand-cool-gray">{t("catalog.search.hint")}</p>}
    </div>
  );
}
