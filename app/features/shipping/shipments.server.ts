import { and, asc, count, desc, eq, inArray, isNotNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { orderItems, orders, products, shipmentEvents, shipments, type Shipment } from "~/db/schema";
import { receiveReturnedGoods } from "~/features/inventory/inventory.server";
import type { OrderEmailLinks } from "~/features/email/email.server";
import { lockOrderForShipment, moveOrderWithShipment } from "~/features/orders/order-transitions.server";
import { parseOrderNumber, type OrderStatus } from "~/features/orders/orders.schema";
import type { Actor } from "~/features/orders/orders.server";
import { getSettings } from "~/features/settings/settings.server";
import { readCsv } from "~/lib/csv";
import { EXCEL_MAX_CELL_CHARS, SpreadsheetError, type SpreadsheetLimits, type SpreadsheetRow } from "~/lib/spreadsheet";
import { fieldErrorsOf } from "~/lib/form-fields";
import { formatOrderNumber } from "~/lib/order-number";
import { ADMIN_PAGE_SIZE, type Page } from "~/lib/pagination";
import { containsPattern, isUuid } from "~/lib/search-pattern";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import { uniqueViolation } from "~/server/db-errors.server";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { nextRowVersion, staleRowError } from "~/server/row-version.server";
import type { CarrierBookingRequest, CarrierGateway, CarrierUpdate } from "./carrier";
import {
  COD_REASON_REQUIRED,
  TRACKING_CODE_MESSAGE,
  carrierTrackingUrl,
  createShipmentSchema,
  markFailedSchema,
  receiveReturnSchema,
  setTrackingCodeSchema,
  shipmentStatusLabels,
  shipmentVersionSchema,
  trackingCode as trackingCodeSchema,
  type ShipmentListQuery,
  type ShipmentStatus,
} from "./shipments.schema";

/*
 * Shipments (issue 16): the one writer of shipments and shipment_events. A shipment moves only
 * forward (booked → in_transit → delivered, or failed → returning → returned; cancelled while
 * booked) and moves its order along through the orders feature's moveOrderWithShipment, in the
 * same transaction. Staff actions are guarded by the version the page was opened with; carrier
 * updates are idempotent by their external key.
 */

export const SHIPMENT_NOT_FOUND = "Không tìm thấy vận đơn";
const SHIPMENT = "Vận đơn";
const HAS_LIVE_SHIPMENT = "Đơn hàng đã có vận đơn: hủy vận đơn cũ trước khi tạo vận đơn mới";
const codeTaken = (code: string) => `Mã vận đơn ${code} đã được dùng cho một vận đơn khác`;

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    throw new AppError("invalid", Object.values(fieldErrors)[0] ?? "Dữ liệu không hợp lệ", fieldErrors);
  }
  return parsed.data;
}

/** The order status a shipment status brings its order to. */
const orderStatusFor: Partial<Record<ShipmentStatus, OrderStatus>> = {
  booked: "shipped",
  in_transit: "shipped",
  delivered: "delivered",
  failed: "returning",
  returning: "returning",
  returned: "returned",
  cancelled: "processing",
};

/**
 * Where a shipment may go from each status. A failed delivery may still succeed on the carrier's
 * next attempt; "returned" is reached only when staff receive the parcel (receiveReturn).
 */
const forward: Record<ShipmentStatus, readonly ShipmentStatus[]> = {
  booked: ["in_transit", "delivered", "failed", "returning", "cancelled"],
  in_transit: ["delivered", "failed", "returning"],
  failed: ["delivered", "returning", "returned"],
  returning: ["returned"],
  delivered: [],
  returned: [],
  cancelled: [],
};

const canMove = (from: ShipmentStatus, to: ShipmentStatus) => forward[from].includes(to);

// ---------------------------------------------------------------------------------------------
// Reading

