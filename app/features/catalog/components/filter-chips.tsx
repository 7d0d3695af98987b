import { X } from "~/components/ui/icons";
import { Link, useLocation } from "react-router";
import { useI18n, type StoreMessageKey } from "~/lib/i18n/i18n-context";
import { formatVnd } from "~/lib/money";
import type { CatalogFacets, FacetCount } from "../catalog-types";
import {
  availabilityLabels,
  serializeCatalogQuery,
  type CatalogFilters,
  type CatalogView,
} from "../catalog.schema";
import { clearedSearch } from "./filter-panel";

interface Chip {
  key: string;
  text: string;
  /** The filters without this one. */
  without: CatalogFilters;
}

/**
 * One removable chip per active filter, each a plain link to the listing without it (works without
 * JavaScript, and Back brings the filter back), then "Clear all".
 */
export function FilterChips({
  filters,
  facets,
  view,
}: {
  filters: CatalogFilters;
  facets: CatalogFacets;
  view: CatalogView;
}) {
  const { t } = useI18n();
  const location = useLocation();
  const labelOf = (options: FacetCount[], value: string) => options.find((o) => o.value === value)?.label ?? value;

  const chips: Chip[] = [];
  if (filters.availability) {
    chips.push({
      key: "availability",
      text: t(availabilityLabels[filters.availability]),
      without: { ...filters, availability: null },
    });
  }
  if (filters.bestsellers) {
    chips.push({ key: "bestsellers", text: t("catalog.filters.bestSellers"), without: { ...filters, bestsellers: false } });
  }
  if (filters.min !== null || filters.max !== null) {
    const min = filters.min === null ? "" : formatVnd(filters.min);
    const max = filters.max === null ? "" : formatVnd(filters.max);
    const key: StoreMessageKey =
      filters.min === null ? "catalog.chips.priceTo" : filters.max === null ? "catalog.chips.priceFrom" : "catalog.chips.priceRange";
    chips.push({ key: "price", text: t(key, { min, max }), without: { ...filters, min: null, max: null } });
  }
  const group = <K extends "colors" | "features" | "useCases" | "materials">(field: K, label: StoreMessageKey) => {
    for (const value of filters[field]) {
      chips.push({
        key: `${field}:${value}`,
        text: t(label, { value: labelOf(facets[field], value) }),
        without: { ...filters, [field]: (filters[field] as string[]).filter((v) => v !== value) },
      });
    }
  };
  group("colors", "catalog.chips.colour");
  group("features", "catalog.chips.feature");
  group("useCases", "catalog.chips.useCase");
  group("materials", "catalog.chips.material");
  if (chips.length === 0) return null;

  const searchOf = (next: CatalogFilters) => {
    const query = serializeCatalogQuery(next, view).toString();
    return query ? `?${query}` : "";
  };
  const chipClass =
    "inline-flex min-h-10 items-center gap-1.5 rounded-full border border-brand-charcoal/15 bg-white px-3 text-sm font-medium hover:border-brand-charcoal/40";
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label={t("catalog.chips.label")} data-testid="filter-chips">
      {chips.map((chip) => (
        <li key={chip.key}>
          <Link
            to={{ pathname: location.pathname, search: searchOf(chip.without) }}
            preventScrollReset
            // The visible text is in the name (label in name), after what the link does.
            aria-label={t("catalog.chips.remove", { label: chip.text })}
            className={chipClass}
          >
            {chip.text}
            <X className="size-4" aria-hidden="true" />
          </Link>
        </li>
      ))}
      <li>
        <Link
          to={{ pathname: location.pathname, search: clearedSearch(filters, view) }}
          preventScrollReset
          className="inline-flex min-h-10 items-center rounded-full px-2 text-sm font-bold text-brand-teal-strong underline-offset-4 hover:underline"
        >
          {t("catalog.chips.clearAll")}
        </Link>
      </li>
    </ul>
  );
}
