import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { orderItems, orders } from "~/db/schema";
import type { OrderEmailLinks } from "~/features/email/email.server";
import { getSetting } from "~/features/settings/settings.server";
import { isUuid } from "~/lib/search-pattern";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import {
  BULK_ORDER_LIMIT,
  type BulkOrderRef,
  type BulkStatusInput,
  type OrderListQuery,
} from "./orders.schema";
import { assertNotHeldByAnother } from "./call-holds.server";
import { isPhoneBlocked } from "./order-transitions.server";
import { orderListWhere } from "./orders-list.server";
import { ORDER_NOT_FOUND, setOrderStatus, type Actor, type LockedOrder } from "./orders.server";

/*
 * The orders list's work on many orders at once (issue 18): a status change applied order by
 * order with the single order's rules (the CSV export is orders-export.server.ts).
 */

/** One order of a bulk change, by its number (null when the id is no order). */
export interface BulkOrderOutcome {
  id: string;
  orderNumber: number | null;
}

export interface BulkStatusReport {
  /** Moved to the new status. */
  changed: BulkOrderOutcome[];
  /** Already in that status: nothing to do, nothing recorded. */
  unchanged: BulkOrderOutcome[];
  /** Left as they were, each with the reason (changed meanwhile, not enough stock, not found…). */
  refused: Array<BulkOrderOutcome & { message: string }>;
  /**
   * Left for a call, one order at a time (the confirmation rules a single order follows): a
   * blocked phone, "Nên hủy" after the unanswered calls, another person on the phone with the buyer.
   */
  skipped: Array<BulkOrderOutcome & { message: string }>;
}

export const BLOCKED_PHONE_SKIP = "Số điện thoại bị chặn: cần gọi xác nhận với người mua";

export function shouldCancelSkip(attempts: number): string {
  return `Nên hủy: đã gọi ${attempts} lần không nghe máy`;
}

/** Thrown by the bulk rule: the order is skipped, not refused (nothing wrong, it needs a call). */
class SkippedOrder extends Error {}

/**
 * The confirmation rules on a pending order a bulk change would move: a confirmation (or any move
 * on from pending but cancelling) needs a call when the phone is blocked or the order is "Nên
 * hủy" (as many unanswered calls as settings.fulfilment.maxConfirmationAttempts); and nobody
 * moves an order another person is calling. Read in the change's transaction, the order locked.
 */
function confirmationRule(to: BulkStatusInput["status"], actor: Actor, maxAttempts: number) {
  return async (tx: Tx, order: LockedOrder): Promise<void> => {
    if (order.status !== "pending") return;
    try {
      await assertNotHeldByAnother(tx, order.id, actor);
    } catch (error) {
      if (error instanceof AppError) throw new SkippedOrder(error.message);
      throw error;
    }
    if (to === "cancelled") return;
    const [{ phone, attempts }] = await tx
      .select({ phone: orders.phone, attempts: orders.confirmationAttempts })
      .from(orders)
      .where(eq(orders.id, order.id));
    if (await isPhoneBlocked(tx, phone)) throw new SkippedOrder(BLOCKED_PHONE_SKIP);
    if (attempts >= maxAttempts) throw new SkippedOrder(shouldCancelSkip(attempts));
  };
}

/** How one order's status is set: setOrderStatus, or the shipping feature's for orders that have a shipment. */
export type SetOrderStatusFn = typeof setOrderStatus;

/**
 * Sets the status of each selected order exactly as its own page would (`setStatus`: the version
 * the list showed, the stock, the history, the shipped e-mail), each in its own transaction: an
 * order is changed whole or not at all, and one refusal does not stop the others. A pending order
 * the confirmation rules hold for a call is skipped and listed (confirmationRule). The route passes
 * the shipping feature's setOrderStatusWithShipment, so that an order with a shipment moves through
 * it (decision 0054); setOrderStatus alone refuses such an order.
 */
