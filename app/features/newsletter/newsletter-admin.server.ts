import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { newsletterSubscribers, type NewsletterStatus } from "~/db/schema";
import type { CsvValue } from "~/lib/csv";
import { formatDateTimeVi } from "~/lib/dates";
import { ADMIN_PAGE_SIZE, type Page } from "~/lib/pagination";
import { containsPattern } from "~/lib/search-pattern";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";

/*
 * The newsletter list in the console (issue 18 item 7): who signed up, confirmed or still
 * waiting, searched by address; staff can take an address off the list and export it.
 */

export interface NewsletterListQuery {
  /** Part of the address, any case. */
  q?: string;
  status?: NewsletterStatus;
  page?: number;
}

export interface NewsletterListRow {
  id: number;
  email: string;
  status: NewsletterStatus;
  source: string;
  createdAt: Date;
  confirmedAt: Date | null;
}

const listColumns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  status: newsletterSubscribers.status,
  source: newsletterSubscribers.source,
  createdAt: newsletterSubscribers.createdAt,
  confirmedAt: newsletterSubscribers.confirmedAt,
};

function listCondition(query: Pick<NewsletterListQuery, "q" | "status">): SQL | undefined {
  const conditions: SQL[] = [];
  const q = query.q?.trim();
  if (q) conditions.push(sql`lower(${newsletterSubscribers.email}) like ${containsPattern(q.toLowerCase())}`);
  if (query.status) conditions.push(eq(newsletterSubscribers.status, query.status));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of the list, newest sign-up first (out of range → the last page). */
export async function listNewsletterSubscribers(
  db: Db | Tx,
  query: NewsletterListQuery = {},
): Promise<Page<NewsletterListRow>> {
  const pageSize = ADMIN_PAGE_SIZE;
  const where = listCondition(query);
  const [{ n: total }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(newsletterSubscribers)
    .where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, query.page ?? 1), pageCount);
  const rows = await db
    .select(listColumns)
    .from(newsletterSubscribers)
    .where(where)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, page, pageSize, total, pageCount };
}

export const NEWSLETTER_ALREADY_REMOVED =
  "Địa chỉ này không còn trong danh sách (đã được hủy đăng ký trước đó). Hãy tải lại trang.";

/**
 * Takes an address off the list (confirmed or pending), as the e-mail's unsubscribe link does.
 * The row is named by id and by the address the page showed: a row that is gone, or whose id now
 * holds another address, is refused (conflict) and nothing changes.
 */
export async function removeNewsletterSubscriber(
  db: Db | Tx,
  input: { id: number; email: string },
): Promise<{ email: string }> {
  const [removed] = await db
    .delete(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.id, input.id),
        sql`lower(${newsletterSubscribers.email}) = ${input.email.trim().toLowerCase()}`,
      ),
    )
    .returning({ email: newsletterSubscribers.email });
  if (!removed) throw new AppError("conflict", NEWSLETTER_ALREADY_REMOVED);
  return removed;
}

const statusLabels: Record<NewsletterStatus, string> = { confirmed: "Đã xác nhận", pending: "Chờ xác nhận" };

export const newsletterCsvHeader = ["Email", "Trạng thái", "Nguồn", "Ngày đăng ký", "Ngày xác nhận"] as const;

function newsletterCsvRow(row: NewsletterListRow): CsvValue[] {
  return [
    row.email,
    statusLabels[row.status],
    row.source,
    formatDateTimeVi(row.createdAt),
    row.confirmedAt ? formatDateTimeVi(row.confirmedAt) : "",
  ];
}

/**
 * Every address matching the list's search and status, newest first, in batches read with keyset
 * pagination (created_at, id): the export never holds the whole list, never skips or repeats a row.
 * Cells go through the Excel-safe CSV writer (an address like `=cmd@x.vn` stays text).
 */
export async function* newsletterCsvBatches(
  db: Db | Tx,
  query: Pick<NewsletterListQuery, "q" | "status"> = {},
  batchSize = 1000,
): AsyncGenerator<CsvValue[][]> {
  const filter = listCondition(query);
  // The cursor keeps created_at as PostgreSQL text: a JS Date would drop the microseconds.
  let after: { createdAt: string; id: number } | null = null;
  for (;;) {
    const conditions: SQL[] = [];
    if (filter) conditions.push(filter);
    if (after) {
      conditions.push(
        sql`(${newsletterSubscribers.createdAt}, ${newsletterSubscribers.id}) < (${after.createdAt}::timestamptz, ${after.id})`,
      );
    }
    const rows = await db
      .select({ ...listColumns, cursor: sql<string>`${newsletterSubscribers.createdAt}::text` })
      .from(newsletterSubscribers)
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map(newsletterCsvRow);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.cursor, id: last.id };
  }
}
