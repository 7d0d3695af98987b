import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { customers, orderItems, orderStatusHistory, orders, products } from "~/db/schema";
import { announceStorefrontChange, isStockChangeShown } from "~/features/catalog/catalog-events.server";
import { queueOrderEmail } from "~/features/email/email.server";
import type { Page } from "~/lib/pagination";
import { containsPattern, isUuid, phoneDigits } from "~/lib/search-pattern";
import { normalizeSearch } from "~/lib/text";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { ADMIN_PAGE_SIZE } from "~/lib/pagination";
import {
  orderStatusValues,
  parseOrderNumber,
  paymentStatusValues,
  type OrderListQuery,
  type OrderStatus,
  type PaymentStatus,
} from "./orders.schema";

/** Who makes a change (recorded in the status history). */
export interface Actor {
  userId: string | null;
  name: string;
}

export const ORDER_NOT_FOUND = "Không tìm thấy đơn hàng";

export interface OrderListRow {
  id: string;
  orderNumber: number;
  createdAt: Date;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  total: number;
  customerName: string;
  customerEmail: string;
  phone: string;
}


/**
 * Orders search: the order number (DH000123, 123), the customer's name (accent-insensitive,
 * through customers.search_text), the e-mail or the phone, either the order's or the customer's.
 * "DH…" or "#…" is only an order number (an index lookup); bare digits may also be a phone.
 */
function orderSearchCondition(q: string): SQL {
  const number = parseOrderNumber(q);
  if (number !== null && /^\s*(#|dh)/i.test(q)) return eq(orders.orderNumber, number);
  const conditions: SQL[] = [];
  if (number !== null) conditions.push(eq(orders.orderNumber, number));
  const normalized = normalizeSearch(q);
  if (normalized) {
    const pattern = containsPattern(normalized);
    // "= any(array(…))", not "in (…)": the matching customers are found first (trigram index)
    // and the orders then by orders_customer_id_idx, one arm of a bitmap OR with the others.
    conditions.push(sql`${orders.customerId} = any(array(select c.id from ${customers} c where c.search_text like ${pattern}))`);
    conditions.push(ilike(orders.email, containsPattern(q.trim())));
    conditions.push(sql`lower(${orders.firstName} || ' ' || ${orders.lastName}) like ${containsPattern(q.trim().toLowerCase())}`);
  }
  const digits = phoneDigits(q);
  if (digits) conditions.push(sql`${orders.phone} like ${containsPattern(digits)}`);
  return conditions.length > 0 ? or(...conditions)! : sql`false`;
}

// Every order has its customer (foreign key, not null): the count needs no join.
async function countOrders(db: Db | Tx, where: SQL | undefined): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(orders).where(where);
  return n;
}

async function readOrdersPage(db: Db | Tx, where: SQL | undefined, page: number): Promise<OrderListRow[]> {
  const pageSize = ADMIN_PAGE_SIZE;
  // The page is cut from orders alone, then joined to its 25 customers: joining first would
  // look up the customer of every matching order before the sort (a search can match thousands).
  const pageOfOrders = db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      total: orders.total,
      phone: orders.phone,
      customerId: orders.customerId,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as("page_of_orders");
  return db
    .select({
      id: pageOfOrders.id,
      orderNumber: pageOfOrders.orderNumber,
      createdAt: pageOfOrders.createdAt,
      status: pageOfOrders.status,
      paymentStatus: pageOfOrders.paymentStatus,
      total: pageOfOrders.total,
      customerName: sql<string>`trim(${customers.firstName} || ' ' || ${customers.lastName})`,
      customerEmail: customers.email,
      phone: pageOfOrders.phone,
    })
    .from(pageOfOrders)
    .innerJoin(customers, eq(customers.id, pageOfOrders.customerId))
    .orderBy(desc(pageOfOrders.createdAt), desc(pageOfOrders.orderNumber));
}

/** The orders list: newest first, filtered, searched and paginated in SQL. */
export async function listOrders(db: Db | Tx, query: Partial<OrderListQuery> = {}): Promise<Page<OrderListRow>> {
  const pageSize = ADMIN_PAGE_SIZE;
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(orders.status, query.status));
  if (query.q) filters.push(orderSearchCondition(query.q));
  const where = filters.length > 0 ? and(...filters) : undefined;

  const requested = Math.max(1, query.page ?? 1);
  // The count and the requested page are read at the same time (two connections on PostgreSQL);
  // a page past the last is read again once the count is known.
  const [total, firstTry] = await Promise.all([countOrders(db, where), readOrdersPage(db, where, requested)]);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(requested, pageCount);
  const rows = page === requested ? firstTry : await readOrdersPage(db, where, page);
  return { rows, page, pageSize, total, pageCount };
}

