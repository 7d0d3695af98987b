import { Badge } from "~/components/ui/badge";
import { orderStatusLabels, paymentStatusLabels, type OrderStatus, type PaymentStatus } from "../orders.schema";

const statusVariant = {
  pending: "warning",
  processing: "info",
  shipped: "info",
  delivered: "success",
  returning: "warning",
  returned: "neutral",
  cancelled: "danger",
} as const satisfies Record<OrderStatus, "warning" | "info" | "success" | "danger" | "neutral">;

const paymentVariant = {
  pending: "neutral",
  paid: "success",
  failed: "danger",
  refunded: "warning",
} as const satisfies Record<PaymentStatus, "warning" | "info" | "success" | "danger" | "neutral">;

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge variant={statusVariant[status]}>{orderStatusLabels[status]}</Badge>;
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <Badge variant={paymentVariant[status]}>{paymentStatusLabels[status]}</Badge>;
}
