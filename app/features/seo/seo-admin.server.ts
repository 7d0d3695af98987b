import { asc, eq } from "drizzle-orm";
import { pageSeo, type PageSeo } from "~/db/schema";
import { announceStorefrontChange } from "~/features/catalog/catalog-events.server";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { pageSeoFormSchema, type PageSeoInput, type PageSeoValues } from "./seo.schema";

export type { PageSeo } from "~/db/schema";

/** Every page_seo row, ordered by page path (SPEC §7). */
export async function listPageSeo(db: Db | Tx): Promise<PageSeo[]> {
  return db.select().from(pageSeo).orderBy(asc(pageSeo.pagePath));
}

/** Validates the editor's input; throws AppError("invalid") with per-field messages. */
export function parsePageSeoInput(input: unknown): PageSeoValues {
  const parsed = pageSeoFormSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "_")] ??= issue.message;
    const first = Object.values(fieldErrors)[0] ?? "Dữ liệu không hợp lệ";
    throw new AppError("invalid", first, fieldErrors);
  }
  return parsed.data;
}

function duplicatePath(path: string): AppError {
  return new AppError("conflict", `Đường dẫn ${path} đã có cấu hình SEO. Hãy chọn trang đó trong danh sách để sửa.`, {
    pagePath: `Đường dẫn ${path} đã tồn tại`,
  });
}

/** True for PostgreSQL's unique_violation, as node-postgres and PGlite report it (possibly wrapped by Drizzle). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === "23505") return true;
    e = e.cause as typeof e;
  }
  return false;
}

async function pathTaken(db: Db | Tx, path: string, exceptId?: number): Promise<boolean> {
  const [row] = await db.select({ id: pageSeo.id }).from(pageSeo).where(eq(pageSeo.pagePath, path)).limit(1);
  return row !== undefined && row.id !== exceptId;
}

/** Adds the SEO entry of a page. The path is normalised and must not have an entry yet. */
export async function createPageSeo(db: Db | Tx, input: PageSeoInput | unknown): Promise<PageSeo> {
  const values = parsePageSeoInput(input);
  if (await pathTaken(db, values.pagePath)) throw duplicatePath(values.pagePath);
  try {
    const [row] = await db.insert(pageSeo).values(values).returning();
    await announceStorefrontChange(db, "seo");
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicatePath(values.pagePath);
    throw error;
  }
}

/** Replaces the SEO entry with this id. Throws not_found, invalid, or conflict (path of another entry). */
export async function updatePageSeo(db: Db | Tx, id: number, input: PageSeoInput | unknown): Promise<PageSeo> {
  const values = parsePageSeoInput(input);
  if (await pathTaken(db, values.pagePath, id)) throw duplicatePath(values.pagePath);
  try {
    const [row] = await db.update(pageSeo).set(values).where(eq(pageSeo.id, id)).returning();
    if (!row) throw new AppError("not_found", "Không tìm thấy trang SEO này");
    await announceStorefrontChange(db, "seo");
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicatePath(values.pagePath);
    throw error;
  }
}

/** Deletes the SEO entry with this id (the page falls back to its built-in head). */
export async function deletePageSeo(db: Db | Tx, id: number): Promise<void> {
  const deleted = await db.delete(pageSeo).where(eq(pageSeo.id, id)).returning({ id: pageSeo.id });
  if (deleted.length === 0) throw new AppError("not_found", "Không tìm thấy trang SEO này");
  await announceStorefrontChange(db, "seo");
}
