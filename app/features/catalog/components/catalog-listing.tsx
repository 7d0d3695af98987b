import { LayoutGrid, List, SlidersHorizontal } from "~/components/ui/icons";
import { lazy, Suspense, useId, useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { useOpenedOnce } from "~/components/ui/use-opened-once";
import { useI18n } from "~/lib/i18n/i18n-context";
import type { CatalogFacets, ProductSummary } from "../catalog-types";
import {
  countActiveFilters,
  filterParams,
  parseCatalogQuery,
  restrictToCatalog,
  serializeCatalogQuery,
  sortKeys,
  sortLabels,
  type CatalogFilters,
  type CatalogView,
} from "../catalog.schema";
import { CurrencySwitch } from "./currency-switch";
import { FilterChips } from "./filter-chips";
import { clearedSearch, FilterPanel } from "./filter-panel";
import { ProductCard } from "./product-card";

const loadFilterDrawer = () => import("./filter-drawer");
const FilterDrawer = lazy(() => loadFilterDrawer().then((module) => ({ default: module.FilterDrawer })));

export interface CatalogListingProps {
  products: ProductSummary[];
  facets: CatalogFacets;
  filters: CatalogFilters;
  view: CatalogView;
  /** shop: side panel on desktop, drawer on phones. collection: a Filter button opens the drawer everywhere, plus a view toggle. */
  variant: "shop" | "collection";
}

/** The filters as they will be once the pending navigation lands (checkboxes respond at once). */
function usePendingFilters(filters: CatalogFilters, facets: CatalogFacets): CatalogFilters {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.location && navigation.location.pathname === location.pathname) {
    const next = parseCatalogQuery(new URLSearchParams(navigation.location.search));
    return restrictToCatalog(next, facets.options, facets.priceBounds);
  }
  return filters;
}

