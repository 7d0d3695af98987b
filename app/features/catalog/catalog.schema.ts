/**
 * The storefront's filter and sort state, as it lives in the URL (safe in the browser):
 * /shop?availability=in-stock&min=100000&max=900000&color=blue&color=pink&feature=…&use=…
 * &material=…&filter=bestsellers&sort=price-low-high
 *
 * Parsing never throws: unknown or malformed values are ignored, so a hand-edited URL still
 * renders the listing (never a 500).
 */
import type { ProductColor } from "~/db/schema/catalog";
import type { StoreMessageKey } from "~/lib/i18n/i18n-context";

/** The colours a product can have (the schema's check constraint; kept here so the browser bundle needs no drizzle). */
export const productColors: readonly ProductColor[] = ["white", "black", "blue", "pink"];

export const sortKeys = [
  "featured",
  "price-low-high",
  "price-high-low",
  "newest",
  "best-selling",
  "name-a-z",
  "name-z-a",
] as const;
export type SortKey = (typeof sortKeys)[number];
export const DEFAULT_SORT: SortKey = "featured";

/** Each sort option labelled for what it does (SPEC's collection labels were swapped; PRODUCT.md: make them work). */
export const sortLabels: Record<SortKey, StoreMessageKey> = {
  featured: "catalog.sort.featured",
  "price-low-high": "catalog.sort.priceLowHigh",
  "price-high-low": "catalog.sort.priceHighLow",
  newest: "catalog.sort.newest",
  "best-selling": "catalog.sort.bestSelling",
  "name-a-z": "catalog.sort.nameAZ",
  "name-z-a": "catalog.sort.nameZA",
};

/** Spellings seen in SPEC and older links, mapped to our keys. */
const sortAliases: Record<string, SortKey> = { bestselling: "best-selling", "best-sellers": "best-selling" };

export const availabilityValues = ["in-stock", "out-of-stock"] as const;
export type Availability = (typeof availabilityValues)[number];

export const availabilityLabels: Record<Availability, StoreMessageKey> = {
  "in-stock": "catalog.filters.inStock",
  "out-of-stock": "catalog.filters.outOfStock",
};

export type CatalogView = "grid" | "list";

export interface CatalogFilters {
  /** null: both in- and out-of-stock products. */
  availability: Availability | null;
  /** Inclusive bounds in whole đồng; null when not set. */
  min: number | null;
  max: number | null;
  colors: ProductColor[];
  features: string[];
  useCases: string[];
  materials: string[];
  /** SPEC: ?filter=bestsellers shows the best sellers only. */
  bestsellers: boolean;
  sort: SortKey;
}

export const emptyFilters: CatalogFilters = {
  availability: null,
  min: null,
  max: null,
  colors: [],
  features: [],
  useCases: [],
  materials: [],
  bestsellers: false,
  sort: DEFAULT_SORT,
};

/** URL parameter names. */
export const filterParams = {
  availability: "availability",
  min: "min",
  max: "max",
  color: "color",
  feature: "feature",
  use: "use",
  material: "material",
  filter: "filter",
  sort: "sort",
  view: "view",
} as const;

const MAX_VALUES = 20;
const MAX_VALUE_LENGTH = 100;
const MAX_PRICE = 1_000_000_000_000;

/** "100000", "100.000", "100 000 ₫" → 100000; anything else → null. */
export function parsePrice(raw: string | null | undefined): number | null {
  if (raw == null) return null;
  const digits = raw.replace(/[\s.,₫đ]/gi, "");
  if (!/^\d{1,13}$/.test(digits)) return null;
  const value = Number(digits);
  return value <= MAX_PRICE ? value : null;
}

function textValues(params: URLSearchParams, name: string): string[] {
  const values: string[] = [];
  for (const raw of params.getAll(name)) {
    const value = raw.trim();
    if (value === "" || value.length > MAX_VALUE_LENGTH || values.includes(value)) continue;
    values.push(value);
    if (values.length >= MAX_VALUES) break;
  }
  return values;
}

function isColor(value: string): value is ProductColor {
  return (productColors as readonly string[]).includes(value);
}

export function parseSort(raw: string | null | undefined): SortKey {
  if (!raw) return DEFAULT_SORT;
  const value = raw.trim().toLowerCase();
  if ((sortKeys as readonly string[]).includes(value)) return value as SortKey;
  // Own keys only: "__proto__" or "constructor" would find Object's, not an alias.
  return Object.hasOwn(sortAliases, value) ? sortAliases[value] : DEFAULT_SORT;
}

export function parseView(params: URLSearchParams): CatalogView {
  return params.get(filterParams.view) === "list" ? "list" : "grid";
}

