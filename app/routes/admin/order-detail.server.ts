import { data } from "react-router";
import { adminIntent } from "~/features/auth/admin-action.server";
import type { AdminSession } from "~/features/auth/auth.server";
import { getBuyerRisk } from "~/features/orders/buyer-risk.server";
import { blockPhone, unblockPhone } from "~/features/orders/blocked-phones.server";
import { callHolderOf, getCallHold, takeCallHold } from "~/features/orders/call-holds.server";
import {
  blockPhoneInputSchema,
  confirmationCallInputSchema,
  unblockPhoneInputSchema,
} from "~/features/orders/confirmation.schema";
import { listConfirmationAttempts, recordConfirmationCall } from "~/features/orders/confirmation.server";
import { orderNeighbours } from "~/features/orders/orders-bulk.server";
import { orderFilterSearch, orderListQuerySchema } from "~/features/orders/orders.schema";
import { getOrderDetail, type Actor } from "~/features/orders/orders.server";
import { profileDifferencesOfOrder } from "~/features/customers/customers.server";
import { fillConfirmationMessage } from "~/features/settings/confirmation-message";
import { getSettings } from "~/features/settings/settings.server";
import { getGhnShipmentOption } from "~/features/shipping/carrier-accounts.server";
import { getOrderShipping } from "~/features/shipping/shipments.server";
import { formatVnd } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { displayName } from "~/lib/person-name";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import type { Db } from "~/server/db.server";
import { AppError, publicMessage, toHttpStatus } from "~/server/errors.server";

/** Who made a change, for the order's history. */
export const actorOf = (admin: AdminSession): Actor => ({ userId: admin.user.id, name: admin.user.email });

/** The order page's data: the order, its confirmation call, risk, shipping and its place in the list it came from. */
export async function loadOrderDetailPage(db: Db, admin: AdminSession, orderId: string, url: URL) {
  try {
    const detail = await getOrderDetail(db, orderId);
    const [profileDifferences, attempts, risk, { fulfilment, store }, hold] = await Promise.all([
      profileDifferencesOfOrder(db, orderId),
      listConfirmationAttempts(db, orderId),
      getBuyerRisk(db, detail.order),
      getSettings(db),
      getCallHold(db, orderId),
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
    const shipping = await getOrderShipping(db, orderId);
    // The list it was opened from (its filters ride along in the URL): j/k go to its neighbours.
    const listQuery = orderListQuerySchema.parse(Object.fromEntries(url.searchParams));
    const neighbours = await orderNeighbours(db, listQuery, orderId);
    const listSearch = orderFilterSearch(listQuery);
    // GHN's choice (and its fee estimate, ≤3 s) only while the form is shown.
    const canShip = shipping.defaults !== null && (order.status === "processing" || order.status === "pending");
    const ghn = canShip && shipping.defaults ? await getGhnShipmentOption(db, orderId, shipping.defaults) : null;
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

/** The order page's confirmation-call intents, spread into the order route's action. */
export const confirmationIntents = {
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
};
