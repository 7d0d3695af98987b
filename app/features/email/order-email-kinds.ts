/** The order e-mails by kind, and their names in the console (safe for the browser). */

/** Every order e-mail the shop writes and queues (decisions 0032 and 0033). */
export const orderEmailKinds = ["order_confirmation", "order_shipped", "order_delivered", "order_cancelled"] as const;
export type OrderEmailKind = (typeof orderEmailKinds)[number];

export const orderEmailKindLabels: Record<OrderEmailKind, string> = {
  order_confirmation: "Xác nhận đơn hàng",
  order_shipped: "Đang giao hàng",
  order_delivered: "Đã giao hàng",
  order_cancelled: "Đã hủy đơn",
};
