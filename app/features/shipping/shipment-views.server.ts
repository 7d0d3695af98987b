import { and, asc, count, desc, eq, inArray, isNotNull, ne, or, sql, type SQL } from "drizzle-orm";
import { orderItems, orders, products, shipmentEvents, shipments, type Shipment } from "~/db/schema";
import { parseOrderNumber } from "~/features/orders/orders.schema";
import { getSettings } from "~/features/settings/settings.server";
import { ADMIN_PAGE_SIZE, type Page } from "~/lib/pagination";
import { containsPattern, isUuid, phoneDigits } from "~/lib/search-pattern";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { carrierTrackingUrl, type ShipmentListQuery, type ShipmentStatus } from "./shipments.schema";
import { declaredValueOf } from "./carrier";
import { SHIPMENT_NOT_FOUND, type ParcelDefaults } from "./shipment-rows.server";

// Reading shipments: the order page's panel, the console list, labels and the tracking page.

/**
 * A parcel's weight and size from its products: the sum of their packed weights × quantities and
 * the largest box among them; the shop's defaults (Settings) when the products have none.
 */
export async function parcelDefaults(db: Db | Tx, orderId: string): Promise<ParcelDefaults> {
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
    /** The carrier's expected delivery (GHN states one), or null. */
    expectedDeliveryAt: live.expectedDeliveryAt,
    /** When the parcel left the shop: its first "in transit" event, else its booking. */
    handedOverAt: live.events.find((e) => e.status === "in_transit")?.occurredAt ?? live.createdAt,
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

/**
 * Shipments search: the tracking code (or part of it), the order number (DH000123, 123) and the
 * buyer's phone however it is written (0912…, +84912…, 84912…, spaces or dots).
 */
function shipmentSearchCondition(q: string): SQL {
  const conditions: SQL[] = [sql`upper(${shipments.trackingCode}) like ${containsPattern(q.trim().toUpperCase())}`];
  const number = parseOrderNumber(q);
  if (number !== null) conditions.push(eq(orders.orderNumber, number));
  const digits = phoneDigits(q);
  if (digits) conditions.push(sql`${orders.phone} like ${containsPattern(digits)}`);
  return or(...conditions)!;
}

/**
 * The shipments list (console): newest first, filtered by status, carrier and the order's province,
 * searched by code, order number or phone, paginated in SQL.
 */
export async function listShipments(
  db: Db | Tx,
  query: Partial<ShipmentListQuery> = {},
): Promise<Page<ShipmentListRow>> {
  const pageSize = ADMIN_PAGE_SIZE;
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(shipments.status, query.status));
  if (query.carrier) filters.push(sql`lower(${shipments.carrierName}) = ${query.carrier.toLowerCase()}`);
  if (query.province) filters.push(eq(orders.provinceCode, query.province));
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
    return {
      shipment,
      order,
      items: items.filter((i) => i.orderId === order.id),
      // The hub's sorting/route code, when the carrier gave one at booking (GHN's sort_code).
      sortCode: sortCodeOf(shipment.carrierData),
      declaredValue: declaredValueOf(order),
    };
  });
}

function sortCodeOf(carrierData: Record<string, unknown> | null): string | null {
  const code = carrierData?.sortCode;
  return typeof code === "string" && code.trim() !== "" ? code.trim().slice(0, 40) : null;
}

export type ShipmentLabel = Awaited<ReturnType<typeof getShipmentLabels>>[number];

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
