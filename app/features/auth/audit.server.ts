import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { auditLog, type AuditLogEntry } from "~/db/schema";
import type { CsvValue } from "~/lib/csv";
import type { Db, Tx } from "~/server/db.server";
import { ADMIN_PAGE_SIZE, type Page } from "~/lib/pagination";
import { SHOP_TIME_ZONE } from "~/lib/dates";

/*
 * Reading the audit log (the owner's /admin/audit). Row changes are written by the triggers of
 * migration 0015 (decision 0030); this module writes one kind of line itself: a CSV export
 * (auditedExport), which changes no row for a trigger to see (decision 0046).
 */

export interface AuditFilters {
  /** A member's user id (also one removed since: the log keeps the id and e-mail). */
  actor?: string;
  entityType?: string;
  /** Calendar days (YYYY-MM-DD) in the shop's time zone, both included. */
  from?: string;
  to?: string;
  page?: number;
}

/** One page of the log, newest first. */
export async function listAuditLog(db: Db | Tx, filters: AuditFilters = {}): Promise<Page<AuditLogEntry>> {
  const conditions: SQL[] = [];
  if (filters.actor) conditions.push(eq(auditLog.actorUserId, filters.actor));
  if (filters.entityType) conditions.push(eq(auditLog.entityType, filters.entityType));
  if (filters.from) conditions.push(gte(auditLog.occurredAt, shopMidnight(filters.from)));
  if (filters.to) conditions.push(lt(auditLog.occurredAt, sql`${shopMidnight(filters.to)} + interval '1 day'`));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const page = Math.min(Math.max(1, filters.page ?? 1), pageCount);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return { rows, page, pageSize: ADMIN_PAGE_SIZE, total, pageCount };
}

/** The people who appear in the log, for the filter (by their latest e-mail). */
export async function listAuditActors(db: Db | Tx): Promise<Array<{ userId: string; email: string }>> {
  const rows = await db
    .select({ userId: auditLog.actorUserId, email: sql<string>`max(${auditLog.actorEmail})` })
    .from(auditLog)
    .where(sql`${auditLog.actorUserId} is not null`)
    .groupBy(auditLog.actorUserId)
    .orderBy(asc(sql`max(${auditLog.actorEmail})`));
  return rows.flatMap((row) => (row.userId ? [{ userId: row.userId, email: row.email ?? row.userId }] : []));
}

/** Local midnight of a shop day, as a timestamptz. */
function shopMidnight(isoDay: string): SQL {
  return sql`(${isoDay}::date)::timestamp at time zone ${SHOP_TIME_ZONE}`;
}

/** What data an export takes out of the shop, as the log's entity type. */
export type ExportedData = "customers" | "newsletter_subscribers" | "orders" | "reports";

export interface ExportRecord {
  data: ExportedData;
  /** The downloaded file's name. */
  file: string;
  /** The list's filters as the URL carried them ("" for everything). */
  filters: string;
}

/**
 * An export's rows as they stream out, with one audit line (who, what data, the filters, the row
 * count, when) written once the file ends, or when the download stops early (the rows sent so far).
 */
export async function* auditedExport(
  db: Db,
  actor: { id: string; email: string },
  record: ExportRecord,
  batches: AsyncIterable<CsvValue[][]>,
): AsyncGenerator<CsvValue[][]> {
  let rows = 0;
  let complete = false;
  try {
    for await (const batch of batches) {
      rows += batch.length;
      yield batch;
    }
    complete = true;
  } finally {
    await db.insert(auditLog).values({
      actorUserId: actor.id,
      actorEmail: actor.email,
      entityType: record.data,
      entityId: record.file,
      action: "export",
      after: { filters: record.filters || "Tất cả", rows, ...(complete ? {} : { stopped: true }) },
    });
  }
}

/** The filters of an export request, as its URL carried them (empty values left out). */
export function exportFilters(url: URL): string {
  const params = new URLSearchParams();
  for (const [name, value] of url.searchParams) if (value !== "") params.append(name, value);
  return params.toString();
}