export interface ParcelDefaults {
  weightGrams: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

/**
 * A parcel's weight and size from its products: the sum of their packed weights × quantities and
 * the largest box among them; the shop's defaults (Settings) when the products have none.
 */
async function parcelDefaults(db: Db | Tx, orderId: string): Promise<ParcelDefaults> {
  const fallback = (await getSettings(db)).fulfilment;
  const lines = await db
    .select({
      quantity: orderItems.quantity,
      weight: products.shippingWeightGrams,
      length: products.shippingLengthCm,
      width: products.shippingWidthCm,
      height: products.shippingHeightCm,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId));
  const weight = lines.reduce((sum, l) => sum + (l.weight ?? 0) * l.quantity, 0);
  let box: [number, number, number] | null = null;
  for (const l of lines) {
    if (!l.length || !l.width || !l.height) continue;
    if (!box || l.length * l.width * l.height > box[0] * box[1] * box[2]) box = [l.length, l.width, l.height];
  }
  return {
    weightGrams: weight > 0 ? Math.min(weight, 50_000) : fallback.defaultWeightGrams,
    lengthCm: box?.[0] ?? fallback.defaultLengthCm,
    widthCm: box?.[1] ?? fallback.defaultWidthCm,
    heightCm: box?.[2] ?? fallback.defaultHeightCm,
  };
}

/** What the create-shipment form starts with: the parcel from the products, the order total as COD, the shop's note. */
export async function getShipmentDefaults(db: Db | Tx, orderId: string) {
  if (!isUuid(orderId)) throw new AppError("not_found", "Không tìm thấy đơn hàng");
  const [order] = await db.select({ total: orders.total }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError("not_found", "Không tìm thấy đơn hàng");
  const parcel = await parcelDefaults(db, orderId);
  return {
    ...parcel,
    codAmount: order.total,
    courierNote: (await getSettings(db)).fulfilment.defaultCourierNote ?? "",
  };
}

export interface ShipmentEventView {
  id: number;
  status: ShipmentStatus | null;
  carrierStatus: string | null;
  description: string;
  occurredAt: Date;
  source: "staff" | "carrier" | "import";
  byName: string | null;
}

export type ShipmentView = Shipment & { events: ShipmentEventView[]; trackingUrl: string | null };

async function eventsOf(db: Db | Tx, shipmentIds: string[]): Promise<Map<string, ShipmentEventView[]>> {
  const byShipment = new Map<string, ShipmentEventView[]>();
  if (shipmentIds.length === 0) return byShipment;
  const rows = await db
    .select({
      id: shipmentEvents.id,
      shipmentId: shipmentEvents.shipmentId,
      status: shipmentEvents.status,
      carrierStatus: shipmentEvents.carrierStatus,
      description: shipmentEvents.description,
      occurredAt: shipmentEvents.occurredAt,
      source: shipmentEvents.source,
      byName: shipmentEvents.byName,
    })
    .from(shipmentEvents)
    .where(inArray(shipmentEvents.shipmentId, shipmentIds))
    .orderBy(asc(shipmentEvents.occurredAt), asc(shipmentEvents.id));
  for (const { shipmentId, ...event } of rows) {
    const list = byShipment.get(shipmentId) ?? [];
    list.push(event);
    byShipment.set(shipmentId, list);
  }
  return byShipment;
}

/** An order's shipments, the live one first then cancelled ones (newest first), each with its events oldest first. */
export async function getOrderShipments(db: Db | Tx, orderId: string): Promise<ShipmentView[]> {
  if (!isUuid(orderId)) return [];
  const rows = await db
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, orderId))
    .orderBy(sql`${shipments.status} = 'cancelled'`, desc(shipments.createdAt));
  const events = await eventsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    events: events.get(r.id) ?? [],
    trackingUrl: r.trackingCode ? carrierTrackingUrl(r.carrierName, r.trackingCode) : null,
  }));
}

/**
 * What the buyer's look-up shows of an order's shipment (once number and phone matched): the
 * carrier, the code with its tracking link, the status and the events. Staff names and internal
 * notes are not included. Null when the order has no shipment (or only cancelled ones).
 */
export async function getShipmentTracking(db: Db | Tx, orderId: string) {
  const [live] = (await getOrderShipments(db, orderId)).filter((s) => s.status !== "cancelled");
  if (!live) return null;
  return {
    carrierName: live.carrierName,
    trackingCode: live.trackingCode,
    trackingUrl: live.trackingUrl,
    status: live.status,
    // Staff's own words may name people or reasons; the buyer reads the status, and the carrier's text.
    events: live.events
      .filter((e) => e.status !== null || e.source === "carrier")
      .map((e) => ({
        occurredAt: e.occurredAt,
        status: e.status,
        description: e.source === "carrier" ? e.description : "",
      })),
  };
}

export type ShipmentTracking = NonNullable<Awaited<ReturnType<typeof getShipmentTracking>>>;

