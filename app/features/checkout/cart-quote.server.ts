import { and, asc, desc, eq, gt, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import { categories, hasVariantsSql, productImages, products, type Product } from "~/db/schema";
import { getStorefrontSettings } from "~/features/settings/settings.server";
import { localizedPath, type Locale } from "~/lib/i18n/locale";
import { imageAltIn, inLocale, type ImageAlts } from "~/lib/i18n/translated";
import type { Db, Tx } from "~/server/db.server";
import { cachedUntilStorefrontChange } from "~/server/storefront-cache.server";
import { translatorFor } from "~/server/i18n.server";
import type { CartLineInput, CartQuote, QuotedLine, QuotedSuggestion } from "./cart-quote.schema";
import { codLimitProblem } from "./order-limits";
import { freeDeliveryProgress, includedVat } from "./pricing";

/** The storefront URL of a product (SPEC: /collections/{category}/{product}), under /en in English. */
export function productHref(categorySlug: string, productSlug: string, locale: Locale = "vi"): string {
  return localizedPath(`/collections/${categorySlug}/${productSlug}`, locale);
}

interface ProductRow {
  id: number;
  name: string;
  sku: string;
  slug: string;
  price: number;
  stockQuantity: number;
  trackStock: boolean;
  isActive: boolean;
  categorySlug: string;
  categoryActive: boolean;
  translations: Product["translations"];
  /** A product with variants: never sold itself (decision 0038). */
  hasVariants: boolean;
  /** A variant: its product's slug (the line links to the product's page with the variant chosen). */
  parentSlug: string | null;
  /** Its cover image (or first image); null when it has none. */
  cover: CoverImage | null;
}

/** A product's cover image (or first image), with both its alt texts. */
type CoverImage = { url: string } & ImageAlts;

const productColumns = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  slug: products.slug,
  price: products.price,
  stockQuantity: products.stockQuantity,
  trackStock: products.trackStock,
  isActive: products.isActive,
  categorySlug: categories.slug,
  categoryActive: categories.isActive,
  translations: products.translations,
  hasVariants: hasVariantsSql,
  parentSlug: sql<string | null>`(select p.slug from ${products} p where p.id = ${products.parentId})`,
  // In the same statement as the product (one statement less per cart, checkout page and order: decision 0025, fourth pass).
  cover: sql<CoverImage | null>`(
    select json_build_object('url', i.url, 'alt', i.alt, 'altEn', i.alt_en) from ${productImages} i
    where i.product_id = ${products.id} order by i.is_cover desc, i.position, i.id limit 1)`,
};

/** A cart line's page: its product's, with `?variant=` for a variant (its own address would redirect there). */
function lineHref(row: Pick<ProductRow, "id" | "slug" | "categorySlug" | "parentSlug">, locale: Locale): string {
  return row.parentSlug === null
    ? productHref(row.categorySlug, row.slug, locale)
    : `${productHref(row.categorySlug, row.parentSlug, locale)}?variant=${row.id}`;
}

/** A product's name in a language (its English name where filled). */
function nameIn(row: Pick<ProductRow, "name" | "translations">, locale: Locale): string {
  return inLocale({ name: row.name }, row.translations, locale).name;
}

/** Current rows of the given products (inactive ones included, so the cart can say so). */
export async function readCartProducts(db: Db | Tx, productIds: number[]): Promise<Map<number, ProductRow>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, productIds))
    // Read by every order and cart quote: one prepared statement per number of products, at most
    // MAX_CART_LINES (the cart schema's cap), see executePrepared.
    .prepare(`cart_products_${productIds.length}`)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Prices a cart from the database: current name, image and price of each line, whether it can
 * still be bought (unknown or inactive products are unavailable; a quantity above tracked stock
 * is flagged), the totals of what can be bought, the free-delivery progress and two suggestions.
 * The lines are read fresh; the settings and the suggestions as the storefront's pages read them
 * (kept until the next storefront change). The order itself is priced again by placeOrder.
 */
