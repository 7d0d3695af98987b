import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, rowVersion, timestamptz, updatedAt } from "./columns";
import { customers } from "./customers";
import { orders } from "./orders";

export const discountTypeValues = ["percent", "fixed", "free_shipping"] as const;
export type DiscountType = (typeof discountTypeValues)[number];
export const discountTypeEnum = pgEnum("discount_type", discountTypeValues);

export const discountCodes = pgTable(
  "discount_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Matched case-insensitively (unique on upper(code)). */
    code: text("code").notNull(),
    description: text("description"),
    type: discountTypeEnum("type").notNull(),
    /** percent: 0..100; fixed: whole đồng; free_shipping: ignored (0). */
    value: integer("value").notNull().default(0),
    /** The subtotal (whole đồng) an order needs for the code to apply. */
    minOrderTotal: bigint("min_order_total", { mode: "number" }).notNull().default(0),
    startsAt: timestamptz("starts_at"),
    endsAt: timestamptz("ends_at"),
    /** Null: unlimited. */
    usageLimit: integer("usage_limit"),
    usedCount: integer("used_count").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    /** Raised by staff edits and the on/off switch; not by orders using the code (decision 0014). */
    version: rowVersion(),

    /** Only for a customer (same e-mail or phone) with no earlier non-cancelled order. */
    firstOrderOnly: boolean("first_order_only").notNull().default(false),
    /** At most one non-cancelled order per customer (same e-mail or phone) uses it. */
    oncePerCustomer: boolean("once_per_customer").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("discount_codes_code_upper_unique").on(sql`upper(${t.code})`),
    check("discount_codes_value_check", sql`${t.value} >= 0 and (${t.type} <> 'percent' or ${t.value} <= 100)`),
    check("discount_codes_min_order_total_check", sql`${t.minOrderTotal} >= 0`),
    check("discount_codes_usage_limit_check", sql`${t.usageLimit} is null or ${t.usageLimit} >= 0`),
    check(
      "discount_codes_used_count_check",
      sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`,
    ),
    check(
      "discount_codes_period_check",
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} <= ${t.endsAt}`,
    ),
  ],
);

/** One row per order that used a code (an order uses at most one). */
export const discountCodeUsages = pgTable(
  "discount_code_usages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    discountCodeId: integer("discount_code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** The discount granted, whole đồng (for free_shipping: the waived fee). */
    amount: bigint("amount", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("discount_code_usages_code_idx").on(t.discountCodeId),
    index("discount_code_usages_customer_idx").on(t.customerId),
    check("discount_code_usages_amount_check", sql`${t.amount} >= 0`),
  ],
);

export type DiscountCode = typeof discountCodes.$inferSelect;
export type NewDiscountCode = typeof discountCodes.$inferInsert;
export type DiscountCodeUsage = typeof discountCodeUsages.$inferSelect;
export type NewDiscountCodeUsage = typeof discountCodeUsages.$inferInsert;