/** True when the shop has no order at all (the 'Chưa có đơn hàng nào' state). */
export async function hasAnyOrder(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ id: orders.id }).from(orders).limit(1);
  return rows.length > 0;
}

export interface OrderHistoryEntry {
  id: number;
  createdAt: Date;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  fromPaymentStatus: PaymentStatus | null;
  toPaymentStatus: PaymentStatus | null;
  changedByName: string | null;
  note: string | null;
}

export async function getOrderDetail(db: Db | Tx, orderId: string) {
  if (!isUuid(orderId)) throw new AppError("not_found", ORDER_NOT_FOUND);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError("not_found", ORDER_NOT_FOUND);
  const [customer] = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phone: customers.phone,
    })
    .from(customers)
    .where(eq(customers.id, order.customerId));
  const items = await db
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      productName: orderItems.productName,
      productSku: orderItems.productSku,
      productImage: orderItems.productImage,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      totalPrice: orderItems.totalPrice,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const history: OrderHistoryEntry[] = await db
    .select({
      id: orderStatusHistory.id,
      createdAt: orderStatusHistory.createdAt,
      fromStatus: orderStatusHistory.fromStatus,
      toStatus: orderStatusHistory.toStatus,
      fromPaymentStatus: orderStatusHistory.fromPaymentStatus,
      toPaymentStatus: orderStatusHistory.toPaymentStatus,
      changedByName: orderStatusHistory.changedByName,
      note: orderStatusHistory.note,
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
  return { order, customer: customer ?? null, items, history };
}

export type OrderDetail = Awaited<ReturnType<typeof getOrderDetail>>;

/** The number and total of an order (the live "new order" notice), or null. */
export async function getOrderSummary(db: Db | Tx, orderId: string) {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, total: orders.total, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

interface LockedOrder {
  id: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
}

async function lockOrder(tx: Tx, orderId: string): Promise<LockedOrder> {
  if (!isUuid(orderId)) throw new AppError("not_found", ORDER_NOT_FOUND);
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order) throw new AppError("not_found", ORDER_NOT_FOUND);
  return order;
}

/** The order's quantities per product (a product may appear on several lines). */
async function quantitiesByProduct(tx: Tx, orderId: string) {
  return tx
    .select({
      productId: sql<number>`${orderItems.productId}`.mapWith(Number),
      productName: sql<string>`min(${orderItems.productName})`,
      quantity: sql<number>`sum(${orderItems.quantity})`.mapWith(Number),
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), sql`${orderItems.productId} is not null`))
    .groupBy(orderItems.productId)
    .orderBy(asc(orderItems.productId));
}

/** What a stock update returns to tell whether the storefront's pages change. */
const stockShape = { trackStock: products.trackStock, stock: products.stockQuantity, lowStockThreshold: products.lowStockThreshold };

/**
 * Puts an order's goods back: tracked stock up by the quantities, sold counts down (never below
 * zero). Lines whose product was deleted are skipped. Tells the storefront when its pages change.
 */
async function restoreStock(tx: Tx, orderId: string): Promise<void> {
  let shown = false;
  for (const line of await quantitiesByProduct(tx, orderId)) {
    const [row] = await tx
      .update(products)
      .set({
        stockQuantity: sql`case when ${products.trackStock} then ${products.stockQuantity} + ${line.quantity} else ${products.stockQuantity} end`,
        soldCount: sql`greatest(${products.soldCount} - ${line.quantity}, 0)`,
      })
      .where(eq(products.id, line.productId))
      .returning(stockShape);
    if (row?.trackStock && isStockChangeShown(row.stock - line.quantity, row.stock, row.lowStockThreshold)) shown = true;
  }
  if (shown) await announceStorefrontChange(tx, "stock");
}

