import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  categories,
  customers,
  orderItems,
  orderStatusHistory,
  orders,
  products,
  shipments,
  type ShipmentStatus,
} from "~/db/schema";
import type { OrderStatus, PaymentStatus } from "~/db/schema/orders";
import { searchTextOf } from "~/lib/text";
import type { OrderEmailLinks } from "~/features/email/email.server";
import { setOrderStatus } from "~/features/orders/orders.server";
import type { Db } from "~/server/db.server";

/**
 * Known data for the admin operations tests: categories, products, customers and orders inserted
 * directly (placing an order through checkout belongs to the checkout feature).
 */

let serial = 0;
const next = () => ++serial;

export async function insertCategory(db: Db, name = `Danh mục ${next()}`) {
  const [row] = await db
    .insert(categories)
    .values({ name, slug: `danh-muc-${randomUUID().slice(0, 8)}` })
    .returning();
  return row;
}

export interface ProductInput {
  name?: string;
  price?: number;
  stock?: number;
  trackStock?: boolean;
  lowStockThreshold?: number;
  soldCount?: number;
  categoryId?: number;
}

export async function insertProduct(db: Db, input: ProductInput = {}) {
  const n = next();
  const categoryId = input.categoryId ?? (await insertCategory(db)).id;
  const [row] = await db
    .insert(products)
    .values({
      sku: `SKU-${n}-${randomUUID().slice(0, 6)}`,
      name: input.name ?? `Sản phẩm ${n}`,
      slug: `san-pham-${n}-${randomUUID().slice(0, 6)}`,
      price: input.price ?? 100_000,
      categoryId,
      stockQuantity: input.stock ?? 100,
      trackStock: input.trackStock ?? true,
      lowStockThreshold: input.lowStockThreshold ?? 5,
      soldCount: input.soldCount ?? 0,
    })
    .returning();
  return row;
}

export interface CustomerInput {
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  company?: string | null;
  createdAt?: Date;
  defaultAddress?: typeof customers.$inferInsert.defaultAddress;
}

