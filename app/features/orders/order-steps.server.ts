import { and, eq, ne } from "drizzle-orm";
import { shipments } from "~/db/schema";
import type { Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { canMoveOrder, orderStepRefusal, type OrderStatus } from "./orders.schema";

/*
 * The one check of a status change made on the order itself (its page, a bulk change, the
 * confirmation call): a step forward (orderSteps), and never on an order that has a live shipment
 * — that order moves with its shipment (decision 0054); the route sends "Đang giao"/"Đã giao" for
 * it through the shipping feature instead.
 */

export const MOVES_WITH_SHIPMENT =
  "Đơn hàng đã có vận đơn: trạng thái đơn đi theo vận đơn. Hãy cập nhật ở mục Vận chuyển (hủy vận đơn trước khi hủy đơn hàng).";

/** Refuses a manual change that is not a step forward, or that would leave the order's live shipment behind. */
export async function assertManualOrderStep(tx: Tx, order: { id: string; status: OrderStatus }, to: OrderStatus) {
  if (!canMoveOrder(order.status, to)) throw new AppError("conflict", orderStepRefusal(order.status, to));
  const [live] = await tx
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.orderId, order.id), ne(shipments.status, "cancelled")))
    .limit(1);
  if (live) throw new AppError("conflict", MOVES_WITH_SHIPMENT);
}