export interface ShipmentListRow {
  id: string;
  orderId: string;
  orderNumber: number;
  recipientName: string;
  phone: string;
  carrierName: string;
  trackingCode: string | null;
  status: ShipmentStatus;
  codAmount: number;
  createdAt: Date;
}

function shipmentSearchCondition(q: string): SQL {
  const conditions: SQL[] = [sql`upper(${shipments.trackingCode}) like ${containsPattern(q.trim().toUpperCase())}`];
  const number = parseOrderNumber(q);
  if (number !== null) conditions.push(eq(orders.orderNumber, number));
  return or(...conditions)!;
}

/** The shipments list (console): newest first, filtered by status, searched by code or order number, paginated in SQL. */
export async function listShipments(
  db: Db | Tx,
  query: Partial<ShipmentListQuery> = {},
): Promise<Page<ShipmentListRow>> {
  const pageSize = ADMIN_PAGE_SIZE;
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(shipments.status, query.status));
  if (query.q) filters.push(shipmentSearchCondition(query.q));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [{ total }] = await db
    .select({ total: count() })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, query.page ?? 1), pageCount);
  const rows = await db
    .select({
      id: shipments.id,
      orderId: shipments.orderId,
      orderNumber: orders.orderNumber,
      recipientName: sql<string>`trim(${orders.lastName} || ' ' || ${orders.firstName})`,
      phone: orders.phone,
      carrierName: shipments.carrierName,
      trackingCode: shipments.trackingCode,
      status: shipments.status,
      codAmount: shipments.codAmount,
      createdAt: shipments.createdAt,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(where)
    .orderBy(desc(shipments.createdAt), desc(shipments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, page, pageSize, total, pageCount };
}

/**
 * The shipment whose label each order prints (its latest one not cancelled), for the orders list's
 * bulk print: in the orders' order; an order without one is left out.
 */
export async function labelShipmentIdsOfOrders(db: Db | Tx, orderIds: readonly string[]): Promise<Map<string, string>> {
  const ids = orderIds.filter(isUuid);
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([shipments.orderId], { orderId: shipments.orderId, id: shipments.id })
    .from(shipments)
    .where(and(inArray(shipments.orderId, ids), ne(shipments.status, "cancelled")))
    .orderBy(shipments.orderId, desc(shipments.createdAt), desc(shipments.id));
  const byOrder = new Map(rows.map((row) => [row.orderId, row.id]));
  return new Map(ids.filter((id) => byOrder.has(id)).map((id) => [id, byOrder.get(id)!]));
}

/** Everything a label prints, for one or several shipments (in the order asked). */
export async function getShipmentLabels(db: Db | Tx, shipmentIds: string[]) {
  const ids = [...new Set(shipmentIds)].filter(isUuid).slice(0, 100);
  if (ids.length === 0) throw new AppError("not_found", SHIPMENT_NOT_FOUND);
  const rows = await db
    .select({ shipment: shipments, order: orders })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(inArray(shipments.id, ids));
  if (rows.length !== ids.length) throw new AppError("not_found", SHIPMENT_NOT_FOUND);
  const items = await db
    .select({
      orderId: orderItems.orderId,
      name: orderItems.productName,
      sku: orderItems.productSku,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.order.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  const byId = new Map(rows.map((r) => [r.shipment.id, r]));
  return ids.map((id) => {
    const { shipment, order } = byId.get(id)!;
    return { shipment, order, items: items.filter((i) => i.orderId === order.id) };
  });
}

export type ShipmentLabel = Awaited<ReturnType<typeof getShipmentLabels>>[number];

// ---------------------------------------------------------------------------------------------
// Writing

/** Turns the database's refusals into the messages staff read. */
function explainConflict(error: unknown, code: string | null): unknown {
  const constraint = uniqueViolation(error);
  if (constraint === "shipments_order_live_idx") return new AppError("conflict", HAS_LIVE_SHIPMENT);
  if (constraint === "shipments_tracking_code_idx") {
    const message = codeTaken(code ?? "");
    return new AppError("conflict", message, { trackingCode: message });
  }
  return error;
}

async function codeInUse(db: Db | Tx, code: string, exceptShipmentId?: string): Promise<boolean> {
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

async function liveShipmentOf(db: Db | Tx, orderId: string) {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), ne(shipments.status, "cancelled")))
    .limit(1);
  return row ?? null;
}

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
    insuranceValue: order.subtotal - order.discount,
    feePayer: fields.feePayer,
    courierNote: fields.courierNote,
    service: fields.service,
    items,
  };
}

