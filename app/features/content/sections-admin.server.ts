import { and, asc, eq, inArray } from "drizzle-orm";
import { sectionContent, sections } from "~/db/schema";
import { announceStorefrontChange } from "~/server/storefront-events.server";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { expectUpdatedRow, nextRowVersion, staleRowError } from "~/server/row-version.server";
import {
  assertAcceptedImage,
  deleteStoredFiles,
  storeImageVariants,
  type StoredImage,
} from "~/server/image-upload.server";
import type { Storage } from "~/server/storage.server";
import { MAX_IMAGE_BYTES } from "~/lib/image-variants";
import { contentRowError, type AdminSection } from "./sections-admin.schema";
import { isPageName, pageNames } from "./defaults";

export type { AdminSection, AdminContentRow } from "./sections-admin.schema";

const SECTION_NOT_FOUND = "Không tìm thấy section";
/** What staff read on a conflict: a section's content is what the page shows. */
const SECTION_CONTENT = "Nội dung trang";

/** The pages the sections editor offers: every page with defaults, plus any other page in the table. */
export async function listSectionPages(db: Db | Tx): Promise<string[]> {
  const rows = await db.selectDistinct({ pageName: sections.pageName }).from(sections);
  const extra = rows
    .map((r) => r.pageName)
    .filter((name) => !isPageName(name))
    .sort();
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
  // Each key's Vietnamese value, then its English one, keys in the order they were first written.
  const keyOrder = new Map<string, number>();
  for (const c of content) if (!keyOrder.has(c.contentKey)) keyOrder.set(c.contentKey, keyOrder.size);
  content.sort(
    (a, b) =>
      (keyOrder.get(a.contentKey) ?? 0) - (keyOrder.get(b.contentKey) ?? 0) ||
      Number(a.locale !== "vi") - Number(b.locale !== "vi") ||
      a.id - b.id,
  );
  return rows.map((row) => ({
    id: row.id,
    pageName: row.pageName,
    sectionKey: row.sectionKey,
    sectionOrder: row.sectionOrder,
    isActive: row.isActive,
    version: row.version,
    content: content
      .filter((c) => c.sectionId === row.id)
      .map((c) => ({
        id: c.id,
        contentKey: c.contentKey,
        contentType: c.contentType,
        contentValue: c.contentValue ?? "",
        locale: c.locale,
      })),
  }));
}

/** Every instance drops the page's cached content and its cached pages. */
function dropCache(db: Db, pageName: string): Promise<void> {
  return announceStorefrontChange(db, `content:${pageName}`);
}

/**
 * Shows or hides a section on its page. Throws not_found for an unknown id. One click sets the
 * state staff see and chose, and the content editor never writes it: no version (decision 0014).
 */
export async function setSectionActive(db: Db, sectionId: number, isActive: boolean): Promise<{ pageName: string }> {
  const [row] = await db
    .update(sections)
    .set({ isActive })
    .where(eq(sections.id, sectionId))
    .returning({ pageName: sections.pageName });
  if (!row) throw new AppError("not_found", SECTION_NOT_FOUND);
  await dropCache(db, row.pageName);
  return row;
}

/**
 * Rewrites section_order of a page as 0..n in the given order, in one transaction (the whole
 * order is sent, and the content editor never writes it: no version, decision 0014). The ids must
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

/** At most this many images are uploaded with one section save (a section has a few image rows). */
export const MAX_SECTION_UPLOADS = 4;
/** A save may carry one image per image row (up to MAX_SECTION_UPLOADS of 5 MB), plus the text fields. */
export const MAX_SECTION_REQUEST_BYTES = MAX_SECTION_UPLOADS * MAX_IMAGE_BYTES + 1024 * 1024;

/** Files chosen for image rows, stored through the shared upload pipeline under `sections/`. */
export interface SectionImageUploads {
  storage: Storage;
  files: Array<{ id: number; bytes: Uint8Array }>;
}

const SECTION_UPLOADS_PREFIX = "/uploads/sections/";

/**
 * Saves the content rows of one section together, in one transaction, if the section is still at
 * the version the editor was opened with (`section.version`): a section saved since is refused
 * (conflict "Nội dung trang …"), nothing stored or written. Every value is checked by
 * its row's type first (text not blank, image a path or http(s) URL, colour hex, JSON parsed and
 * matching its key's shape); one bad value refuses the whole save with per-row messages keyed
 * by row id, and nothing is written. Rows of other sections are refused too.
 *
 * An image row may get an uploaded file instead of a typed address: files are checked like
 * product images (type by content, 5 MB) before any is stored, stored as WebP + AVIF, and the
 * row then points at the upload. Uploads a save replaces are deleted once no row uses them.
 * Images are encoded and stored before the transaction opens, and old ones deleted after it: the
 * transaction names `actorUserId` (the console member saving) for the audit log.
 */
