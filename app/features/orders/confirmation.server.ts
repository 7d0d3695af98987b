import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { customers, orderConfirmationAttempts, orderStatusHistory, orders } from "~/db/schema";
import { getSettings } from "~/features/settings/settings.server";
import { formatDateTimeVi } from "~/lib/dates";
import { ADMIN_PAGE_SIZE, type Page } from "~/lib/pagination";
import { isUuid } from "~/lib/search-pattern";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { nextRowVersion } from "~/server/row-version.server";
import { riskFlaggedSql, riskThresholds } from "./buyer-risk.server";
import { callHoldsOf, releaseCallHold } from "./call-holds.server";
import {
  BUYER_CANCEL_REASON_REQUIRED,
  type ConfirmationCallInput,
  type ConfirmationOutcomeValue,
} from "./confirmation.schema";
import { orderStatusLabels } from "./orders.schema";
import { changeLockedOrderStatus, lockOrder, ORDER_NOT_FOUND, type Actor } from "./orders.server";

/*
 * Confirming a new order with its buyer by phone (issue 16): each call is an
 * order_confirmation_attempts row; the order moves (pending → processing, or → cancelled) or waits
 * for the next try. Version-guarded like setOrderStatus: the page's version.
 */

export const CONFIRMED_NOTE = "Đã xác nhận với người mua qua điện thoại";
export const NEXT_TRY_IN_PAST = "Thời điểm gọi lại phải sau thời điểm hiện tại";

export function notPendingMessage(status: keyof typeof orderStatusLabels): string {
  return `Chỉ ghi kết quả gọi xác nhận cho đơn hàng đang "Chờ xác nhận" (đơn này đang "${orderStatusLabels[status]}")`;
}

export interface ConfirmationCallResult {
  outcome: ConfirmationOutcomeValue;
  /** Unanswered calls so far. */
  attempts: number;
  nextTryAt: Date | null;
}

/**
 * Records one call (refused while another staff member holds the order's call; releases the
 * hold, call-holds.server.ts): confirmed (→ "Đã xác nhận", confirmed_at set), no answer (attempts + 1, the
 * next try at the time staff chose or after settings.fulfilment.retryAfterMinutes), or cancelled
 * by the buyer with their reason (→ "Đã hủy", the goods back in stock, through setOrderStatus's
 * own change). Only a pending order; a page opened before another change is refused as stale.
 */
export async function recordConfirmationCall(
  db: Db,
  orderId: string,
  input: ConfirmationCallInput,
  actor: Actor,
  now: Date = new Date(),
): Promise<ConfirmationCallResult> {
  const reason = input.reason.trim();
  if (input.outcome === "cancelled" && reason === "")
    throw new AppError("invalid", BUYER_CANCEL_REASON_REQUIRED, { reason: BUYER_CANCEL_REASON_REQUIRED });
  if (input.outcome === "no_answer" && input.nextTryAt && input.nextTryAt.getTime() <= now.getTime())
    throw new AppError("invalid", NEXT_TRY_IN_PAST, { nextTryAt: NEXT_TRY_IN_PAST });
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, input.version);
    if (order.status !== "pending") throw new AppError("conflict", notPendingMessage(order.status));
    await releaseCallHold(tx, orderId, actor, now);
    const [{ attempts }] = await tx
      .select({ attempts: orders.confirmationAttempts })
      .from(orders)
      .where(eq(orders.id, orderId));
    const attempt = { orderId, outcome: input.outcome, byUserId: actor.userId, byName: actor.name, createdAt: now };

    if (input.outcome === "confirmed") {
      await tx.insert(orderConfirmationAttempts).values({ ...attempt, note: input.note });
      await tx
        .update(orders)
        .set({
          status: "processing",
          confirmedAt: now,
          nextConfirmationAt: null,
          version: nextRowVersion(orders.version),
          updatedAt: now,
        })
        .where(eq(orders.id, orderId));
      await tx.insert(orderStatusHistory).values({
        orderId,
        fromStatus: "pending",
        toStatus: "processing",
        changedByUserId: actor.userId,
        changedByName: actor.name,
        note: input.note ? `${CONFIRMED_NOTE} · ${input.note}` : CONFIRMED_NOTE,
        createdAt: now,
      });
      return { outcome: "confirmed", attempts, nextTryAt: null };
    }

    if (input.outcome === "no_answer") {
      const { retryAfterMinutes } = (await getSettings(tx)).fulfilment;
      const nextTryAt = input.nextTryAt ?? new Date(now.getTime() + retryAfterMinutes * 60_000);
      const n = attempts + 1;
      await tx.insert(orderConfirmationAttempts).values({ ...attempt, note: input.note, nextTryAt });
      await tx
        .update(orders)
        .set({
          confirmationAttempts: n,
          nextConfirmationAt: nextTryAt,
          version: nextRowVersion(orders.version),
          updatedAt: now,
        })
        .where(eq(orders.id, orderId));
      // The order stays pending: a history row with the same status on both sides, the note says what happened.
      await tx.insert(orderStatusHistory).values({
        orderId,
        fromStatus: "pending",
        toStatus: "pending",
        changedByUserId: actor.userId,
        changedByName: actor.name,
        note: `Gọi xác nhận lần ${n}: người mua không nghe máy · gọi lại lúc ${formatDateTimeVi(nextTryAt)}${input.note ? ` · ${input.note}` : ""}`,
        createdAt: now,
      });
      return { outcome: "no_answer", attempts: n, nextTryAt };
    }

    await tx.insert(orderConfirmationAttempts).values({ ...attempt, note: reason });
    await changeLockedOrderStatus(
      tx,
      order,
      { status: "cancelled", reason: `Người mua hủy khi gọi xác nhận: ${reason}`, restock: true },
      actor,
    );
    return { outcome: "cancelled", attempts, nextTryAt: null };
  });
}

