import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import {
  categories,
  hasVariantsSql,
  productImages,
  products,
  storeLocations,
  storeStock,
  type Category,
  type Product,
  type ProductColor,
} from "~/db/schema";
import { imageAltIn, inLocale, type ImageAlts } from "~/lib/i18n/translated";
import type { Locale } from "~/lib/i18n/locale";
import { normalizeSearch } from "~/lib/text";
import type { Db } from "~/server/db.server";
import { vietnameseOrder } from "~/server/vietnamese-order.server";
import { changedContentPage, onStorefrontChange } from "~/server/storefront-events.server";
import {
  countActiveFilters,
  emptyFilters,
  roundPriceBounds,
  type CatalogFilters,
  type FacetOptions,
  type PriceBounds,
  type SortKey,
} from "./catalog.schema";
import { colorLabelsIn } from "./search-text";

export type { CatalogFilters, PriceBounds, SortKey } from "./catalog.schema";

/** Catalogue reads are cached in-process for 5 minutes, like page content; admins drop the cache when they save. */
export const CATALOG_CACHE_TTL_MS = 300_000;
/** Distinct cached queries kept per database (filter combinations come from URLs: bounded). */
const MAX_CACHE_ENTRIES = 500;

interface CacheEntry {
  generation: number;
  expiresAt: number;
  value: Promise<unknown>;
}

const cache = new WeakMap<Db, Map<string, CacheEntry>>();
let generation = 0;

/** Drops every cached catalogue read (call after saving a product, category, image or store stock). */
export function invalidateCatalogCache(): void {
  generation += 1;
}

// Every storefront change but a content page's can show in catalogue reads.
onStorefrontChange((change) => {
  if (changedContentPage(change) === null) invalidateCatalogCache();
});

function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  let entries = cache.get(db);
  if (!entries) {
    entries = new Map();
    cache.set(db, entries);
  }
  const hit = entries.get(key);
  if (hit && hit.expiresAt > now && hit.generation === generation) return hit.value as Promise<T>;

  const map = entries;
  const entry: CacheEntry = {
    generation,
    expiresAt: now + CATALOG_CACHE_TTL_MS,
    value: load().catch((error: unknown) => {
      if (map.get(key) === entry) map.delete(key); // a failure is not cached
      throw error;
    }),
  };
  map.delete(key);
  map.set(key, entry);
  if (map.size > MAX_CACHE_ENTRIES) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  return entry.value as Promise<T>;
}

// ---------------------------------------------------------------------------------------------
// Shapes

export interface CatalogImage {
  url: string;
  /** In the page's language, never empty (see imageAltIn). */
  alt: string;
  width: number | null;
  height: number | null;
}

/** An image as stored, with both alt texts. */
type StoredImage = Omit<CatalogImage, "alt"> & ImageAlts;

/** An image with its alt in a language (its product's name there when the alt is empty). */
function imageIn(locale: Locale, productName: string) {
  return ({ alt, altEn, ...image }: StoredImage): CatalogImage => ({
    ...image,
    alt: imageAltIn({ alt, altEn }, productName, locale),
  });
}

/** A product as listings show it (cards, search results, recommendations). */
export interface ProductSummary {
  id: number;
  sku: string;
  slug: string;
  name: string;
  description: string;
  price: number;
  compareAtPrice: number | null;
  categorySlug: string;
  categoryName: string;
  color: ProductColor | null;
  colorHex: string | null;
  badges: string[];
  tags: string[];
  isFeatured: boolean;
  isBestSeller: boolean;
  /** A product with variants: its variants' sales summed. */
  soldCount: number;
  /** A product with variants: when any active variant is. */
  inStock: boolean;
  image: CatalogImage | null;
  /** The highest price (a product with variants: its dearest variant's; `price` is the lowest). */
  priceMax: number;
  /** A product's active variants as swatches, in position order (empty for a product without variants). */
  swatches: Swatch[];
}

/** A variant as a listing card shows it: a colour dot named by its label. */
export interface Swatch {
  id: number;
  /** In the page's language. */
  label: string;
  colorHex: string | null;
}

