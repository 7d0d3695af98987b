import { inArray } from "drizzle-orm";
import { sectionContent, sections } from "~/db/schema";
import type { Db, Tx } from "~/server/db.server";
import { contentTypeFor, isTranslatable } from "~/features/content/content.schema";
import { contentDefaults, type ContentDefaults } from "~/features/content/defaults";
import { contentDefaultsVi } from "~/features/content/defaults-vi";
import type { Locale } from "~/lib/i18n/locale";

const defaultsByLocale: Array<[Locale, ContentDefaults]> = [
  ["vi", contentDefaultsVi],
  ["en", contentDefaults],
];

/** The rows the seed writes: every default section of every page and its content, in each language. */
export function defaultContentRows() {
  return Object.entries(contentDefaults).flatMap(([pageName, pageSections]) =>
    Object.keys(pageSections).map((sectionKey, sectionOrder) => ({
      pageName,
      sectionKey,
      sectionOrder,
      content: defaultsByLocale.flatMap(([locale, defaults]) => {
        const content = (defaults as Record<string, Record<string, Record<string, unknown>>>)[pageName][sectionKey];
        return Object.entries(content).flatMap(([contentKey, value]) => {
          const contentType = contentTypeFor(contentKey);
          // Images and colours serve both languages: one (Vietnamese) row each.
          if (locale !== "vi" && !isTranslatable(contentType)) return [];
          return {
            contentKey,
            contentType,
            locale,
            // JSON is pretty-printed so it reads well in the admin editor.
            contentValue: contentType === "json" ? JSON.stringify(value, null, 2) : String(value),
          };
        });
      }),
    })),
  );
}

/**
 * Inserts every default section and content row. Existing rows are left alone (ON CONFLICT DO
 * NOTHING on (page_name, section_key) and (section_id, content_key)), so it is safe to run
 * again, and a section added to the defaults later is filled in. The caller runs it in a
 * transaction and records that it ran.
 */
export async function seedContent(db: Db | Tx): Promise<void> {
  const pages = defaultContentRows();
  await db
    .insert(sections)
    .values(
      pages.map(({ pageName, sectionKey, sectionOrder }) => ({ pageName, sectionKey, sectionOrder, isActive: true })),
    )
    .onConflictDoNothing({ target: [sections.pageName, sections.sectionKey] });

  const pageNames = [...new Set(pages.map((p) => p.pageName))];
  const existing = await db
    .select({ id: sections.id, pageName: sections.pageName, sectionKey: sections.sectionKey })
    .from(sections)
    .where(inArray(sections.pageName, pageNames));
  const idOf = new Map(existing.map((s) => [`${s.pageName}/${s.sectionKey}`, s.id]));

  const contentRows = pages.flatMap((page) => {
    const sectionId = idOf.get(`${page.pageName}/${page.sectionKey}`);
    if (sectionId === undefined) return [];
    return page.content.map((row) => ({ sectionId, ...row }));
  });
  if (contentRows.length === 0) return;
  await db
    .insert(sectionContent)
    .values(contentRows)
    .onConflictDoNothing({ target: [sectionContent.sectionId, sectionContent.contentKey, sectionContent.locale] });
}
