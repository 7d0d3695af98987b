import { eq } from "drizzle-orm";
import { pageSeo } from "~/db/schema";
import type { Db, Tx } from "~/server/db.server";
import { cachedUntilStorefrontChange } from "~/server/storefront-cache.server";
import type { PageSeoData } from "./seo-meta";
import { normalizeSeoPath } from "./seo.schema";

export { normalizeSeoPath } from "./seo.schema";

/** The page_seo row of a path, or null. */
export async function getPageSeo(db: Db | Tx, path: string): Promise<PageSeoData | null> {
  const [row] = await db
    .select({
      metaTitle: pageSeo.metaTitle,
      metaDescription: pageSeo.metaDescription,
      ogImage: pageSeo.ogImage,
      keywords: pageSeo.keywords,
      canonicalUrl: pageSeo.canonicalUrl,
      structuredData: pageSeo.structuredData,
    })
    .from(pageSeo)
    .where(eq(pageSeo.pagePath, normalizeSeoPath(path)))
    .limit(1);
  return row ?? null;
}

const cachedPageSeo = cachedUntilStorefrontChange((db: Db, path: string) => getPageSeo(db, path));

/** getPageSeo for the storefront layout, on every page: kept in memory until the next storefront change (saving SEO announces one). */
export function getStorefrontPageSeo(db: Db, path: string): Promise<PageSeoData | null> {
  return cachedPageSeo(db, normalizeSeoPath(path));
}
