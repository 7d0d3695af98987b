import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import { pages, type PageRow } from "~/db/schema";
import { fieldErrorsOf, formValues } from "~/lib/form-fields";
import type { Locale } from "~/lib/i18n/locale";
import type { Page } from "~/lib/pagination";
import type { Db, Tx } from "~/server/db.server";
import { uniqueViolation } from "~/server/db-errors.server";
import { AppError } from "~/server/errors.server";
import { expectUpdatedRow, nextRowVersion } from "~/server/row-version.server";
import { cachedUntilStorefrontChange } from "~/server/storefront-cache.server";
import { announceStorefrontChange } from "~/server/storefront-events.server";
import { pageInputSchema, pagePath, type AdminPage, type PageInput, type PageKind, type PageStatus, type PolicyLink } from "./pages.schema";

export type { PolicyLink } from "./pages.schema";

/*
 * Policies and blog posts (issue 19): the one writer of the pages table. The console creates,
 * edits, publishes and deletes them; the storefront reads a published page in its language.
 */

export const PAGE_NOT_FOUND = "Không tìm thấy trang";
export const SLUG_TAKEN_MESSAGE = "Đường dẫn này đã được dùng cho một trang khác cùng loại";
const PAGE_WHAT = "Trang";

function toAdminPage(row: PageRow): AdminPage {
  return {
    id: row.id,
    kind: row.kind as PageKind,
    slug: row.slug,
    title: row.title,
    titleEn: row.titleEn,
    excerpt: row.excerpt,
    excerptEn: row.excerptEn,
    body: row.body,
    bodyEn: row.bodyEn,
    seoTitle: row.seoTitle,
    seoTitleEn: row.seoTitleEn,
    seoDescription: row.seoDescription,
    seoDescriptionEn: row.seoDescriptionEn,
    coverImage: row.coverImage,
    author: row.author,
    tags: row.tags,
    relatedProductIds: row.relatedProductIds,
    status: row.status as PageStatus,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    sortOrder: row.sortOrder,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Checks a form (or a plain object) as a page; invalid input is refused with per-field messages, nothing written. */
export function parsePageInput(input: FormData | Record<string, unknown>): PageInput {
  const parsed = pageInputSchema.safeParse(formValues(input));
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    const messages = Object.values(fieldErrors);
    throw new AppError("invalid", messages.length === 1 ? messages[0] : "Vui lòng kiểm tra các trường được đánh dấu", fieldErrors);
  }
  return parsed.data;
}

/** The row's values of an input: publishing without a date publishes now; a draft keeps the date it was given. */
function rowValues(input: PageInput, now: Date) {
  const { publishedAt, ...rest } = input;
  return { ...rest, publishedAt: publishedAt ?? (input.status === "published" ? now : null) };
}

function slugTaken(error: unknown): never {
  if (uniqueViolation(error) !== null) throw new AppError("conflict", SLUG_TAKEN_MESSAGE, { slug: SLUG_TAKEN_MESSAGE });
  throw error;
}

/** Every page of a kind for the console: policies in footer order, posts newest first (drafts on top). */
export async function listAdminPages(db: Db | Tx, kind: PageKind): Promise<AdminPage[]> {
  const rows = await db
    .select()
    .from(pages)
    .where(eq(pages.kind, kind))
    .orderBy(
      ...(kind === "policy"
        ? [asc(pages.sortOrder), asc(pages.id)]
        : [sql`${pages.publishedAt} desc nulls first`, desc(pages.id)]),
    );
  return rows.map(toAdminPage);
}

export async function getAdminPage(db: Db | Tx, id: number): Promise<AdminPage> {
  const [row] = await db.select().from(pages).where(eq(pages.id, id)).limit(1);
  if (!row) throw new AppError("not_found", PAGE_NOT_FOUND);
  return toAdminPage(row);
}

/** Creates a page from the console form. A slug its kind already uses is refused (conflict on `slug`). */
export async function createPage(db: Db | Tx, input: FormData | Record<string, unknown>, now = new Date()): Promise<AdminPage> {
  const values = rowValues(parsePageInput(input), now);
  const [row] = await db
    .insert(pages)
    .values(values)
    .returning()
    .catch(slugTaken);
  await announceStorefrontChange(db, "pages");
  return toAdminPage(row);
}

/**
 * Saves the console form over the version it was opened with: a page saved since is refused
 * (conflict "Trang …"), nothing written; a taken slug likewise (conflict on `slug`).
 */
export async function updatePage(
  db: Db | Tx,
  expected: { id: number; version: number },
  input: FormData | Record<string, unknown>,
  now = new Date(),
): Promise<AdminPage> {
  const values = rowValues(parsePageInput(input), now);
  const rows = await db
    .update(pages)
    .set({ ...values, version: nextRowVersion(pages.version) })
    .where(and(eq(pages.id, expected.id), eq(pages.version, expected.version)))
    .returning()
    .catch(slugTaken);
  const row = await expectUpdatedRow(rows, () => pageExists(db, expected.id), { what: PAGE_WHAT, notFound: PAGE_NOT_FOUND });
  await announceStorefrontChange(db, "pages");
  return toAdminPage(row);
}

/** Deletes a page (the version guard as for a save). */
export async function deletePage(db: Db | Tx, expected: { id: number; version: number }): Promise<void> {
  const rows = await db
    .delete(pages)
    .where(and(eq(pages.id, expected.id), eq(pages.version, expected.version)))
    .returning({ id: pages.id });
  await expectUpdatedRow(rows, () => pageExists(db, expected.id), { what: PAGE_WHAT, notFound: PAGE_NOT_FOUND });
  await announceStorefrontChange(db, "pages");
}

async function pageExists(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: pages.id }).from(pages).where(eq(pages.id, id)).limit(1);
  return row !== undefined;
}