/** A variant as the product page sells it (decision 0038): the sellable row, chosen by `?variant=`. */
export interface ProductVariant {
  id: number;
  sku: string;
  /** The variant row's own name in the page's language ("Máy tiệt trùng bàn chải UVC – Trắng"): cart lines read it. */
  name: string;
  /** The option value in the page's language ("Trắng"). */
  label: string;
  color: ProductColor | null;
  colorHex: string | null;
  price: number;
  compareAtPrice: number | null;
  inStock: boolean;
  stockQuantity: number;
  trackStock: boolean;
  lowStock: boolean;
  /** Its own images, or its product's when it has none. */
  images: CatalogImage[];
  availability: StoreAvailability[];
}

export interface StoreAvailability {
  storeId: number;
  name: string;
  city: string;
  address: string;
  phone: string | null;
  /** Every day, "HH:MM" (shop time). */
  opensAt: string;
  closesAt: string;
  mapUrl: string | null;
  quantity: number;
}

export interface ProductDetail extends ProductSummary {
  stockQuantity: number;
  lowStockThreshold: number;
  trackStock: boolean;
  /** Tracked, in stock and at or below the low-stock threshold: the page says "Chỉ còn N sản phẩm". */
  lowStock: boolean;
  metaTitle: string | null;
  metaDescription: string | null;
  shelfLife: string | null;
  weight: string | null;
  features: string[];
  useCases: string[];
  materials: string[];
  tabs: { details: string | null; userGuide: string | null; specifications: string | null; warnings: string | null };
  images: CatalogImage[];
  /** Active variants in position order; empty for a product sold as itself. */
  variants: ProductVariant[];
  /** The variant the page shows (its price, stock, images and availability are the page's); null without variants. */
  selectedVariantId: number | null;
  availability: StoreAvailability[];
  category: { id: number; slug: string; name: string };
}

export interface CategoryInfo {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  image: string | null;
}

export interface FacetCount {
  value: string;
  /** What shoppers read (colours: the Vietnamese name); the value otherwise. */
  label: string;
  count: number;
}

export interface CatalogFacets {
  colors: FacetCount[];
  features: FacetCount[];
  useCases: FacetCount[];
  materials: FacetCount[];
  availability: { inStock: number; outOfStock: number; bestSellers: number };
  priceBounds: PriceBounds;
  /** Every option value of the listing, whatever the filters: a URL is checked against these. */
  options: FacetOptions;
}

// ---------------------------------------------------------------------------------------------
// SQL pieces

type ArrayColumn = typeof products.features | typeof products.useCases | typeof products.materials;

/** Shown to shoppers: the product and its category are active. */
const visible = and(eq(products.isActive, true), eq(categories.isActive, true));

/** A product is in stock when it does not track stock or has some. */
const inStockSql = sql<boolean>`(not ${products.trackStock} or ${products.stockQuantity} > 0)`;

// A product's variants (decision 0038) are read by subqueries over `products v` correlated to
// the listed row: listings show products, a variant only through its product.
const activeVariantsOf = sql`from ${products} v where v.parent_id = ${products.id} and v.is_active`;

/**
 * The `products` row has variants: it is their product, never sold itself (it does not even
 * track stock). Carts and checkout refuse it with it.
 */
const hasActiveVariantsSql = sql<boolean>`exists (select 1 ${activeVariantsOf})`;

/** Listed: visible, not a variant, and not a product whose variants are all inactive (nothing to sell). */
const listed = and(visible, isNull(products.parentId), sql`(not ${hasVariantsSql} or ${hasActiveVariantsSql})`);

/** The lowest price: a product with variants, its cheapest active variant's. */
const priceSql = sql<string>`coalesce((select min(v.price) ${activeVariantsOf}), ${products.price})`;
const priceMaxSql = sql<string>`coalesce((select max(v.price) ${activeVariantsOf}), ${products.price})`;
/** The compare-at price going with the lowest price. */
const compareAtPriceSql = sql<string | null>`case when ${hasActiveVariantsSql}
  then (select v.compare_at_price ${activeVariantsOf} order by v.price, v.position, v.id limit 1)
  else ${products.compareAtPrice} end`;
const listedInStockSql = sql<boolean>`case when ${hasActiveVariantsSql}
  then exists (select 1 ${activeVariantsOf} and (not v.track_stock or v.stock_quantity > 0))
  else ${inStockSql} end`;
const soldCountSql = sql<number>`(${products.soldCount} + coalesce((select sum(v.sold_count) from ${products} v where v.parent_id = ${products.id}), 0))::int`;