interface NewShipmentValues {
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

/** Inside the caller's transaction: the order locked and checked, the shipment and its "booked" event, the order shipped. */
async function insertShipment(
  tx: Tx,
  orderId: string,
  values: NewShipmentValues,
  actor: Actor,
  source: "staff" | "import",
  links: OrderEmailLinks,
) {
  // The live shipment first: an order already shipped is refused with the clearer message.
  if (await liveShipmentOf(tx, orderId)) throw new AppError("conflict", HAS_LIVE_SHIPMENT);
  await lockOrderForShipment(tx, orderId);
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
  const code = values.trackingCode ? ` · mã ${values.trackingCode}` : "";
  await moveOrderWithShipment(tx, orderId, "shipped", actor, `Tạo vận đơn ${values.carrierName}${code}`, links);
  return shipment;
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

/** A shipment's carrier and code (for the order page's intents, which pick the carrier's gateway), or not found. */
export async function getShipmentCarrier(db: Db | Tx, shipmentId: string) {
  if (!isUuid(shipmentId)) throw new AppError("not_found", SHIPMENT_NOT_FOUND);
  const [row] = await db
    .select({ carrier: shipments.carrier, carrierName: shipments.carrierName, trackingCode: shipments.trackingCode })
    .from(shipments)
    .where(eq(shipments.id, shipmentId));
  if (!row) throw new AppError("not_found", SHIPMENT_NOT_FOUND);
  return row;
}

/** Locks a shipment for a staff action and checks the version its page was opened with. */
async function lockShipment(tx: Tx, shipmentId: string, version: number | null): Promise<Shipment> {
  if (!isUuid(shipmentId)) throw new AppError("not_found", SHIPMENT_NOT_FOUND);
  const [row] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for("update");
  if (!row) throw new AppError("not_found", SHIPMENT_NOT_FOUND);
  if (version !== null && row.version !== version) throw staleRowError(SHIPMENT);
  return row;
}

function refuseMove(from: ShipmentStatus, to: ShipmentStatus): AppError {
  return new AppError(
    "conflict",
    `Vận đơn đang ở trạng thái "${shipmentStatusLabels[from]}": không thể chuyển sang "${shipmentStatusLabels[to]}"`,
  );
}

/** Moves a locked shipment and its order, with the event; the caller has checked the move is allowed. */
async function moveShipment(
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
  if (orderTo) await moveOrderWithShipment(tx, shipment.orderId, orderTo, actor, orderNote, links);
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
    if (!canMove(shipment.status, to)) throw refuseMove(shipment.status, to);
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
  return staffMove(db, shipmentId, input, actor, links, "in_transit", "Đã bàn giao cho hãng vận chuyển");
}

/** Staff: the buyer received the parcel (and paid the COD amount to the courier). */
export function markDelivered(db: Db, shipmentId: string, input: unknown, actor: Actor, links: OrderEmailLinks) {
  return staffMove(db, shipmentId, input, actor, links, "delivered", "Giao hàng thành công");
}

/** Staff: the carrier is bringing a failed parcel back to the shop. */
export function markReturning(db: Db, shipmentId: string, input: unknown, actor: Actor, links: OrderEmailLinks) {
  return staffMove(db, shipmentId, input, actor, links, "returning", "Hàng đang được hoàn về shop");
}

/** Staff: delivery failed (refused at the door, unreachable, …), with the reason. */
export async function markFailed(db: Db, shipmentId: string, rawInput: unknown, actor: Actor, links: OrderEmailLinks) {
  const { version, reason } = parse(markFailedSchema, rawInput);
  return inAuditedTransaction(db, actor.userId, async (tx) => {
    const shipment = await lockShipment(tx, shipmentId, version);
    if (!canMove(shipment.status, "failed")) throw refuseMove(shipment.status, "failed");
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
    if (!canMove(shipment.status, "cancelled")) throw refuseMove(shipment.status, "cancelled");
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
    if (!canMove(shipment.status, "returned")) throw refuseMove(shipment.status, "returned");
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
      const to = wanted && wanted !== "returned" && canMove(shipment.status, wanted) ? wanted : null;
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

// ---------------------------------------------------------------------------------------------
// Importing tracking codes

export const MAX_IMPORT_ROWS = 2000;
export const MAX_IMPORT_BYTES = 1_000_000;
/** Bounds of the CSV reader (decision 0044): the rows above, the header, a spreadsheet's width. */
const IMPORT_LIMITS: SpreadsheetLimits = {
  maxRows: MAX_IMPORT_ROWS + 1,
  maxColumns: 64,
  maxCellChars: EXCEL_MAX_CELL_CHARS,
};

export interface ImportRowError {
  row: number;
  message: string;
}

export type ImportResult =
  { ok: true; created: number; updated: number; unchanged: number } | { ok: false; errors: ImportRowError[] };

class RollBack extends Error {
  constructor(readonly errors: ImportRowError[]) {
    super("rolled back");
  }
}

/**
 * Imports tracking codes from a CSV: order number (DH000123 or 123), tracking code, and
 * optionally the carrier's name (else `defaultCarrierName`). An order without a shipment gets a
 * manual shipment with the defaults (it must be ready to ship); an order's manual shipment
 * without a code gets it. All or nothing: any bad row and nothing is written, every bad row is
 * listed (row number as a spreadsheet shows it, reason). Importing the same file again changes nothing.
 */
export async function importTrackingCodes(
  db: Db,
  csvText: string,
  actor: Actor,
  links: OrderEmailLinks,
  options: { defaultCarrierName?: string } = {},
): Promise<ImportResult> {
  if (csvText.length > MAX_IMPORT_BYTES)
    return { ok: false, errors: [{ row: 0, message: "Tệp quá lớn (tối đa 1 MB)" }] };
  if (csvText.includes("\u0000") || csvText.includes("\uFFFD"))
    return {
      ok: false,
      errors: [{ row: 0, message: "Tệp không phải văn bản CSV UTF-8: hãy lưu lại dưới dạng CSV UTF-8" }],
    };
  let rows: SpreadsheetRow<string>[];
  try {
    rows = readCsv(csvText, IMPORT_LIMITS);
  } catch (error) {
    if (!(error instanceof SpreadsheetError)) throw error;
    const message =
      error.problem === "rows" ? `Tối đa ${MAX_IMPORT_ROWS} dòng mỗi lần nhập` : error.message.replace(/\.$/, "");
    return { ok: false, errors: [{ row: 0, message }] };
  }
  // A first row whose first cell is not an order number is the header.
  const firstData = rows.length > 0 && parseOrderNumber(rows[0].cells[0] ?? "") === null ? 1 : 0;
  const data = rows.slice(firstData);
  if (data.length === 0)
    return {
      ok: false,
      errors: [{ row: 0, message: "Tệp không có dòng dữ liệu nào (cần cột mã đơn hàng và mã vận đơn)" }],
    };
  if (data.length > MAX_IMPORT_ROWS)
    return { ok: false, errors: [{ row: 0, message: `Tối đa ${MAX_IMPORT_ROWS} dòng mỗi lần nhập` }] };

  const errors: ImportRowError[] = [];
  const parsed: { row: number; orderNumber: number; code: string; carrierName: string | null }[] = [];
  const seenOrders = new Map<number, number>();
  const seenCodes = new Map<string, number>();
  for (const { cells, row } of data) {
    const [rawNumber = "", rawCode = "", rawCarrier = ""] = cells.map((c) => c.trim());
    const orderNumber = parseOrderNumber(rawNumber);
    if (orderNumber === null) {
      errors.push({ row, message: rawNumber ? `Mã đơn hàng "${rawNumber}" không hợp lệ` : "Thiếu mã đơn hàng" });
      continue;
    }
    const code = trackingCodeSchema().safeParse(rawCode);
    if (!code.success) {
      errors.push({
        row,
        message: rawCode
          ? `Mã vận đơn "${rawCode}" không hợp lệ: ${TRACKING_CODE_MESSAGE.toLowerCase()}`
          : "Thiếu mã vận đơn",
      });
      continue;
    }
    if (rawCarrier.length > 60) {
      errors.push({ row, message: "Tên hãng vận chuyển tối đa 60 ký tự" });
      continue;
    }
    const sameOrder = seenOrders.get(orderNumber);
    if (sameOrder !== undefined) {
      errors.push({ row, message: `Đơn hàng ${formatOrderNumber(orderNumber)} đã có ở dòng ${sameOrder}` });
      continue;
    }
    const sameCode = seenCodes.get(code.data.toUpperCase());
    if (sameCode !== undefined) {
      errors.push({ row, message: `Mã vận đơn ${code.data} đã có ở dòng ${sameCode}` });
      continue;
    }
    seenOrders.set(orderNumber, row);
    seenCodes.set(code.data.toUpperCase(), row);
    parsed.push({ row, orderNumber, code: code.data, carrierName: rawCarrier || null });
  }

  try {
    return await inAuditedTransaction(db, actor.userId, async (tx) => {
      const counts = { created: 0, updated: 0, unchanged: 0 };
      for (const line of parsed) {
        const label = formatOrderNumber(line.orderNumber);
        const [order] = await tx
          .select({ id: orders.id, total: orders.total })
          .from(orders)
          .where(eq(orders.orderNumber, line.orderNumber));
        if (!order) {
          errors.push({ row: line.row, message: `Không tìm thấy đơn hàng ${label}` });
          continue;
        }
        const live = await liveShipmentOf(tx, order.id);
        if (live) {
          if (live.trackingCode?.toUpperCase() === line.code.toUpperCase()) {
            counts.unchanged++;
            continue;
          }
          if (live.carrier !== "manual")
            errors.push({
              row: line.row,
              message: `Đơn hàng ${label} đã có vận đơn ${live.carrierName} do hãng cấp mã`,
            });
          else if (live.trackingCode)
            errors.push({ row: line.row, message: `Đơn hàng ${label} đã có mã vận đơn ${live.trackingCode}` });
          else if (await codeInUse(tx, line.code, live.id))
            errors.push({ row: line.row, message: codeTaken(line.code) });
          else {
            await tx
              .update(shipments)
              .set({ trackingCode: line.code, version: nextRowVersion(shipments.version), updatedAt: new Date() })
              .where(eq(shipments.id, live.id));
            await tx.insert(shipmentEvents).values({
              shipmentId: live.id,
              status: null,
              description: `Nhập mã vận đơn ${line.code} từ tệp`,
              occurredAt: new Date(),
              source: "import",
              byName: actor.name,
            });
            counts.updated++;
          }
          continue;
        }
        const carrierName = line.carrierName ?? options.defaultCarrierName?.trim();
        if (!carrierName) {
          errors.push({ row: line.row, message: `Thiếu tên hãng vận chuyển để tạo vận đơn cho đơn hàng ${label}` });
          continue;
        }
        if (await codeInUse(tx, line.code)) {
          errors.push({ row: line.row, message: codeTaken(line.code) });
          continue;
        }
        // The check happens in a savepoint: a refused order is a row error, not the end of the import.
        try {
          await tx.transaction(async (sp) => {
            const defaults = await getShipmentDefaults(sp, order.id);
            await insertShipment(
              sp,
              order.id,
              {
                carrier: "manual",
                carrierName,
                service: null,
                trackingCode: line.code,
                parcel: defaults,
                codAmount: order.total,
                codChangeReason: null,
                feePayer: "shop",
                courierNote: defaults.courierNote,
              },
              actor,
              "import",
              links,
            );
          });
          counts.created++;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          errors.push({ row: line.row, message: `Đơn hàng ${label}: ${error.message}` });
        }
      }
      if (errors.length > 0) throw new RollBack(errors);
      return { ok: true as const, ...counts };
    });
  } catch (error) {
    if (error instanceof RollBack) return { ok: false, errors: [...error.errors].sort((a, b) => a.row - b.row) };
    throw error;
  }
}

/** Shipments with a tracking code that are still on their way (for a status fetch). */
export async function listOpenTrackedShipments(db: Db | Tx, carrier: "ghn" | "ghtk") {
  return db
    .select({ id: shipments.id, trackingCode: shipments.trackingCode })
    .from(shipments)
    .where(
      and(
        eq(shipments.carrier, carrier),
        isNotNull(shipments.trackingCode),
        inArray(shipments.status, ["booked", "in_transit", "failed", "returning"]),
      ),
    );
}

/** The order page's "Vận chuyển" panel: the order's shipments, and the form's defaults while it has no live one. */
export async function getOrderShipping(db: Db | Tx, orderId: string) {
  const list = await getOrderShipments(db, orderId);
  const live = list.some((s) => s.status !== "cancelled");
  return { shipments: list, defaults: live ? null : await getShipmentDefaults(db, orderId) };
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
