import { asc, desc, eq, sql } from "drizzle-orm";
import { orderItems, orders, shipmentEvents, shipments, type Shipment } from "~/db/schema";
import { receiveReturnedGoods } from "~/features/inventory/inventory.server";
import type { OrderEmailLinks } from "~/features/email/email.server";
import { lockOrderForShipment } from "~/features/orders/order-transitions.server";
import type { Actor } from "~/features/orders/orders.server";
import { formatOrderNumber } from "~/lib/order-number";
import { isUuid } from "~/lib/search-pattern";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { nextRowVersion } from "~/server/row-version.server";
import { declaredValueOf, type CarrierBookingRequest, type CarrierGateway, type CarrierUpdate } from "./carrier";
import {
  COD_REASON_REQUIRED,
  createShipmentSchema,
  markFailedSchema,
  receiveReturnSchema,
  setTrackingCodeSchema,
  canMoveShipment,
  shipmentStatusLabels,
  shipmentVersionSchema,
  type ShipmentStatus,
} from "./shipments.schema";
import {
  HAS_LIVE_SHIPMENT,
  type NewShipmentValues,
  type ParcelDefaults,
  SHIPMENT_NOT_FOUND,
  assertShipmentStep,
  codeInUse,
  codeTaken,
  explainConflict,
  insertShipment,
  liveShipmentOf,
  lockShipment,
  moveShipment,
  parse,
  staffStepDescriptions,
} from "./shipment-rows.server";
import { getShipmentDefaults } from "./shipment-views.server";

/*
 * Shipments (issue 16): the one writer of shipments and shipment_events. A shipment moves only
 * forward (booked → in_transit → delivered, or failed → returning → returned; cancelled while
 * booked) and moves its order along through the orders feature's moveOrderWithShipment, in the
 * same transaction. Staff actions are guarded by the version the page was opened with; carrier
 * updates are idempotent by their external key.
 */

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * What an API carrier is sent to book (or quote) an order's parcel: the recipient from the order,
 * its lines, the goods' value. createShipment books with it; the shipment form's fee estimate
 * quotes with the same request (the defaults), so the estimate is for the parcel that is booked.
 */
