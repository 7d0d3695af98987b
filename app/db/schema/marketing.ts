import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    /** Where the sign-up came from: footer, shop, … */
    source: text("source").notNull().default("footer"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_lower_unique").on(sql`lower(${t.email})`),
    index("newsletter_subscribers_created_at_idx").on(t.createdAt),
  ],
);

export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;
export type NewNewsletterSubscriber = typeof newsletterSubscribers.$inferInsert;
