import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { customers, orderItems, orderNumberSeq, orderStatusHistory, orders, type NewOrder, type NewOrderItem } from "~/db/schema";
import { returnPickupShopStock, takePickupShopStock } from "~/features/catalog-admin/pickup-stock.server";
import type { OrderEmailLinks } from "~/features/email/email.server";
import { releaseStockForOrder, takeStockForOrder } from "~/features/inventory/inventory.server";
import type { Locale } from "~/lib/i18n/locale";
import { formatOrderNumber } from "~/lib/order-number";
import { displayName } from "~/lib/person-name";
import { isUuid } from "~/lib/search-pattern";
import { executePrepared, rowsOf, type Db, type Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { nextRowVersion, staleRowError } from "~/server/row-version.server";
import { assertManualOrderStep } from "./order-steps.server";
import { queueStatusEmail } from "./order-status-email.server";
import {
  CANCEL_REASON_REQUIRED,
  DELETE_REFUSED_MESSAGE,
  isDeletable,
  orderStatusValues,
  paymentStatusValues,
  type OrderStatus,
  type PaymentStatus,
  type SetPaymentStatusInput,
  type SetStatusInput,
} from "./orders.schema";

/** Who makes a change (recorded in the status history). */
export interface Actor {
  userId: string | null;
  name: string;
}

export const ORDER_NOT_FOUND = "Không tìm thấy đơn hàng";

export interface OrderHistoryEntry {
  id: number;
  createdAt: Date;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  fromPaymentStatus: PaymentStatus | null;
  toPaymentStatus: PaymentStatus | null;
  changedByName: string | null;
  note: string | null;
  restocked: boolean | null;
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
      restocked: orderStatusHistory.restocked,
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
  return { order, customer: customer ?? null, items, history };
}

export type OrderDetail = Awaited<ReturnType<typeof getOrderDetail>>;

/** A new order as checkout placed it: its own snapshot of contact, address, delivery and amounts. */
export type PlacedOrderValues = Omit<
  NewOrder,
  | "id"
  | "orderNumber"
  | "status"
  | "paymentStatus"
  | "archivedAt"
  | "archivedByUserId"
  | "archivedByName"
  | "version"
  | "createdAt"
  | "updatedAt"
>;

/** One line of a new order: the product's name, SKU, image and price as they were when ordered. */
export type PlacedOrderItem = Pick<NewOrderItem, "productId" | "productName" | "productNameEn" | "productSku" | "productImage" | "quantity" | "unitPrice">;

/** A new order's identity, chosen before its row is written (drawOrderIdentity). */
export interface NewOrderIdentity {
  id: string;
  orderNumber: number;
}

/**
 * A new order's id and number, drawn before its row is written, so that the statements naming it
 * (its items, its e-mail) can be sent right behind the row's insert without waiting for it
 * (decision 0026). A number drawn for an order that is then rolled back is skipped, as ever.
 */
export async function drawOrderIdentity(tx: Tx): Promise<NewOrderIdentity> {
  const [row] = rowsOf<{ order_number: string | number }>(
    await executePrepared(tx, sql`select nextval(${orderNumberSeq.seqName}) as order_number`),
  );
  return { id: randomUUID(), orderNumber: Number(row.order_number) };
}

/**
 * Writes a shopper's new order row in checkout's transaction (pending, payment pending) with the
 * id and number drawn for it. Its items and first history row follow in the caller's last
 * statement (placedOrderDetailInserts).
 */
export async function insertPlacedOrder(tx: Tx, identity: NewOrderIdentity, values: PlacedOrderValues): Promise<void> {
  await executePrepared(
    tx,
    tx.insert(orders).values({ ...values, ...identity, paymentStatus: "pending", status: "pending" }),
  );
}

/**
 * The inserts of a new order's items and its first history row (in the shopper's name), not run:
 * checkout puts them in the one statement that also takes the stock, right before commit
 * (decision 0026). In a separate statement from the order row: the order's sales-rollup trigger
 * would count items inserted by its own statement a second time.
 */
export function placedOrderDetailInserts(tx: Tx, order: Pick<NewOrderIdentity, "id">, values: PlacedOrderValues, items: readonly PlacedOrderItem[]) {
  return {
    items: tx.insert(orderItems).values(items.map((item) => ({ ...item, orderId: order.id, totalPrice: item.unitPrice * item.quantity }))),
    history: tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: null,
      toStatus: "pending",
      fromPaymentStatus: null,
      toPaymentStatus: "pending",
      // The console is Vietnamese: the shopper's name family-name first, as everywhere in it.
      changedByName: displayName(values, "vi"),
      note: "Đơn hàng được tạo",
    }),
  };
}

