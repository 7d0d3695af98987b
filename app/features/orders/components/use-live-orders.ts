import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { formatOrderNumber } from "~/lib/order-number";
import { formatVnd } from "~/lib/money";

/** The `order_created` event's data (LiveOrderEvent of app/routes/admin/events.ts). */
interface LiveOrder {
  orderNumber: number;
  total: number;
}

/**
 * New orders, live: listens to the admin event stream (/admin/events, server-sent events fed
 * by PostgreSQL LISTEN/NOTIFY), shows a toast 'Đơn hàng mới' with the number and total, and
 * reloads the page's data so counts and lists update without a reload. EventSource reconnects
 * by itself when the connection drops.
 */
export function useLiveOrders() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/admin/events");
    const onOrder = (event: MessageEvent<string>) => {
      let order: LiveOrder;
      try {
        order = JSON.parse(event.data) as LiveOrder;
      } catch {
        return;
      }
      const number = formatOrderNumber(order.orderNumber);
      toast.success("Đơn hàng mới", {
        id: `order-${order.orderNumber}`,
        description: `${number} · ${formatVnd(order.total)}`,
        // The event carries no order id: the orders list finds the order by its number.
        action: { label: "Xem", onClick: () => window.location.assign(`/admin/orders?q=${encodeURIComponent(number)}`) },
      });
      void revalidate();
    };
    source.addEventListener("order_created", onOrder as EventListener);
    return () => {
      source.removeEventListener("order_created", onOrder as EventListener);
      source.close();
    };
  }, [revalidate]);
}
