import { and, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import { customers, orders, shipments } from "~/db/schema";
import type { Page } from "~/lib/pagination";
import { ADMIN_PAGE_SIZE } from "~/lib/pagination";
import { displayName } from "~/lib/person-name";
import { containsPattern, phoneDigits, trackingCodeFragment } from "~/lib/search-pattern";
import { normalizeSearch, searchWords } from "~/lib/text";
import type { Db, Tx } from "~/server/db.server";
import { getSettings } from "~/features/settings/settings.server";
import { riskFlaggedSql, riskThresholds, type RiskThresholds } from "./buyer-risk.server";
import { parseOrderNumber, type OrderListQuery, type OrderStatus, type PaymentStatus } from "./orders.schema";

/*
 * The console's orders list (moved out of orders.server.ts): which orders a list query selects
 * (tab, search, filters) and one page of them. The CSV export and the order page's neighbours
 * select with the same orderListWhere.
 */

export interface OrderListRow {
  id: string;
  orderNumber: number;
  createdAt: Date;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  shippingMethod: string;
  total: number;
  /** The name on the order (as the buyer gave it at checkout), family name first: not the profile's. */
  customerName: string;
  /** The e-mail on the order (null when the checkout let the buyer leave it out). */
  customerEmail: string | null;
  phone: string;
  provinceName: string;
  /** The live shipment's carrier and code (null before one is booked, or without a code yet). */
  carrierName: string | null;
  trackingCode: string | null;
  /** The buyer-risk panel would flag this order (buyer-risk.server.ts). */
  flagged: boolean;
  /** The row's version, posted back by a bulk action (decision 0014). */
  version: number;
}

/** The accented letters of Vietnamese, lower and upper case, and the plain lower-case letter of each. */
const ACCENTED = "àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ";
const FOLD_FROM = ACCENTED + ACCENTED.toUpperCase();
const FOLD_TO = [...FOLD_FROM].map((letter) => normalizeSearch(letter)).join("");

/**
 * A text column folded as normalizeSearch folds the query (lower case, accents off, đ → d), in
 * SQL: the order's own name has no stored search text and no migration may add one; translate()
 * needs no extension (unaccent is not on every PostgreSQL, PGlite included).
 */
function foldedSql(text: SQL): SQL {
  return sql`translate(lower(${text}), ${FOLD_FROM}, ${FOLD_TO})`;
}

/** A shipment of the order (any, cancelled ones included: staff search the code they were given). */
function shipmentOfOrder(condition: SQL): SQL {
  return sql`${orders.id} = any(array(select s.order_id from ${shipments} s where ${condition}))`;
}

/**
 * Orders search: the order number (DH000123, 123), the customer's name (accent-insensitive,
 * through customers.search_text), the e-mail or the phone, either the order's or the customer's,
 * and a shipment's tracking code. A name matches when it holds every word, in any order:
 * "Nguyễn Thị Hoa", "nguyen thi hoa" and "hoa nguyen" all find Nguyễn Thị Hoa, whichever field the
 * checkout put each part in. A phone matches however it is written (0912…, +84912…, 84912…, with
 * spaces, dots or dashes). "DH…" or "#…" is only an order number (an index lookup); bare digits may
 * also be a phone.
 */
function orderSearchCondition(q: string): SQL {
  const number = parseOrderNumber(q);
  if (number !== null && /^\s*(#|dh)/i.test(q)) return eq(orders.orderNumber, number);
  const conditions: SQL[] = [];
  if (number !== null) conditions.push(eq(orders.orderNumber, number));
  const words = searchWords(q);
  if (words.length > 0) {
    const customerMatches = and(...words.map((word) => sql`c.search_text like ${containsPattern(word)}`));
    // "= any(array(…))", not "in (…)": the matching customers are found first (trigram index)
    // and the orders then by orders_customer_id_idx, one arm of a bitmap OR with the others.
    conditions.push(sql`${orders.customerId} = any(array(select c.id from ${customers} c where ${customerMatches}))`);
    conditions.push(ilike(orders.email, containsPattern(q.trim())));
    const orderName = foldedSql(sql`${orders.firstName} || ' ' || ${orders.lastName}`);
    conditions.push(and(...words.map((word) => sql`${orderName} like ${containsPattern(word)}`))!);
  }
  const digits = phoneDigits(q);
  if (digits) conditions.push(sql`${orders.phone} like ${containsPattern(digits)}`);
  const code = trackingCodeFragment(q);
  if (code) conditions.push(shipmentOfOrder(sql`upper(s.tracking_code) like ${containsPattern(code)}`));
  return conditions.length > 0 ? or(...conditions)! : sql`false`;
}

/** The start of a shop day (Asia/Ho_Chi_Minh is UTC+7 all year, no daylight saving). */
const shopDayStart = (isoDay: string) => new Date(`${isoDay}T00:00:00+07:00`);
const DAY_MS = 24 * 60 * 60 * 1000;

/** The orders a list query selects: its tab (archived or not), search and filters. */
export function orderListWhere(query: Partial<OrderListQuery>): SQL | undefined {
  // Archived orders have their own tab; the list shows the others.
  const filters: SQL[] = [query.archived ? isNotNull(orders.archivedAt) : isNull(orders.archivedAt)];
  if (query.status) filters.push(eq(orders.status, query.status));
  if (query.payment === "unpaid")
    filters.push(
      inArray(orders.paymentStatus, ["pending", "failed"]),
      notInArray(orders.status, ["cancelled", "returned"]),
    );
  else if (query.payment) filters.push(eq(orders.paymentStatus, query.payment));
  if (query.delivery) filters.push(eq(orders.shippingMethod, query.delivery));
  // The province code stored with the order's address (today's 34 keep the codes they had).
  if (query.province) filters.push(eq(orders.provinceCode, query.province));
  // The carrier of the order's live shipment, by the name staff see ("GHN", "Viettel Post").
  if (query.carrier)
    filters.push(shipmentOfOrder(sql`s.status <> 'cancelled' and lower(s.carrier_name) = ${query.carrier.toLowerCase()}`));
  if (query.from) filters.push(gte(orders.createdAt, shopDayStart(query.from)));
  if (query.to) filters.push(lt(orders.createdAt, new Date(shopDayStart(query.to).getTime() + DAY_MS)));
  if (query.q) filters.push(orderSearchCondition(query.q));
  return and(...filters);
}

async function countOrders(db: Db | Tx, where: SQL | undefined): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(orders).where(where);
  return n;
}

async function readOrdersPage(db: Db | Tx, where: SQL | undefined, page: number, risk: RiskThresholds): Promise<OrderListRow[]> {
  const rows = await selectOrdersPage(db, where, page, risk);
  // Family name first, as everywhere in the console (displayName).
  return rows.map(({ firstName, lastName, ...row }) => ({ ...row, customerName: displayName({ firstName, lastName }, "vi") }));
}

function selectOrdersPage(db: Db | Tx, where: SQL | undefined, page: number, risk: RiskThresholds) {
  const pageSize = ADMIN_PAGE_SIZE;
  // The page is cut from orders alone, then its 25 live shipments looked up: joining first would
  // look them up for every matching order before the sort (a search can match thousands).
  const pageOfOrders = db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      shippingMethod: orders.shippingMethod,
      total: orders.total,
      firstName: orders.firstName,
      lastName: orders.lastName,
      customerEmail: orders.email,
      phone: orders.phone,
      provinceName: orders.provinceName,
      version: orders.version,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as("page_of_orders");
  // Named in full: inside the subquery a bare "id" would be the shipment's own.
  const liveShipment = (column: "carrier_name" | "tracking_code") =>
    sql<string | null>`(select ${sql.raw(`s.${column}`)} from ${shipments} s where s.order_id = page_of_orders.id and s.status <> 'cancelled' order by s.created_at desc limit 1)`;
  return db
    .select({
      id: pageOfOrders.id,
      orderNumber: pageOfOrders.orderNumber,
      createdAt: pageOfOrders.createdAt,
      status: pageOfOrders.status,
      paymentStatus: pageOfOrders.paymentStatus,
      shippingMethod: pageOfOrders.shippingMethod,
      total: pageOfOrders.total,
      firstName: pageOfOrders.firstName,
      lastName: pageOfOrders.lastName,
      customerEmail: pageOfOrders.customerEmail,
      phone: pageOfOrders.phone,
      provinceName: pageOfOrders.provinceName,
      carrierName: liveShipment("carrier_name"),
      trackingCode: liveShipment("tracking_code"),
      // Computed for the page's 25 rows only (after the limit).
      // Named in full as well: drizzle writes a one-table select's columns bare, and a bare "phone"
      // inside the flag's subqueries would be the inner orders row's own (every row flagged).
      flagged: riskFlaggedSql(sql.raw("page_of_orders.phone"), sql.raw("page_of_orders.total"), risk),
      version: pageOfOrders.version,
    })
    .from(pageOfOrders)
    .orderBy(desc(pageOfOrders.createdAt), desc(pageOfOrders.orderNumber));
}

/** The orders list: newest first, filtered, searched and paginated in SQL. */
export async function listOrders(db: Db | Tx, query: Partial<OrderListQuery> = {}): Promise<Page<OrderListRow>> {
  const pageSize = ADMIN_PAGE_SIZE;
  const where = orderListWhere(query);

  const requested = Math.max(1, query.page ?? 1);
  // The count and the requested page are read at the same time (two connections on PostgreSQL);
  // a page past the last is read again once the count is known.
  const risk = await riskThresholds(db, (await getSettings(db)).fulfilment);
  const [total, firstTry] = await Promise.all([countOrders(db, where), readOrdersPage(db, where, requested, risk)]);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(requested, pageCount);
  const rows = page === requested ? firstTry : await readOrdersPage(db, where, page, risk);
  return { rows, page, pageSize, total, pageCount };
}

/** True when the shop has no order at all (the 'Chưa có đơn hàng nào' state). */
export async function hasAnyOrder(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ id: orders.id }).from(orders).limit(1);
  return rows.length > 0;
}

/** The carriers the shop has shipped with (names as staff typed or booked them), for the carrier filter. */
export async function listShipmentCarrierNames(db: Db | Tx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: shipments.carrierName })
    .from(shipments)
    .orderBy(shipments.carrierName)
    .limit(50);
  return rows.map((row) => row.name);
}