/** The number and total of an order (the live "new order" notice), or null. */
/**
 * How many orders were placed after `since` (the console's "new orders" badge: placed since this
 * browser last opened the orders), at most `cap` counted.
 */
export async function countOrdersPlacedSince(db: Db | Tx, since: Date, cap = 100): Promise<number> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(gt(orders.createdAt, since))
    .limit(cap);
  return rows.length;
}

export async function getOrderSummary(db: Db | Tx, orderId: string) {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, total: orders.total, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

export interface LockedOrder {
  id: string;
  orderNumber: number;
  email: string | null;
  firstName: string;
  lastName: string;
  locale: Locale;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  archivedAt: Date | null;
  version: number;
  /** The shop a pickup order's units were taken from (null: delivery, or the shop was deleted). */
  pickupStoreId: number | null;
}

const ORDER = "Đơn hàng";

/** Locks the order row for a change in the caller's transaction (not found: ORDER_NOT_FOUND). */
export async function lockOrderRow(tx: Tx, orderId: string): Promise<LockedOrder> {
  if (!isUuid(orderId)) throw new AppError("not_found", ORDER_NOT_FOUND);
  const [order] = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      email: orders.email,
      firstName: orders.firstName,
      lastName: orders.lastName,
      locale: orders.locale,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      archivedAt: orders.archivedAt,
      version: orders.version,
      pickupStoreId: orders.pickupStoreId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order) throw new AppError("not_found", ORDER_NOT_FOUND);
  return order;
}

/**
 * Locks the order for the change and checks the version its page was opened with: a change made
 * meanwhile (another tab, another staff member) is refused with staleRowMessage("Đơn hàng").
 */
export async function lockOrder(tx: Tx, orderId: string, version: number): Promise<LockedOrder> {
  const order = await lockOrderRow(tx, orderId);
  if (order.version !== version) throw staleRowError(ORDER);
  return order;
}

type OrderLines = Awaited<ReturnType<typeof quantitiesByProduct>>;

/** The order's quantities per product (a product may appear on several lines). */
async function quantitiesByProduct(tx: Tx, orderId: string) {
  return tx
    .select({
      productId: sql<number>`${orderItems.productId}`.mapWith(Number),
      quantity: sql<number>`sum(${orderItems.quantity})`.mapWith(Number),
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), sql`${orderItems.productId} is not null`))
    .groupBy(orderItems.productId)
    .orderBy(asc(orderItems.productId));
}

/** Whether the order's last cancellation put its goods back (null, before this was recorded: it always did). */
async function lastCancellationRestocked(tx: Tx, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ restocked: orderStatusHistory.restocked })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, "cancelled"), sql`${orderStatusHistory.fromStatus} is distinct from 'cancelled'`))
    .orderBy(desc(orderStatusHistory.createdAt), desc(orderStatusHistory.id))
    .limit(1);
  return row?.restocked ?? true;
}

const stockActor = (actor: Actor) => ({ userId: actor.userId, name: actor.name });

/**
 * A pickup order's units were taken from its shop's count as well as from the products' stock
 * (decision 0051), so whatever puts them back in stock or takes them again does the same to the
 * shop's count (decision 0061). A shop deleted since (pickup_store_id set null) is left out.
 */
async function returnToPickupShop(tx: Tx, order: LockedOrder, lines: OrderLines) {
  if (order.pickupStoreId !== null) await returnPickupShopStock(tx, order.pickupStoreId, lines);
}

