import { invalidateContentCache } from "~/features/content/content.server";
import { invalidateCatalogCache } from "./catalog.server";

/**
 * Called after every catalogue change made in the admin (categories, products, images,
 * discount codes), so the storefront serves fresh data at the next request.
 */
export function invalidateStorefrontCatalog(): void {
  invalidateCatalogCache();
  // Page content shows catalogue data too (prices in copy, colour sections).
  invalidateContentCache();
}