/**
 * Takes an order's goods again (an order moved out of cancelled): a conditional update per
 * product, refused with the product's name when its tracked stock is no longer there.
 */
async function retakeStock(tx: Tx, orderId: string): Promise<void> {
  let shown = false;
  for (const line of await quantitiesByProduct(tx, orderId)) {
    const updated = await tx
      .update(products)
      .set({
        stockQuantity: sql`case when ${products.trackStock} then ${products.stockQuantity} - ${line.quantity} else ${products.stockQuantity} end`,
        soldCount: sql`${products.soldCount} + ${line.quantity}`,
      })
      .where(and(eq(products.id, line.productId), or(eq(products.trackStock, false), sql`${products.stockQuantity} >= ${line.quantity}`)))
      .returning(stockShape);
    if (updated.length === 0) {
      const [product] = await tx
        .select({ name: products.name, stock: products.stockQuantity })
        .from(products)
        .where(eq(products.id, line.productId));
      if (!product) continue; // deleted meanwhile: nothing to take
      throw new AppError(
        "conflict",
        `Không đủ hàng trong kho cho sản phẩm "${product.name}": còn ${product.stock}, đơn hàng cần ${line.quantity}.`,
      );
    }
    const [row] = updated;
    if (row.trackStock && isStockChangeShown(row.stock + line.quantity, row.stock, row.lowStockThreshold)) shown = true;
  }
  if (shown) await announceStorefrontChange(tx, "stock");
}

/**
 * Sets an order's status to any value (SPEC: no transition restriction). Moving to cancelled puts
 * tracked stock back; moving out of cancelled takes it again (refused, and nothing changed, if it
 * is no longer there). One transaction with a history row (who, from, to, when). Setting the
 * current status again changes nothing and records nothing.
 */
export async function setOrderStatus(db: Db, orderId: string, status: OrderStatus, actor: Actor) {
  if (!orderStatusValues.includes(status)) throw new AppError("invalid", "Trạng thái đơn hàng không hợp lệ");
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === status) return { changed: false, from: order.status, to: status };
    if (status === "cancelled") await restoreStock(tx, orderId);
    else if (order.status === "cancelled") await retakeStock(tx, orderId);
    await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, orderId));
    await tx.insert(orderStatusHistory).values({
      orderId,
      fromStatus: order.status,
      toStatus: status,
      changedByUserId: actor.userId,
      changedByName: actor.name,
    });
    // The shopper hears when the parcel leaves (once per order: queueOrderEmail is idempotent).
    if (status === "shipped") await queueOrderEmail(tx, orderId, "order_shipped");
    return { changed: true, from: order.status, to: status };
  });
}

/** Sets the payment status (pending, paid, failed, refunded), with a history row. */
export async function setPaymentStatus(db: Db, orderId: string, paymentStatus: PaymentStatus, actor: Actor) {
  if (!paymentStatusValues.includes(paymentStatus)) throw new AppError("invalid", "Trạng thái thanh toán không hợp lệ");
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.paymentStatus === paymentStatus) return { changed: false, from: order.paymentStatus, to: paymentStatus };
    await tx.update(orders).set({ paymentStatus, updatedAt: new Date() }).where(eq(orders.id, orderId));
    // A payment row keeps the order status on both sides; the payment columns say what changed.
    await tx.insert(orderStatusHistory).values({
      orderId,
      fromStatus: order.status,
      toStatus: order.status,
      fromPaymentStatus: order.paymentStatus,
      toPaymentStatus: paymentStatus,
      changedByUserId: actor.userId,
      changedByName: actor.name,
    });
    return { changed: true, from: order.paymentStatus, to: paymentStatus };
  });
}

/**
 * Deletes an order; its items, history and discount usage go with it (cascade).
 *
 * Decision: an order deleted while not cancelled gives its tracked stock back (and its sold
 * counts), exactly as cancelling would — the goods never left the shop, and deleting must not
 * make them disappear from the stock. A cancelled order already gave its stock back.
 */
export async function deleteOrder(db: Db, orderId: string): Promise<{ orderNumber: number }> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status !== "cancelled") await restoreStock(tx, orderId);
    const [deleted] = await tx.delete(orders).where(eq(orders.id, orderId)).returning({ orderNumber: orders.orderNumber });
    return { orderNumber: deleted.orderNumber };
  });
}