/** A page as a storefront language shows it: the English text where one is written, else the Vietnamese. */
export interface PublishedPage {
  id: number;
  kind: PageKind;
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  seoTitle: string;
  seoDescription: string;
  coverImage: string;
  author: string;
  tags: string[];
  relatedProductIds: number[];
  publishedAt: string;
  updatedAt: string;
}

function inLanguage(row: PageRow, locale: Locale): PublishedPage {
  const en = locale === "en";
  const pick = (vi: string, english: string) => (en && english.trim() !== "" ? english : vi);
  return {
    id: row.id,
    kind: row.kind as PageKind,
    slug: row.slug,
    title: pick(row.title, row.titleEn),
    excerpt: pick(row.excerpt, row.excerptEn),
    body: pick(row.body, row.bodyEn),
    seoTitle: pick(row.seoTitle, row.seoTitleEn),
    seoDescription: pick(row.seoDescription, row.seoDescriptionEn),
    coverImage: row.coverImage,
    author: row.author,
    // Tags are written once, in Vietnamese: the English site shows none rather than the other language's.
    tags: en ? [] : row.tags,
    relatedProductIds: row.relatedProductIds,
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Published and its time has come (a scheduled page stays hidden until then). */
const isLive = (now: Date) => and(eq(pages.status, "published"), lte(pages.publishedAt, now));

/** The published page of a kind and slug in a language, or null (unknown, draft or scheduled). */
export async function getPublishedPage(
  db: Db | Tx,
  kind: PageKind,
  slug: string,
  locale: Locale,
  now = new Date(),
): Promise<PublishedPage | null> {
  const [row] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.kind, kind), eq(pages.slug, slug), isLive(now)))
    .limit(1);
  return row ? inLanguage(row, locale) : null;
}

/** The published policies in footer order, titled in a language (footer and checkout links). */
export async function listPolicyLinks(db: Db | Tx, locale: Locale, now = new Date()): Promise<PolicyLink[]> {
  const rows = await db
    .select({ slug: pages.slug, title: pages.title, titleEn: pages.titleEn })
    .from(pages)
    .where(and(eq(pages.kind, "policy"), isLive(now)))
    .orderBy(asc(pages.sortOrder), asc(pages.id));
  return rows.map((row) => ({ slug: row.slug, title: locale === "en" && row.titleEn.trim() ? row.titleEn : row.title }));
}

const cachedPolicyLinks = cachedUntilStorefrontChange((db: Db, locale: Locale) => listPolicyLinks(db, locale));

/** listPolicyLinks for every storefront page, kept until the next storefront change. */
export function getStorefrontPolicyLinks(db: Db, locale: Locale): Promise<PolicyLink[]> {
  return cachedPolicyLinks(db, locale);
}

export interface PostSummary {
  slug: string;
  title: string;
  excerpt: string;
  coverImage: string;
  author: string;
  tags: string[];
  publishedAt: string;
  updatedAt: string;
}

/** The published posts, newest first, a page at a time (/blog, the feed), in a language. */
export async function listPublishedPosts(
  db: Db | Tx,
  locale: Locale,
  options: { page?: number; pageSize?: number; now?: Date } = {},
): Promise<Page<PostSummary>> {
  const pageSize = options.pageSize ?? 9;
  const now = options.now ?? new Date();
  const where = and(eq(pages.kind, "post"), isLive(now));
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(pages).where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pageCount);
  const rows = await db
    .select()
    .from(pages)
    .where(where)
    .orderBy(desc(pages.publishedAt), desc(pages.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    rows: rows.map((row) => {
      const post = inLanguage(row, locale);
      return {
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        coverImage: post.coverImage,
        author: post.author,
        tags: post.tags,
        publishedAt: post.publishedAt,
        updatedAt: post.updatedAt,
      };
    }),
    page,
    pageSize,
    total,
    pageCount,
  };
}

/** Every published page's storefront path (Vietnamese) and last change, for the sitemap; scheduled and draft ones are left out. */
export async function listPublishedPagePaths(db: Db | Tx, now = new Date()): Promise<Array<{ path: string; updatedAt: Date }>> {
  const rows = await db
    .select({ kind: pages.kind, slug: pages.slug, updatedAt: pages.updatedAt })
    .from(pages)
    .where(isLive(now))
    .orderBy(asc(pages.kind), asc(pages.sortOrder), desc(pages.publishedAt), asc(pages.id));
  return rows.map((row) => ({ path: pagePath(row.kind as PageKind, encodeURIComponent(row.slug)), updatedAt: row.updatedAt }));
}

/** A page the shop starts with (the seed): policies, and the first articles of the blog. */
export type StartingPage = Omit<typeof pages.$inferInsert, "id" | "version" | "createdAt" | "updatedAt">;

/**
 * Inserts the starting pages a shop does not have yet (by kind and slug); edited or deleted ones
 * stay so. Published ones without a date are published now, a minute apart in the order given.
 */
export async function insertStartingPages(tx: Tx, rows: StartingPage[], now = new Date()): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(pages)
    // A minute apart, in the order given: the first is the newest post.
    .values(
      rows.map((row, index) => ({
        ...row,
        publishedAt: row.publishedAt ?? (row.status === "published" ? new Date(now.getTime() - index * 60_000) : null),
      })),
    )
    .onConflictDoNothing({ target: [pages.kind, pages.slug] });
}