async function takeFromPickupShopAgain(tx: Tx, order: LockedOrder, lines: OrderLines) {
  if (order.pickupStoreId === null) return;
  const short = await takePickupShopStock(tx, order.pickupStoreId, lines);
  if (!short) return;
  const [row] = await tx
    .select({ shop: orders.pickupStore, product: orderItems.productName })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.id, order.id), eq(orderItems.productId, short.productId)))
    .limit(1);
  const needed = lines.find((line) => line.productId === short.productId)?.quantity ?? 0;
  throw new AppError(
    "conflict",
    `Không đủ hàng tại ${row?.shop?.name ?? "cửa hàng nhận hàng"} cho sản phẩm "${row?.product ?? ""}": còn ${short.left}, đơn hàng cần ${needed}.`,
  );
}

/**
 * Sets an order's status, guarded by the version the page was opened with: only a step forward
 * (orderSteps, decision 0054, where SPEC allowed any), and never on an order with a live shipment —
 * that one moves with its shipment (the shipping feature's setOrderStatusWithShipment).
 * Cancelling needs a reason and releases the goods: back in stock only when `restock` (staff's
 * choice in the dialog; not by default once shipped), with a stock movement; the reason and the
 * choice go into the history. Moving out of cancelled takes the goods again through the inventory
 * service when the cancellation had put them back (refused, and nothing changed, when the stock is
 * no longer there). Setting the current status again changes nothing and records nothing.
 */
export async function setOrderStatus(
  db: Db,
  orderId: string,
  input: SetStatusInput,
  actor: Actor,
  links: OrderEmailLinks,
  /** A further rule checked on the locked order before it changes (the bulk change's); may throw. */
  precondition?: (tx: Tx, order: LockedOrder) => Promise<void>,
) {
  const { status } = input;
  if (!orderStatusValues.includes(status)) throw new AppError("invalid", "Trạng thái đơn hàng không hợp lệ");
  const reason = input.reason.trim();
  if (status === "cancelled" && reason === "") throw new AppError("invalid", CANCEL_REASON_REQUIRED, { reason: CANCEL_REASON_REQUIRED });
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, input.version);
    if (precondition && order.status !== status) await precondition(tx, order);
    const result = await changeLockedOrderStatus(tx, order, { status, reason, restock: input.restock }, actor);
    // The shopper hears when the parcel leaves, arrives or is cancelled (once per order and kind).
    if (result.changed) await queueStatusEmail(tx, order, status, links, { cancelReason: reason });
    return result;
  });
}

/**
 * setOrderStatus's change on an order its caller has locked (lockOrder) in its transaction: the
 * confirmation call's "cancelled by the buyer" goes through here too, so the goods are released the
 * same way. The reason must be given (non-empty) for a cancellation. It queues no e-mail: its
 * callers decide (setOrderStatus queues queueStatusEmail's; a buyer cancelling on the phone gets none).
 */