export async function bulkSetOrderStatus(
  db: Db,
  refs: readonly BulkOrderRef[],
  input: BulkStatusInput,
  actor: Actor,
  links: OrderEmailLinks,
  setStatus: SetOrderStatusFn = setOrderStatus,
): Promise<BulkStatusReport> {
  if (refs.length > BULK_ORDER_LIMIT) throw new AppError("invalid", `Chọn tối đa ${BULK_ORDER_LIMIT} đơn hàng mỗi lần`);
  const ids = refs.map((ref) => ref.id).filter(isUuid);
  const numbers = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: orders.id, orderNumber: orders.orderNumber })
            .from(orders)
            .where(inArray(orders.id, ids))
        ).map((row) => [row.id, row.orderNumber] as const),
  );
  const { maxConfirmationAttempts } = await getSetting(db, "fulfilment");
  const rule = confirmationRule(input.status, actor, maxConfirmationAttempts);
  const report: BulkStatusReport = { changed: [], unchanged: [], refused: [], skipped: [] };
  // In the list's order, one at a time: each in its own transaction (naming the actor for the
  // audit log), with its own row lock and stock locks.
  for (const ref of refs) {
    const outcome = { id: ref.id, orderNumber: numbers.get(ref.id) ?? null };
    if (outcome.orderNumber === null) {
      report.refused.push({ ...outcome, message: ORDER_NOT_FOUND });
      continue;
    }
    try {
      const { changed } = await inAuditedTransaction(db, actor.userId, (tx) =>
        setStatus(tx, ref.id, { ...input, version: ref.version }, actor, links, rule),
      );
      (changed ? report.changed : report.unchanged).push(outcome);
    } catch (error) {
      if (error instanceof SkippedOrder) {
        report.skipped.push({ ...outcome, message: error.message });
        continue;
      }
      if (!(error instanceof AppError)) throw error;
      report.refused.push({ ...outcome, message: error.message });
    }
  }
  return report;
}

/**
 * The neighbours of an order in the list it was opened from (its filters, newest first): the
 * previous (newer) and next (older) order, for j/k on its page. Compared with the order's own
 * created_at read in SQL: a JS Date would drop its microseconds.
 */
export async function orderNeighbours(
  db: Db | Tx,
  query: Partial<OrderListQuery>,
  orderId: string,
): Promise<{ previousId: string | null; nextId: string | null }> {
  if (!isUuid(orderId)) return { previousId: null, nextId: null };
  const where = orderListWhere(query);
  const position = sql`(${orders.createdAt}, ${orders.orderNumber})`;
  const here = sql`(select o.created_at, o.order_number from ${orders} o where o.id = ${orderId})`;
  const [previous, next] = await Promise.all([
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(where, sql`${position} > ${here}`))
      .orderBy(orders.createdAt, orders.orderNumber)
      .limit(1),
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(where, sql`${position} < ${here}`))
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
      .limit(1),
  ]);
  return { previousId: previous[0]?.id ?? null, nextId: next[0]?.id ?? null };
}

/** The order ids of a print or export request ("id" or the list's "id:version"), each once; others dropped. */
export function orderIdsOf(values: readonly string[]): string[] {
  return [...new Set(values.map((value) => value.split(":")[0].toLowerCase()).filter(isUuid))].slice(
    0,
    BULK_ORDER_LIMIT,
  );
}

/** What the packing slips of several orders print (in the order asked; unknown ids left out). */
export async function getPackingSlips(db: Db | Tx, orderIds: readonly string[]) {
  const ids = orderIds.filter(isUuid);
  if (ids.length === 0) return [];
  const [rows, items] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, ids)),
    db
      .select({
        id: orderItems.id,
        orderId: orderItems.orderId,
        productName: orderItems.productName,
        productSku: orderItems.productSku,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.id)),
  ]);
  const byId = new Map(rows.map((order) => [order.id, order]));
  return ids.flatMap((id) => {
    const order = byId.get(id);
    return order ? [{ order, items: items.filter((item) => item.orderId === id) }] : [];
  });
}

export type PackingSlipData = Awaited<ReturnType<typeof getPackingSlips>>[number];
