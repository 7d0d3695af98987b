import { and, asc, eq, isNull } from "drizzle-orm";
import { categories, products } from "~/db/schema";
import { listPublishedPagePaths } from "~/features/pages/pages.server";
import { LOCALES, localizedPath, type Locale } from "~/lib/i18n/locale";
import type { Db, Tx } from "~/server/db.server";

/** The storefront's own pages, always listed (their content lives in section content). */
export const STATIC_SITEMAP_PATHS = ["/", "/shop", "/about", "/blog", "/technology", "/stores"] as const;

/** Paths crawlers are asked to leave alone (robots.txt), in both languages. */
const PRIVATE_STORE_PATHS = ["/cart", "/checkout", "/order-confirmation", "/search"] as const;
export const ROBOTS_DISALLOWED_PATHS = [
  "/admin",
  ...PRIVATE_STORE_PATHS,
  ...PRIVATE_STORE_PATHS.map((path) => localizedPath(path, "en")),
];

export interface SitemapEntry {
  /** An absolute URL. */
  loc: string;
  /** The last change, as an ISO date (YYYY-MM-DD); absent for static pages. */
  lastmod?: string;
  /** The same page in each language (absolute URLs). */
  alternates?: Array<{ hrefLang: Locale; href: string }>;
}

/**
 * Every URL the storefront wants indexed, in each language (Vietnamese, then its /en twin, each
 * naming the other): the static pages, each active category (/collections/{slug}) and each
 * active product of an active category (/collections/{categorySlug}/{productSlug}) and each
 * published policy and post (/policies/{slug}, /blog/{slug}), with its last change.
 */
export async function listSitemapEntries(db: Db | Tx, origin: string): Promise<SitemapEntry[]> {
  const base = origin.replace(/\/+$/, "");
  const [categoryRows, productRows, pageRows] = await Promise.all([
    db
      .select({ slug: categories.slug, updatedAt: categories.updatedAt })
      .from(categories)
      .where(eq(categories.isActive, true))
      .orderBy(asc(categories.displayOrder), asc(categories.id)),
    db
      .select({ slug: products.slug, categorySlug: categories.slug, updatedAt: products.updatedAt })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      // Products only: a variant's old address redirects to its product's page (decision 0038).
      .where(and(eq(products.isActive, true), eq(categories.isActive, true), isNull(products.parentId)))
      .orderBy(asc(categories.displayOrder), asc(products.id)),
    listPublishedPagePaths(db),
  ]);

  const pages: Array<{ path: string; lastmod?: string }> = [
    ...STATIC_SITEMAP_PATHS.map((path) => ({ path })),
    ...categoryRows.map((c) => ({
      path: `/collections/${encodeURIComponent(c.slug)}`,
      lastmod: isoDate(c.updatedAt),
    })),
    ...productRows.map((p) => ({
      path: `/collections/${encodeURIComponent(p.categorySlug)}/${encodeURIComponent(p.slug)}`,
      lastmod: isoDate(p.updatedAt),
    })),
    // Published policies and blog posts (issue 19).
    ...pageRows.map((p) => ({ path: p.path, lastmod: isoDate(p.updatedAt) })),
  ];
  return pages.flatMap(({ path, lastmod }) => {
    const alternates = LOCALES.map((locale) => ({ hrefLang: locale, href: `${base}${localizedPath(path, locale)}` }));
    return alternates.map(({ href }) => ({ loc: href, ...(lastmod ? { lastmod } : {}), alternates }));
  });
}

/** The sitemap document (sitemaps.org 0.9) for the entries, every value XML-escaped. */
export function renderSitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : "";
    const alternates = (entry.alternates ?? [])
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hrefLang}" href="${escapeXml(a.href)}"/>`)
      .join("");
    return `  <url><loc>${escapeXml(entry.loc)}</loc>${lastmod}${alternates}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** robots.txt: the shop is open, private and per-visitor pages are not, and where the sitemap is. */
export function renderRobotsTxt(origin: string): string {
  const base = origin.replace(/\/+$/, "");
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
