import { and, asc, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { categories, products, storeLocations, type Category, type ProductColor } from "~/db/schema";
import { inLocale } from "~/lib/i18n/translated";
import { localeOfPath, type Locale } from "~/lib/i18n/locale";
import type { Db } from "~/server/db.server";
import { vietnameseOrder } from "~/server/vietnamese-order.server";
import {
  countActiveFilters,
  emptyFilters,
  parseCatalogQuery,
  parseView,
  restrictToCatalog,
  roundPriceBounds,
  type CatalogFilters,
  type FacetOptions,
  type PriceBounds,
  type SortKey,
} from "./catalog.schema";
import type { CatalogFacets, CategoryInfo, FacetCount, ProductSummary, StoreLocationInfo } from "./catalog-types";
import {
  cached,
  shopColumns,
  hasColorSql,
  listed,
  listedInStockSql,
  nameIn,
  priceMaxSql,
  priceSql,
  soldCountSql,
  summaryColumns,
  toSummary,
} from "./catalog.server";
import { colorLabelsIn } from "./search-text";

// The listing pages' reads (/shop, /collections/:category, their /en twins): products filtered
// and sorted, facets, categories, price bounds, and the shops (/stores).

/**
 * What a listing page (/shop, /collections/:category, and their /en twins) loads for a URL, in
 * the URL's language: filters parsed and checked against the catalogue, products, facets.
 */
export async function loadListing(db: Db, url: URL, categorySlug?: string) {
  const locale = localeOfPath(url.pathname);
  // The URL is checked against every option of the listing; the counts then follow its filters.
  const listing = await getCatalogFacets(db, categorySlug, locale);
  const filters = restrictToCatalog(parseCatalogQuery(url.searchParams), facetOptions(listing), listing.priceBounds);
  const [facets, products] = await Promise.all([
    getCatalogFacets(db, categorySlug, locale, filters),
    listProducts(db, filters, { categorySlug, locale }),
  ]);
  return { facets, filters, products, view: parseView(url.searchParams) };
}

/** An array column a facet counts. */
type ArrayColumn = typeof products.features | typeof products.useCases | typeof products.materials;

type FilterGroup = "availability" | "price" | "colors" | "features" | "useCases" | "materials" | "bestsellers";

/** The conditions of the active filters, leaving out group `except` (a facet's count ignores its own group). */
function filterConditions(filters: CatalogFilters, except?: FilterGroup): SQL[] {
  const conditions: SQL[] = [];
  const add = (group: FilterGroup, condition: SQL) => {
    if (group !== except) conditions.push(condition);
  };
  if (filters.availability === "in-stock") add("availability", listedInStockSql);
  if (filters.availability === "out-of-stock") add("availability", sql`not ${listedInStockSql}`);
  if (filters.min !== null) add("price", gte(priceSql, filters.min));
  if (filters.max !== null) add("price", lte(priceSql, filters.max));
  if (filters.colors.length > 0) add("colors", hasColorSql(filters.colors));
  if (filters.features.length > 0) add("features", arrayOverlap(products.features, filters.features));
  if (filters.useCases.length > 0) add("useCases", arrayOverlap(products.useCases, filters.useCases));
  if (filters.materials.length > 0) add("materials", arrayOverlap(products.materials, filters.materials));
  if (filters.bestsellers) add("bestsellers", eq(products.isBestSeller, true));
  return conditions;
}

/** column && array[$1, $2, …] (one bound parameter per value, the same on PGlite and node-postgres). */
function arrayOverlap(column: ArrayColumn, values: string[]): SQL {
  return sql`${column} && array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

function orderBy(sort: SortKey, locale: Locale): SQL[] {
  switch (sort) {
    case "price-low-high":
      return [asc(priceSql), asc(products.id)];
    case "price-high-low":
      return [desc(priceSql), asc(products.id)];
    case "newest":
      return [desc(products.createdAt), desc(products.id)];
    case "best-selling":
      return [desc(soldCountSql), asc(products.id)];
    case "name-a-z":
      return [...vietnameseOrder(nameIn(locale), "asc"), asc(products.id)];
    case "name-z-a":
      return [...vietnameseOrder(nameIn(locale), "desc"), desc(products.id)];
    case "featured":
      return [desc(products.isFeatured), asc(categories.displayOrder), desc(products.createdAt), asc(products.id)];
  }
}

export interface ListProductsOptions {
  /** Only this category's products (by slug). */
  categorySlug?: string;
  limit?: number;
  locale?: Locale;
}

/** Active products of active categories, filtered and sorted in SQL, each with its cover image. */
export function listProducts(
  db: Db,
  filters: CatalogFilters = emptyFilters,
  options: ListProductsOptions = {},
): Promise<ProductSummary[]> {
  const locale = options.locale ?? "vi";
  const key = `list:${locale}:${JSON.stringify([filters, options.categorySlug ?? null, options.limit ?? null])}`;
  return cached(db, key, async () => {
    const conditions = [listed, ...filterConditions(filters)];
    if (options.categorySlug !== undefined) conditions.push(eq(categories.slug, options.categorySlug));
    const query = db
      .select(summaryColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(...conditions))
      .orderBy(...orderBy(filters.sort, locale));
    const rows = options.limit ? await query.limit(options.limit) : await query;
    return rows.map(toSummary(locale));
  });
}

const categoryColumns = {
  id: categories.id,
  slug: categories.slug,
  name: categories.name,
  description: categories.description,
  image: categories.image,
  translations: categories.translations,
};

function toCategoryInfo(locale: Locale) {
  return ({ translations, ...row }: CategoryInfo & Pick<Category, "translations">): CategoryInfo =>
    inLocale(row, translations, locale);
}

/** An active category by slug, or null. */
export function getCategory(db: Db, slug: string, locale: Locale = "vi"): Promise<CategoryInfo | null> {
  return cached(db, `category:${locale}:${slug}`, async () => {
    const [row] = await db
      .select(categoryColumns)
      .from(categories)
      .where(and(eq(categories.slug, slug), eq(categories.isActive, true)))
      .limit(1);
    return row ? toCategoryInfo(locale)(row) : null;
  });
}

/** The shops buyers can visit (/stores), active ones in display order (then by name). */
export function listStoreLocations(db: Db): Promise<StoreLocationInfo[]> {
  return cached(db, "stores", () =>
    db
      .select({ id: storeLocations.id, ...shopColumns })
      .from(storeLocations)
      .where(eq(storeLocations.isActive, true))
      .orderBy(asc(storeLocations.displayOrder), ...vietnameseOrder(sql`${storeLocations.name}`, "asc")),
  );
}

/** Active categories in display order (then by name, in Vietnamese order). */
export function listCategories(db: Db, locale: Locale = "vi"): Promise<CategoryInfo[]> {
  return cached(db, `categories:${locale}`, async () => {
    const rows = await db
      .select(categoryColumns)
      .from(categories)
      .where(eq(categories.isActive, true))
      .orderBy(asc(categories.displayOrder), ...vietnameseOrder(sql`${categories.name}`, "asc"));
    return rows.map(toCategoryInfo(locale));
  });
}

/** The lowest and highest listed price (of a category, or the whole catalogue; variants' prices for a product with variants), rounded out to 10,000 đ. */
export function getPriceBounds(db: Db, categorySlug?: string): Promise<PriceBounds> {
  return cached(db, `bounds:${categorySlug ?? ""}`, async () => {
    const conditions = [listed];
    if (categorySlug !== undefined) conditions.push(eq(categories.slug, categorySlug));
    const [row] = await db
      .select({ min: sql<string | null>`min(${priceSql})`, max: sql<string | null>`max(${priceMaxSql})` })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(...conditions));
    return roundPriceBounds(row?.min == null ? null : Number(row.min), row?.max == null ? null : Number(row.max));
  });
}

/**
 * The filter options of a listing with how many products carry each, and its price bounds (the
 * whole listing's). With active filters the counts follow them as in disjunctive faceting: an
 * option's count is of the products matching every active filter of the other groups plus that
 * option (its own group's selection is ignored, values within a group being OR'ed); options
 * counting 0 are left out unless selected (so they can be unticked). `options` always holds every
 * value of the listing.
 */
export async function getCatalogFacets(
  db: Db,
  categorySlug?: string,
  locale: Locale = "vi",
  filters: CatalogFilters = emptyFilters,
): Promise<CatalogFacets> {
  const listing = await listingFacets(db, categorySlug, locale);
  if (countActiveFilters(filters) === 0) return listing;
  const counts = await facetCounts(db, categorySlug, filters);
  // Within a group, the largest count first (a group's order changes only with the other groups' filters).
  const follow = (options: FacetCount[], count: Map<string, number>, selected: string[], byCount = true) => {
    const followed = options
      .map((option) => ({ ...option, count: count.get(option.value) ?? 0 }))
      .filter((option) => option.count > 0 || selected.includes(option.value));
    return byCount ? followed.sort((a, b) => b.count - a.count) : followed;
  };
  return {
    ...listing,
    // Colours keep their fixed order (a swatch row).
    colors: follow(listing.colors, counts.colors, filters.colors, false),
    features: follow(listing.features, counts.features, filters.features),
    useCases: follow(listing.useCases, counts.useCases, filters.useCases),
    materials: follow(listing.materials, counts.materials, filters.materials),
    availability: counts.availability,
  };
}

function listingWhere(categorySlug: string | undefined): SQL[] {
  const conditions = [listed];
  if (categorySlug !== undefined) conditions.push(eq(categories.slug, categorySlug));
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/** Counts of each value of an array column over the listed products matching `conditions`, the largest first. */
async function countArrayValues(db: Db, column: ArrayColumn, conditions: SQL[]) {
  const value = sql<string>`unnest(${column})`.as("value");
  const sub = db
    .select({ value })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...conditions))
    .as("facet");
  const rows = await db
    .select({ value: sub.value, count: sql<number>`count(*)::int` })
    .from(sub)
    .groupBy(sub.value)
    .orderBy(desc(sql`count(*)`), ...vietnameseOrder(sql`${sub.value}`, "asc"));
  return rows.map((r) => ({ value: r.value, count: Number(r.count) }));
}

/** The availability group's counts from a row of `count(*) filter (…)` columns (numbers or numeric strings). */
function availabilityCounts(row: { inStock?: unknown; outOfStock?: unknown; bestSellers?: unknown } | undefined) {
  return {
    inStock: Number(row?.inStock ?? 0),
    outOfStock: Number(row?.outOfStock ?? 0),
    bestSellers: Number(row?.bestSellers ?? 0),
  };
}

interface FacetCounts {
  colors: Map<string, number>;
  features: Map<string, number>;
  useCases: Map<string, number>;
  materials: Map<string, number>;
  availability: CatalogFacets["availability"];
}

/**
 * The disjunctive counts for a filter state: one query for colours, availability and best sellers
 * (a `count(*) filter (where …)` column each) and one per array group. Cached by what they depend
 * on: the category and the filters but the sort (not the language: labels come from the listing).
 */
function facetCounts(db: Db, categorySlug: string | undefined, filters: CatalogFilters): Promise<FacetCounts> {
  const { sort: _sort, ...counted } = filters;
  return cached(db, `facet-counts:${categorySlug ?? ""}:${JSON.stringify(counted)}`, async () => {
    const where = and(...listingWhere(categorySlug));
    /** `count(*)` of the rows matching `option` and every active filter but those of `group`. */
    const countOf = (group: FilterGroup, option: SQL) =>
      sql<number>`count(*) filter (where ${and(option, ...filterConditions(filters, group))})::int`;
    const colorValues = Object.keys(colorLabelsIn("vi")) as ProductColor[];
    const columns: Record<string, SQL<number>> = {
      ...Object.fromEntries(colorValues.map((color) => [color, countOf("colors", hasColorSql([color]))])),
      inStock: countOf("availability", listedInStockSql),
      outOfStock: countOf("availability", sql`not ${listedInStockSql}`),
      bestSellers: countOf("bestsellers", eq(products.isBestSeller, true)),
    };
    const arrayCounts = async (group: "features" | "useCases" | "materials", column: ArrayColumn) =>
      new Map(
        (await countArrayValues(db, column, [...listingWhere(categorySlug), ...filterConditions(filters, group)])).map(
          (r) => [r.value, r.count],
        ),
      );
    const [[row], features, useCases, materials] = await Promise.all([
      db
        .select(columns)
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(where),
      arrayCounts("features", products.features),
      arrayCounts("useCases", products.useCases),
      arrayCounts("materials", products.materials),
    ]);
    return {
      colors: new Map(colorValues.map((color) => [color as string, Number(row?.[color] ?? 0)])),
      features,
      useCases,
      materials,
      availability: availabilityCounts(row),
    };
  });
}

/** The listing's own facets, whatever the filters (cached per listing and language). */
function listingFacets(db: Db, categorySlug: string | undefined, locale: Locale): Promise<CatalogFacets> {
  return cached(db, `facets:${locale}:${categorySlug ?? ""}`, async () => {
    const where = and(...listingWhere(categorySlug));
    // The value stays the Vietnamese text (it is what the URL filters by); the label is its English
    // text on the English site: the same position in a product's English list.
    const englishLabels = new Map<string, string>();
    if (locale === "en") {
      const rows = await db
        .select({
          translations: products.translations,
          features: products.features,
          useCases: products.useCases,
          materials: products.materials,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(where);
      for (const row of rows) {
        for (const field of ["features", "useCases", "materials"] as const) {
          const english = row.translations.en?.[field] ?? [];
          row[field].forEach((value, i) => {
            if (english[i]?.trim() && !englishLabels.has(value)) englishLabels.set(value, english[i]);
          });
        }
      }
    }
    const arrayFacet = async (column: ArrayColumn): Promise<FacetCount[]> =>
      (await countArrayValues(db, column, listingWhere(categorySlug))).map((r) => ({
        value: r.value,
        label: englishLabels.get(r.value) ?? r.value,
        count: r.count,
      }));
    const colorLabels = colorLabelsIn(locale);
    const colorValues = Object.keys(colorLabels) as ProductColor[];
    // A product counts under each colour it or one of its active variants has.
    const colorCounts = Object.fromEntries(
      colorValues.map((color) => [color, sql<number>`count(*) filter (where ${hasColorSql([color])})::int`]),
    );
    const [[colorRow], features, useCases, materials, [counts], priceBounds] = await Promise.all([
      db.select(colorCounts).from(products).innerJoin(categories, eq(categories.id, products.categoryId)).where(where),
      arrayFacet(products.features),
      arrayFacet(products.useCases),
      arrayFacet(products.materials),
      db
        .select({
          inStock: sql<number>`count(*) filter (where ${listedInStockSql})::int`,
          outOfStock: sql<number>`count(*) filter (where not ${listedInStockSql})::int`,
          bestSellers: sql<number>`count(*) filter (where ${products.isBestSeller})::int`,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(where),
      getPriceBounds(db, categorySlug),
    ]);
    const colors = colorValues
      .map((color) => ({ value: color as string, label: colorLabels[color], count: Number(colorRow?.[color] ?? 0) }))
      .filter((facet) => facet.count > 0);
    return {
      colors,
      features,
      useCases,
      materials,
      availability: availabilityCounts(counts),
      priceBounds,
      options: {
        colors: colors.map((f) => f.value),
        features: features.map((f) => f.value),
        useCases: useCases.map((f) => f.value),
        materials: materials.map((f) => f.value),
      },
    };
  });
}

/** Every option value of the listing, whatever the filters (for restrictToCatalog). */
export function facetOptions(facets: CatalogFacets): FacetOptions {
  return facets.options;
}