export async function shipmentBookingRequest(
  db: Db | Tx,
  orderId: string,
  parcel: ParcelDefaults,
  fields: { codAmount: number; feePayer: "shop" | "buyer"; courierNote: string; service: string | null },
): Promise<CarrierBookingRequest> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const items = await db
    .select({ name: orderItems.productName, sku: orderItems.productSku, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return {
    orderNumber: formatOrderNumber(order.orderNumber),
    recipient: {
      name: `${order.lastName} ${order.firstName}`.trim(),
      phone: order.phone,
      address: order.address,
      wardName: order.wardName,
      wardCode: order.wardCode,
      districtName: order.districtName,
      districtCode: order.districtCode,
      provinceName: order.provinceName,
      provinceCode: order.provinceCode,
      addressStructure: order.addressStructure,
    },
    parcel,
    codAmount: fields.codAmount,
    insuranceValue: declaredValueOf(order),
    feePayer: fields.feePayer,
    courierNote: fields.courierNote,
    service: fields.service,
    items,
  };
}

/**
 * Creates the order's shipment. Manual: staff name the carrier and may type its code now or
 * later. With a gateway (an API carrier) the carrier books the parcel first, outside the
 * transaction: an unreachable carrier writes nothing; if our transaction then fails, the booking
 * is cancelled again (best effort). The COD amount is the order total unless staff give a reason.
 * The shipped e-mail's tracking link is on `links.publicUrl`.
 */
export async function createShipment(
  db: Db,
  orderId: string,
  rawInput: unknown,
  actor: Actor,
  links: OrderEmailLinks,
  gateway?: CarrierGateway,
): Promise<Shipment> {
  const input = parse(createShipmentSchema, rawInput);
  if (gateway ? input.carrier !== gateway.carrier : input.carrier !== "manual")
    throw new AppError("invalid", "Hãng vận chuyển này chưa được kết nối: hãy chọn vận đơn thủ công");
  const defaults = await getShipmentDefaults(db, orderId);
  const codAmount = input.codAmount ?? defaults.codAmount;
  if (codAmount !== defaults.codAmount && !input.codChangeReason)
    throw new AppError("invalid", COD_REASON_REQUIRED, { codChangeReason: COD_REASON_REQUIRED });
  const parcel: ParcelDefaults = {
    weightGrams: input.weightGrams ?? defaults.weightGrams,
    lengthCm: input.lengthCm ?? defaults.lengthCm,
    widthCm: input.widthCm ?? defaults.widthCm,
    heightCm: input.heightCm ?? defaults.heightCm,
  };
  const courierNote = input.courierNote ?? defaults.courierNote;
  const values: NewShipmentValues = {
    carrier: input.carrier,
    carrierName: gateway?.name ?? input.carrierName,
    service: input.service,
    trackingCode: gateway ? null : input.trackingCode,
    parcel,
    codAmount,
    codChangeReason: codAmount === defaults.codAmount ? null : input.codChangeReason,
    feePayer: input.feePayer,
    courierNote,
  };

  // Refuse what the transaction would refuse before asking a carrier to send a courier.
  await db.transaction(async (tx) => {
    if (await liveShipmentOf(tx, orderId)) throw new AppError("conflict", HAS_LIVE_SHIPMENT);
    await lockOrderForShipment(tx, orderId);
  });
  if (gateway) {
    const request = await shipmentBookingRequest(db, orderId, parcel, {
      codAmount,
      feePayer: input.feePayer,
      courierNote,
      service: input.service,
    });
    const booking = await gateway.book(request).catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      throw new AppError(
        "unavailable",
        `Không kết nối được với ${gateway.name}: chưa tạo vận đơn, vui lòng thử lại sau`,
      );
    });
    Object.assign(values, {
      trackingCode: booking.trackingCode,
      service: booking.service ?? values.service,
      carrierFee: booking.fee,
      carrierData: booking.carrierData,
      expectedDeliveryAt: booking.expectedDeliveryAt,
    });
  }
  try {
    return await inAuditedTransaction(db, actor.userId, (tx) =>
      insertShipment(tx, orderId, values, actor, "staff", links),
    );
  } catch (error) {
    if (gateway && values.trackingCode) await gateway.cancel(values.trackingCode).catch(() => undefined);
    throw explainConflict(error, values.trackingCode);
  }
}

/** A shipment's carrier, code, status and order (for the intents and pages that pick the carrier's gateway), or not found. */
export async function getShipmentCarrier(db: Db | Tx, shipmentId: string) {
  if (!isUuid(shipmentId)) throw new AppError("not_found", SHIPMENT_NOT_FOUND);
  const [row] = await db
    .select({
      carrier: shipments.carrier,
      carrierName: shipments.carrierName,
      trackingCode: shipments.trackingCode,
      status: shipments.status,
      orderId: shipments.orderId,
    })
    .from(shipments)
    .where(eq(shipments.id, shipmentId));
  if (!row) throw new AppError("not_found", SHIPMENT_NOT_FOUND);
  return row;
}

async function staffMove(
  db: Db,
  shipmentId: string,
  rawInput: unknown,
  actor: Actor,
  links: OrderEmailLinks,
  to: ShipmentStatus,
  description: string,
) {
  const { version } = parse(shipmentVersionSchema, rawInput);
  return inAuditedTransaction(db, actor.userId, async (tx) => {
    const shipment = await lockShipment(tx, shipmentId, version);
    assertShipmentStep(shipment.status, to);
    await moveShipment(
      tx,
      shipment,
      to,
      actor,
      { description, source: "staff" },
      `Vận đơn ${shipment.carrierName}: ${description}`,
      links,
    );
  });
}