export function CatalogListing({ products, facets, filters: loadedFilters, view, variant }: CatalogListingProps) {
  const filters = usePendingFilters(loadedFilters, facets);
  const { t } = useI18n();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerMounted = useOpenedOnce(drawerOpen);
  const active = countActiveFilters(filters);
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;

  const panel = (onDone?: () => void) => (
    <FilterPanel
      facets={facets}
      filters={filters}
      bounds={facets.priceBounds}
      view={view}
      onDone={onDone}
      resultCount={products.length}
    />
  );

  return (
    <div className={cn("grid gap-8", variant === "shop" && "lg:grid-cols-[16rem_1fr] xl:grid-cols-[18rem_1fr]")}>
      {variant === "shop" && (
        <aside className="hidden lg:block" aria-label={t("catalog.listing.filters")}>
          <div className="sticky top-28 max-h-[calc(100dvh-8rem)] overflow-y-auto pr-2 pb-6">{panel()}</div>
        </aside>
      )}

      <section aria-label={t("catalog.listing.products")} className="flex min-w-0 flex-col gap-5">
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="outline"
            size="sm"
            className={cn(variant === "shop" && "lg:hidden")}
            onClick={() => setDrawerOpen(true)}
            onPointerEnter={loadFilterDrawer}
            aria-haspopup="dialog"
          >
            <SlidersHorizontal className="size-4" aria-hidden="true" />
            {t("catalog.listing.filter")}
            {active > 0 && (
              <span className="ml-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-teal-strong px-1 text-[11px] font-bold text-white">
                <span className="sr-only">{t("catalog.listing.activeFilters")}</span>
                {active}
              </span>
            )}
          </Button>
          <p className="text-sm text-brand-cool-gray" aria-live="polite">
            {t("catalog.listing.count", { count: products.length })}
          </p>
          <div className="flex w-full items-center justify-end gap-2 sm:ml-auto sm:w-auto">
            <CurrencySwitch className="mr-auto sm:hidden" />
            {variant === "collection" && <ViewToggle view={view} />}
            <SortSelect filters={filters} view={view} />
          </div>
        </div>

        <FilterChips filters={filters} facets={facets} view={view} />

        {products.length === 0 ? (
          <div className="flex flex-col items-center gap-4 rounded-3xl bg-brand-white px-6 py-16 text-center">
            <h2 className="text-xl font-bold">{t("catalog.listing.emptyTitle")}</h2>
            <p className="max-w-md text-brand-cool-gray">{t("catalog.listing.emptyText")}</p>
            <Button asChild>
              <Link to={{ pathname: location.pathname, search: clearedSearch(filters, view) }} preventScrollReset>
                {t("catalog.listing.clearFilters")}
              </Link>
            </Button>
          </div>
        ) : (
          <ul
            className={cn(
              "grid gap-4 transition-opacity md:gap-6",
              view === "list"
                ? "grid-cols-1"
                : variant === "collection"
                  ? "grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
                  : "grid-cols-2 xl:grid-cols-3",
              loading && "opacity-60",
            )}
            data-testid="product-grid"
            data-view={view}
          >
            {products.map((product, index) => (
              <li key={product.id}>
                <ProductCard
                  product={product}
                  layout={view}
                  eager={index < 4}
                  headingLevel="h2"
                  colours={loadedFilters.colors}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      {drawerMounted && (
        <Suspense fallback={null}>
          <FilterDrawer open={drawerOpen} onOpenChange={setDrawerOpen}>
            {panel(() => setDrawerOpen(false))}
          </FilterDrawer>
        </Suspense>
      )}
    </div>
  );
}

function ViewToggle({ view }: { view: CatalogView }) {
  const location = useLocation();
  const { t } = useI18n();
  const hrefFor = (next: CatalogView) => {
    const params = new URLSearchParams(location.search);
    if (next === "list") params.set(filterParams.view, "list");
    else params.delete(filterParams.view);
    const query = params.toString();
    return { pathname: location.pathname, search: query ? `?${query}` : "" };
  };
  const item = (value: CatalogView, label: string, Icon: typeof List) => (
    <Link
      to={hrefFor(value)}
      // Replaced, unlike filters: the view changes how, not which, products show; Back leaves the listing.
      replace
      preventScrollReset
      aria-label={label}
      aria-current={view === value ? "true" : undefined}
      className={cn(
        "inline-flex size-10 items-center justify-center rounded-full",
        view === value ? "bg-brand-charcoal text-white" : "text-brand-charcoal hover:bg-brand-charcoal/5",
      )}
    >
      <Icon className="size-5" aria-hidden="true" />
    </Link>
  );
  return (
    <div
      className="flex items-center rounded-full border border-brand-charcoal/15 p-0.5"
      role="group"
      aria-label={t("catalog.listing.view")}
    >
      {item("grid", t("catalog.listing.gridView"), LayoutGrid)}
      {item("list", t("catalog.listing.listView"), List)}
    </div>
  );
}

function SortSelect({ filters, view }: { filters: CatalogFilters; view: CatalogView }) {
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useI18n();
  const hidden = serializeCatalogQuery({ ...filters, sort: "featured" }, view);
  return (
    <Form method="get" action={location.pathname} className="flex min-w-0 items-center gap-2">
      {[...hidden.entries()].map(([key, value], index) => (
        <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor={id} className="sr-only text-sm font-medium whitespace-nowrap sm:not-sr-only">
        {t("catalog.listing.sortBy")}
      </label>
      <select
        id={id}
        name={filterParams.sort}
        value={filters.sort}
        onChange={(event) => {
          const params = serializeCatalogQuery(
            { ...filters, sort: event.target.value as CatalogFilters["sort"] },
            view,
          );
          const query = params.toString();
          // Replaced, unlike filters: the order changes how, not which, products show.
          navigate(
            { pathname: location.pathname, search: query ? `?${query}` : "" },
            { replace: true, preventScrollReset: true },
          );
        }}
        className="h-10 max-w-44 min-w-0 rounded-full border border-brand-charcoal/20 bg-white pr-8 pl-4 text-sm font-medium sm:max-w-none"
      >
        {sortKeys.map((key) => (
          <option key={key} value={key}>
            {t(sortLabels[key])}
          </option>
        ))}
      </select>
      <noscript>
        <Button type="submit" size="sm" variant="outline">
          {t("catalog.listing.apply")}
        </Button>
      </noscript>
    </Form>
  );
}