/** The filter and sort state of a listing URL. Invalid values are dropped. */
export function parseCatalogQuery(params: URLSearchParams): CatalogFilters {
  const availabilities = new Set(
    params
      .getAll(filterParams.availability)
      .filter((v): v is Availability => (availabilityValues as readonly string[]).includes(v)),
  );
  // Both boxes ticked means "either": no filter.
  const availability = availabilities.size === 1 ? [...availabilities][0] : null;

  let min = parsePrice(params.get(filterParams.min));
  let max = parsePrice(params.get(filterParams.max));
  if (min !== null && max !== null && min > max) [min, max] = [max, min];

  const colors: ProductColor[] = [];
  for (const value of params.getAll(filterParams.color)) {
    const color = value.trim().toLowerCase();
    if (isColor(color) && !colors.includes(color)) colors.push(color);
  }

  return {
    availability,
    min,
    max,
    colors,
    features: textValues(params, filterParams.feature),
    useCases: textValues(params, filterParams.use),
    materials: textValues(params, filterParams.material),
    bestsellers: params.getAll(filterParams.filter).includes("bestsellers"),
    sort: parseSort(params.get(filterParams.sort)),
  };
}

/** The URL parameters of a filter state; defaults are left out so URLs stay short. */
export function serializeCatalogQuery(filters: CatalogFilters, view: CatalogView = "grid"): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.availability) params.set(filterParams.availability, filters.availability);
  if (filters.min !== null) params.set(filterParams.min, String(filters.min));
  if (filters.max !== null) params.set(filterParams.max, String(filters.max));
  for (const color of filters.colors) params.append(filterParams.color, color);
  for (const feature of filters.features) params.append(filterParams.feature, feature);
  for (const use of filters.useCases) params.append(filterParams.use, use);
  for (const material of filters.materials) params.append(filterParams.material, material);
  if (filters.bestsellers) params.set(filterParams.filter, "bestsellers");
  if (filters.sort !== DEFAULT_SORT) params.set(filterParams.sort, filters.sort);
  if (view === "list") params.set(filterParams.view, "list");
  return params;
}

export interface PriceBounds {
  min: number;
  max: number;
}

export const PRICE_STEP = 10_000;

/** The catalogue's lowest and highest price rounded out to 10,000 đ steps. */
export function roundPriceBounds(lowest: number | null, highest: number | null): PriceBounds {
  if (lowest === null || highest === null) return { min: 0, max: 0 };
  return {
    min: Math.floor(lowest / PRICE_STEP) * PRICE_STEP,
    max: Math.ceil(highest / PRICE_STEP) * PRICE_STEP,
  };
}

export interface FacetOptions {
  colors: string[];
  features: string[];
  useCases: string[];
  materials: string[];
}

/**
 * The filters with values no product offers removed (a stale or hand-edited link), and price
 * bounds equal to the catalogue's own dropped (they filter nothing).
 */
export function restrictToCatalog(filters: CatalogFilters, facets: FacetOptions, bounds: PriceBounds): CatalogFilters {
  return {
    ...filters,
    colors: filters.colors.filter((v) => facets.colors.includes(v)),
    features: filters.features.filter((v) => facets.features.includes(v)),
    useCases: filters.useCases.filter((v) => facets.useCases.includes(v)),
    materials: filters.materials.filter((v) => facets.materials.includes(v)),
    min: filters.min !== null && filters.min > bounds.min ? filters.min : null,
    max: filters.max !== null && filters.max < bounds.max ? filters.max : null,
  };
}

/** How many filters are set (the badge on the Filter button). Sort is not a filter. */
export function countActiveFilters(filters: CatalogFilters): number {
  return (
    (filters.availability ? 1 : 0) +
    (filters.min !== null || filters.max !== null ? 1 : 0) +
    filters.colors.length +
    filters.features.length +
    filters.useCases.length +
    filters.materials.length +
    (filters.bestsellers ? 1 : 0)
  );
}

/** SPEC §2's other names of the seeded collections: their addresses lead to the collection (when no category has that slug). */
export const collectionAliases: Readonly<Record<string, string>> = { tablets: "sterilizers", "gift-boxes": "bundles" };

/** SPEC §2 collection headings (the catalogue key of): sterilizers/tablets → UVC STERILIZERS, accessories → ACCESSORIES, gift-boxes/bundles → BUNDLE DEALS. */
export function collectionHeading(categorySlug: string): StoreMessageKey {
  switch (categorySlug) {
    case "accessories":
      return "catalog.collection.accessories";
    case "gift-boxes":
    case "bundles":
      return "catalog.collection.bundles";
    default:
      return "catalog.collection.sterilizers";
  }
}
