import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { products, storeLocations } from "./catalog";
import { createdAt, rowVersion, timestamptz, updatedAt } from "./columns";
import type { Locale } from "~/lib/i18n/locale";
import { customers, type AddressStructure } from "./customers";

/**
 * An order's life (issue 16): pending ("Chờ xác nhận") → processing (confirmed, to ship) → shipped
 * (with the carrier) → delivered; or, refused at the door, returning → returned; or cancelled.
 */
export const orderStatusValues = ["pending", "processing", "shipped", "delivered", "returning", "returned", "cancelled"] as const;
export const paymentStatusValues = ["pending", "paid", "failed", "refunded"] as const;
export const shippingMethodValues = ["local-delivery", "store-pickup", "express"] as const;
export const paymentMethodValues = ["cod"] as const;

export type OrderStatus = (typeof orderStatusValues)[number];
export type PaymentStatus = (typeof paymentStatusValues)[number];
export type ShippingMethod = (typeof shippingMethodValues)[number];
export type PaymentMethod = (typeof paymentMethodValues)[number];

export const orderStatusEnum = pgEnum("order_status", orderStatusValues);
export const paymentStatusEnum = pgEnum("payment_status", paymentStatusValues);
export const shippingMethodEnum = pgEnum("shipping_method", shippingMethodValues);

/** A pickup shop as an order keeps it: what the buyer was told (address, hours, phone, map). */
export interface PickupStoreSnapshot {
  name: string;
  address: string;
  phone: string | null;
  opensAt: string;
  closesAt: string;
  mapUrl: string | null;
}

/** Human-readable, sequential order numbers (shown as DH000123, see lib/order-number.ts). */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 1, increment: 1, minValue: 1 });

const money = (name: string) => bigint(name, { mode: "number" });