interface StoredSwatch {
  id: number;
  label: string;
  labelEn: string | null;
  colorHex: string | null;
}
const swatchesSql = sql<StoredSwatch[]>`(select coalesce(json_agg(json_build_object(
    'id', v.id, 'label', v.variant_label, 'labelEn', v.translations->'en'->>'variantLabel', 'colorHex', v.color_hex
  ) order by v.position, v.id), '[]'::json) ${activeVariantsOf})`;

/** The product or one of its active variants has one of these colours. */
function hasColorSql(colors: string[]): SQL {
  const list = sql.join(
    colors.map((c) => sql`${c}`),
    sql`, `,
  );
  return sql`(${products.color} in (${list}) or exists (select 1 ${activeVariantsOf} and v.color in (${list})))`;
}

const coverImage = sql<StoredImage | null>`(
  select json_build_object('url', pi.url, 'alt', pi.alt, 'altEn', pi.alt_en, 'width', pi.width, 'height', pi.height)
  from ${productImages} pi
  where pi.product_id = ${products.id}
  order by pi.is_cover desc, pi.position asc, pi.id asc
  limit 1
)`;

const summaryColumns = {
  id: products.id,
  sku: products.sku,
  slug: products.slug,
  name: products.name,
  description: products.description,
  price: priceSql,
  priceMax: priceMaxSql,
  compareAtPrice: compareAtPriceSql,
  categorySlug: categories.slug,
  categoryName: categories.name,
  color: products.color,
  colorHex: products.colorHex,
  badges: products.badges,
  tags: products.tags,
  isFeatured: products.isFeatured,
  isBestSeller: products.isBestSeller,
  soldCount: soldCountSql,
  inStock: listedInStockSql,
  image: coverImage,
  swatches: swatchesSql,
  translations: products.translations,
  categoryTranslations: categories.translations,
};

/** The product's name in a language (its English name, or the Vietnamese where that is empty). */
function nameIn(locale: Locale): SQL {
  return locale === "en"
    ? sql`coalesce(nullif(${products.translations}->'en'->>'name', ''), ${products.name})`
    : sql`${products.name}`;
}

/** The filter groups: values within a group are OR'ed, groups AND'ed. */
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

type SummaryRow = Omit<ProductSummary, "image" | "swatches" | "price" | "priceMax" | "compareAtPrice"> &
  Pick<Product, "translations"> & {
    image: StoredImage | null;
    categoryTranslations: Category["translations"];
    swatches: StoredSwatch[];
    // Prices come from bigint columns or subqueries: strings on node-postgres.
    price: number | string;
    priceMax: number | string;
    compareAtPrice: number | string | null;
  };

/** A variant's option value in a language (the Vietnamese where the English is empty). */
function variantLabelIn(locale: Locale, label: string | null, labelEn: string | null | undefined): string {
  return (locale === "en" && labelEn?.trim() ? labelEn : label) ?? "";
}

/** A summary row in a language, its prices as numbers (bigint columns may arrive as strings). */
function toSummary(locale: Locale) {
  return ({ translations, categoryTranslations, image, swatches, ...row }: SummaryRow): ProductSummary => {
    const texts = inLocale(row, translations, locale);
    return {
      ...texts,
      image: image ? imageIn(locale, texts.name)(image) : null,
      categoryName: inLocale({ name: row.categoryName }, categoryTranslations, locale).name,
      price: Number(row.price),
      priceMax: Number(row.priceMax),
      compareAtPrice: row.compareAtPrice === null ? null : Number(row.compareAtPrice),
      soldCount: Number(row.soldCount),
      swatches: swatches.map((swatch) => ({
        id: swatch.id,
        label: variantLabelIn(locale, swatch.label, swatch.labelEn),
        colorHex: swatch.colorHex,
      })),
    };
  };
}

// ---------------------------------------------------------------------------------------------
// Reads

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

/** What the storefront shows of a shop (/stores and the availability dialog). */
const shopColumns = {
  name: storeLocations.name,
  city: storeLocations.city,
  address: storeLocations.address,
  phone: storeLocations.phone,
  opensAt: storeLocations.opensAt,
  closesAt: storeLocations.closesAt,
  mapUrl: storeLocations.mapUrl,
};

export type StoreLocationInfo = Omit<StoreAvailability, "storeId" | "quantity"> & { id: number };

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

export interface ProductLookup {
  product: ProductDetail;
  /** The product's own URL (/collections/{category slug}/{product slug}); redirect there when the request differs. */
  canonicalPath: string;
  /** The address was a variant's own (its old slug or id): redirect to canonicalPath with `?variant=` this id. */
  variantId: number | null;
}

