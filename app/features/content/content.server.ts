import { eq } from "drizzle-orm";
import { sectionContent, sections } from "~/db/schema";
import type { Db } from "~/server/db.server";
import { changedContentPage, onStorefrontChange } from "~/server/storefront-events.server";
import { TtlCache } from "~/server/ttl-cache.server";
import { checkContentValue, contentTypeFor } from "./content.schema";
import type { Locale } from "~/lib/i18n/locale";
import { contentDefaults, isPageName, type ContentDefaults, type PageName, type SectionKey } from "./defaults";
import { contentDefaultsVi } from "./defaults-vi";
import type { PageContent, PageSection, PageSections } from "./types";

export type { PageContent, PageSection, PageSections } from "./types";

/** The built-in content of the pages in a language (decision 0021). */
export function contentDefaultsIn(locale: Locale): ContentDefaults {
  return locale === "en" ? contentDefaults : contentDefaultsVi;
}

// Keyed by page name and language; SPEC §7: cached 5 minutes, admins drop the cache when they save.
const cache = new TtlCache<{ content: unknown; fromDatabase: boolean }>();
/** The generation each page was last dropped at (its entries written before are stale). */
const pageGenerations = new Map<PageName, number>();

/** Drops cached page content: one page, or every page when called without a name. */
export function invalidateContentCache(pageName?: PageName): void {
  const generation = cache.invalidate();
  if (pageName) pageGenerations.set(pageName, generation);
  else for (const page of Object.keys(contentDefaults) as PageName[]) pageGenerations.set(page, generation);
}

// A content change drops its page; any other change drops every page, since page content shows
// catalogue data too (prices in copy, colour sections) and settings.
onStorefrontChange((change) => {
  const page = changedContentPage(change);
  invalidateContentCache(page !== null && isPageName(page) ? page : undefined);
});

interface ContentOptions {
  /** The storefront language (default Vietnamese). */
  locale?: Locale;
  /** Where query failures are reported before the defaults are served. */
  logger?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** For tests: the clock used for the cache. */
  now?: () => number;
}

/**
 * The content of a storefront page in a language: every section with its active flag, its order
 * and its content map, merged over the built-in defaults. English shows the English value, or the
 * Vietnamese one where the English is empty (decision 0021). Never throws: a missing row, a blank
 * or malformed value, or a database error falls back to the default for that key (or page).
 * One query per page, cached in-process for STOREFRONT_CACHE_TTL_MS.
 */
export async function getPageContent<P extends PageName>(
  db: Db,
  pageName: P,
  options: ContentOptions = {},
): Promise<PageContent<P>> {
  const locale = options.locale ?? "vi";
  const { content } = await cache.read(db, `${pageName}:${locale}`, () => loadPageContent(db, pageName, options), {
    now: options.now?.(),
    freshSince: pageGenerations.get(pageName) ?? 0,
    // A fallback after a database error is not kept: the next request tries again.
    keep: ({ fromDatabase }) => fromDatabase,
  });
  return content;
}

interface ContentRow {
  sectionKey: string;
  sectionOrder: number;
  isActive: boolean;
  contentKey: string | null;
  contentValue: string | null;
  locale: string | null;
}

async function loadPageContent<P extends PageName>(
  db: Db,
  pageName: P,
  options: ContentOptions,
): Promise<{ content: PageContent<P>; fromDatabase: boolean }> {
  try {
    const rows = await queryPage(db, pageName).catch(() => queryPage(db, pageName)); // SPEC §7: one retry
    return { content: buildPageContent(pageName, rows, options.locale, options.logger), fromDatabase: true };
  } catch (error) {
    options.logger?.error({ err: error, page: pageName }, "page content could not be loaded; serving defaults");
    return { content: buildPageContent(pageName, [], options.locale), fromDatabase: false };
  }
}

async function queryPage(db: Db, pageName: string): Promise<ContentRow[]> {
  return db
    .select({
      sectionKey: sections.sectionKey,
      sectionOrder: sections.sectionOrder,
      isActive: sections.isActive,
      contentKey: sectionContent.contentKey,
      contentValue: sectionContent.contentValue,
      locale: sectionContent.locale,
    })
    .from(sections)
    .leftJoin(sectionContent, eq(sectionContent.sectionId, sections.id))
    .where(eq(sections.pageName, pageName));
}

/**
 * Merges saved rows over the defaults of a page in a language. English takes each English value,
 * else the Vietnamese one, else the English default. Exported for tests and previews.
 */
export function buildPageContent<P extends PageName>(
  pageName: P,
  rows: ContentRow[],
  locale: Locale = "vi",
  logger?: ContentOptions["logger"],
): PageContent<P> {
  const defaults = contentDefaultsIn(locale)[pageName] as Record<string, Record<string, unknown>>;
  type SavedSection = { order: number; isActive: boolean; values: Map<string, string | null>; vietnamese: Map<string, string | null> };
  const saved = new Map<string, SavedSection>();
  for (const row of rows) {
    let section = saved.get(row.sectionKey);
    if (!section) {
      section = { order: row.sectionOrder, isActive: row.isActive, values: new Map(), vietnamese: new Map() };
      saved.set(row.sectionKey, section);
    }
    if (row.contentKey === null) continue;
    const rowLocale = row.locale ?? "vi";
    if (rowLocale === locale) section.values.set(row.contentKey, row.contentValue);
    else if (rowLocale === "vi") section.vietnamese.set(row.contentKey, row.contentValue);
  }

  const result: Record<string, PageSection<PageName>> = {};
  const defaultKeys = Object.keys(defaults);
  defaultKeys.forEach((sectionKey, defaultIndex) => {
    const row = saved.get(sectionKey);
    const content: Record<string, unknown> = {};
    for (const [contentKey, fallback] of Object.entries(defaults[sectionKey])) {
      const own = row?.values.get(contentKey);
      const raw = own === undefined || own === null || own.trim() === "" ? (row?.vietnamese.get(contentKey) ?? own) : own;
      if (raw === undefined) {
        content[contentKey] = fallback;
        continue;
      }
      const check = checkContentValue(contentKey, contentTypeFor(contentKey), raw);
      if (check.ok) {
        content[contentKey] = check.value;
      } else {
        content[contentKey] = fallback;
        if (check.error !== "empty") {
          logger?.warn(
            { page: pageName, section: sectionKey, key: contentKey, problem: check.error },
            "content value ignored",
          );
        }
      }
    }
    result[sectionKey] = {
      key: sectionKey as never,
      isActive: row?.isActive ?? true,
      order: row?.order ?? defaultIndex,
      content: content as never,
    };
  });

  const order = defaultKeys
    .filter((key) => result[key].isActive)
    .sort((a, b) => result[a].order - result[b].order || defaultKeys.indexOf(a) - defaultKeys.indexOf(b));

  return { page: pageName, sections: result as unknown as PageSections<P>, order: order as SectionKey<P>[] };
}

/** Only the active sections of a page, in display order. */
export function activeSections<P extends PageName>(content: PageContent<P>): PageSection<P>[] {
  return content.order.map((key) => content.sections[key] as PageSection<P>);
}
