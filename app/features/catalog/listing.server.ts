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
  const facets = await getCatalogFacets(db, categorySlug, locale);
  const filters = restrictToCatalog(parseCatalogQuery(url.searchParams), facetOptions(facets), facets.priceBounds);
  const products = await listProducts(db, filters, { categorySlug, locale });
  return { facets, filters, products, view: parseView(url.searchParams) };
}