export async function saveSectionContent(
  db: Db,
  section: { id: number; version: number },
  values: Array<{ id: number; value: string }>,
  uploads?: SectionImageUploads,
  actorUserId: string | null = null,
): Promise<{ pageName: string; saved: number; version: number }> {
  const sectionId = section.id;
  const files = uploads?.files ?? [];
  if (files.length > MAX_SECTION_UPLOADS) {
    throw new AppError("invalid", `Tối đa ${MAX_SECTION_UPLOADS} ảnh mỗi lần lưu`);
  }
  // Cheap and first: a stale editor gets the conflict before any image is encoded.
  const [current] = await db.select({ version: sections.version }).from(sections).where(eq(sections.id, sectionId));
  if (!current) throw new AppError("not_found", SECTION_NOT_FOUND);
  if (current.version !== section.version) throw staleRowError(SECTION_CONTENT);
  if (files.length > 0) await assertUploadsAcceptable(db, sectionId, values, files);

  const stored: Array<StoredImage & { id: number }> = [];
  let written: { pageName: string; version: number; replaced: string[] };
  try {
    if (uploads) {
      for (const file of uploads.files) {
        stored.push({
          ...(await storeImageVariants(uploads.storage, "sections", file.bytes, String(file.id))),
          id: file.id,
        });
      }
    }
    const uploaded = new Set(stored.map((image) => image.id));
    values = [
      ...values.filter((entry) => !uploaded.has(entry.id)),
      ...stored.map((image) => ({ id: image.id, value: image.url })),
    ];
    written = await writeSectionContent(db, section, values, actorUserId);
  } catch (error) {
    if (uploads)
      await deleteStoredFiles(
        uploads.storage,
        stored.map((image) => image.url),
      );
    throw error;
  }
  await dropCache(db, written.pageName);
  if (uploads && written.replaced.length > 0) await deleteUnusedSectionUploads(db, uploads.storage, written.replaced);
  return { pageName: written.pageName, saved: values.length, version: written.version };
}

/** Cheap checks before any image is encoded: each file belongs to an image row of this section and is an accepted image; the typed values are valid. */
async function assertUploadsAcceptable(
  db: Db,
  sectionId: number,
  values: Array<{ id: number; value: string }>,
  files: Array<{ id: number; bytes: Uint8Array }>,
) {
  const rows = await db.select().from(sectionContent).where(eq(sectionContent.sectionId, sectionId));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const fieldErrors: Record<string, string> = {};
  const seen = new Set<number>();
  for (const file of files) {
    if (seen.has(file.id)) {
      fieldErrors[String(file.id)] = "Chỉ chọn một ảnh cho mỗi nội dung";
      continue;
    }
    seen.add(file.id);
    if (byId.get(file.id)?.contentType !== "image") {
      fieldErrors[String(file.id)] = "Chỉ tải ảnh lên cho nội dung kiểu ảnh của section này";
      continue;
    }
    try {
      assertAcceptedImage(file.bytes, String(file.id));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      Object.assign(fieldErrors, error.fieldErrors);
    }
  }
  const uploaded = new Set(files.map((file) => file.id));
  for (const { id, value } of values) {
    const row = byId.get(id);
    if (uploaded.has(id) || !row) continue;
    const problem = contentRowError(row, value);
    if (problem) fieldErrors[String(id)] = problem;
  }
  if (Object.keys(fieldErrors).length > 0) {
    const only = Object.values(fieldErrors);
    throw new AppError(
      "invalid",
      only.length === 1 ? only[0] : "Không thể lưu thay đổi: có nội dung không hợp lệ",
      fieldErrors,
    );
  }
}

async function writeSectionContent(
  db: Db,
  expected: { id: number; version: number },
  values: Array<{ id: number; value: string }>,
  actorUserId: string | null,
): Promise<{ pageName: string; version: number; replaced: string[] }> {
  const sectionId = expected.id;
  return inAuditedTransaction(db, actorUserId, async (tx) => {
    // The version-guarded update first: it also locks the section until this save commits.
    const guarded = await tx
      .update(sections)
      .set({ version: nextRowVersion(sections.version) })
      .where(and(eq(sections.id, sectionId), eq(sections.version, expected.version)))
      .returning({ pageName: sections.pageName, version: sections.version });
    const section = await expectUpdatedRow(guarded, () => sectionExists(tx, sectionId), {
      what: SECTION_CONTENT,
      notFound: SECTION_NOT_FOUND,
    });
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
      const problem = contentRowError(row, value);
      if (problem) fieldErrors[String(id)] = problem;
      else updates.push({ id, value: row.contentType === "text" ? value : value.trim() });
    }
    if (Object.keys(fieldErrors).length > 0) {
      throw new AppError("invalid", "Không thể lưu thay đổi: có nội dung không hợp lệ", fieldErrors);
    }
    const replaced: string[] = [];
    for (const { id, value } of updates) {
      const previous = byId.get(id)?.contentValue ?? "";
      if (previous !== value && previous.startsWith(SECTION_UPLOADS_PREFIX)) replaced.push(previous);
      await tx.update(sectionContent).set({ contentValue: value }).where(eq(sectionContent.id, id));
    }
    return { pageName: section.pageName, version: section.version, replaced };
  });
}

async function sectionExists(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: sections.id }).from(sections).where(eq(sections.id, id)).limit(1);
  return row !== undefined;
}

/** Deletes the files of replaced section uploads that no content row points at any more. */
async function deleteUnusedSectionUploads(db: Db, storage: Storage, urls: string[]) {
  const stillUsed = await db
    .select({ value: sectionContent.contentValue })
    .from(sectionContent)
    .where(inArray(sectionContent.contentValue, urls));
  const used = new Set(stillUsed.map((row) => row.value));
  await deleteStoredFiles(
    storage,
    urls.filter((url) => !used.has(url)),
  );
}
