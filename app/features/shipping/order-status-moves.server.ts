import type { OrderEmailLinks } from "~/features/email/email.server";
import { moveOrderWithShipment } from "~/features/orders/order-transitions.server";
import {
  canMoveOrder,
  orderStatusLabels,
  orderStepRefusal,
  type OrderStatus,
  type SetStatusInput,
} from "~/features/orders/orders.schema";
import { lockOrder, setOrderStatus, type Actor, type LockedOrder } from "~/features/orders/orders.server";
import { isUuid } from "~/lib/search-pattern";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { staleRowError } from "~/server/row-version.server";
import {
  SHIPMENT,
  assertShipmentStep,
  emailShipmentOf,
  liveShipmentOf,
  lockShipment,
  moveShipment,
  orderStatusFor,
  staffStepDescriptions,
} from "./shipment-rows.server";
import { shipmentStatusLabels, type ShipmentStatus } from "./shipments.schema";

/*
 * An order's status set by staff (its page, the list's bulk change) when the order may have a
 * shipment (decision 0054): an order with a live shipment moves only through it — "Đang giao" is
 * the hand-over, "Đã giao" the delivery, recorded as the shipment's event by staff — and any
 * other change is refused with the reason. An order without one changes as the orders feature
 * sets it. The routes compose this: the orders feature alone refuses to move such an order.
 */

/** The shipment step an order status stands for. */
const shipmentStepFor: Partial<Record<OrderStatus, "in_transit" | "delivered">> = {
  shipped: "in_transit",
  delivered: "delivered",
};

/** Why an order with a live shipment cannot be set to `to` by hand. */
export function movesWithShipmentRefusal(
  shipment: { carrierName: string; status: ShipmentStatus },
  to: OrderStatus,
): string {
  const parcel = `Vận đơn ${shipment.carrierName} đang "${shipmentStatusLabels[shipment.status]}"`;
  if (to === "cancelled")
    return shipment.status === "booked"
      ? `${parcel}: hãy hủy vận đơn ở mục Vận chuyển trước khi hủy đơn hàng`
      : `${parcel}: không thể hủy đơn hàng khi hàng đã rời shop`;
  return `${parcel}: trạng thái "${orderStatusLabels[to]}" chỉ đổi theo vận đơn, hãy cập nhật ở mục Vận chuyển`;
}

/**
 * setOrderStatus for an order that may have a shipment: the same version guard and, for a bulk
 * change, the same further rule (`precondition`); the same answer ({ changed, from, to }).
 */
export async function setOrderStatusWithShipment(
  db: Db,
  orderId: string,
  input: SetStatusInput,
  actor: Actor,
  links: OrderEmailLinks,
  precondition?: (tx: Tx, order: LockedOrder) => Promise<void>,
): Promise<{ changed: boolean; from: OrderStatus; to: OrderStatus }> {
  const live = isUuid(orderId) ? await liveShipmentOf(db, orderId) : null;
  if (!live) return setOrderStatus(db, orderId, input, actor, links, precondition);
  const to = input.status;
  return db.transaction(async (tx) => {
    // The shipment first, then the order: the order a carrier's update locks them in.
    const shipment = await lockShipment(tx, live.id, null);
    const order = await lockOrder(tx, orderId, input.version);
    if (order.status === to) return { changed: false, from: order.status, to };
    if (shipment.status === "cancelled") throw staleRowError(SHIPMENT);
    if (precondition) await precondition(tx, order);
    const step = shipmentStepFor[to];
    if (!step) throw new AppError("conflict", movesWithShipmentRefusal(shipment, to));
    if (!canMoveOrder(order.status, to)) throw new AppError("conflict", orderStepRefusal(order.status, to));
    const description = staffStepDescriptions[step];
    const note = `Vận đơn ${shipment.carrierName}: ${description}`;
    if (shipment.status === step) {
      // The parcel is already there (its order was left behind before decision 0054): the order catches up.
      await moveOrderWithShipment(tx, orderId, orderStatusFor[step] ?? to, actor, note, links, {
        shipment: emailShipmentOf(shipment),
      });
    } else {
      assertShipmentStep(shipment.status, step);
      await moveShipment(tx, shipment, step, actor, { description, source: "staff" }, note, links);
    }
    return { changed: true, from: order.status, to };
  });
}