const imageColumns = {
  productId: productImages.productId,
  url: productImages.url,
  alt: productImages.alt,
  altEn: productImages.altEn,
  width: productImages.width,
  height: productImages.height,
};

/**
 * One visible product by its numeric id or its slug, with its images (in position order), its
 * active variants (each with its images and store availability), store availability and
 * category. `categorySlug` is the one in the URL: a product found under another category still
 * resolves (the caller redirects to canonicalPath). A variant's id or slug resolves to its
 * product with `variantId` set. Null when there is no such visible product.
 */
export function getProduct(
  db: Db,
  categorySlug: string,
  idOrSlug: string,
  locale: Locale = "vi",
): Promise<ProductLookup | null> {
  return cached(db, `product:${locale}:${categorySlug}:${idOrSlug}`, async () => {
    const key = idOrSlug.trim();
    const byId = /^\d{1,9}$/.test(key) ? Number(key) : null;
    const [found] = await db
      .select({ id: products.id, parentId: products.parentId })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(visible, byId !== null ? or(eq(products.id, byId), eq(products.slug, key)) : eq(products.slug, key)))
      // An id match wins over a product whose slug happens to be that number.
      .orderBy(byId !== null ? sql`${products.id} = ${byId} desc` : asc(products.id))
      .limit(1);
    if (!found) return null;
    const product = await loadProductDetail(db, found.parentId ?? found.id, locale);
    if (!product) return null;
    return {
      product,
      canonicalPath: `/collections/${encodeURIComponent(product.categorySlug)}/${encodeURIComponent(product.slug)}`,
      variantId: found.parentId === null ? null : found.id,
    };
  });
}

/** A listed product's page data by id (not a variant's), its first in-stock variant selected; null when not listed. */
async function loadProductDetail(db: Db, productId: number, locale: Locale): Promise<ProductDetail | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      ownPrice: products.price,
      ownCompareAtPrice: products.compareAtPrice,
      ownInStock: inStockSql,
      categoryId: categories.id,
      stockQuantity: products.stockQuantity,
      lowStockThreshold: products.lowStockThreshold,
      trackStock: products.trackStock,
      metaTitle: products.metaTitle,
      metaDescription: products.metaDescription,
      shelfLife: products.shelfLife,
      weight: products.weight,
      features: products.features,
      useCases: products.useCases,
      materials: products.materials,
      tabDetails: products.tabDetails,
      tabUserGuide: products.tabUserGuide,
      tabSpecifications: products.tabSpecifications,
      tabWarnings: products.tabWarnings,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(listed, eq(products.id, productId)))
    .limit(1);
  if (!row) return null;

  const variantRows = await db
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      label: products.variantLabel,
      color: products.color,
      colorHex: products.colorHex,
      price: products.price,
      compareAtPrice: products.compareAtPrice,
      inStock: inStockSql,
      stockQuantity: products.stockQuantity,
      lowStockThreshold: products.lowStockThreshold,
      trackStock: products.trackStock,
      translations: products.translations,
    })
    .from(products)
    .where(and(eq(products.parentId, row.id), eq(products.isActive, true)))
    .orderBy(asc(products.position), asc(products.id));
  const rowIds = [row.id, ...variantRows.map((v) => v.id)];

  const [images, stores, stock] = await Promise.all([
    db
      .select(imageColumns)
      .from(productImages)
      .where(inArray(productImages.productId, rowIds))
      .orderBy(asc(productImages.position), asc(productImages.id)),
    db
      .select({ storeId: storeLocations.id, ...shopColumns })
      .from(storeLocations)
      .where(eq(storeLocations.isActive, true))
      .orderBy(asc(storeLocations.displayOrder), ...vietnameseOrder(sql`${storeLocations.name}`, "asc")),
    db
      .select({ productId: storeStock.productId, storeId: storeStock.storeId, quantity: storeStock.quantity })
      .from(storeStock)
      .where(inArray(storeStock.productId, rowIds)),
  ]);
  const availabilityOf = (id: number): StoreAvailability[] =>
    stores.map((store) => ({
      ...store,
      quantity: Number(stock.find((s) => s.productId === id && s.storeId === store.storeId)?.quantity ?? 0),
    }));

  const summary = toSummary(locale)(row);
  const imagesOf = (id: number, name: string) =>
    images
      .filter((image) => image.productId === id)
      .map(({ productId: _id, ...image }) => imageIn(locale, name)(image));
  const productImagesShown = imagesOf(row.id, summary.name);
  const ownImages = productImagesShown.length > 0 ? productImagesShown : summary.image ? [summary.image] : [];
  const texts = inLocale(
    {
      metaTitle: row.metaTitle,
      metaDescription: row.metaDescription,
      shelfLife: row.shelfLife,
      weight: row.weight,
      features: row.features,
      useCases: row.useCases,
      materials: row.materials,
      tabDetails: row.tabDetails,
      tabUserGuide: row.tabUserGuide,
      tabSpecifications: row.tabSpecifications,
      tabWarnings: row.tabWarnings,
    },
    row.translations,
    locale,
  );
  const variants: ProductVariant[] = variantRows.map(({ translations, ...v }) => {
    const name = inLocale({ name: v.name }, translations, locale).name;
    const own = imagesOf(v.id, name);
    return {
      id: v.id,
      sku: v.sku,
      name,
      label: variantLabelIn(locale, v.label, translations.en?.variantLabel),
      color: v.color,
      colorHex: v.colorHex,
      price: Number(v.price),
      compareAtPrice: v.compareAtPrice === null ? null : Number(v.compareAtPrice),
      inStock: v.inStock,
      stockQuantity: v.stockQuantity,
      trackStock: v.trackStock,
      lowStock: isLowStock(v),
      images: own.length > 0 ? own : ownImages,
      availability: availabilityOf(v.id),
    };
  });
  const product: ProductDetail = {
    ...summary,
    price: Number(row.ownPrice),
    compareAtPrice: row.ownCompareAtPrice === null ? null : Number(row.ownCompareAtPrice),
    inStock: row.ownInStock,
    stockQuantity: row.stockQuantity,
    lowStockThreshold: row.lowStockThreshold,
    trackStock: row.trackStock,
    lowStock: isLowStock(row),
    metaTitle: texts.metaTitle,
    metaDescription: texts.metaDescription,
    shelfLife: texts.shelfLife,
    weight: texts.weight,
    features: texts.features,
    useCases: texts.useCases,
    materials: texts.materials,
    tabs: {
      details: texts.tabDetails,
      userGuide: texts.tabUserGuide,
      specifications: texts.tabSpecifications,
      warnings: texts.tabWarnings,
    },
    images: ownImages,
    variants,
    selectedVariantId: null,
    availability: availabilityOf(row.id),
    category: { id: row.categoryId, slug: row.categorySlug, name: summary.categoryName },
  };
  return selectVariant(product, null);
}

