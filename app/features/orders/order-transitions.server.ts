import { eq } from "drizzle-orm";
import { blockedPhones, orderStatusHistory, orders } from "~/db/schema";
import type { OrderEmailDetails, OrderEmailLinks } from "~/features/email/email.server";
import { getSettings } from "~/features/settings/settings.server";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { nextRowVersion } from "~/server/row-version.server";
import { queueStatusEmail } from "./order-status-email.server";
import { canMoveOrder, type OrderStatus } from "./orders.schema";
import { lockOrderRow, type Actor } from "./orders.server";

/*
 * The order's side of its shipment and its COD money (issue 16). The shipping and cod features
 * call these inside their own transaction, after locking their own rows; the order row is locked
 * here. No version check: a carrier's webhook or an imported file has no page it was opened from.
 */

export const NOT_CONFIRMED_MESSAGE = "Đơn hàng chưa được xác nhận với người mua: hãy xác nhận trước khi tạo vận đơn";
export const NOT_SHIPPABLE_MESSAGE =
  "Chỉ tạo được vận đơn cho đơn hàng đã xác nhận (hoặc chờ xác nhận khi cửa hàng không bắt buộc xác nhận)";

/** Whether the phone is on the shop's block list (its orders are held for confirmation). */
export async function isPhoneBlocked(db: Db | Tx, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ phone: blockedPhones.phone })
    .from(blockedPhones)
    .where(eq(blockedPhones.phone, phone))
    .limit(1);
  return row !== undefined;
}

/**
 * Locks the order a shipment is being created for and checks it may leave: confirmed
 * ("processing"), or still pending when the shop does not require confirmation and the phone is
 * not blocked (a blocked phone's orders are always held for confirmation).
 */
export async function lockOrderForShipment(tx: Tx, orderId: string) {
  const order = await lockOrderRow(tx, orderId);
  if (order.status === "processing") return order;
  if (order.status !== "pending") throw new AppError("conflict", NOT_SHIPPABLE_MESSAGE);
  const { requireConfirmation } = (await getSettings(tx)).fulfilment;
  const [{ phone }] = await tx.select({ phone: orders.phone }).from(orders).where(eq(orders.id, orderId));
  if (requireConfirmation || (await isPhoneBlocked(tx, phone))) throw new AppError("conflict", NOT_CONFIRMED_MESSAGE);
  return order;
}

/**
 * Moves an order as its shipment moves (confirmed when booked, shipped at hand-over, delivered,
 * returning, returned, or back to processing when a booking is cancelled), with a history row
 * naming who or what did it. Only a step forward (orderSteps): a step back — a late carrier event,
 * a shipment behind an order staff had moved by hand before decision 0054 — changes nothing, the
 * shipment's own event being the record. The one step back allowed is a cancelled booking
 * (`bookingCancelled`) of an order "Đang giao" from before that decision. "shipped" and
 * "delivered" queue their e-mail (once per order each), naming the shipment's carrier, code and
 * tracking page; the order's tracking link is on `links.publicUrl`.
 */
export async function moveOrderWithShipment(
  tx: Tx,
  orderId: string,
  to: OrderStatus,
  actor: Actor,
  note: string | null,
  links: OrderEmailLinks,
  options: { shipment?: OrderEmailDetails["shipment"]; bookingCancelled?: boolean } = {},
): Promise<{ changed: boolean; from: OrderStatus }> {
  const order = await lockOrderRow(tx, orderId);
  const undoBooking = options.bookingCancelled === true && order.status === "shipped" && to === "processing";
  if (order.status === to || !(canMoveOrder(order.status, to) || undoBooking))
    return { changed: false, from: order.status };
  await tx
    .update(orders)
    .set({ status: to, version: nextRowVersion(orders.version), updatedAt: new Date() })
    .where(eq(orders.id, orderId));
  await tx.insert(orderStatusHistory).values({
    orderId,
    fromStatus: order.status,
    toStatus: to,
    changedByUserId: actor.userId,
    changedByName: actor.name,
    note,
  });
  await queueStatusEmail(tx, order, to, links, { shipment: options.shipment });
  return { changed: true, from: order.status };
}

/**
 * Marks an order paid when the carrier's COD money for it has arrived (a matched remittance line,
 * or a difference staff accepted), with a history row. An order already paid changes nothing.
 */
export async function markOrderPaidByRemittance(
  tx: Tx,
  orderId: string,
  actor: Actor,
  note: string,
): Promise<{ changed: boolean }> {
  const order = await lockOrderRow(tx, orderId);
  if (order.paymentStatus === "paid") return { changed: false };
  await tx
    .update(orders)
    .set({ paymentStatus: "paid", version: nextRowVersion(orders.version), updatedAt: new Date() })
    .where(eq(orders.id, orderId));
  await tx.insert(orderStatusHistory).values({
    orderId,
    fromStatus: order.status,
    toStatus: order.status,
    fromPaymentStatus: order.paymentStatus,
    toPaymentStatus: "paid",
    changedByUserId: actor.userId,
    changedByName: actor.name,
    note,
  });
  return { changed: true };
}
