import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { products } from "./catalog";
import { createdAt, timestamptz, updatedAt } from "./columns";
import { orders } from "./orders";

/**
 * A shopper's cart, kept on the server (issue 17, decision 0028) so buying works as plain HTML
 * forms and a refresh, a second tab or the back button loses nothing. The browser holds only an
 * opaque random token in an httpOnly cookie; the row keeps its SHA-256, never the token itself.
 */
export const carts = pgTable(
  "carts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    /**
     * The checkout's progress as the steps took it (contact, address, delivery), never a price:
     * parsed and repaired by the checkout feature whenever it is read.
     */
    checkout: jsonb("checkout").$type<Record<string, unknown>>().notNull().default({}),
    /** The discount code applied (checked again when the order is placed); null for none. */
    discountCode: text("discount_code"),
    /** One per checkout: placing the order twice (a double tap, a retry) returns the first order. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** The order this cart last became: a repeated "place order" post leads to it. */
    placedOrderId: uuid("placed_order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Pushed forward on every change (CART_TTL_DAYS); expired carts are purged. */
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (table) => [index("carts_expires_at_idx").on(table.expiresAt)],
);

export const cartLines = pgTable(
  "cart_lines",
  {
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** The unit price the shopper was first shown, to say when it changed since; never used to price. */
    seenPrice: bigint("seen_price", { mode: "number" }),
    /** Lines are listed in the order they were added. */
    addedAt: timestamptz("added_at").notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.cartId, table.productId] }),
    index("cart_lines_product_id_idx").on(table.productId),
    check("cart_lines_quantity_range", sql`${table.quantity} between 1 and 99`),
  ],
);

export type Cart = typeof carts.$inferSelect;
export type CartLineRow = typeof cartLines.$inferSelect;