/** Tracked, in stock and at or below the low-stock threshold. */
function isLowStock(row: { trackStock: boolean; stockQuantity: number; lowStockThreshold: number }): boolean {
  return row.trackStock && row.stockQuantity > 0 && row.stockQuantity <= row.lowStockThreshold;
}

/**
 * The product page for `?variant=` (the raw parameter): that variant when it is one of the
 * product's active ones, else the first in stock by position (else the first). The page's price,
 * compare-at price, stock, SKU, images and store availability become the variant's. A product
 * without variants is returned as it is.
 */
export function selectVariant(product: ProductDetail, variantParam: string | null): ProductDetail {
  if (product.variants.length === 0) return product;
  const asked = variantParam !== null && /^\d{1,9}$/.test(variantParam) ? Number(variantParam) : null;
  const variant =
    product.variants.find((v) => v.id === asked) ?? product.variants.find((v) => v.inStock) ?? product.variants[0]!;
  return {
    ...product,
    selectedVariantId: variant.id,
    sku: variant.sku,
    price: variant.price,
    compareAtPrice: variant.compareAtPrice,
    inStock: variant.inStock,
    stockQuantity: variant.stockQuantity,
    trackStock: variant.trackStock,
    lowStock: variant.lowStock,
    images: variant.images,
    availability: variant.availability,
  };
}

/**
 * Four products to show under a product (never the product itself or its variants: listings
 * show products only), its own category before others, best sellers first.
 */
export function getRecommendedProducts(
  db: Db,
  productId: number,
  limit = 4,
  locale: Locale = "vi",
): Promise<ProductSummary[]> {
  return cached(db, `recommended:${locale}:${productId}:${limit}`, async () => {
    const [self] = await db
      .select({ categoryId: products.categoryId })
      .from(products)
      .where(eq(products.id, productId))
      .limit(1);
    // Only real expressions: PostgreSQL refuses a constant (`order by false`) in ORDER BY.
    const sameCategoryFirst = self ? [desc(sql`${products.categoryId} = ${self.categoryId}`)] : [];
    const rows = await db
      .select(summaryColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(listed, ne(products.id, productId)))
      .orderBy(...sameCategoryFirst, desc(products.isBestSeller), desc(soldCountSql), asc(products.id))
      .limit(limit);
    return rows.map(toSummary(locale));
  });
}

