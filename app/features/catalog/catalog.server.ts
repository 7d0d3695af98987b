import { and, asc, desc, eq, gte, inArray, lte, ne, or, sql, type SQL } from "drizzle-orm";
import {
  categories,
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
  soldCount: number;
  inStock: boolean;
  image: CatalogImage | null;
}

export interface ProductVariant {
  id: number;
  slug: string;
  name: string;
  categorySlug: string;
  color: ProductColor | null;
  colorLabel: string | null;
  colorHex: string | null;
  inStock: boolean;
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
  variants: ProductVariant[];
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
}

// ---------------------------------------------------------------------------------------------
// SQL pieces

type ArrayColumn = typeof products.features | typeof products.useCases | typeof products.materials;

/** Shown to shoppers: the product and its category are active. */
const visible = and(eq(products.isActive, true), eq(categories.isActive, true));

/** A product is in stock when it does not track stock or has some. */
const inStockSql = sql<boolean>`(not ${products.trackStock} or ${products.stockQuantity} > 0)`;

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
  price: products.price,
  compareAtPrice: products.compareAtPrice,
  categorySlug: categories.slug,
  categoryName: categories.name,
  color: products.color,
  colorHex: products.colorHex,
  badges: products.badges,
  tags: products.tags,
  isFeatured: products.isFeatured,
  isBestSeller: products.isBestSeller,
  soldCount: products.soldCount,
  inStock: inStockSql,
  image: coverImage,
  translations: products.translations,
  categoryTranslations: categories.translations,
};

/** The product's name in a language (its English name, or the Vietnamese where that is empty). */
function nameIn(locale: Locale): SQL {
  return locale === "en" ? sql`coalesce(nullif(${products.translations}->'en'->>'name', ''), ${products.name})` : sql`${products.name}`;
}

function filterConditions(filters: CatalogFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.availability === "in-stock") conditions.push(inStockSql);
  if (filters.availability === "out-of-stock") conditions.push(sql`not ${inStockSql}`);
  if (filters.min !== null) conditions.push(gte(products.price, filters.min));
  if (filters.max !== null) conditions.push(lte(products.price, filters.max));
  if (filters.colors.length > 0) conditions.push(inArray(products.color, filters.colors));
  if (filters.features.length > 0) conditions.push(arrayOverlap(products.features, filters.features));
  if (filters.useCases.length > 0) conditions.push(arrayOverlap(products.useCases, filters.useCases));
  if (filters.materials.length > 0) conditions.push(arrayOverlap(products.materials, filters.materials));
  if (filters.bestsellers) conditions.push(eq(products.isBestSeller, true));
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
      return [asc(products.price), asc(products.id)];
    case "price-high-low":
      return [desc(products.price), asc(products.id)];
    case "newest":
      return [desc(products.createdAt), desc(products.id)];
    case "best-selling":
      return [desc(products.soldCount), asc(products.id)];
    case "name-a-z":
      return [...vietnameseOrder(nameIn(locale), "asc"), asc(products.id)];
    case "name-z-a":
      return [...vietnameseOrder(nameIn(locale), "desc"), desc(products.id)];
    case "featured":
      return [desc(products.isFeatured), asc(categories.displayOrder), desc(products.createdAt), asc(products.id)];
  }
}

type SummaryRow = Omit<ProductSummary, "image"> &
  Pick<Product, "translations"> & { image: StoredImage | null; categoryTranslations: Category["translations"] };