export interface ConfirmationAttemptRow {
  id: number;
  outcome: ConfirmationOutcomeValue;
  note: string | null;
  nextTryAt: Date | null;
  byName: string | null;
  createdAt: Date;
}

/** The order's calls, oldest first. */
export async function listConfirmationAttempts(db: Db | Tx, orderId: string): Promise<ConfirmationAttemptRow[]> {
  if (!isUuid(orderId)) throw new AppError("not_found", ORDER_NOT_FOUND);
  return db
    .select({
      id: orderConfirmationAttempts.id,
      outcome: orderConfirmationAttempts.outcome,
      note: orderConfirmationAttempts.note,
      nextTryAt: orderConfirmationAttempts.nextTryAt,
      byName: orderConfirmationAttempts.byName,
      createdAt: orderConfirmationAttempts.createdAt,
    })
    .from(orderConfirmationAttempts)
    .where(eq(orderConfirmationAttempts.orderId, orderId))
    .orderBy(asc(orderConfirmationAttempts.createdAt), asc(orderConfirmationAttempts.id));
}

export interface ConfirmationQueueRow {
  id: string;
  orderNumber: number;
  createdAt: Date;
  total: number;
  phone: string;
  customerName: string;
  attempts: number;
  nextConfirmationAt: Date | null;
  /** A retry whose time has come. */
  due: boolean;
  /** As many unanswered calls as settings.fulfilment.maxConfirmationAttempts, or more: "Nên hủy". */
  shouldCancel: boolean;
  flagged: boolean;
  /** Who is calling the buyer now (a hold that lasts), or null. */
  heldBy: { userId: string; name: string } | null;
}

/**
 * "Cần xác nhận": the pending orders (not archived), retries that are due first (the longest
 * overdue first), then those never called, oldest first, then those waiting for their retry time.
 */
export async function listConfirmationQueue(
  db: Db | Tx,
  page = 1,
  now: Date = new Date(),
): Promise<Page<ConfirmationQueueRow>> {
  const settings = await getSettings(db);
  const where = and(eq(orders.status, "pending"), isNull(orders.archivedAt));
  const [{ n: total }] = await db.select({ n: count() }).from(orders).where(where);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const thresholds = await riskThresholds(db, settings.fulfilment);
  const due = sql<boolean>`coalesce(${orders.nextConfirmationAt} <= ${now}, false)`;
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      total: orders.total,
      phone: orders.phone,
      customerName: sql<string>`trim(${customers.lastName} || ' ' || ${customers.firstName})`,
      attempts: orders.confirmationAttempts,
      nextConfirmationAt: orders.nextConfirmationAt,
      due,
      flagged: riskFlaggedSql(orders.phone, orders.total, thresholds),
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(where)
    .orderBy(
      sql`case when ${orders.nextConfirmationAt} is null then 1 when ${orders.nextConfirmationAt} <= ${now} then 0 else 2 end`,
      sql`coalesce(${orders.nextConfirmationAt}, ${orders.createdAt})`,
      asc(orders.createdAt),
      desc(orders.orderNumber),
    )
    .limit(ADMIN_PAGE_SIZE)
    .offset((current - 1) * ADMIN_PAGE_SIZE);
  const max = settings.fulfilment.maxConfirmationAttempts;
  const holds = await callHoldsOf(
    db,
    rows.map((row) => row.id),
    now,
  );
  return {
    rows: rows.map((row) => {
      const hold = holds.get(row.id);
      return {
        ...row,
        shouldCancel: row.attempts >= max,
        heldBy: hold ? { userId: hold.userId, name: hold.userName } : null,
      };
    }),
    page: current,
    pageSize: ADMIN_PAGE_SIZE,
    total,
    pageCount,
  };
}

/** How many orders wait for their confirmation call (the "Cần xác nhận" tab's count). */
export async function countOrdersToConfirm(db: Db | Tx): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.status, "pending"), isNull(orders.archivedAt)));
  return n;
}
