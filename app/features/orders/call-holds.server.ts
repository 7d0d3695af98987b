import { and, eq, gt, inArray, lte, or } from "drizzle-orm";
import { orderCallHolds, orders } from "~/db/schema";
import { isUuid } from "~/lib/search-pattern";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { ORDER_NOT_FOUND } from "./orders.server";

/*
 * Who is calling a pending order's buyer (issue 30): a staff member takes the order from the
 * confirmation queue, for CALL_HOLD_MINUTES, renewed each time they take it again; while the hold
 * lasts nobody else records an outcome (recordConfirmationCall releases it) or moves the order in
 * bulk. An expired hold is free for the next person.
 */

export const CALL_HOLD_MINUTES = 10;
export const NOT_PENDING_TO_CALL = "Đơn này không còn chờ xác nhận: không cần gọi nữa";

/** Refused: someone else is on the phone with this buyer. */
export function heldByMessage(name: string): string {
  return `Đơn này đang được ${name} gọi`;
}

/** The person taking or recording a call (a console member: always a user). */
export interface CallHolder {
  userId: string;
  name: string;
}

/** The console member as a hold names them ("Đang gọi: …"): their name, or their e-mail without one. */
export function callHolderOf(admin: { user: { id: string; name: string; email: string } }): CallHolder {
  return { userId: admin.user.id, name: admin.user.name || admin.user.email };
}

export interface CallHold {
  userId: string;
  userName: string;
  expiresAt: Date;
}

/**
 * Takes the order's call for `holder` until now + CALL_HOLD_MINUTES (renews it when they already
 * hold it). One conditional upsert decides, so two people taking it at once cannot both get it;
 * refused with heldByMessage while another person's hold lasts, and for an order no longer pending.
 */
export async function takeCallHold(db: Db | Tx, orderId: string, holder: CallHolder, now: Date = new Date()): Promise<CallHold> {
  if (!isUuid(orderId)) throw new AppError("not_found", ORDER_NOT_FOUND);
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError("not_found", ORDER_NOT_FOUND);
  if (order.status !== "pending") throw new AppError("conflict", NOT_PENDING_TO_CALL);
  const expiresAt = new Date(now.getTime() + CALL_HOLD_MINUTES * 60_000);
  const [taken] = await db
    .insert(orderCallHolds)
    .values({ orderId, userId: holder.userId, userName: holder.name, expiresAt })
    .onConflictDoUpdate({
      target: orderCallHolds.orderId,
      set: { userId: holder.userId, userName: holder.name, expiresAt },
      where: or(lte(orderCallHolds.expiresAt, now), eq(orderCallHolds.userId, holder.userId)),
    })
    .returning({ userId: orderCallHolds.userId, userName: orderCallHolds.userName, expiresAt: orderCallHolds.expiresAt });
  if (taken) return taken;
  const current = await getCallHold(db, orderId, now);
  throw new AppError("conflict", heldByMessage(current?.userName ?? "người khác"));
}

/**
 * Ends the order's hold when an outcome is recorded, in the caller's transaction (the order row
 * already locked): refused with heldByMessage, and nothing released, while another person's hold
 * lasts. The delete locks the hold row, so a take racing with it waits for this transaction.
 */
export async function releaseCallHold(
  tx: Tx,
  orderId: string,
  holder: { userId: string | null },
  now: Date = new Date(),
): Promise<void> {
  const [released] = await tx.delete(orderCallHolds).where(eq(orderCallHolds.orderId, orderId)).returning();
  if (released && released.userId !== holder.userId && released.expiresAt.getTime() > now.getTime())
    throw new AppError("conflict", heldByMessage(released.userName));
}

/** Refused (heldByMessage) when another person holds the order's call now; for bulk changes. */
export async function assertNotHeldByAnother(db: Db | Tx, orderId: string, holder: { userId: string | null }, now: Date = new Date()) {
  const hold = await getCallHold(db, orderId, now);
  if (hold && hold.userId !== holder.userId) throw new AppError("conflict", heldByMessage(hold.userName));
}

/** The order's hold while it lasts, or null. */
export async function getCallHold(db: Db | Tx, orderId: string, now: Date = new Date()): Promise<CallHold | null> {
  if (!isUuid(orderId)) return null;
  const [hold] = await db
    .select({ userId: orderCallHolds.userId, userName: orderCallHolds.userName, expiresAt: orderCallHolds.expiresAt })
    .from(orderCallHolds)
    .where(and(eq(orderCallHolds.orderId, orderId), gt(orderCallHolds.expiresAt, now)));
  return hold ?? null;
}

/** The holds that last, of the given orders (the queue's page), by order id. */
export async function callHoldsOf(db: Db | Tx, orderIds: readonly string[], now: Date = new Date()): Promise<Map<string, CallHold>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: orderCallHolds.orderId,
      userId: orderCallHolds.userId,
      userName: orderCallHolds.userName,
      expiresAt: orderCallHolds.expiresAt,
    })
    .from(orderCallHolds)
    .where(and(inArray(orderCallHolds.orderId, [...orderIds]), gt(orderCallHolds.expiresAt, now)));
  return new Map(rows.map(({ orderId, ...hold }) => [orderId, hold]));
}
