import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { products } from "./catalog";
import { createdAt } from "./columns";
import { orders } from "./orders";

/** Why a product's stock moved (the same values as app/features/inventory/inventory.schema.ts). */
export const stockMovementReasonValues = [
  "order_placed",
  "order_cancelled",
  "order_reinstated",
  "order_deleted",
  "return",
  "received",
  "count_correction",
  "damaged",
  "initial",
  "other",
] as const;
export type StockMovementReason = (typeof stockMovementReasonValues)[number];
export const stockMovementReasonEnum = pgEnum("stock_movement_reason", stockMovementReasonValues);

/**
 * Every change of a product's stock_quantity, written by the inventory service in the same
 * transaction as the change (app/features/inventory/inventory.server.ts, the table's one writer).
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Signed: + goods in, − goods out. */
    delta: integer("delta").notNull(),
    reason: stockMovementReasonEnum("reason").notNull(),
    /** The order that moved the goods; null for staff adjustments (and once a pending order is deleted). */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    note: text("note"),
    /** The staff member; null for a shopper's order. */
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    /** Kept when the user is deleted (their e-mail). */
    actorName: text("actor_name"),
    /** stock_quantity right after this movement. */
    balanceAfter: integer("balance_after").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("stock_movements_product_created_idx").on(t.productId, t.createdAt, t.id),
    index("stock_movements_order_id_idx").on(t.orderId),
    check("stock_movements_delta_check", sql`${t.delta} <> 0`),
    check("stock_movements_balance_after_check", sql`${t.balanceAfter} >= 0`),
    check("stock_movements_note_length_check", sql`${t.note} is null or char_length(${t.note}) <= 500`),
  ],
);

export type StockMovement = typeof stockMovements.$inferSelect;