export const orders = pgTable(
  "orders",
  {
    /** Random: the confirmation URL carries it, so it must not be guessable. */
    id: uuid("id").primaryKey().defaultRandom(),
    orderNumber: bigint("order_number", { mode: "number" })
      .notNull()
      .unique()
      .default(sql`nextval('order_number_seq')`),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    // Contact details as given at checkout (snapshot; the customer row may change later).
    /** Null when the shop's checkout settings let the shopper leave it out: no e-mail is sent. */
    email: text("email"),
    phone: text("phone").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    company: text("company"),
    // Amounts in whole đồng, computed by the server.
    subtotal: money("subtotal").notNull(),
    discount: money("discount").notNull().default(0),
    shippingFee: money("shipping_fee").notNull().default(0),
    /** VAT included in the total (informational). */
    tax: money("tax").notNull().default(0),
    total: money("total").notNull(),
    discountCode: text("discount_code"),
    // Shipping address.
    address: text("address").notNull(),
    wardName: text("ward_name").notNull(),
    wardCode: text("ward_code").notNull(),
    districtName: text("district_name"),
    districtCode: text("district_code"),
    provinceName: text("province_name").notNull(),
    provinceCode: text("province_code").notNull(),
    postalCode: text("postal_code").notNull(),
    city: text("city"),
    addressStructure: text("address_structure").$type<AddressStructure>().notNull().default("current"),
    // Delivery.
    shippingMethod: shippingMethodEnum("shipping_method").notNull().default("local-delivery"),
    shippingDate: date("shipping_date", { mode: "string" }),
    shippingSlot: text("shipping_slot"),
    /** Store pickup: the shop the buyer chose (null for a delivery; null again if the shop is deleted, the snapshot stays). */
    pickupStoreId: integer("pickup_store_id").references(() => storeLocations.id, { onDelete: "set null" }),
    /** That shop as the buyer chose it (decision 0051): its pages and e-mails show this, not the shop's later edits. */
    pickupStore: jsonb("pickup_store").$type<PickupStoreSnapshot>(),
    isGift: boolean("is_gift").notNull().default(false),
    giftMessage: text("gift_message"),
    vatInvoice: boolean("vat_invoice").notNull().default(false),
    vatCompanyName: text("vat_company_name"),
    vatTaxCode: text("vat_tax_code"),
    vatCompanyAddress: text("vat_company_address"),
    // Payment and progress.
    paymentMethod: text("payment_method").$type<PaymentMethod>().notNull().default("cod"),
    paymentStatus: paymentStatusEnum("payment_status").notNull().default("pending"),
    status: orderStatusEnum("status").notNull().default("pending"),
    notes: text("notes"),
    /** When staff confirmed the order with the buyer (null: not confirmed yet). */
    confirmedAt: timestamptz("confirmed_at"),
    /** Calls that went unanswered, and when to try again (the "Cần xác nhận" queue sorts by it). */
    confirmationAttempts: integer("confirmation_attempts").notNull().default(0),
    nextConfirmationAt: timestamptz("next_confirmation_at"),
    /** The storefront language the order was placed in: its e-mails are written in it. */
    locale: text("locale").$type<Locale>().notNull().default("vi"),
    /** Sent by the checkout form: placing the same checkout twice returns the first order. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** Set when staff archive the order: hidden from the orders list, still counted everywhere. */
    archivedAt: timestamptz("archived_at"),
    archivedByUserId: text("archived_by_user_id").references(() => user.id, { onDelete: "set null" }),
    /** Kept when the user is deleted (their e-mail). */
    archivedByName: text("archived_by_name"),
    /** Raised by every change staff make from the order's page (status, payment, archive). */
    version: rowVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Newest-first lists, and index-only scans for the customers counted in a report's period.
    index("orders_created_at_status_customer_idx").on(t.createdAt, t.status, t.customerId),
    index("orders_status_created_at_idx").on(t.status, t.createdAt),
    index("orders_customer_id_idx").on(t.customerId),
    index("orders_payment_status_idx").on(t.paymentStatus),
    // The buyer-risk figures: every order of one phone.
    index("orders_phone_idx").on(t.phone),
    // The "Đã lưu trữ" tab: the few archived orders, newest first, without scanning the others.
    index("orders_archived_created_at_idx")
      .on(t.createdAt)
      .where(sql`${t.archivedAt} is not null`),
    // The admin's orders search (see customers.ts for the customer's own columns).
    index("orders_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("orders_phone_trgm_idx").using("gin", t.phone.op("gin_trgm_ops")),
    index("orders_name_trgm_idx").using("gin", sql`lower(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    check("orders_subtotal_check", sql`${t.subtotal} >= 0`),
    check("orders_discount_check", sql`${t.discount} >= 0`),
    check("orders_shipping_fee_check", sql`${t.shippingFee} >= 0`),
    check("orders_pickup_store_check", sql`${t.pickupStore} is null or ${t.shippingMethod} = 'store-pickup'`),
    check("orders_tax_check", sql`${t.tax} >= 0`),
    check("orders_total_check", sql`${t.total} >= 0`),
    check("orders_notes_length_check", sql`${t.notes} is null or char_length(${t.notes}) <= 255`),
    check("orders_address_structure_check", sql`${t.addressStructure} in ('current', 'legacy')`),
    check("orders_payment_method_check", sql`${t.paymentMethod} in ('cod')`),
    check("orders_locale_check", sql`${t.locale} in ('vi', 'en')`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Null once the product is deleted; the snapshot columns keep the line readable. */
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    /** The Vietnamese name (product and variant) when ordered: staff read this one. */
    productName: text("product_name").notNull(),
    /** The English name when ordered, null when the product had none (issue 31): English pages and e-mails show it. */
    productNameEn: text("product_name_en"),
    productSku: text("product_sku").notNull(),
    productImage: text("product_image"),
    quantity: integer("quantity").notNull(),
    unitPrice: money("unit_price").notNull(),
    totalPrice: money("total_price").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_items_order_id_idx").on(t.orderId),
    index("order_items_product_id_idx").on(t.productId),
    check("order_items_quantity_check", sql`${t.quantity} > 0`),
    check("order_items_unit_price_check", sql`${t.unitPrice} >= 0`),
    check("order_items_total_price_check", sql`${t.totalPrice} >= 0`),
  ],
);

/** Who changed an order's status or payment status, when (the first row records creation). */
export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: orderStatusEnum("from_status"),
    toStatus: orderStatusEnum("to_status").notNull(),
    fromPaymentStatus: paymentStatusEnum("from_payment_status"),
    toPaymentStatus: paymentStatusEnum("to_payment_status"),
    changedByUserId: text("changed_by_user_id").references(() => user.id, { onDelete: "set null" }),
    /** Kept when the user is deleted. */
    changedByName: text("changed_by_name"),
    note: text("note"),
    /** On a cancellation: whether its goods were put back in stock (an un-cancel takes them again only then). */
    restocked: boolean("restocked"),
    createdAt: createdAt(),
  },
  (t) => [index("order_status_history_order_created_idx").on(t.orderId, t.createdAt)],
);

/**
 * Sales per shop-local day (Asia/Ho_Chi_Minh), read by the dashboard and the reports instead of
 * aggregating every order of the period. Kept exact by triggers on orders and order_items (same
 * transaction as the write, whoever writes: checkout, status changes, deletes); see
 * docs/decisions/0007-sales-rollups-kept-by-triggers.md and the migration that defines them.
 */
export const dailySales = pgTable("daily_sales", {
  day: date("day", { mode: "string" }).primaryKey(),
  /** Every order created that day, whatever its status. */
  orderCount: integer("order_count").notNull().default(0),
  /** Orders created that day that are not cancelled nor returned… */
  salesCount: integer("sales_count").notNull().default(0),
  /** …and the sum of their totals (đồng): revenue when the shop counts orders as placed. */
  revenue: money("revenue").notNull().default(0),
  /**
   * Of those, the orders delivered or paid (the cash basis, settings fulfilment.revenueBasis
   * "delivered")… (drizzle/0013_revenue_basis.sql)
   */
  deliveredCount: integer("delivered_count").notNull().default(0),
  /** …and the sum of their totals (đồng). */
  deliveredRevenue: money("delivered_revenue").notNull().default(0),
});

/** Quantity and revenue per product name (as ordered) per shop-local day, orders not cancelled nor returned. */
export const dailyProductSales = pgTable(
  "daily_product_sales",
  {
    day: date("day", { mode: "string" }).notNull(),
    productName: text("product_name").notNull(),
    quantity: bigint("quantity", { mode: "number" }).notNull().default(0),
    revenue: money("revenue").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.productName] })],
);

export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderItem = typeof orderItems.$inferSelect;
export type NewOrderItem = typeof orderItems.$inferInsert;
export type OrderStatusHistory = typeof orderStatusHistory.$inferSelect;
export type NewOrderStatusHistory = typeof orderStatusHistory.$inferInsert;
