import { invalidateContentCache } from "~/features/content/content.server";

/**
 * Called after every catalogue change made in the admin (categories, products, images,
 * discount codes), so the storefront serves fresh data at the next request.
 */
export function invalidateStorefrontCatalog(): void {
  // The storefront's catalogue cache (invalidateCatalogCache) hooks in here at merge.
  invalidateContentCache();
}
