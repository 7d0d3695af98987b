import { localeOfPath } from "~/lib/i18n/locale";
import type { Db } from "~/server/db.server";
import { facetOptions, getCatalogFacets, listProducts } from "./catalog.server";
import { parseCatalogQuery, parseView, restrictToCatalog } from "./catalog.schema";

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
