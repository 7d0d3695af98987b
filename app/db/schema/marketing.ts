import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";

/**
 * pending: signed up, the confirmation link not opened yet (not on the list); confirmed: the
 * owner of the address opened the link (double opt-in, issue 13 item 13).
 */
export const newsletterStatusValues = ["pending", "confirmed"] as const;
export type NewsletterStatus = (typeof newsletterStatusValues)[number];

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    /** Where the sign-up came from: footer, shop, … */
    source: text("source").notNull().default("footer"),
    createdAt: createdAt(),
    /** Rows from before double opt-in are pending too: they count once their owner confirms. */
    status: text("status").$type<NewsletterStatus>().notNull().default("pending"),
    /** SHA-256 (hex) of the confirmation link's random token; the token itself is only in the e-mail. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamptz("confirm_expires_at"),
    /** When the last confirmation e-mail was queued: a repeated sign-up resends only after a pause. */
    confirmSentAt: timestamptz("confirm_sent_at"),
    confirmedAt: timestamptz("confirmed_at"),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_lower_unique").on(sql`lower(${t.email})`),
    index("newsletter_subscribers_created_at_idx").on(t.createdAt),
    uniqueIndex("newsletter_subscribers_confirm_token_hash_unique").on(t.confirmTokenHash),
    check("newsletter_subscribers_status_check", sql`${t.status} in ('pending', 'confirmed')`),
  ],
);

export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;
export type NewNewsletterSubscriber = typeof newsletterSubscribers.$inferInsert;
