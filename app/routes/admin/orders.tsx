import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { OrdersPage } from "~/features/orders/components/orders-page";
import { countOrdersToConfirm } from "~/features/orders/confirmation.server";
import { orderListQuerySchema } from "~/features/orders/orders.schema";
import { hasAnyOrder, listOrders } from "~/features/orders/orders.server";
import type { Route } from "./+types/orders";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const query = orderListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const db = context.database.db;
  const [list, toConfirm] = await Promise.all([listOrders(db, query), countOrdersToConfirm(db)]);
  // 'Chưa có đơn hàng nào' (no order at all) versus 'Không có đơn hàng nào' (none match).
  const anyOrder = list.total > 0 || (query.q || query.status || query.archived ? await hasAnyOrder(db) : false);
  return { list, query, anyOrder, toConfirm };
}

export const meta: Route.MetaFunction = () => adminMeta("Đơn hàng");

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return <OrdersPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