export async function quoteCart(db: Db, lines: CartLineInput[], locale: Locale = "vi"): Promise<CartQuote> {
  const ids = [...new Set(lines.map((line) => line.productId))];
  const [rows, settings, suggestions] = await Promise.all([
    readCartProducts(db, ids),
    getStorefrontSettings(db),
    cachedSuggestions(db, `${locale}:${[...ids].sort((a, b) => a - b).join(",")}`),
  ]);

  const quoted: QuotedLine[] = lines.map((line) => {
    const row = rows.get(line.productId);
    const image = row?.cover;
    if (!row) {
      return {
        productId: line.productId,
        quantity: line.quantity,
        name: translatorFor(locale)("cart.productGone"),
        sku: "",
        href: localizedPath("/shop", locale),
        image: null,
        imageAlt: "",
        unitPrice: 0,
        lineTotal: 0,
        problem: "unavailable",
        stockAvailable: 0,
      };
    }
    const available =
      row.isActive && row.categoryActive && !row.hasVariants && (!row.trackStock || row.stockQuantity > 0);
    const short = available && row.trackStock && line.quantity > row.stockQuantity;
    return {
      productId: row.id,
      quantity: line.quantity,
      name: nameIn(row, locale),
      sku: row.sku,
      href: lineHref(row, locale),
      image: image?.url ?? null,
      imageAlt: image ? imageAltIn(image, nameIn(row, locale), locale) : nameIn(row, locale),
      unitPrice: row.price,
      lineTotal: row.price * line.quantity,
      problem: !available ? "unavailable" : short ? "insufficient_stock" : null,
      stockAvailable: row.trackStock ? Math.max(0, row.stockQuantity) : null,
    };
  });

  const buyable = quoted.filter((line) => line.problem !== "unavailable");
  const subtotal = buyable.reduce((sum, line) => sum + line.lineTotal, 0);
  const count = buyable.reduce((sum, line) => sum + line.quantity, 0);
  const threshold = settings.shipping.freeShippingThreshold;
  const progress = freeDeliveryProgress(subtotal, threshold);

  return {
    lines: quoted,
    count,
    subtotal,
    freeShippingThreshold: threshold,
    freeDeliveryPercent: progress.percent,
    remainingForFreeDelivery: progress.remaining,
    taxEstimate: includedVat(subtotal, settings.tax.vatRateBasisPoints),
    vatRateBasisPoints: settings.tax.vatRateBasisPoints,
    hasProblems: quoted.some((line) => line.problem !== null),
    orderLimit: codLimitProblem({ units: count, subtotal }, settings.payment),
    suggestions,
  };
}

/**
 * Two suggestions for a cart, by its language and products ("vi:1,5"): the same for every cart of
 * those products, and a sell-out or a catalogue edit is a storefront change that drops them.
 */
const cachedSuggestions = cachedUntilStorefrontChange((db: Db, key: `${Locale}:${string}`) => {
  const [locale, ids] = key.split(":") as [Locale, string];
  return suggestProducts(db, ids === "" ? [] : ids.split(",").map(Number), 2, locale);
});

/** "You May Also Like": active, in-stock products (without variants) not in the cart, best sellers and featured first. */
export async function suggestProducts(
  db: Db | Tx,
  excludeIds: number[],
  limit: number,
  locale: Locale = "vi",
): Promise<QuotedSuggestion[]> {
  const conditions = [
    eq(products.isActive, true),
    eq(categories.isActive, true),
    or(eq(products.trackStock, false), gt(products.stockQuantity, 0)),
    // One card per product, and its Add button adds the row itself: neither a variant nor a
    // product with variants (those are chosen on the product's page).
    isNull(products.parentId),
    sql`not ${hasVariantsSql}`,
  ];
  if (excludeIds.length > 0) conditions.push(notInArray(products.id, excludeIds));
  const rows = await db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...conditions))
    .orderBy(
      desc(products.isBestSeller),
      desc(products.isFeatured),
      desc(products.soldCount),
      asc(products.price),
      asc(products.id),
    )
    .limit(limit);
  return rows.map((row) => ({
    productId: row.id,
    name: nameIn(row, locale),
    href: productHref(row.categorySlug, row.slug, locale),
    image: row.cover?.url ?? null,
    imageAlt: imageAltIn(row.cover ?? { alt: "", altEn: "" }, nameIn(row, locale), locale),
    unitPrice: row.price,
  }));
}
