import { and, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { shipmentEvents, shipments, type Shipment } from "~/db/schema";
import type { OrderEmailLinks } from "~/features/email/email.server";
import { lockOrderForShipment, moveOrderWithShipment } from "~/features/orders/order-transitions.server";
import type { OrderStatus } from "~/features/orders/orders.schema";
import type { Actor } from "~/features/orders/orders.server";
import { fieldErrorsOf } from "~/lib/form-fields";
import { isUuid } from "~/lib/search-pattern";
import { uniqueViolation } from "~/server/db-errors.server";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { nextRowVersion, staleRowError } from "~/server/row-version.server";
import { canMoveShipment, carrierTrackingUrl, shipmentStatusLabels, type ShipmentStatus } from "./shipments.schema";

// The shipping feature's shared rules: messages, the allowed moves, the conflicts staff read,
// and the row writes that creating and importing shipments share (split out of shipments.server.ts).

export const SHIPMENT_NOT_FOUND = "Không tìm thấy vận đơn";
export const SHIPMENT = "Vận đơn";
export const HAS_LIVE_SHIPMENT = "Đơn hàng đã có vận đơn: hủy vận đơn cũ trước khi tạo vận đơn mới";
export const codeTaken = (code: string) => `Mã vận đơn ${code} đã được dùng cho một vận đơn khác`;

export function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    throw new AppError("invalid", Object.values(fieldErrors)[0] ?? "Dữ liệu không hợp lệ", fieldErrors);
  }
  return parsed.data;
}

/**
 * The order status a shipment status brings its order to. Booked is not shipped (decision 0054):
 * the order becomes "Đang giao" when the courier has the parcel (in transit), not when it is booked.
 */
export const orderStatusFor: Partial<Record<ShipmentStatus, OrderStatus>> = {
  in_transit: "shipped",
  delivered: "delivered",
  failed: "returning",
  returning: "returning",
  returned: "returned",
  cancelled: "processing",
};

/** Turns the database's refusals into the messages staff read. */
export function explainConflict(error: unknown, code: string | null): unknown {
  const constraint = uniqueViolation(error);
  if (constraint === "shipments_order_live_idx") return new AppError("conflict", HAS_LIVE_SHIPMENT);
  if (constraint === "shipments_tracking_code_idx") {
    const message = codeTaken(code ?? "");
    return new AppError("conflict", message, { trackingCode: message });
  }
  return error;
}

export async function codeInUse(db: Db | Tx, code: string, exceptShipmentId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(
        sql`upper(${shipments.trackingCode}) = ${code.toUpperCase()}`,
        ne(shipments.status, "cancelled"),
        exceptShipmentId ? ne(shipments.id, exceptShipmentId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function liveShipmentOf(db: Db | Tx, orderId: string) {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), ne(shipments.status, "cancelled")))
    .limit(1);
  return row ?? null;
}

/** Inside the caller's transaction: the order locked and checked, the shipment and its "booked" event. */
export async function insertShipment(
  tx: Tx,
  orderId: string,
  values: NewShipmentValues,
  actor: Actor,
  source: "staff" | "import",
  links: OrderEmailLinks,
) {
  // The live shipment first: an order already shipped is refused with the clearer message.
  if (await liveShipmentOf(tx, orderId)) throw new AppError("conflict", HAS_LIVE_SHIPMENT);
  const order = await lockOrderForShipment(tx, orderId);
  if (values.trackingCode && (await codeInUse(tx, values.trackingCode))) {
    const message = codeTaken(values.trackingCode);
    throw new AppError("conflict", message, { trackingCode: message });
  }
  const [shipment] = await tx
    .insert(shipments)
    .values({
      orderId,
      carrier: values.carrier,
      carrierName: values.carrierName,
      service: values.service,
      trackingCode: values.trackingCode,
      status: "booked",
      weightGrams: values.parcel.weightGrams,
      lengthCm: values.parcel.lengthCm,
      widthCm: values.parcel.widthCm,
      heightCm: values.parcel.heightCm,
      codAmount: values.codAmount,
      codChangeReason: values.codChangeReason,
      feePayer: values.feePayer,
      carrierFee: values.carrierFee ?? null,
      courierNote: values.courierNote,
      carrierData: values.carrierData ?? null,
      expectedDeliveryAt: values.expectedDeliveryAt ?? null,
      createdByUserId: actor.userId,
      createdByName: actor.name,
    })
    .returning();
  await tx.insert(shipmentEvents).values({
    shipmentId: shipment.id,
    status: "booked",
    description: values.trackingCode
      ? `Tạo vận đơn ${values.carrierName}, mã ${values.trackingCode}`
      : `Tạo vận đơn ${values.carrierName}`,
    occurredAt: new Date(),
    source,
    byName: actor.name,
  });
  // Booking the parcel decides the shop ships it: a pending order (no confirmation required) is
  // confirmed; it is "Đang giao" only at hand-over (moveShipment to in_transit).
  if (order.status === "pending") {
    const code = values.trackingCode ? ` · mã ${values.trackingCode}` : "";
    await moveOrderWithShipment(tx, orderId, "processing", actor, `Tạo vận đơn ${values.carrierName}${code}`, links);
  }
  return shipment;
}

