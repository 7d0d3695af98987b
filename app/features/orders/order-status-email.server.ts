import {
  queueOrderEmail,
  type OrderEmailDetails,
  type OrderEmailLinks,
  type OrderEmailOrder,
} from "~/features/email/email.server";
import { getSettings } from "~/features/settings/settings.server";
import type { Tx } from "~/server/db.server";
import type { OrderStatus } from "./orders.schema";

const statusEmails: Partial<Record<OrderStatus, "order_shipped" | "order_delivered" | "order_cancelled">> = {
  shipped: "order_shipped",
  delivered: "order_delivered",
  cancelled: "order_cancelled",
};

/**
 * Queues the e-mail an order's new status announces to the buyer (shipped — with the carrier, its
 * code and tracking link when the order moved with its shipment —, delivered, cancelled with the
 * shop's reason), in the transaction that changed it; nothing for other statuses. Once per order
 * and kind: queueOrderEmail returns the first row on a second move to the same status.
 */
export async function queueStatusEmail(
  tx: Tx,
  order: OrderEmailOrder,
  status: OrderStatus,
  links: OrderEmailLinks,
  details: OrderEmailDetails = {},
): Promise<void> {
  const kind = statusEmails[status];
  if (kind) await queueOrderEmail(tx, order, kind, await getSettings(tx), links, details);
}
