import { adminIntent } from "~/features/auth/admin-action.server";
import type { AdminSession } from "~/features/auth/auth.server";
import { orderEmailLinksOf, type OrderEmailLinks } from "~/features/email/email.server";
import type { Actor } from "~/features/orders/orders.server";
import type { Db } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { carrierGatewayFor, syncGhnShipment } from "~/features/shipping/carrier-accounts.server";
import { ghnServiceTypes } from "~/features/shipping/carrier-accounts.schema";
import {
  cancelShipment,
  createShipment,
  getShipmentCarrier,
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

/**
 * The form as the service reads it. For GHN the server decides what GHN is sent whatever the page
 * showed (without JavaScript the manual fields are posted too): GHN gives the code and its name,
 * and the service is one of GHN's types or the account's default.
 */
function createInputOf(input: Record<string, unknown>) {
  if (input.carrier !== "ghn") return input;
  const service = ghnServiceTypes.some((t) => String(t.id) === input.service) ? input.service : "";
  return { ...input, carrierName: "GHN", trackingCode: "", service };
}

const actorOf = (admin: AdminSession) => ({ userId: admin.user.id, name: admin.user.email });
const shipmentIdOf = (input: Record<string, unknown>) => String(input.shipmentId ?? "");
type Move = (db: Db, shipmentId: string, input: unknown, actor: Actor, links: OrderEmailLinks) => Promise<unknown>;
const move = (fn: Move) =>
  adminIntent({
    run: async ({ input, context, guard: admin }) => {
      await fn(context.database.db, shipmentIdOf(input), input, actorOf(admin), orderEmailLinksOf(context.env));
      return { changed: true };
    },
  });

export const shipmentIntents = {
  "shipment-create": adminIntent({
    run: async ({ input, context, params, guard: admin }) => {
      const db = context.database.db;
      // GHN off or unconfigured: the gateway's clear message, before anything is sent or written.
      const gateway = await carrierGatewayFor(db, input.carrier);
      const shipment = await createShipment(
        db,
        params.id ?? "",
        createInputOf(input),
        actorOf(admin),
        orderEmailLinksOf(context.env),
        gateway,
      );
      return { shipmentId: shipment.id, trackingCode: shipment.trackingCode };
    },
  }),
  "shipment-code": move(setTrackingCode),
  "shipment-transit": move(markInTransit),
  "shipment-delivered": move(markDelivered),
  "shipment-returning": move(markReturning),
  "shipment-failed": move(markFailed),
  // A GHN shipment is cancelled at GHN first (the service writes nothing if GHN refuses or is unreachable).
  "shipment-cancel": move(async (db, id, input, actor, links) => {
    const { carrier } = await getShipmentCarrier(db, id);
    return cancelShipment(db, id, input, actor, links, await carrierGatewayFor(db, carrier));
  }),
  // "Cập nhật từ GHN": GHN's log of the parcel, recorded like its webhook calls (once per event).
  "shipment-sync": adminIntent({
    run: async ({ input, context, guard: admin }) => {
      const db = context.database.db;
      const shipment = await getShipmentCarrier(db, shipmentIdOf(input));
      if (shipment.carrier !== "ghn" || !shipment.trackingCode)
        throw new AppError("invalid", "Chỉ cập nhật được vận đơn đặt qua GHN");
      const { recorded, moved } = await syncGhnShipment(
        db,
        shipment.trackingCode,
        actorOf(admin),
        orderEmailLinksOf(context.env),
      );
      return { recorded, moved };
    },
  }),
  "shipment-return": adminIntent({
    run: async ({ input, context, guard: admin }) => {
      const result = await receiveReturn(
        context.database.db,
        shipmentIdOf(input),
        returnLinesFromForm(input),
        actorOf(admin),
        orderEmailLinksOf(context.env),
      );
      return result;
    },
  }),
};