export async function changeLockedOrderStatus(
  tx: Tx,
  order: LockedOrder,
  input: { status: OrderStatus; reason: string; restock: boolean },
  actor: Actor,
) {
  const { status, reason } = input;
  const orderId = order.id;
  if (order.status === status) return { changed: false, from: order.status, to: status };
  await assertManualOrderStep(tx, order, status);
  const lines = await quantitiesByProduct(tx, orderId);
  let note: string | null = null;
  let restocked: boolean | null = null;
  if (status === "cancelled") {
    restocked = input.restock;
    note = `Lý do hủy: ${reason} · ${restocked ? "Đã nhập lại hàng vào kho" : "Không nhập lại hàng vào kho"}`;
    await releaseStockForOrder(tx, { orderId, lines, reason: "order_cancelled", restock: restocked, actor: stockActor(actor), note: reason });
    if (restocked) await returnToPickupShop(tx, order, lines);
  } else if (order.status === "cancelled") {
    const fromStock = await lastCancellationRestocked(tx, orderId);
    await takeStockForOrder(tx, {
      orderId,
      lines,
      reason: "order_reinstated",
      actor: stockActor(actor),
      fromStock,
      skipMissing: true,
      short: ({ name, left, needed }) => `Không đủ hàng trong kho cho sản phẩm "${name}": còn ${left}, đơn hàng cần ${needed}.`,
    });
    if (fromStock) await takeFromPickupShopAgain(tx, order, lines);
    note = fromStock ? "Khôi phục đơn đã hủy: đã lấy lại hàng từ kho" : "Khôi phục đơn đã hủy (hàng chưa nhập lại kho khi hủy)";
  }
  // A cancelled order is no longer waiting for a call back (the "Cần xác nhận" queue); nor is an
  // order moved on from "pending" by hand, which confirms it as the call queue's "confirmed" does
  // (the first confirmation's time is kept).
  const confirmed = order.status === "pending" && status !== "cancelled";
  const noRetry = status === "cancelled" || confirmed ? { nextConfirmationAt: null } : {};
  const confirmedAt = confirmed ? { confirmedAt: sql`coalesce(${orders.confirmedAt}, now())` } : {};
  await tx
    .update(orders)
    .set({ status, ...noRetry, ...confirmedAt, version: nextRowVersion(orders.version), updatedAt: new Date() })
    .where(eq(orders.id, orderId));
  await tx.insert(orderStatusHistory).values({
    orderId,
    fromStatus: order.status,
    toStatus: status,
    changedByUserId: actor.userId,
    changedByName: actor.name,
    note,
    restocked,
  });
  return { changed: true, from: order.status, to: status };
}

/** Sets the payment status (pending, paid, failed, refunded), version-guarded, with a history row. */
export async function setPaymentStatus(db: Db, orderId: string, input: SetPaymentStatusInput, actor: Actor) {
  const { paymentStatus } = input;
  if (!paymentStatusValues.includes(paymentStatus)) throw new AppError("invalid", "Trạng thái thanh toán không hợp lệ");
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, input.version);
    if (order.paymentStatus === paymentStatus) return { changed: false, from: order.paymentStatus, to: paymentStatus };
    await tx
      .update(orders)
      .set({ paymentStatus, version: nextRowVersion(orders.version), updatedAt: new Date() })
      .where(eq(orders.id, orderId));
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
 * Archives an order (or brings it back): hidden from the orders list by default, nothing else
 * changes — its items, history and figures stay, and reports and the dashboard still count it.
 */
export async function setOrderArchived(db: Db, orderId: string, archived: boolean, version: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, version);
    if ((order.archivedAt !== null) === archived) return { changed: false };
    await tx
      .update(orders)
      .set({
        archivedAt: archived ? new Date() : null,
        archivedByUserId: archived ? actor.userId : null,
        archivedByName: archived ? actor.name : null,
        version: nextRowVersion(orders.version),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, orderId));
    return { changed: true };
  });
}

/**
 * Deletes an order for good: only one that never left pending (its history holds only its
 * creation), e.g. a test or a duplicate. Its goods go back in stock through the inventory service
 * (with a movement naming the order), its items, history and discount usage go with it (cascade).
 * Any other order is refused: it is archived instead, so no stock is invented and no revenue lost.
 */
export async function deleteOrder(db: Db, orderId: string, version: number, actor: Actor): Promise<{ orderNumber: number }> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, version);
    const history = await tx
      .select({ fromStatus: orderStatusHistory.fromStatus })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId));
    if (!isDeletable(order, history)) throw new AppError("conflict", DELETE_REFUSED_MESSAGE);
    const lines = await quantitiesByProduct(tx, orderId);
    await releaseStockForOrder(tx, {
      orderId,
      lines,
      reason: "order_deleted",
      restock: true,
      actor: stockActor(actor),
      note: `Xóa đơn ${formatOrderNumber(order.orderNumber)}`,
    });
    await returnToPickupShop(tx, order, lines);
    await tx.delete(orders).where(eq(orders.id, orderId));
    return { orderNumber: order.orderNumber };
  });
}
