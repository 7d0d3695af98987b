import { sql } from "drizzle-orm";
import { integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, rowVersion, updatedAt } from "./columns";

/** Per-path head metadata rendered on the server (title, description, Open Graph, JSON-LD). */
export const pageSeo = pgTable("page_seo", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  pagePath: text("page_path").notNull().unique(),
  metaTitle: text("meta_title"),
  metaDescription: text("meta_description"),
  ogImage: text("og_image"),
  keywords: text("keywords")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  canonicalUrl: text("canonical_url"),
  /** A JSON-LD object, or null. */
  structuredData: jsonb("structured_data").$type<Record<string, unknown> | null>(),
  version: rowVersion(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type PageSeo = typeof pageSeo.$inferSelect;
export type NewPageSeo = typeof pageSeo.$inferInsert;
