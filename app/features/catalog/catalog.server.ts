import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import {
  categories,
  hasVariantsSql,
  productImages,
  products,
  storeLocations,
  type Category,
  type Product,
  type ProductColor,
} from "~/db/schema";
import { imageAltIn, inLocale } from "~/lib/i18n/translated";
import type { Locale } from "~/lib/i18n/locale";
import type { Db } from "~/server/db.server";
import { changedContentPage, onStorefrontChange } from "~/server/storefront-events.server";
import { TtlCache } from "~/server/ttl-cache.server";
import type { CatalogImage, ProductSummary, StoredImage } from "./catalog-types";

// The storefront catalogue's shared pieces: its cache and the SQL every read builds on. The reads
// are beside it: listing.server.ts (shop and collection pages, facets, categories, shops),
// product-page.server.ts (a product's page, recommendations, products by id), search.server.ts.

/** Catalogue reads are cached in-process (SPEC §7, five minutes, like page content); admins drop the cache when they save. */
const catalogCache = new TtlCache<unknown>();

/** Drops every cached catalogue read (call after saving a product, category, image or store stock). */
export function invalidateCatalogCache(): void {
  catalogCache.invalidate();
}

// Every storefront change but a content page's can show in catalogue reads.
onStorefrontChange((change) => {
  if (changedContentPage(change) === null) invalidateCatalogCache();
});

/** A catalogue read, cached per database and key until the TTL or invalidateCatalogCache(). */
export function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  return catalogCache.read(db, key, load);
}

/** An image with its alt in a language (its product's name there when the alt is empty). */
export function imageIn(locale: Locale, productName: string) {
  return ({ alt, altEn, ...image }: StoredImage): CatalogImage => ({
    ...image,
    alt: imageAltIn({ alt, altEn }, productName, locale),
  });
}

// ---------------------------------------------------------------------------------------------
// SQL pieces

/** Shown to shoppers: the product and its category are active. */
export const visible = and(eq(products.isActive, true), eq(categories.isActive, true));

/** A product is in stock when it does not track stock or has some. */
export const inStockSql = sql<boolean>`(not ${products.trackStock} or ${products.stockQuantity} > 0)`;

// A product's variants (decision 0038) are read by subqueries over `products v` correlated to
// the listed row: listings show products, a variant only through its product.
export const activeVariantsOf = sql`from ${products} v where v.parent_id = ${products.id} and v.is_active`;

/**
 * The `products` row has variants: it is their product, never sold itself (it does not even
 * track stock). Carts and checkout refuse it with it.
 */
const hasActiveVariantsSql = sql<boolean>`exists (select 1 ${activeVariantsOf})`;

/** Listed: visible, not a variant, and not a product whose variants are all inactive (nothing to sell). */
export const listed = and(visible, isNull(products.parentId), sql`(not ${hasVariantsSql} or ${hasActiveVariantsSql})`);

/** The lowest price: a product with variants, its cheapest active variant's. */
export const priceSql = sql<string>`coalesce((select min(v.price) ${activeVariantsOf}), ${products.price})`;
export const priceMaxSql = sql<string>`coalesce((select max(v.price) ${activeVariantsOf}), ${products.price})`;
/** The compare-at price going with the lowest price. */
const compareAtPriceSql = sql<string | null>`case when ${hasActiveVariantsSql}
  then (select v.compare_at_price ${activeVariantsOf} order by v.price, v.position, v.id limit 1)
  else ${products.compareAtPrice} end`;
export const listedInStockSql = sql<boolean>`case when ${hasActiveVariantsSql}
  then exists (select 1 ${activeVariantsOf} and (not v.track_stock or v.stock_quantity > 0))
  else ${inStockSql} end`;
export const soldCountSql = sql<number>`(${products.soldCount} + coalesce((select sum(v.sold_count) from ${products} v where v.parent_id = ${products.id}), 0))::int`;

interface StoredSwatch {
  id: number;
  label: string;
  labelEn: string | null;
  colorHex: string | null;
  color: ProductColor | null;
  image: StoredImage | null;
}
/** The active variants, each with its colour and its own cover (a colour filter shows that colour's image: issue 31). */
const swatchesSql = sql<StoredSwatch[]>`(select coalesce(json_agg(json_build_object(
    'id', v.id, 'label', v.variant_label, 'labelEn', v.translations->'en'->>'variantLabel', 'colorHex', v.color_hex,
    'color', v.color,
    'image', (
      select json_build_object('url', pi.url, 'alt', pi.alt, 'altEn', pi.alt_en, 'width', pi.width, 'height', pi.height)
      from ${productImages} pi
      where pi.product_id = v.id
      order by pi.is_cover desc, pi.position asc, pi.id asc
      limit 1
    )
  ) order by v.position, v.id), '[]'::json) ${activeVariantsOf})`;

/** The product or one of its active variants has one of these colours. */
export function hasColorSql(colors: string[]): SQL {
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

export const summaryColumns = {
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
export function nameIn(locale: Locale): SQL {
  return locale === "en"
    ? sql`coalesce(nullif(${products.translations}->'en'->>'name', ''), ${products.name})`
    : sql`${products.name}`;
}

/** The filter groups: values within a group are OR'ed, groups AND'ed. */
export type SummaryRow = Omit<ProductSummary, "image" | "swatches" | "price" | "priceMax" | "compareAtPrice"> &
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
export function variantLabelIn(locale: Locale, label: string | null, labelEn: string | null | undefined): string {
  return (locale === "en" && labelEn?.trim() ? labelEn : label) ?? "";
}

/** A summary row in a language, its prices as numbers (bigint columns may arrive as strings). */
export function toSummary(locale: Locale) {
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
        color: swatch.color,
        image: swatch.image ? imageIn(locale, texts.name)(swatch.image) : null,
      })),
    };
  };
}

// ---------------------------------------------------------------------------------------------
// Reads

/** What the storefront shows of a shop (/stores and the availability dialog). */
export const shopColumns = {
  name: storeLocations.name,
  city: storeLocations.city,
  address: storeLocations.address,
  phone: storeLocations.phone,
  opensAt: storeLocations.opensAt,
  closesAt: storeLocations.closesAt,
  mapUrl: storeLocations.mapUrl,
};
