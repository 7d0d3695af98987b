import type { Db } from "~/server/db.server";
import { facetOptions, getCatalogFacets, listProducts } from "./catalog.server";
import { parseCatalogQuery, parseView, restrictToCatalog } from "./catalog.schema";

/** What a listing page (/shop, /collections/:category) loads for a URL: filters parsed and checked against the catalogue, products, facets. */
export async function loadListing(db: Db, url: URL, categorySlug?: string) {
  const facets = await getCatalogFacets(db, categorySlug);
  const filters = restrictToCatalog(parseCatalogQuery(url.searchParams), facetOptions(facets), facets.priceBounds);
  const products = await listProducts(db, filters, { categorySlug });
  return { facets, filters, products, view: parseView(url.searchParams) };
}
