import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { codRemittanceLines, codRemittances, orders, shipments } from "~/db/schema";
import { shopDayIso } from "~/lib/dates";
import { rowsOf, type Db, type Tx } from "~/server/db.server";
import { outstandingBuckets, type OutstandingBucketKey } from "./cod.schema";

/*
 * The COD figures (issue 31, decision 0055): "COD chưa đối soát" is the COD of delivered orders
 * not paid yet — by definition, not by what the payout lines say — so an order marked delivered
 * while its shipment lagged behind, or delivered with no shipment at all, is still money owed.
 * Lines that could match are matched before the figures are computed (cod-reconciliation).
 */

export interface OutstandingShipment {
  /** Null for an order delivered without a shipment (marked "Đã giao" by staff). */
  shipmentId: string | null;
  orderId: string;
  orderNumber: number;
  carrierName: string;
  trackingCode: string | null;
  codAmount: number;
  deliveredOn: string;
  ageDays: number;
  bucket: OutstandingBucketKey;
}

export interface OutstandingCell {
  count: number;
  sum: number;
}

export interface CodOutstanding {
  /** Per carrier name: a cell per age bucket and the carrier's total. */
  carriers: Array<{
    carrierName: string;
    buckets: Record<OutstandingBucketKey, OutstandingCell>;
    total: OutstandingCell;
  }>;
  buckets: Record<OutstandingBucketKey, OutstandingCell>;
  total: OutstandingCell;
  shipments: OutstandingShipment[];
}

const emptyBuckets = (): Record<OutstandingBucketKey, OutstandingCell> =>
  Object.fromEntries(outstandingBuckets.map((b) => [b.key, { count: 0, sum: 0 }])) as Record<
    OutstandingBucketKey,
    OutstandingCell
  >;

/** Orders with no live shipment: delivered by the shop itself, or marked "Đã giao" by staff. */
export const NO_SHIPMENT_CARRIER = "Chưa có vận đơn";

/**
 * Delivered COD orders not paid yet (nor refunded), store pickups aside (paid at the counter, no
 * carrier owes them), with their live shipment when they have one. The COD is the shipment's (what
 * the courier collects) or, without a shipment, the order's total.
 */
const codOfOrder = sql<number>`coalesce(${shipments.codAmount}, ${orders.total})`;
const outstandingWhere = and(
  eq(orders.status, "delivered"),
  inArray(orders.paymentStatus, ["pending", "failed"]),
  ne(orders.shippingMethod, "store-pickup"),
  sql`${codOfOrder} > 0`,
);
const liveShipmentOfOrder = and(eq(shipments.orderId, orders.id), ne(shipments.status, "cancelled"));

/**
 * The COD money carriers owe: delivered orders whose COD has not been paid,
 * by carrier name and age (days since delivery, shop-local days), to the đồng.
 */
export async function codOutstanding(db: Db | Tx, now: Date = new Date()): Promise<CodOutstanding> {
  const today = shopDayIso(now);
  const deliveredAt = sql`coalesce(${shipments.deliveredAt}, (select max(h.created_at) from order_status_history h
    where h.order_id = ${orders.id} and h.to_status = 'delivered'), ${orders.updatedAt})`;
  const rows = await db
    .select({
      shipmentId: shipments.id,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      carrierName: sql<string>`coalesce(${shipments.carrierName}, ${NO_SHIPMENT_CARRIER})`,
      trackingCode: shipments.trackingCode,
      codAmount: codOfOrder.mapWith(Number),
      deliveredOn: sql<string>`to_char((${deliveredAt} at time zone 'Asia/Ho_Chi_Minh')::date, 'YYYY-MM-DD')`,
    })
    .from(orders)
    .leftJoin(shipments, liveShipmentOfOrder)
    .where(outstandingWhere)
    .orderBy(deliveredAt, orders.id);
  const carriers = new Map<string, CodOutstanding["carriers"][number]>();
  const buckets = emptyBuckets();
  const total = { count: 0, sum: 0 };
  const list: OutstandingShipment[] = rows.map((row) => {
    const ageDays = Math.max(0, Math.round((Date.parse(today) - Date.parse(row.deliveredOn)) / 86_400_000));
    const bucket = outstandingBuckets.find((b) => ageDays <= b.max)!.key;
    let carrier = carriers.get(row.carrierName);
    if (!carrier) {
      carrier = { carrierName: row.carrierName, buckets: emptyBuckets(), total: { count: 0, sum: 0 } };
      carriers.set(row.carrierName, carrier);
    }
    for (const cell of [carrier.buckets[bucket], carrier.total, buckets[bucket], total]) {
      cell.count += 1;
      cell.sum += row.codAmount;
    }
    return { ...row, ageDays, bucket };
  });
  return {
    carriers: [...carriers.values()].sort(
      (a, b) => b.total.sum - a.total.sum || a.carrierName.localeCompare(b.carrierName, "vi"),
    ),
    buckets,
    total,
    shipments: list,
  };
}

/** The dashboard's figure: the sum of COD not yet remitted (đồng). */
export async function codOutstandingTotal(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${codOfOrder}), 0)`.mapWith(Number) })
    .from(orders)
    .leftJoin(shipments, liveShipmentOfOrder)
    .where(outstandingWhere);
  return row.sum;
}

export interface CarrierFeeRow {
  /** "2026-11" */
  month: string;
  carrierName: string;
  /** Fees on remittance lines (đồng)… */
  remittedFees: number;
  /** …and fees of shipments no payout mentions yet (as quoted when booked). */
  shipmentFees: number;
  total: number;
}

/**
 * Fees paid to carriers per month over the last `months` months (this one included): the fee
 * of every remittance line (a line repeating a payment already counted, or dismissed, is left
 * out), and shipments.carrier_fee of shipments no remittance line names.
 */
export async function carrierFees(
  db: Db | Tx,
  period: { months: number },
  now: Date = new Date(),
): Promise<CarrierFeeRow[]> {
  const months = Math.min(Math.max(Math.trunc(period.months), 1), 36);
  const fromDay = `${shopDayIso(now).slice(0, 7)}-01`;
  const rows = rowsOf<{ month: string; carrier_name: string; remitted: string | number; shipped: string | number }>(
    await db.execute(sql`
      with since as (select (${fromDay}::date - make_interval(months => ${months - 1}))::date as day),
      fees as (
        select coalesce(l.remitted_on, r.remitted_on, (r.created_at at time zone 'Asia/Ho_Chi_Minh')::date) as day,
               r.carrier_name, l.fee as remitted, 0::bigint as shipped
        from ${codRemittanceLines} l join ${codRemittances} r on r.id = l.remittance_id
        where l.fee > 0 and l.status <> 'already_remitted' and not (l.status <> 'matched' and l.resolved_at is not null)
        union all
        select (coalesce(s.delivered_at, s.created_at) at time zone 'Asia/Ho_Chi_Minh')::date, s.carrier_name, 0, s.carrier_fee
        from ${shipments} s
        where s.carrier_fee > 0 and s.status <> 'cancelled'
          and not exists (select 1 from ${codRemittanceLines} l where l.shipment_id = s.id)
      )
      select to_char(day, 'YYYY-MM') as month, carrier_name, sum(remitted) as remitted, sum(shipped) as shipped
      from fees where day >= (select day from since)
      group by 1, 2 order by 1 desc, 2`),
  );
  return rows.map((r) => ({
    month: r.month,
    carrierName: r.carrier_name,
    remittedFees: Number(r.remitted),
    shipmentFees: Number(r.shipped),
    total: Number(r.remitted) + Number(r.shipped),
  }));
}