/** Staff: the courier has picked the parcel up. */
export function markInTransit(db: Db, shipmentId: string, input: unknown, actor: Actor, links: OrderEmailLinks) {
  return staffMove(db, shipmentId, input, actor, links, "in_transit", staffStepDescriptions.in_transit);
}

/** Staff: the buyer received the parcel (and paid the COD amount to the courier). */
export function markDelivered(db: Db, shipmentId: string, input: unknown, actor: Actor, links: OrderEmailLinks) {
  return staffMove(db, shipmentId, input, actor, links, "delivered", staffStepDescriptions.delivered);
}

/** Staff: the carrier is bringing a failed parcel back to the shop. */
export function markReturning(db: Db, shipmentId: string, input: unknown, actor: Actor, links: OrderEmailLinks) {
  return staffMove(db, shipmentId, input, actor, links, "returning", staffStepDescriptions.returning);
}

/** Staff: delivery failed (refused at the door, unreachable, …), with the reason. */
export async function markFailed(db: Db, shipmentId: string, rawInput: unknown, actor: Actor, links: OrderEmailLinks) {
  const { version, reason } = parse(markFailedSchema, rawInput);
  return inAuditedTransaction(db, actor.userId, async (tx) => {
    const shipment = await lockShipment(tx, shipmentId, version);
    assertShipmentStep(shipment.status, "failed");
    const description = `Giao thất bại: ${reason}`;
    await moveShipment(
      tx,
      shipment,
      "failed",
      actor,
      { description, source: "staff" },
      `Vận đơn ${shipment.carrierName}: ${description}`,
      links,
    );
  });
}

/**
 * Staff: cancels a shipment the courier has not picked up yet; the order goes back to "Đã xác
 * nhận" (a new shipment may be created). An API carrier's booking is cancelled with it first: if
 * the carrier refuses or cannot be reached, nothing changes here.
 */
export async function cancelShipment(
  db: Db,
  shipmentId: string,
  rawInput: unknown,
  actor: Actor,
  links: OrderEmailLinks,
  gateway?: CarrierGateway,
) {
  const { version } = parse(shipmentVersionSchema, rawInput);
  const check = async (tx: Tx) => {
    const shipment = await lockShipment(tx, shipmentId, version);
    assertShipmentStep(shipment.status, "cancelled");
    return shipment;
  };
  const before = await db.transaction(check);
  if (before.carrier !== "manual") {
    if (!gateway || gateway.carrier !== before.carrier)
      throw new AppError("unavailable", `Chưa kết nối được với ${before.carrierName} để hủy vận đơn`);
    if (before.trackingCode)
      await gateway.cancel(before.trackingCode).catch((error: unknown) => {
        if (error instanceof AppError) throw error;
        throw new AppError(
          "unavailable",
          `Không kết nối được với ${before.carrierName}: vận đơn chưa được hủy, vui lòng thử lại sau`,
        );
      });
  }
  return inAuditedTransaction(db, actor.userId, async (tx) => {
    const shipment = await check(tx);
    await moveShipment(
      tx,
      shipment,
      "cancelled",
      actor,
      { description: "Hủy vận đơn", source: "staff" },
      `Hủy vận đơn ${shipment.carrierName}`,
      links,
    );
  });
}

