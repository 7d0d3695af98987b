import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { listProducts, searchProducts } from "~/features/catalog/catalog.server";
import { emptyFilters } from "~/features/catalog/catalog.schema";
import { Breadcrumb } from "~/features/catalog/components/breadcrumb";
import { ProductCard } from "~/features/catalog/components/product-card";
import { localeOfPath } from "~/lib/i18n/locale";
import type { Route } from "./+types/search";
import { storeLayoutData, storeMeta } from "./store-meta";

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
  return storeMeta(args, {
    title: query ? `Search: ${query} | ${storeName}` : `Search | ${storeName}`,
    description: `Search ${storeName}'s UVC toothbrush sterilizers, colours and accessories.`,
    noIndex: true,
  });
};

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, results, suggestions } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-4 py-8 md:px-6 md:py-12">
      <div className="flex flex-col gap-4">
        <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Search" }]} />
        <h1 className="text-3xl font-bold tracking-tight md:text-5xl">{query ? `Results for “${query}”` : "Search"}</h1>
        <Form method="get" action="/search" role="search" className="flex max-w-2xl gap-2">
          <label htmlFor="search-page-q" className="sr-only">
            Search products
          </label>
          <div className="relative flex-1">
            <Search className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-brand-cool-gray" aria-hidden="true" />
            <input
              id="search-page-q"
              key={query}
              type="search"
              name="q"
              defaultValue={query}
              required
              placeholder="Search sterilizers, colours, accessories…"
              className="h-12 w-full rounded-full border border-brand-charcoal/20 bg-brand-white pr-4 pl-12 focus-visible:border-brand-teal-strong"
            />
          </div>
          <Button type="submit" size="lg" className="h-12">
            Search
          </Button>
        </Form>
        {query && results.length > 0 && (
          <p className="text-sm text-brand-cool-gray" role="status">
            {results.length === 1 ? "1 product found" : `${results.length} products found`}
          </p>
        )}
      </div>

      {query && results.length > 0 && (
        <ul className="grid grid-cols-2 gap-4 md:gap-6 lg:grid-cols-4" data-testid="search-results">
          {results.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} eager={index < 4} headingLevel="h2" />
            </li>
          ))}
        </ul>
      )}

      {query && results.length === 0 && (
        <div className="flex flex-col gap-8">
          <div className="rounded-3xl bg-brand-white px-6 py-10 text-center" role="status">
            <h2 className="text-xl font-bold">No products found for “{query}”</h2>
            <p className="mt-2 text-brand-cool-gray">
              Check the spelling, try fewer words, or search for a colour such as “hồng” or “đen”. You can also{" "}
              <Link to="/shop" className="font-medium text-brand-teal-strong underline underline-offset-4">
                browse all products
              </Link>
              .
            </p>
          </div>
          {suggestions.length > 0 && (
            <section aria-labelledby="search-suggestions" className="flex flex-col gap-5">
              <h2 id="search-suggestions" className="text-2xl font-bold">
                Our best sellers
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

      {!query && (
        <p className="text-brand-cool-gray">
          Type a product name, a colour or a category — for example “bàn chải”, “hồng” or “combo”.
        </p>
      )}
    </div>
  );
}
