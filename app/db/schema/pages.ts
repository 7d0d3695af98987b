import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { createdAt, rowVersion, timestamptz, updatedAt } from "./columns";

/**
 * Pages written in the console (issue 19): the shop's policies (shipping, returns, privacy, terms,
 * payment) and blog posts, one model for both (`kind`). Each row carries both storefront languages
 * (decision 0021): the Vietnamese columns, and the English ones beside them ("" = show the
 * Vietnamese text on /en). Bodies are Markdown, rendered on the server by our own strict renderer
 * (app/features/pages/markdown.ts): no raw HTML is ever stored or shown.
 */
export const pages = pgTable(
  "pages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** "policy" (/policies/:slug, footer and checkout links) or "post" (/blog/:slug). */
    kind: text("kind").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    titleEn: text("title_en").notNull().default(""),
    excerpt: text("excerpt").notNull().default(""),
    excerptEn: text("excerpt_en").notNull().default(""),
    body: text("body").notNull().default(""),
    bodyEn: text("body_en").notNull().default(""),
    seoTitle: text("seo_title").notNull().default(""),
    seoTitleEn: text("seo_title_en").notNull().default(""),
    seoDescription: text("seo_description").notNull().default(""),
    seoDescriptionEn: text("seo_description_en").notNull().default(""),
    /** An uploaded image path (/uploads/…) or "" (posts). */
    coverImage: text("cover_image").notNull().default(""),
    author: text("author").notNull().default(""),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Products a post recommends (ids of products; a deleted product is skipped when shown). */
    relatedProductIds: integer("related_product_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** "draft" or "published"; a published row whose published_at is still ahead is scheduled. */
    status: text("status").notNull().default("draft"),
    publishedAt: timestamptz("published_at"),
    /** The order of policies in the footer. */
    sortOrder: integer("sort_order").notNull().default(0),
    version: rowVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("pages_kind_slug_unique").on(t.kind, t.slug),
    index("pages_kind_status_published_idx").on(t.kind, t.status, t.publishedAt),
    check("pages_kind_check", sql`${t.kind} in ('policy', 'post')`),
    check("pages_status_check", sql`${t.status} in ('draft', 'published')`),
    check("pages_published_at_check", sql`${t.status} = 'draft' or ${t.publishedAt} is not null`),
  ],
);

export type PageRow = typeof pages.$inferSelect;
export type NewPageRow = typeof pages.$inferInsert;
