import { inArray } from "drizzle-orm";
import { appMeta, categories, productImages, products, storeLocations, storeStock } from "~/db/schema";
import {
  seedCategories,
  seedDiscountCodes,
  seedPageSeo,
  seedProducts,
  seedReviewsData,
  seedStoreLocations,
} from "./seed-data";
import { seedContent } from "./content-seed.server";
import { insertStartingDiscountCodes } from "~/features/discounts/discounts.server";
import { attachVariants } from "~/features/catalog-admin/admin-products.server";
import { NO_STAFF, recordInitialStock } from "~/features/inventory/inventory.server";
import { insertStartingPageSeo } from "~/features/seo/seo-admin.server";
import { insertDefaultSettings } from "~/features/settings/settings.server";
import { insertDefaultTheme } from "~/features/theme/theme.server";
import { insertStartingPages } from "~/features/pages/pages.server";
import { startingPolicies } from "~/features/pages/starting-policies";
import { startingPosts } from "~/features/pages/starting-posts";
import { linkVietnameseManual } from "~/features/content/manual.server";
import { productSearchText } from "~/features/catalog/search-text";
import { addMissingEnglishTexts } from "~/features/catalog-admin/admin-products.server";
import { seedDemoReviews } from "~/features/reviews/reviews.server";
import { slugify } from "~/lib/text";
import type { Db, Tx } from "~/server/db.server";

/** One seed step: inserts its rows inside the transaction it is given. */
export type SeedStep = (tx: Tx) => Promise<void>;

export interface SeedResult {
  /** Steps that ran now (first start, or a step added by a newer version). */
  ran: string[];
  /** Steps already recorded in app_meta by an earlier start. */
  skipped: string[];
}

/** The app_meta key recording that a step ran. */
export const seedStepKey = (name: string) => `seed:${name}`;

/**
 * Fills a new database with the demo shop. Runs on every server start and is cheap after the
 * first: each step runs once, ever. A step claims its app_meta row (`seed:<name>`) with
 * INSERT … ON CONFLICT DO NOTHING inside the same transaction as its inserts, so
 * - a step that ran is never repeated, and what an admin changed or deleted since stays so;
 * - a step that failed rolls back entirely and is tried again on the next start;
 * - two instances starting together on one PostgreSQL cannot both run it (the second waits on
 *   the first's claim and then skips).
 * Inserts also use ON CONFLICT DO NOTHING on natural keys (slug, sku, code, page path…), so
 * rows that already exist (e.g. created before the step was recorded) are left untouched.
 *
 * `content` replaces the page-content step (tests pass a stub); by default it is seedContent.
 */
export async function seedDatabase(db: Db, content: SeedStep = seedContent): Promise<SeedResult> {
  const steps: Array<[name: string, step: SeedStep]> = [
    ["settings", seedSettings],
    ["theme", seedTheme],
    ["catalog", seedCatalog],
    ["store-locations", seedStores],
    ["discount-codes", seedDiscounts],
    ["seo", seedSeo],
    ["content", content],
    // Pages added to the content defaults after the first start (technology): seedContent only
    // inserts what is missing, so it fills them in without touching edited rows.
    ["content-technology-page", content],
    // Page content in two languages (decision 0021): the Vietnamese rows beside the English ones
    // that shops seeded before carry (migration 0009).
    ["content-languages", content],
    // Shops seeded before: the demo catalogue's English texts where a row has none, and the /en SEO rows.
    ["catalog-languages", seedCatalogEnglish],
    ["seo-languages", seedSeo],
    // Shops seeded before the Vietnamese user manual: the Vietnamese site links it.
    ["content-vietnamese-manual", linkVietnameseManual],
    // Shops seeded before images had an English alt (migration 0011): the demo images' English alts.
    ["catalog-image-alts", seedCatalogEnglish],
    // The shop's policies (issue 19): shipping, returns and warranty, privacy, terms, payment.
    ["pages-policies", seedPolicies],
    // The blog's first three articles (issue 19).
    ["pages-posts", seedPosts],
    // A few demo reviews (issue 19), marked as such; the console removes them all in one action.
    ["demo-reviews", seedReviews],
  ];
  const result: SeedResult = { ran: [], skipped: [] };
  for (const [name, step] of steps) {
    const ran = await runOnce(db, name, step);
    (ran ? result.ran : result.skipped).push(name);
  }
  return result;
}

async function runOnce(db: Db, name: string, step: SeedStep): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: seedStepKey(name), value: new Date().toISOString() })
      .onConflictDoNothing({ target: appMeta.key })
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return false;
    await step(tx);
    return true;
  });
}

/** The demo reviews (approved, is_demo): shown labelled "Đánh giá mẫu", never as a buyer's. */
export async function seedReviews(tx: Tx): Promise<void> {
  await seedDemoReviews(tx, seedReviewsData);
}

/** Every settings group with its defaults (getSettings works without rows; the admin sees them). */
export async function seedSettings(tx: Tx): Promise<void> {
  await insertDefaultSettings(tx);
}

