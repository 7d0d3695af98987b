import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt } from "./columns";

/**
 * A console member's own named filter set on the orders list ("Đơn HCM chờ giao"): the list's
 * query string as it was when saved. Shared ones (only the owner shares) show to every member.
 * Owned by the orders feature (saved-views.server.ts).
 */
export const orderSavedViews = pgTable(
  "order_saved_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Who made it; their views go when their account goes. */
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The list's filters as URL parameters, without the page ("province=79&status=processing"). */
    query: text("query").notNull(),
    shared: boolean("shared").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // One name once per member (any case): "Đơn HCM" and "đơn hcm" are the same tab.
    uniqueIndex("order_saved_views_user_name_idx").on(t.userId, sql`lower(${t.name})`),
    index("order_saved_views_shared_idx")
      .on(t.createdAt)
      .where(sql`${t.shared}`),
    check("order_saved_views_name_check", sql`char_length(${t.name}) between 1 and 60`),
    check("order_saved_views_query_check", sql`char_length(${t.query}) <= 1000`),
  ],
);

export type OrderSavedView = typeof orderSavedViews.$inferSelect;
