import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { rowVersion, updatedAt } from "./columns";

/** One row per settings group (store, shipping, tax, …); value is checked by its zod schema. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  /** One version per group: the settings form of a tab saves exactly one row (decision 0014). */
  version: rowVersion(),
  updatedAt: updatedAt(),
});

/** The storefront palette: a single row (id = 1) of hex colours keyed by palette name. */
export const theme = pgTable(
  "theme",
  {
    id: integer("id").primaryKey().default(1),
    palette: jsonb("palette").$type<Record<string, string>>().notNull(),
    version: rowVersion(),
    updatedAt: updatedAt(),
  },
  (t) => [check("theme_single_row_check", sql`${t.id} = 1`)],
);

/** Small facts about the database itself, e.g. which seed steps ran (seed:catalog, …). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull().default(""),
  updatedAt: updatedAt(),
});

export type Setting = typeof settings.$inferSelect;
export type Theme = typeof theme.$inferSelect;
export type AppMeta = typeof appMeta.$inferSelect;