/** Locks a shipment for a staff action and checks the version its page was opened with. */
export async function lockShipment(tx: Tx, shipmentId: string, version: number | null): Promise<Shipment> {
  if (!isUuid(shipmentId)) throw new AppError("not_found", SHIPMENT_NOT_FOUND);
  const [row] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for("update");
  if (!row) throw new AppError("not_found", SHIPMENT_NOT_FOUND);
  if (version !== null && row.version !== version) throw staleRowError(SHIPMENT);
  return row;
}

/** The events staff record when they move a shipment a step (its "Vận chuyển" panel, or the order's status). */
export const staffStepDescriptions = {
  in_transit: "Đã bàn giao cho hãng vận chuyển",
  delivered: "Giao hàng thành công",
  returning: "Hàng đang được hoàn về shop",
} as const satisfies Partial<Record<ShipmentStatus, string>>;

/** The one check of a staff move (shipmentSteps): refused with the reason when it is not a step forward. */
export function assertShipmentStep(from: ShipmentStatus, to: ShipmentStatus): void {
  if (!canMoveShipment(from, to))
    throw new AppError(
      "conflict",
      `Vận đơn đang ở trạng thái "${shipmentStatusLabels[from]}": không thể chuyển sang "${shipmentStatusLabels[to]}"`,
    );
}

/** What the buyer's e-mails say of a shipment: the carrier, its code and its own tracking page. */
export function emailShipmentOf(shipment: Pick<Shipment, "carrierName" | "trackingCode">) {
  const { carrierName, trackingCode } = shipment;
  return {
    carrierName,
    trackingCode,
    trackingUrl: trackingCode ? carrierTrackingUrl(carrierName, trackingCode) : null,
  };
}

/**
 * Moves a locked shipment one step and its order with it, with the event (a carrier's event with
 * an external key was recorded by its caller); the caller has checked the step. Cancelling a
 * booking brings the order back to "Đã xác nhận" (orderStatusFor) so a new one may be made.
 */
export async function moveShipment(
  tx: Tx,
  shipment: Shipment,
  to: ShipmentStatus,
  actor: Actor,
  event: {
    description: string;
    source: "staff" | "carrier" | "import";
    occurredAt?: Date;
    carrierStatus?: string | null;
    externalKey?: string | null;
  },
  orderNote: string,
  links: OrderEmailLinks,
) {
  const now = new Date();
  await tx
    .update(shipments)
    .set({
      status: to,
      version: nextRowVersion(shipments.version),
      updatedAt: now,
      ...(to === "delivered" ? { deliveredAt: event.occurredAt ?? now } : {}),
      ...(to === "returned" ? { returnedAt: now } : {}),
    })
    .where(eq(shipments.id, shipment.id));
  if (event.externalKey === undefined || event.externalKey === null) {
    await tx.insert(shipmentEvents).values({
      shipmentId: shipment.id,
      status: to,
      carrierStatus: event.carrierStatus ?? null,
      description: event.description,
      occurredAt: event.occurredAt ?? now,
      source: event.source,
      byName: actor.name,
    });
  }
  const orderTo = orderStatusFor[to];
  if (orderTo)
    await moveOrderWithShipment(tx, shipment.orderId, orderTo, actor, orderNote, links, {
      shipment: emailShipmentOf(shipment),
      bookingCancelled: to === "cancelled",
    });
}

export interface NewShipmentValues {
  carrier: "manual" | "ghn" | "ghtk";
  carrierName: string;
  service: string | null;
  trackingCode: string | null;
  parcel: ParcelDefaults;
  codAmount: number;
  codChangeReason: string | null;
  feePayer: "shop" | "buyer";
  courierNote: string;
  carrierFee?: number | null;
  carrierData?: Record<string, unknown> | null;
  expectedDeliveryAt?: Date | null;
}

export interface ParcelDefaults {
  weightGrams: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}
