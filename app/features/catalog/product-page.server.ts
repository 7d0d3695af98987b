import { and, asc, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { categories, productImages, products, storeLocations, storeStock } from "~/db/schema";
import { inLocale } from "~/lib/i18n/translated";
import type { Locale } from "~/lib/i18n/locale";
import type { Db } from "~/server/db.server";
import { vietnameseOrder } from "~/server/vietnamese-order.server";
import type { ProductDetail, ProductSummary, ProductVariant, StoreAvailability } from "./catalog-types";
import {
  cached,
  imageIn,
  inStockSql,
  listed,
  shopColumns,
  soldCountSql,
  summaryColumns,
  toSummary,
  variantLabelIn,
  visible,
} from "./catalog.server";

// A product's page: the product with its variants, images and shops' stock, the variant shown,
// the products recommended beside it, and products by id (a blog post's related products).

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