/**
 * Listed products by id, in the order given (a blog post's related products, chosen by staff);
 * a variant's id stands for its product, and an id of nothing listed is left out.
 */
export function listProductsByIds(db: Db, ids: number[], locale: Locale = "vi"): Promise<ProductSummary[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return cached(db, `by-ids:${locale}:${ids.join(",")}`, async () => {
    const given = await db
      .select({ id: products.id, productId: sql<number>`coalesce(${products.parentId}, ${products.id})` })
      .from(products)
      .where(inArray(products.id, ids));
    const productIds = [...new Set(given.map((row) => row.productId))];
    if (productIds.length === 0) return [];
    const rows = await db
      .select(summaryColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(listed, inArray(products.id, productIds)));
    const rank = (productId: number) =>
      Math.min(...given.filter((row) => row.productId === productId).map((row) => ids.indexOf(row.id)));
    return rows.sort((a, b) => rank(a.id) - rank(b.id)).map(toSummary(locale));
  });
}

/** The words of a query as tsquery prefixes: "Bàn chải!" → "ban:* & chai:*"; null when nothing is left. */
export function toPrefixTsQuery(query: string): string | null {
  const words = normalizeSearch(query)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 10);
  return words.length > 0 ? words.map((w) => `${w}:*`).join(" & ") : null;
}

const MAX_SEARCH_RESULTS = 48;

/**
 * The product's words, or one of its active variants' (colour, label: a product with variants is
 * found by them and shown once), or a SKU starting with the query ("UVC-STER-PNK").
 */
function matchesSearch(tsQuery: string, query: string): SQL {
  const words = (column: SQL) => sql`to_tsvector('simple', ${column}) @@ to_tsquery('simple', ${tsQuery})`;
  const sku = query.trim().toUpperCase();
  const skuPrefix = /^[A-Z0-9-]{3,64}$/.test(sku) ? `${sku}%` : null;
  const variantMatch = skuPrefix
    ? sql`(${words(sql`v.search_text`)} or upper(v.sku) like ${skuPrefix})`
    : words(sql`v.search_text`);
  return sql`(${words(sql`${products.searchText}`)}
    ${skuPrefix ? sql`or upper(${products.sku}) like ${skuPrefix}` : sql``}
    or exists (select 1 ${activeVariantsOf} and ${variantMatch}))`;
}

/**
 * Products whose name, description, colour (English key or Vietnamese label) or category name
 * contain every word of the query as a word prefix, accent- and case-insensitively ("ban chai"
 * finds "bàn chải", "hong" finds "Hồng"). Uses the GIN index on to_tsvector('simple', search_text).
 * Ranked: the whole query in the name, then every word in the name, then the rest; best sellers first within a rank.
 */
export function searchProducts(db: Db, query: string, locale: Locale = "vi"): Promise<ProductSummary[]> {
  const tsQuery = toPrefixTsQuery(query.slice(0, 200));
  if (!tsQuery) return Promise.resolve([]);
  const normalized = normalizeSearch(query.slice(0, 200));
  return cached(db, `search:${locale}:${normalized}`, async () => {
    const rows = await db
      .select(summaryColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(listed, matchesSearch(tsQuery, query)))
      .orderBy(desc(soldCountSql), asc(products.id))
      .limit(MAX_SEARCH_RESULTS);
    const words = normalized.split(/[^a-z0-9]+/).filter(Boolean);
    const rankIn = (name: string) => {
      const n = normalizeSearch(name);
      const nameWords = n.split(/[^a-z0-9]+/);
      if (n.includes(normalized)) return 0;
      if (words.every((w) => nameWords.some((nw) => nw.startsWith(w)))) return 1;
      return 2;
    };
    // A query in either language ranks by the name it matches best ("travel case" or "hộp đựng").
    const rank = (row: SummaryRow) => Math.min(rankIn(row.name), rankIn(row.translations.en?.name ?? ""));
    return rows
      .map((row, index) => ({ row: toSummary(locale)(row), rank: rank(row), index }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map((r) => r.row);
  });
}
