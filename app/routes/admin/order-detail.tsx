import { data } from "react-router";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin, type AdminSession } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { profileDifferencesOfOrder } from "~/features/customers/customers.server";
import { OrderDetailPage } from "~/features/orders/components/order-detail-page";
import {
  orderVersionInputSchema,
  setPaymentStatusInputSchema,
  setStatusInputSchema,
} from "~/features/orders/orders.schema";
import {
  deleteOrder,
  getOrderDetail,
  setOrderArchived,
  setOrderStatus,
  setPaymentStatus,
} from "~/features/orders/orders.server";
import { shipmentIntents } from "./shipment-intents.server";
import { getOrderShipping } from "~/features/shipping/shipments.server";
import { formatOrderNumber } from "~/lib/order-number";
import { AppError, publicMessage, toHttpStatus } from "~/server/errors.server";
import { redirectWithFlash } from "~/server/flash.server";
import type { Route } from "./+types/order-detail";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  try {
    const detail = await getOrderDetail(context.database.db, params.id);
    return {
      ...detail,
      profileDifferences: await profileDifferencesOfOrder(context.database.db, params.id),
      shipping: await getOrderShipping(context.database.db, params.id),
    };
  } catch (error) {
    if (error instanceof AppError) throw data(publicMessage(error), { status: toHttpStatus(error) });
    throw error;
  }
}

/** Who made a change, for the order's history. */
const actorOf = (admin: AdminSession) => ({ userId: admin.user.id, name: admin.user.email });

const setArchived = (archived: boolean) =>
  adminIntent({
    schema: orderVersionInputSchema,
    run: async ({ input, context, params, guard: admin }) => {
      const { changed } = await setOrderArchived(
        context.database.db,
        params.id ?? "",
        archived,
        input.version,
        actorOf(admin),
      );
      return { changed };
    },
  });

// Every change names the version the page was opened with (a newer order is not overwritten).
export const action = adminAction({
  intents: {
    status: adminIntent({
      schema: setStatusInputSchema,
      run: async ({ input, context, params, guard: admin }) => {
        const { changed } = await setOrderStatus(context.database.db, params.id ?? "", input, actorOf(admin));
        return { changed };
      },
    }),
    payment: adminIntent({
      schema: setPaymentStatusInputSchema,
      run: async ({ input, context, params, guard: admin }) => {
        const { changed } = await setPaymentStatus(context.database.db, params.id ?? "", input, actorOf(admin));
        return { changed };
      },
    }),
    // The "Vận chuyển" panel's: create a shipment, its code, its moves, the return received.
    ...shipmentIntents,
    archive: setArchived(true),
    unarchive: setArchived(false),
    delete: adminIntent({
      schema: orderVersionInputSchema,
      run: async ({ input, context, params, guard: admin }) => {
        await deleteOrder(context.database.db, params.id ?? "", input.version, actorOf(admin));
        // Back to the list; the console shows 'Đã xóa đơn hàng' there.
        return redirectWithFlash("/admin/orders", "order-deleted", context.env);
      },
    }),
  },
});

export const meta: Route.MetaFunction = ({ loaderData: detail }) =>
  adminMeta(detail ? `Đơn hàng ${formatOrderNumber(detail.order.orderNumber)}` : "Đơn hàng");

export default function AdminOrderDetail({ loaderData }: Route.ComponentProps) {
  return <OrderDetailPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
