import { and, asc, eq, inArray } from "drizzle-orm";
import { sectionContent, sections } from "~/db/schema";
import { announceStorefrontChange } from "~/features/catalog/catalog-events.server";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { contentFieldError, type AdminSection } from "./sections-admin.schema";
import { isPageName, pageNames } from "./defaults";

export type { AdminSection, AdminContentRow } from "./sections-admin.schema";

/** The pages the sections editor offers: every page with defaults, plus any other page in the table. */
export async function listSectionPages(db: Db | Tx): Promise<string[]> {
  const rows = await db.selectDistinct({ pageName: sections.pageName }).from(sections);
  const extra = rows.map((r) => r.pageName).filter((name) => !isPageName(name)).sort();
  return [...pageNames, ...extra];
}

/** The sections of a page by section_order, each with its content rows (by id, i.e. seed order). */
export async function listSections(db: Db | Tx, pageName: string): Promise<AdminSection[]> {
  const rows = await db
    .select()
    .from(sections)
    .where(eq(sections.pageName, pageName))
    .orderBy(asc(sections.sectionOrder), asc(sections.id));
  if (rows.length === 0) return [];
  const content = await db
    .select()
    .from(sectionContent)
    .where(
      inArray(
        sectionContent.sectionId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(sectionContent.id));
  return rows.map((row) => ({
    id: row.id,
    pageName: row.pageName,
    sectionKey: row.sectionKey,
    sectionOrder: row.sectionOrder,
    isActive: row.isActive,
    content: content
      .filter((c) => c.sectionId === row.id)
      .map((c) => ({ id: c.id, contentKey: c.contentKey, contentType: c.contentType, contentValue: c.contentValue ?? "" })),
  }));
}

/** Every instance drops the page's cached content and its cached pages. */
function dropCache(db: Db, pageName: string): Promise<void> {
  return announceStorefrontChange(db, `content:${pageName}`);
}

/** Shows or hides a section on its page. Throws not_found for an unknown id. */
export async function setSectionActive(db: Db, sectionId: number, isActive: boolean): Promise<{ pageName: string }> {
  const [row] = await db
    .update(sections)
    .set({ isActive })
    .where(eq(sections.id, sectionId))
    .returning({ pageName: sections.pageName });
  if (!row) throw new AppError("not_found", "Không tìm thấy section");
  await dropCache(db, row.pageName);
  return row;
}

/**
 * Rewrites section_order of a page as 0..n in the given order, in one transaction. The ids must
 * be exactly the page's sections (each once); otherwise nothing changes (AppError invalid).
 */
export async function reorderSections(db: Db, pageName: string, orderedIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await tx.select({ id: sections.id }).from(sections).where(eq(sections.pageName, pageName));
    const known = new Set(existing.map((r) => r.id));
    const unique = new Set(orderedIds);
    if (unique.size !== orderedIds.length || unique.size !== known.size || orderedIds.some((id) => !known.has(id))) {
      throw new AppError("invalid", "Danh sách section không khớp với trang, vui lòng tải lại trang");
    }
    for (const [index, id] of orderedIds.entries()) {
      await tx
        .update(sections)
        .set({ sectionOrder: index })
        .where(and(eq(sections.id, id), eq(sections.pageName, pageName)));
    }
  });
  await dropCache(db, pageName);
}

/**
 * Saves the content rows of one section together, in one transaction. Every value is checked by
 * its row's type first (text not blank, image a path or http(s) URL, colour hex, JSON parsed and
 * matching its key's shape); one bad value refuses the whole save with per-row messages keyed
 * by row id, and nothing is written. Rows of other sections are refused too.
 */
export async function saveSectionContent(
  db: Db,
  sectionId: number,
  values: Array<{ id: number; value: string }>,
): Promise<{ pageName: string; saved: number }> {
  const pageName = await db.transaction(async (tx) => {
    const [section] = await tx
      .select({ pageName: sections.pageName })
      .from(sections)
      .where(eq(sections.id, sectionId))
      .limit(1);
    if (!section) throw new AppError("not_found", "Không tìm thấy section");
    const rows = await tx.select().from(sectionContent).where(eq(sectionContent.sectionId, sectionId));
    const byId = new Map(rows.map((r) => [r.id, r]));

    const fieldErrors: Record<string, string> = {};
    const updates: Array<{ id: number; value: string }> = [];
    for (const { id, value } of values) {
      const row = byId.get(id);
      if (!row) {
        fieldErrors[String(id)] = "Nội dung không thuộc section này";
        continue;
      }
      const problem = contentFieldError(row.contentKey, row.contentType, value);
      if (problem) fieldErrors[String(id)] = problem;
      else updates.push({ id, value: row.contentType === "text" ? value : value.trim() });
    }
    if (Object.keys(fieldErrors).length > 0) {
      throw new AppError("invalid", "Không thể lưu thay đổi: có nội dung không hợp lệ", fieldErrors);
    }
    for (const { id, value } of updates) {
      await tx.update(sectionContent).set({ contentValue: value }).where(eq(sectionContent.id, id));
    }
    return section.pageName;
  });
  await dropCache(db, pageName);
  return { pageName, saved: values.length };
}