/** Staff: types (or corrects) a manual shipment's tracking code. */
export async function setTrackingCode(db: Db, shipmentId: string, rawInput: unknown, actor: Actor) {
  const { trackingCode, version } = parse(setTrackingCodeSchema, rawInput);
  try {
    return await inAuditedTransaction(db, actor.userId, async (tx) => {
      const shipment = await lockShipment(tx, shipmentId, version);
      if (shipment.carrier !== "manual")
        throw new AppError("conflict", "Mã vận đơn của hãng kết nối API do hãng cấp, không sửa được");
      if (shipment.status === "cancelled") throw new AppError("conflict", "Vận đơn đã hủy");
      if (shipment.trackingCode === trackingCode) return { changed: false };
      if (await codeInUse(tx, trackingCode, shipment.id)) {
        const message = codeTaken(trackingCode);
        throw new AppError("conflict", message, { trackingCode: message });
      }
      await tx
        .update(shipments)
        .set({ trackingCode, version: nextRowVersion(shipments.version), updatedAt: new Date() })
        .where(eq(shipments.id, shipment.id));
      await tx.insert(shipmentEvents).values({
        shipmentId: shipment.id,
        status: null,
        description: shipment.trackingCode
          ? `Đổi mã vận đơn ${shipment.trackingCode} → ${trackingCode}`
          : `Nhập mã vận đơn ${trackingCode}`,
        occurredAt: new Date(),
        source: "staff",
        byName: actor.name,
      });
      return { changed: true };
    });
  } catch (error) {
    throw explainConflict(error, trackingCode);
  }
}

/**
 * Staff: the returned parcel is back in the shop. Per order line, the units that go back to
 * sellable stock and those damaged (not restocked); the shipment becomes returned and the order
 * "Đã hoàn hàng". Once only.
 */
export async function receiveReturn(
  db: Db,
  shipmentId: string,
  rawInput: unknown,
  actor: Actor,
  links: OrderEmailLinks,
) {
  const input = parse(receiveReturnSchema, rawInput);
  return inAuditedTransaction(db, actor.userId, async (tx) => {
    const shipment = await lockShipment(tx, shipmentId, input.version);
    if (shipment.status === "returned") throw new AppError("conflict", "Hàng hoàn của vận đơn này đã được nhận");
    assertShipmentStep(shipment.status, "returned");
    const items = await tx
      .select({
        id: orderItems.id,
        productId: orderItems.productId,
        name: orderItems.productName,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, shipment.orderId));
    const given = new Map(input.lines.map((l) => [l.itemId, l]));
    for (const id of given.keys())
      if (!items.some((i) => i.id === id)) throw new AppError("invalid", "Sản phẩm không thuộc đơn hàng này");
    const lines = items.map((item) => {
      const line = given.get(item.id) ?? { restock: 0, damaged: 0 };
      if (line.restock + line.damaged > item.quantity) {
        const message = `"${item.name}": nhập kho và hư hỏng cộng lại vượt quá ${item.quantity} sản phẩm của đơn`;
        throw new AppError("invalid", message, { [`restock.${item.id}`]: message });
      }
      return { ...item, restock: line.restock, damaged: line.damaged };
    });
    await receiveReturnedGoods(tx, {
      orderId: shipment.orderId,
      lines: lines
        .filter((l) => l.productId !== null)
        .map((l) => ({ productId: l.productId!, restock: l.restock, damaged: l.damaged })),
      actor: { userId: actor.userId, name: actor.name },
      note: `Hàng hoàn ${formatOrderNumber((await orderNumberOf(tx, shipment.orderId)) ?? 0)}`,
    });
    const restocked = lines.reduce((s, l) => s + l.restock, 0);
    const damaged = lines.reduce((s, l) => s + l.damaged, 0);
    const missing = lines.reduce((s, l) => s + l.quantity - l.restock - l.damaged, 0);
    const summary = [
      `nhập lại kho ${restocked}`,
      `hư hỏng ${damaged}`,
      missing > 0 ? `thiếu ${missing}` : null,
      input.note,
    ]
      .filter(Boolean)
      .join(", ");
    const description = `Đã nhận hàng hoàn: ${summary}`;
    await moveShipment(tx, shipment, "returned", actor, { description, source: "staff" }, description, links);
    return { restocked, damaged, missing };
  });
}

