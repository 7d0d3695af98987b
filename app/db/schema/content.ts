import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, text, unique } from "drizzle-orm/pg-core";
import { createdAt, rowVersion, updatedAt } from "./columns";

/** How a section_content value is edited and checked: text, image path/URL, hex colour, JSON. */
export const contentTypeEnum = pgEnum("content_type", ["text", "image", "color", "json"]);

/** Editable page sections (SPEC §3): one row per (page, section), ordered by section_order. */
export const sections = pgTable(
  "sections",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    pageName: text("page_name").notNull(),
    sectionKey: text("section_key").notNull(),
    sectionOrder: integer("section_order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    /** The version of the section's content rows, which the editor saves together (decision 0014). */
    version: rowVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("sections_page_section_key_unique").on(t.pageName, t.sectionKey),
    index("sections_page_order_idx").on(t.pageName, t.sectionOrder),
  ],
);

export const sectionContent = pgTable(
  "section_content",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    sectionId: integer("section_id")
      .notNull()
      .references(() => sections.id, { onDelete: "cascade" }),
    contentKey: text("content_key").notNull(),
    contentType: contentTypeEnum("content_type").notNull().default("text"),
    contentValue: text("content_value"),
    /** The storefront language this value is for (decision 0021): "vi" (today's paths) or "en" (/en). */
    locale: text("locale").notNull().default("vi"),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("section_content_section_key_locale_unique").on(t.sectionId, t.contentKey, t.locale),
    check("section_content_locale_check", sql`${t.locale} in ('vi', 'en')`),
  ],
);

export type Section = typeof sections.$inferSelect;
export type NewSection = typeof sections.$inferInsert;
export type SectionContent = typeof sectionContent.$inferSelect;
export type NewSectionContent = typeof sectionContent.$inferInsert;
