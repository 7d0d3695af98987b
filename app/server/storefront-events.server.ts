import type { Database, Db, Tx } from "./db.server";
import { getEventHub, notify, STOREFRONT_CHANGED_CHANNEL } from "./events.server";

/**
 * What changed on the storefront, sent as the `storefront_changed` payload: "catalog"
 * (categories, products, images, discount codes), "content:<page>" (sections of one page),
 * "settings", "seo", "theme", "stock" (an order moved a product's visible stock state), "pages"
 * (policies and blog posts), "reviews" (a review shown on, or taken off, a product page).
 */
export type StorefrontChange =
  "catalog" | `content:${string}` | "settings" | "seo" | "theme" | "stock" | "pages" | "reviews";

/** A cache's reaction to a change: it drops what `change` (a StorefrontChange payload) can make stale. */
export type StorefrontCacheDrop = (change: string) => void;

// Each cache registers itself (the features' caches when their module loads, the page cache at
// start), so this signal knows no feature.
const cacheDrops = new Set<StorefrontCacheDrop>();

/**
 * Announces a change of what storefront pages show: this process drops its caches at once and
 * every instance listening on the database (this one included) drops them again when the
 * notification arrives — on commit when `db` is a transaction, so never for a rolled-back
 * change, and after any render that read the old data in the meantime.
 */
export async function announceStorefrontChange(db: Db | Tx, change: StorefrontChange): Promise<void> {
  dropStorefrontCaches(change);
  await notify(db, STOREFRONT_CHANGED_CHANNEL, change);
}

/**
 * Whether moving a tracked product's stock from `before` to `after` changes what its pages show:
 * the low-stock text ("Chỉ còn N sản phẩm", at or below the threshold) and out of stock. Above
 * the threshold both sides look the same (decision 0009: not announced, the TTL covers the rest).
 */
export function isStockChangeShown(before: number, after: number, lowStockThreshold: number): boolean {
  return before !== after && Math.min(before, after) <= Math.max(lowStockThreshold, 0);
}

/** The page a "content:<page>" change names, or null for any other change. */
export function changedContentPage(change: string): string | null {
  return change.startsWith("content:") ? change.slice("content:".length) : null;
}

/** Hands `change` to every registered cache (the catalogue and content caches, the page cache). */
export function dropStorefrontCaches(change: string): void {
  for (const drop of cacheDrops) drop(change);
}

/** Registers a cache to drop on every storefront change. Returns the unregister. */
export function onStorefrontChange(drop: StorefrontCacheDrop): () => void {
  cacheDrops.add(drop);
  return () => cacheDrops.delete(drop);
}

/**
 * Listens for `storefront_changed` on the database (once per process and database), so a change
 * made on any instance drops this one's caches. When the listening connection comes back after a
 * loss (PostgreSQL restart, network), the changes announced meanwhile were never heard: every
 * cache is dropped then. Resolves once the subscription is in place.
 */
export async function listenForStorefrontChanges(
  database: Pick<Database, "listen" | "onListenerReconnect">,
): Promise<() => void> {
  const unsubscribe = await getEventHub(database).subscribe(STOREFRONT_CHANGED_CHANNEL, dropStorefrontCaches);
  const unregister = database.onListenerReconnect(() => dropStorefrontCaches("catalog"));
  return () => {
    unsubscribe();
    unregister();
  };
}
