import { orderEmailLinksOf } from "~/features/email/email.server";
import { data } from "react-router";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin, type AdminSession } from "~/features/auth/auth.server";
import { requirePermission } from "~/features/auth/permissions.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { profileDifferencesOfOrder } from "~/features/customers/customers.server";
import { ProfileDifferenceNote } from "~/features/customers/components/profile-difference-note";
import { OrderDetailPage } from "~/features/orders/components/order-detail-page";
import { blockPhone, unblockPhone } from "~/features/orders/blocked-phones.server";
import { getBuyerRisk } from "~/features/orders/buyer-risk.server";
import {
  blockPhoneInputSchema,
  confirmationCallInputSchema,
  unblockPhoneInputSchema,
} from "~/features/orders/confirmation.schema";
import { fillConfirmationMessage } from "~/features/settings/confirmation-message";
import { callHolderOf, getCallHold, takeCallHold } from "~/features/orders/call-holds.server";
import { listConfirmationAttempts, recordConfirmationCall } from "~/features/orders/confirmation.server";
import { orderNeighbours } from "~/features/orders/orders-bulk.server";
import {
  orderFilterSearch,
  orderListQuerySchema,
  orderVersionInputSchema,
  setPaymentStatusInputSchema,
  setStatusInputSchema,
} from "~/features/orders/orders.schema";
import {
  deleteOrder,
  getOrderDetail,
  setOrderArchived,
  setPaymentStatus,
} from "~/features/orders/orders.server";
import { getSettings } from "~/features/settings/settings.server";
import { formatVnd } from "~/lib/money";
import { getGhnShipmentOption } from "~/features/shipping/carrier-accounts.server";
import { getOrderShipping, setOrderStatusWithShipment } from "~/features/shipping/shipments.server";
import { ShipmentPanel } from "~/features/shipping/components/shipment-panel";
import { shipmentIntents } from "./shipment-intents.server";
import { formatOrderNumber } from "~/lib/order-number";
import { displayName } from "~/lib/person-name";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import { AppError, publicMessage, toHttpStatus } from "~/server/errors.server";
import { redirectWithFlash } from "~/server/flash.server";
import type { Route } from "./+types/order-detail";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  try {
    const db = context.database.db;
    const detail = await getOrderDetail(db, params.id);
    const [profileDifferences, attempts, risk, { fulfilment, store }, hold] = await Promise.all([
      profileDifferencesOfOrder(db, params.id),
      listConfirmationAttempts(db, params.id),
      getBuyerRisk(db, detail.order),
      getSettings(db),
      getCallHold(db, params.id),
    ]);
    const { order } = detail;
    const confirmation = {
      attempts,
      message: fillConfirmationMessage(fulfilment.confirmationMessage, {
        name: displayName(order, "vi"),
        order: formatOrderNumber(order.orderNumber),
        total: formatVnd(order.total),
        store: store.storeName,
      }),
      maxAttempts: fulfilment.maxConfirmationAttempts,
      // Decided here, not in the browser: the page renders the same on both sides.
      due: order.nextConfirmationAt !== null && order.nextConfirmationAt.getTime() <= Date.now(),
      // Who is calling the buyer now (a hold that lasts), and whether it is this member.
      hold: hold ? { name: hold.userName, expiresAt: hold.expiresAt, mine: hold.userId === admin.user.id } : null,
    };
    const shipping = await getOrderShipping(db, params.id);
    // The list it was opened from (its filters ride along in the URL): j/k go to its neighbours.
    const listQuery = orderListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const neighbours = await orderNeighbours(db, listQuery, params.id);
    const listSearch = orderFilterSearch(listQuery);
    // GHN's choice (and its fee estimate, ≤3 s) only while the form is shown.
    const canShip = shipping.defaults !== null && (order.status === "processing" || order.status === "pending");
    const ghn = canShip && shipping.defaults ? await getGhnShipmentOption(db, params.id, shipping.defaults) : null;
    return {
      ...detail,
      profileDifferences,
      confirmation,
      risk,
      shipping: { ...shipping, ghn },
      listNavigation: { ...neighbours, listSearch },
      canMarkPaid: admin.permissions.has("markPaid"),
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
    // The confirmation call's outcome (issue 16), version-guarded like a status change.
    "confirm-call": adminIntent({
      schema: confirmationCallInputSchema,
      run: async ({ input, context, params, guard: admin }) => {
        const { outcome } = await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          recordConfirmationCall(tx, params.id ?? "", input, actorOf(admin)),
        );
        return { outcome };
      },
    }),
    // "Nhận gọi" / "Giữ thêm": this member's call for CALL_HOLD_MINUTES more (call-holds.server.ts).
    "take-call": adminIntent({
      run: async ({ context, params, guard: admin }) => {
        const { expiresAt } = await takeCallHold(context.database.db, params.id ?? "", callHolderOf(admin));
        return { expiresAt };
      },
    }),
    "block-phone": adminIntent({
      schema: blockPhoneInputSchema,
      run: async ({ input, context, guard: admin }) =>
        inAuditedTransaction(context.database.db, admin.user.id, (tx) => blockPhone(tx, input, actorOf(admin))),
    }),
    "unblock-phone": adminIntent({
      schema: unblockPhoneInputSchema,
      run: async ({ input, context, guard: admin }) =>
        inAuditedTransaction(context.database.db, admin.user.id, (tx) => unblockPhone(tx, input.phone)),
    }),
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
