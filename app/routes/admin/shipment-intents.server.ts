import { adminIntent } from "~/features/auth/admin-action.server";
import type { AdminSession } from "~/features/auth/auth.server";
import type { Actor } from "~/features/orders/orders.server";
import type { Db } from "~/server/db.server";
import {
  cancelShipment,
  createShipment,
  markDelivered,
  markFailed,
  markInTransit,
  markReturning,
  receiveReturn,
  returnLinesFromForm,
  setTrackingCode,
} from "~/features/shipping/shipments.server";

/*
 * The order page's shipment intents (its "Vận chuyển" panel), spread into the order route's
 * action. The services validate the form's values; the shipment is named by its posted id.
 */

const actorOf = (admin: AdminSession) => ({ userId: admin.user.id, name: admin.user.email });
const shipmentIdOf = (input: Record<string, unknown>) => String(input.shipmentId ?? "");

type Move = (db: Db, shipmentId: string, input: unknown, actor: Actor) => Promise<unknown>;
const move = (fn: Move) =>
  adminIntent({
    run: async ({ input, context, guard: admin }) => {
      await fn(context.database.db, shipmentIdOf(input), input, actorOf(admin));
      return { changed: true };
    },
  });

export const shipmentIntents = {
  "shipment-create": adminIntent({
    run: async ({ input, context, params, guard: admin }) => {
      const shipment = await createShipment(context.database.db, params.id ?? "", input, actorOf(admin));
      return { shipmentId: shipment.id };
    },
  }),
  "shipment-code": move(setTrackingCode),
  "shipment-transit": move(markInTransit),
  "shipment-delivered": move(markDelivered),
  "shipment-returning": move(markReturning),
  "shipment-failed": move(markFailed),
  "shipment-cancel": move((db, id, input, actor) => cancelShipment(db, id, input, actor)),
  "shipment-return": adminIntent({
    run: async ({ input, context, guard: admin }) => {
      const result = await receiveReturn(
        context.database.db,
        shipmentIdOf(input),
        returnLinesFromForm(input),
        actorOf(admin),
      );
      return result;
    },
  }),
};
