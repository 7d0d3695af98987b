import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { auditLog, type AuditLogEntry } from "~/db/schema";
import type { Db, Tx } from "~/server/db.server";
import { ADMIN_PAGE_SIZE, type Page } from "~/lib/pagination";
import { SHOP_TIME_ZONE } from "~/lib/dates";

/*
 * Reading the audit log (the owner's /admin/audit). The rows are written by the triggers of
 * migration 0015 (decision 0030), never by this module.
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