async function orderNumberOf(tx: Tx, orderId: string): Promise<number | null> {
  const [row] = await tx.select({ n: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
  return row?.n ?? null;
}

/**
 * Status changes reported by a carrier (webhook, status fetch) or an import, each in its own
 * transaction: the shipment is found by its tracking code (any case); the event is recorded once
 * per external key (a replay changes nothing); the shipment moves only forward — a late event is
 * recorded without moving it — and the order moves with it. A carrier's "returned" brings the
 * shipment to returning only: the goods count again when staff receive them (receiveReturn).
 * Unknown codes are reported back, not thrown (a webhook answers them with 200). `askedBy`: the
 * console member who fetched the updates (the audit log's actor), none for the carrier's own calls.
 */
export async function recordShipmentUpdates(
  db: Db,
  updates: CarrierUpdate[],
  source: "carrier" | "import",
  actorName: string,
  links: OrderEmailLinks,
  askedBy: Actor | null = null,
): Promise<{ recorded: number; moved: number; replayed: number; unknownCodes: string[] }> {
  const actor: Actor = { userId: null, name: actorName };
  const result = { recorded: 0, moved: 0, replayed: 0, unknownCodes: [] as string[] };
  for (const update of updates) {
    const code = update.trackingCode.trim();
    const outcome = await inAuditedTransaction(db, askedBy?.userId ?? null, async (tx) => {
      const [shipment] = code
        ? await tx
            .select()
            .from(shipments)
            .where(sql`upper(${shipments.trackingCode}) = ${code.toUpperCase()}`)
            .orderBy(sql`${shipments.status} = 'cancelled'`, desc(shipments.createdAt))
            .limit(1)
            .for("update")
        : [];
      if (!shipment) return "unknown" as const;
      const wanted: ShipmentStatus | null =
        update.status === "returned" && shipment.status !== "returning" ? "returning" : update.status;
      const to = wanted && wanted !== "returned" && canMoveShipment(shipment.status, wanted) ? wanted : null;
      const inserted = await tx
        .insert(shipmentEvents)
        .values({
          shipmentId: shipment.id,
          status: to,
          carrierStatus: update.carrierStatus,
          description: update.description,
          occurredAt: update.occurredAt,
          source,
          externalKey: update.externalKey,
          byName: actorName,
        })
        .onConflictDoNothing({ target: [shipmentEvents.shipmentId, shipmentEvents.externalKey] })
        .returning({ id: shipmentEvents.id });
      if (inserted.length === 0) return "replayed" as const;
      if (!to) return "recorded" as const;
      const note = `${shipment.carrierName}: ${update.description || shipmentStatusLabels[to]}`;
      await moveShipment(
        tx,
        shipment,
        to,
        actor,
        { description: update.description, source, occurredAt: update.occurredAt, externalKey: update.externalKey },
        note,
        links,
      );
      return "moved" as const;
    });
    if (outcome === "unknown") result.unknownCodes.push(code);
    else if (outcome === "replayed") result.replayed++;
    else {
      result.recorded++;
      if (outcome === "moved") result.moved++;
    }
  }
  return result;
}

/** The receive-return form's fields ("restock.<item id>", "damaged.<item id>") as the service's lines. */
export function returnLinesFromForm(values: Record<string, unknown>) {
  const lines = new Map<string, { itemId: string; restock: unknown; damaged: unknown }>();
  for (const [key, value] of Object.entries(values)) {
    const match = /^(restock|damaged)\.(\d{1,12})$/.exec(key);
    if (!match) continue;
    const line = lines.get(match[2]) ?? { itemId: match[2], restock: "0", damaged: "0" };
    line[match[1] as "restock" | "damaged"] = value === "" ? "0" : value;
    lines.set(match[2], line);
  }
  return { version: values.version, note: values.note, lines: [...lines.values()] };
}

// The reads and the import live beside this module; other features and routes reach them here.
export * from "./shipment-views.server";
export * from "./tracking-import.server";
export { SHIPMENT_NOT_FOUND, type ParcelDefaults } from "./shipment-rows.server";
export { movesWithShipmentRefusal, setOrderStatusWithShipment } from "./order-status-moves.server";