/** A summary row in a language, its prices as numbers (bigint columns may arrive as strings). */
function toSummary(locale: Locale) {
  return ({ translations, categoryTranslations, image, ...row }: SummaryRow): ProductSummary => {
    const texts = inLocale(row, translations, locale);
    return {
      ...texts,
      image: image ? imageIn(locale, texts.name)(image) : null,
      categoryName: inLocale({ name: row.categoryName }, categoryTranslations, locale).name,
    price: Number(row.price),
      compareAtPrice: row.compareAtPrice === null ? null : Number(row.compareAtPrice),
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
    const conditions = [visible, ...filterConditions(filters)];
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

/** The lowest and highest active price (of a category, or the whole catalogue), rounded out to 10,000 đ. */
export function getPriceBounds(db: Db, categorySlug?: string): Promise<PriceBounds> {
  return cached(db, `bounds:${categorySlug ?? ""}`, async () => {
    const conditions = [visible];
    if (categorySlug !== undefined) conditions.push(eq(categories.slug, categorySlug));
    const [row] = await db
      .select({ min: sql<string | null>`min(${products.price})`, max: sql<string | null>`max(${products.price})` })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(...conditions));
    return roundPriceBounds(row?.min == null ? null : Number(row.min), row?.max == null ? null : Number(row.max));
  });
}

/** The filter options of a listing with how many products carry each, and its price bounds. */
export function getCatalogFacets(db: Db, categorySlug?: string, locale: Locale = "vi"): Promise<CatalogFacets> {
  return cached(db, `facets:${locale}:${categorySlug ?? ""}`, async () => {
    const conditions = [visible];
    if (categorySlug !== undefined) conditions.push(eq(categories.slug, categorySlug));
    const where = and(...conditions);
    // The value stays the Vietnamese text (it is what the URL filters by); the label is its English
    // text on the English site: the same position in a product's English list.
    const englishLabels = new Map<string, string>();
    if (locale === "en") {
      const rows = await db
        .select({ translations: products.translations, features: products.features, useCases: products.useCases, materials: products.materials })
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
    const arrayFacet = async (column: ArrayColumn): Promise<FacetCount[]> => {
      const value = sql<string>`unnest(${column})`.as("value");
      const sub = db
        .select({ value })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(where)
        .as("facet");
      const rows = await db
        .select({ value: sub.value, count: sql<number>`count(*)::int` })
        .from(sub)
        .groupBy(sub.value)
        .orderBy(desc(sql`count(*)`), ...vietnameseOrder(sql`${sub.value}`, "asc"));
      return rows.map((r) => ({ value: r.value, label: englishLabels.get(r.value) ?? r.value, count: Number(r.count) }));
    };
    const [colorRows, features, useCases, materials, [counts], priceBounds] = await Promise.all([
      db
        .select({ value: products.color, count: sql<number>`count(*)::int` })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(and(where, sql`${products.color} is not null`))
        .groupBy(products.color),
      arrayFacet(products.features),
      arrayFacet(products.useCases),
      arrayFacet(products.materials),
      db
        .select({
          inStock: sql<number>`count(*) filter (where ${inStockSql})::int`,
          outOfStock: sql<number>`count(*) filter (where not ${inStockSql})::int`,
          bestSellers: sql<number>`count(*) filter (where ${products.isBestSeller})::int`,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(where),
      getPriceBounds(db, categorySlug),
    ]);
    const colorLabels = colorLabelsIn(locale);
    const colorOrder = Object.keys(colorLabels);
    const colors = colorRows
      .filter((r): r is { value: ProductColor; count: number } => r.value !== null)
      .map((r) => ({ value: r.value as string, label: colorLabels[r.value] ?? r.value, count: Number(r.count) }))
      .sort((a, b) => colorOrder.indexOf(a.value) - colorOrder.indexOf(b.value));
    return {
      colors,
      features,
      useCases,
      materials,
      availability: {
        inStock: Number(counts?.inStock ?? 0),
        outOfStock: Number(counts?.outOfStock ?? 0),
        bestSellers: Number(counts?.bestSellers ?? 0),
      },
      priceBounds,
    };
  });
}

/** The option values of the facets (for restrictToCatalog). */
export function facetOptions(facets: CatalogFacets): FacetOptions {
  return {
    colors: facets.colors.map((f) => f.value),
    features: facets.features.map((f) => f.value),
    useCases: facets.useCases.map((f) => f.value),
    materials: facets.materials.map((f) => f.value),
  };
}

export interface ProductLookup {
  product: ProductDetail;
  /** The product's own URL (/collections/{category slug}/{product slug}); redirect there when the request differs. */
  canonicalPath: string;
}

/**
 * One visible product by its numeric id or its slug, with its images (in position order), its
 * colour variants (same variant group), store availability and category. `categorySlug` is the
 * one in the URL: a product found under another category still resolves (the caller redirects
 * to canonicalPath). Null when there is no such visible product.
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
    const [row] = await db
      .select({
        ...summaryColumns,
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
        variantGroup: products.variantGroup,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(visible, byId !== null ? or(eq(products.id, byId), eq(products.slug, key)) : eq(products.slug, key)))
      // An id match wins over a product whose slug happens to be that number.
      .orderBy(byId !== null ? sql`${products.id} = ${byId} desc` : asc(products.id))
      .limit(1);
    if (!row) return null;

    const [images, variants, availability] = await Promise.all([
      db
        .select({
          url: productImages.url,
          alt: productImages.alt,
          altEn: productImages.altEn,
          width: productImages.width, height: productImages.height })
        .from(productImages)
        .where(eq(productImages.productId, row.id))
        .orderBy(asc(productImages.position), asc(productImages.id)),
      row.variantGroup
        ? db
            .select({
              id: products.id,
              slug: products.slug,
              name: products.name,
              categorySlug: categories.slug,
              color: products.color,
              colorHex: products.colorHex,
              inStock: inStockSql,
              translations: products.translations,
            })
            .from(products)
            .innerJoin(categories, eq(categories.id, products.categoryId))
            .where(and(visible, eq(products.variantGroup, row.variantGroup)))
            .orderBy(asc(products.id))
        : Promise.resolve([]),
      db
        .select({
          storeId: storeLocations.id,
          ...shopColumns,
          quantity: sql<number>`coalesce(${storeStock.quantity}, 0)::int`,
        })
        .from(storeLocations)
        .leftJoin(storeStock, and(eq(storeStock.storeId, storeLocations.id), eq(storeStock.productId, row.id)))
        .where(eq(storeLocations.isActive, true))
        .orderBy(asc(storeLocations.displayOrder), ...vietnameseOrder(sql`${storeLocations.name}`, "asc")),
    ]);

    const summary = toSummary(locale)(row);
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
    const colorLabels = colorLabelsIn(locale);
    const product: ProductDetail = {
      ...summary,
      stockQuantity: row.stockQuantity,
      lowStockThreshold: row.lowStockThreshold,
      trackStock: row.trackStock,
      lowStock: row.trackStock && row.stockQuantity > 0 && row.stockQuantity <= row.lowStockThreshold,
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
      images: images.length > 0 ? images.map(imageIn(locale, summary.name)) : summary.image ? [summary.image] : [],
      variants: variants.map(({ translations, ...v }) => ({
        ...inLocale(v, translations, locale),
        colorLabel: v.color ? colorLabels[v.color] : null,
      })),
      availability: availability.map((a) => ({ ...a, quantity: Number(a.quantity) })),
      category: { id: row.categoryId, slug: row.categorySlug, name: summary.categoryName },
    };
    return {
      product,
      canonicalPath: `/collections/${encodeURIComponent(product.categorySlug)}/${encodeURIComponent(product.slug)}`,
    };
  });
}

/**
 * Four products to show under a product: other products first (not its colour variants), its
 * own category before others, best sellers first; colour variants fill the strip if needed.
 */
export function getRecommendedProducts(
  db: Db,
  productId: number,
  limit = 4,
  locale: Locale = "vi",
): Promise<ProductSummary[]> {
  return cached(db, `recommended:${locale}:${productId}:${limit}`, async () => {
    const [self] = await db
      .select({ categoryId: products.categoryId, variantGroup: products.variantGroup })
      .from(products)
      .where(eq(products.id, productId))
      .limit(1);
    // Only real expressions: PostgreSQL refuses a constant (`order by false`) in ORDER BY.
    const sameVariantLast = self?.variantGroup
      ? [asc(sql`coalesce(${products.variantGroup} = ${self.variantGroup}, false)`)]
      : [];
    const sameCategoryFirst = self ? [desc(sql`${products.categoryId} = ${self.categoryId}`)] : [];
    const rows = await db
      .select(summaryColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(visible, ne(products.id, productId)))
      .orderBy(
        ...sameVariantLast,
        ...sameCategoryFirst,
        desc(products.isBestSeller),
        desc(products.soldCount),
        asc(products.id),
      )
      .limit(limit);
    return rows.map(toSummary(locale));
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
      .where(and(visible, sql`to_tsvector('simple', ${products.searchText}) @@ to_tsquery('simple', ${tsQuery})`))
      .orderBy(desc(products.soldCount), asc(products.id))
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
