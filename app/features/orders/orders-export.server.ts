import { and, desc, inArray, sql, type SQL } from "drizzle-orm";
import { orderItems, orders, shipments } from "~/db/schema";
import { numberAsText, type CsvValue } from "~/lib/csv";
import { formatDateTimeVi } from "~/lib/dates";
import { formatOrderNumber } from "~/lib/order-number";
import { displayName } from "~/lib/person-name";
import { nationalPhone } from "~/lib/phone";
import { isUuid } from "~/lib/search-pattern";
import type { Db, Tx } from "~/server/db.server";
import { orderListWhere } from "./orders-list.server";
import {
  orderStatusLabels,
  paymentMethodLabels,
  paymentStatusLabels,
  shippingMethodLabels,
  type OrderListQuery,
} from "./orders.schema";

/*
 * orders_{date}.csv (issues 18 and 31): one row per order, as the list shows it and more: the
 * name on the order, its items, the courier's COD amount, carrier and tracking code. Phones go
 * out as text a spreadsheet keeps ("0912345678", no apostrophe; decision 0057).
 */

/** orders_{date}.csv columns: the order as placed, its buyer family name first; the total last. */
export const ordersCsvHeader = [
  "Mã đơn",
  "Ngày đặt",
  "Khách hàng",
  "Email",
  "Số điện thoại",
  "Địa chỉ",
  "Phường/Xã",
  "Quận/Huyện",
  "Tỉnh/Thành phố",
  "Sản phẩm",
  "Giao hàng",
  "Đơn vị vận chuyển",
  "Mã vận đơn",
  "Thanh toán",
  "Trạng thái thanh toán",
  "Trạng thái",
  "Tạm tính (đ)",
  "Giảm giá (đ)",
  "Phí giao hàng (đ)",
  "Tiền thu hộ COD (đ)",
  "Tổng tiền (đ)",
] as const;

/**
 * The order's live shipment (the latest not cancelled): one column of it. The order's id is named
 * in full: Drizzle writes a bare "id" in a one-table select, which the subquery would read as its own.
 */
const liveShipment = <T>(column: SQL) =>
  sql<T | null>`(select ${column} from ${shipments} s where s.order_id = orders.id and s.status <> 'cancelled' order by s.created_at desc limit 1)`;

const csvColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  firstName: orders.firstName,
  lastName: orders.lastName,
  email: orders.email,
  phone: orders.phone,
  address: orders.address,
  wardName: orders.wardName,
  districtName: orders.districtName,
  provinceName: orders.provinceName,
  // "Máy tiệt trùng X (Hồng) ×2; Bình sữa ×1": the names as ordered, in the order's line order.
  items: sql<string | null>`(select string_agg(i.product_name || ' ×' || i.quantity, '; ' order by i.id) from ${orderItems} i where i.order_id = orders.id)`,
  shippingMethod: orders.shippingMethod,
  carrierName: liveShipment<string>(sql`s.carrier_name`),
  trackingCode: liveShipment<string>(sql`s.tracking_code`),
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  status: orders.status,
  subtotal: orders.subtotal,
  discount: orders.discount,
  shippingFee: orders.shippingFee,
  // What the courier collects: the live shipment's amount (none before one is booked).
  codAmount: liveShipment<number>(sql`s.cod_amount`).mapWith(Number),
  total: orders.total,
  // The cursor keeps created_at as PostgreSQL text: a JS Date would drop the microseconds.
  cursor: sql<string>`${orders.createdAt}::text`,
};

type OrderCsvSource = Pick<
  typeof orders.$inferSelect,
  Exclude<keyof typeof csvColumns, "cursor" | "id" | "items" | "carrierName" | "trackingCode" | "codAmount">
> & { items: string | null; carrierName: string | null; trackingCode: string | null; codAmount: number | null };

/** One order's line of orders_{date}.csv (money in whole đồng, as numbers). */
export function orderCsvRow(row: OrderCsvSource): CsvValue[] {
  return [
    formatOrderNumber(row.orderNumber),
    formatDateTimeVi(row.createdAt),
    displayName(row, "vi"),
    row.email,
    numberAsText(nationalPhone(row.phone)),
    row.address,
    row.wardName,
    row.districtName,
    row.provinceName,
    row.items,
    shippingMethodLabels[row.shippingMethod] ?? row.shippingMethod,
    row.carrierName,
    row.trackingCode,
    paymentMethodLabels[row.paymentMethod] ?? row.paymentMethod,
    paymentStatusLabels[row.paymentStatus],
    orderStatusLabels[row.status],
    row.subtotal,
    row.discount,
    row.shippingFee,
    row.codAmount,
    row.total,
  ];
}

/** What an export takes: the selected orders, or every order the list's filters select. */
export type OrderExportScope = { ids: readonly string[] } | { query: Partial<OrderListQuery> };

/**
 * The orders of an export, newest first as the list shows them, in batches read with keyset
 * pagination (created_at, order number): never the whole table in memory, no row skipped or repeated.
 */
export async function* orderCsvBatches(
  db: Db | Tx,
  scope: OrderExportScope,
  batchSize = 1000,
): AsyncGenerator<CsvValue[][]> {
  const ids = "ids" in scope ? scope.ids.filter(isUuid) : null;
  if (ids !== null && ids.length === 0) return;
  const selection = ids !== null ? inArray(orders.id, ids) : orderListWhere("query" in scope ? scope.query : {});
  let after: { createdAt: string; orderNumber: number } | null = null;
  for (;;) {
    const conditions: Array<SQL | undefined> = [selection];
    if (after)
      conditions.push(
        sql`(${orders.createdAt}, ${orders.orderNumber}) < (${after.createdAt}::timestamptz, ${after.orderNumber})`,
      );
    const rows = await db
      .select(csvColumns)
      .from(orders)
      .where(and(...conditions))
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map((row) => orderCsvRow(row));
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.cursor, orderNumber: last.orderNumber };
  }
}
