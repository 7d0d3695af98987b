import { orderEmailLinksOf } from "~/features/email/email.server";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { requirePermission } from "~/features/auth/permissions.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { ProfileDifferenceNote } from "~/features/customers/components/profile-difference-note";
import { OrderDetailPage } from "~/features/orders/components/order-detail-page";
import {
  orderVersionInputSchema,
  setPaymentStatusInputSchema,
  setStatusInputSchema,
} from "~/features/orders/orders.schema";
import { deleteOrder, setOrderArchived, setPaymentStatus } from "~/features/orders/orders.server";
import { setOrderStatusWithShipment } from "~/features/shipping/shipments.server";
import { ShipmentPanel } from "~/features/shipping/components/shipment-panel";
import { formatOrderNumber } from "~/lib/order-number";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import { redirectWithFlash } from "~/server/flash.server";
import { actorOf, confirmationIntents, loadOrderDetailPage } from "./order-detail.server";
import { shipmentIntents } from "./shipment-intents.server";
import type { Route } from "./+types/order-detail";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return loadOrderDetailPage(context.database.db, admin, params.id, new URL(request.url));
}

const setArchived = (archived: boolean) =>
  adminIntent({
    schema: orderVersionInputSchema,
    run: async ({ input, context, params, guard: admin }) => {
      const { changed } = await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
        setOrderArchived(tx, params.id ?? "", archived, input.version, actorOf(admin)),
      );
      return { changed };
    },
  });

// Every change names the version the page was opened with (a newer order is not overwritten).
export const action = adminAction({
  intents: {
    // An order with a shipment moves through it (decision 0054).
    status: adminIntent({
      schema: setStatusInputSchema,
      run: async ({ input, context, params, guard: admin }) => {
        const { changed } = await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          setOrderStatusWithShipment(tx, params.id ?? "", input, actorOf(admin), orderEmailLinksOf(context.env)),
        );
        return { changed };
      },
    }),
    // Marking paid by hand: the owner's, or a role the owner allowed (decision 0046).
    payment: adminIntent({
      schema: setPaymentStatusInputSchema,
      run: async ({ input, context, params, guard: admin }) => {
        requirePermission(admin, "markPaid");
        const { changed } = await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          setPaymentStatus(tx, params.id ?? "", input, actorOf(admin)),
        );
        return { changed };
      },
    }),
    // The "Vận chuyển" panel's: create a shipment, its code, its moves, the return received.
    ...shipmentIntents,
    // The confirmation call: its outcome, the call hold, the blocked phone.
    ...confirmationIntents,
    archive: setArchived(true),
    unarchive: setArchived(false),
    delete: adminIntent({
      schema: orderVersionInputSchema,
      run: async ({ input, context, params, guard: admin }) => {
        await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          deleteOrder(tx, params.id ?? "", input.version, actorOf(admin)),
        );
        // Back to the list; the console shows 'Đã xóa đơn hàng' there.
        return redirectWithFlash("/admin/orders", "order-deleted", context.env);
      },
    }),
  },
});

export const meta: Route.MetaFunction = ({ loaderData: detail }) =>
  adminMeta(detail ? `Đơn hàng ${formatOrderNumber(detail.order.orderNumber)}` : "Đơn hàng");

// The order page shows the customers' and shipping features' panels: the route composes them, so
// orders imports neither (decision 0048).
export default function AdminOrderDetail({ loaderData }: Route.ComponentProps) {
  const { profileDifferences, shipping, ...detail } = loaderData;
  return (
    <OrderDetailPage
      {...detail}
      profileNote={
        detail.customer && profileDifferences ? (
          <ProfileDifferenceNote customerId={detail.customer.id} differences={profileDifferences} />
        ) : null
      }
      shipmentPanel={
        <ShipmentPanel
          orderStatus={detail.order.status}
          items={detail.items}
          shipments={shipping.shipments}
          defaults={shipping.defaults}
          ghn={shipping.ghn}
        />
      }
    />
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