export async function insertCustomer(db: Db, input: CustomerInput = {}) {
  const n = next();
  const email = input.email ?? `khach${n}-${randomUUID().slice(0, 6)}@example.vn`;
  const firstName = input.firstName ?? "Khách";
  const lastName = input.lastName ?? `Số ${n}`;
  const phone = input.phone === undefined ? null : input.phone;
  const [row] = await db
    .insert(customers)
    .values({
      email,
      firstName,
      lastName,
      phone,
      company: input.company ?? null,
      defaultAddress: input.defaultAddress ?? null,
      searchText: searchTextOf(firstName, lastName, email, phone),
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  // The fixture always gives an e-mail (the column may be null: see customerByPhone).
  return { ...row, email };
}

export interface OrderLineInput {
  product: { id: number; name: string; sku: string; price: number } | null;
  quantity: number;
  unitPrice?: number;
  /** For a line whose product was deleted (product null). */
  name?: string;
}

export interface OrderInput {
  customer: { id: string; email: string | null; firstName: string; lastName: string; phone: string | null };
  lines: OrderLineInput[];
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
  createdAt?: Date;
  shippingFee?: number;
  discount?: number;
  notes?: string | null;
  orderNumber?: number;
}

/** An order with its items (and a creation history row), totals computed from the lines. */
export async function insertOrder(db: Db, input: OrderInput) {
  const lines = input.lines.map((line) => {
    const unitPrice = line.unitPrice ?? line.product?.price ?? 0;
    return {
      productId: line.product?.id ?? null,
      productName: line.product?.name ?? line.name ?? "Sản phẩm đã xóa",
      productSku: line.product?.sku ?? "DELETED",
      quantity: line.quantity,
      unitPrice,
      totalPrice: unitPrice * line.quantity,
    };
  });
  const subtotal = lines.reduce((sum, l) => sum + l.totalPrice, 0);
  const shippingFee = input.shippingFee ?? 0;
  const discount = input.discount ?? 0;
  const total = subtotal - discount + shippingFee;
  const createdAt = input.createdAt ?? new Date();
  const [order] = await db
    .insert(orders)
    .values({
      ...(input.orderNumber ? { orderNumber: input.orderNumber } : {}),
      customerId: input.customer.id,
      email: input.customer.email,
      phone: input.customer.phone ?? "+84900000000",
      firstName: input.customer.firstName,
      lastName: input.customer.lastName,
      subtotal,
      discount,
      shippingFee,
      tax: Math.round(((subtotal - discount) * 74) / 1074),
      total,
      address: "12 Lê Lợi",
      wardName: "Phường Bến Thành",
      wardCode: "26734",
      provinceName: "Thành phố Hồ Chí Minh",
      provinceCode: "79",
      postalCode: "700000",
      shippingDate: "2026-12-01",
      shippingSlot: "12:00 - 13:00",
      status: input.status ?? "pending",
      paymentStatus: input.paymentStatus ?? "pending",
      notes: input.notes ?? null,
      idempotencyKey: randomUUID(),
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (lines.length > 0) {
    await db.insert(orderItems).values(lines.map((l) => ({ ...l, orderId: order.id, createdAt })));
  }
  await db
    .insert(orderStatusHistory)
    .values({ orderId: order.id, toStatus: order.status, toPaymentStatus: order.paymentStatus, createdAt });
  return order;
}

/** An instant given as a shop-local wall time ("2026-11-20 23:30" in Asia/Ho_Chi_Minh, UTC+7). */
export function hcm(local: string): Date {
  return new Date(`${local.replace(" ", "T")}:00+07:00`);
}

/** The order's current version (what its page would have been opened with). */
export async function versionOf(db: Db, orderId: string): Promise<number> {
  const [row] = await db.select({ version: orders.version }).from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  return row.version;
}

/**
 * A status change as the order's page makes it: with the current version; a cancellation gives
 * a reason and puts the goods back unless told otherwise.
 */
export async function changeStatus(
  db: Db,
  orderId: string,
  status: OrderStatus,
  actor: { userId: string | null; name: string },
  cancellation: { reason?: string; restock?: boolean } = {},
) {
  const input = {
    status,
    version: await versionOf(db, orderId),
    reason: status === "cancelled" ? (cancellation.reason ?? "Khách đổi ý") : "",
    restock: cancellation.restock ?? true,
  };
  return setOrderStatus(db, orderId, input, actor, TEST_EMAIL_LINKS);
}

export interface ShipmentInput {
  order: { id: string; total: number };
  trackingCode: string | null;
  status?: ShipmentStatus;
  carrierName?: string;
  /** The order's total unless given. */
  codAmount?: number;
  carrierFee?: number | null;
  deliveredAt?: Date | null;
  createdAt?: Date;
}

/**
 * A shipment row written directly (the shipping feature books them; tests of other features only
 * need one to exist). A delivered one gets a delivery time (now unless given).
 */
export async function insertShipment(db: Db, input: ShipmentInput) {
  const status = input.status ?? "delivered";
  const [row] = await db
    .insert(shipments)
    .values({
      orderId: input.order.id,
      carrier: "manual",
      carrierName: input.carrierName ?? "GHN",
      trackingCode: input.trackingCode,
      status,
      weightGrams: 500,
      lengthCm: 20,
      widthCm: 15,
      heightCm: 10,
      codAmount: input.codAmount ?? input.order.total,
      carrierFee: input.carrierFee ?? null,
      deliveredAt: input.deliveredAt !== undefined ? input.deliveredAt : status === "delivered" ? new Date() : null,
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning();
  return row;
}

/** The shop's public address the order e-mails link to in tests (the routes pass PUBLIC_URL). */
export const TEST_EMAIL_LINKS: OrderEmailLinks = { publicUrl: "https://shop.example.vn", secret: "s".repeat(32) };
