import { orderEmailLinksOf } from "~/features/email/email.server";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin, type AdminSession } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { OrdersPage } from "~/features/orders/components/orders-page";
import { countOrdersToConfirm } from "~/features/orders/confirmation.server";
import { bulkSetOrderStatus } from "~/features/orders/orders-bulk.server";
import { bulkOrderRefsSchema, bulkStatusInputSchema, orderFilterSearch, orderListQuerySchema } from "~/features/orders/orders.schema";
import { hasAnyOrder, listOrders, listShipmentCarrierNames } from "~/features/orders/orders-list.server";
import { deleteView, listSavedViews, renameView, saveView } from "~/features/orders/saved-views.server";
import { listProvinces } from "~/features/address/address.server";
import { setOrderStatusWithShipment } from "~/features/shipping/shipments.server";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import type { Route } from "./+types/orders";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const url = new URL(request.url);
  const query = orderListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const db = context.database.db;
  const [list, toConfirm, savedViews, carriers] = await Promise.all([
    listOrders(db, query),
    countOrdersToConfirm(db),
    listSavedViews(db, admin.user.id),
    listShipmentCarrierNames(db),
  ]);
  // 'Chưa có đơn hàng nào' (no order at all) versus 'Không có đơn hàng nào' (none match).
  const anyOrder = list.total > 0 || (orderFilterSearch(query) !== "" ? await hasAnyOrder(db) : false);
  return {
    list,
    query,
    anyOrder,
    toConfirm,
    canExport: admin.permissions.has("exportCustomerData"),
    savedViews,
    canShareViews: admin.role === "owner",
    filterChoices: { provinces: listProvinces("current"), carriers },
  };
}

/** Who made a change, for the orders' history. */
const actorOf = (admin: AdminSession) => ({ userId: admin.user.id, name: admin.user.email });

// The list's selection: each order posted as "id:version" (the version its row showed, decision 0014).
export const action = adminAction({
  intents: {
    "bulk-status": adminIntent({
      schema: bulkStatusInputSchema,
      run: async ({ input, form, context, guard: admin }) => {
        const refs = bulkOrderRefsSchema.parse(form.getAll("order"));
        // An order with a shipment moves through it (the shipment's hand-over or delivery), decision 0054.
        return bulkSetOrderStatus(
          context.database.db,
          refs,
          input,
          actorOf(admin),
          orderEmailLinksOf(context.env),
          setOrderStatusWithShipment,
        );
      },
    }),
    // Saved views (issue 31): each member's own; only the owner shares (the service refuses others).
    "save-view": adminIntent({
      run: ({ form, context, guard: admin }) =>
        inAuditedTransaction(context.database.db, admin.user.id, (tx) => saveView(tx, viewOwnerOf(admin), form)),
    }),
    "rename-view": adminIntent({
      run: ({ form, context, guard: admin }) =>
        inAuditedTransaction(context.database.db, admin.user.id, (tx) => renameView(tx, viewOwnerOf(admin), form)),
    }),
    "delete-view": adminIntent({
      run: ({ form, context, guard: admin }) =>
        inAuditedTransaction(context.database.db, admin.user.id, (tx) => deleteView(tx, viewOwnerOf(admin), form)),
    }),
  },
});

const viewOwnerOf = (admin: AdminSession) => ({ userId: admin.user.id, role: admin.role });

export const meta: Route.MetaFunction = () => adminMeta("Đơn hàng");

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return <OrdersPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