/** The single theme row with the SPEC §9 palette. */
export async function seedTheme(tx: Tx): Promise<void> {
  await insertDefaultTheme(tx);
}

/** Categories, products (with search text) and, for products created now, their images. */
export async function seedCatalog(tx: Tx): Promise<void> {
  await tx.insert(categories).values(seedCategories).onConflictDoNothing({ target: categories.slug });
  const categoryRows = await tx
    .select({ id: categories.id, slug: categories.slug, name: categories.name, translations: categories.translations })
    .from(categories)
    .where(
      inArray(
        categories.slug,
        seedCategories.map((c) => c.slug),
      ),
    );
  const categoryBySlug = new Map(categoryRows.map((c) => [c.slug, c]));

  const rows = seedProducts.flatMap(
    ({ categorySlug, images: _images, storeStock: _stock, slug, parentSku: _parent, ...product }) => {
      const category = categoryBySlug.get(categorySlug);
      if (!category) return []; // the category exists under another slug now: leave the product out
      return [
        {
          ...product,
          // The stock arrives as an "initial" movement below (the inventory service writes stock).
          stockQuantity: 0,
          slug: slug ?? slugify(product.name),
          categoryId: category.id,
          searchText: productSearchText(product, category),
        },
      ];
    },
  );
  if (rows.length === 0) return;
  // No target: a product whose SKU or slug is taken already is skipped.
  const inserted = await tx
    .insert(products)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: products.id, sku: products.sku });
  const idBySku = new Map(inserted.map((p) => [p.sku, p.id]));
  for (const product of seedProducts) {
    const productId = idBySku.get(product.sku);
    if (productId !== undefined) await recordInitialStock(tx, productId, product.stockQuantity ?? 0, NO_STAFF);
  }
  // Variants are inserted before their product (the colours keep ids 1-4), then attached to it.
  for (const [parentSku, parentId] of idBySku) {
    const variantIds = seedProducts
      .filter((product) => product.parentSku === parentSku)
      .flatMap((product) => idBySku.get(product.sku) ?? []);
    if (variantIds.length > 0) await attachVariants(tx, parentId, variantIds);
  }

  const imageRows = seedProducts.flatMap((product) => {
    const productId = idBySku.get(product.sku);
    if (productId === undefined) return [];
    return product.images.map((image, position) => ({ ...image, productId, position, isCover: position === 0 }));
  });
  if (imageRows.length > 0) await tx.insert(productImages).values(imageRows);
}

/** The three shops and how many of each product they hold. */
export async function seedStores(tx: Tx): Promise<void> {
  await tx.insert(storeLocations).values(seedStoreLocations).onConflictDoNothing({ target: storeLocations.name });
  const stores = await tx
    .select({ id: storeLocations.id, name: storeLocations.name })
    .from(storeLocations)
    .where(
      inArray(
        storeLocations.name,
        seedStoreLocations.map((s) => s.name),
      ),
    );
  const productRows = await tx
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(
      inArray(
        products.sku,
        seedProducts.map((p) => p.sku),
      ),
    );
  const storeIdByName = new Map(stores.map((s) => [s.name, s.id]));
  const productIdBySku = new Map(productRows.map((p) => [p.sku, p.id]));

  const stockRows = seedProducts.flatMap((product) => {
    const productId = productIdBySku.get(product.sku);
    if (productId === undefined) return [];
    return Object.entries(product.storeStock).flatMap(([storeName, quantity]) => {
      const storeId = storeIdByName.get(storeName);
      return storeId === undefined ? [] : [{ storeId, productId, quantity }];
    });
  });
  if (stockRows.length > 0) {
    await tx
      .insert(storeStock)
      .values(stockRows)
      .onConflictDoNothing({ target: [storeStock.storeId, storeStock.productId] });
  }
}

/** MAROU10, WELCOME, FREESHIP. */
export async function seedDiscounts(tx: Tx): Promise<void> {
  await insertStartingDiscountCodes(tx, seedDiscountCodes);
}

/** Head metadata of the main pages. */
/**
 * The demo catalogue's English texts for a shop seeded before two languages (decision 0021), on
 * the seeded categories, products and images that have none yet (catalogue administration writes them).
 */
export async function seedCatalogEnglish(tx: Tx): Promise<void> {
  await addMissingEnglishTexts(tx, {
    categories: seedCategories.flatMap(({ slug, translations }) => (translations ? [{ slug, translations }] : [])),
    products: seedProducts.flatMap(({ sku, translations }) => (translations ? [{ sku, translations }] : [])),
    images: seedProducts.flatMap(({ sku, images }) => images.map(({ url, alt, altEn }) => ({ sku, url, alt, altEn }))),
  });
}

/** The starting policies in both languages (the pages feature writes them). */
export async function seedPolicies(tx: Tx): Promise<void> {
  await insertStartingPages(tx, startingPolicies);
}

/** The blog's first articles in both languages. */
export async function seedPosts(tx: Tx): Promise<void> {
  await insertStartingPages(tx, startingPosts);
}

export async function seedSeo(tx: Tx): Promise<void> {
  await insertStartingPageSeo(tx, seedPageSeo);
}
