import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";
import { orders } from "./orders";

export const emailTemplateValues = [
  "order_confirmation",
  "order_shipped",
  "order_delivered",
  "order_cancelled",
  "newsletter_confirmation",
  "staff_invitation",
] as const;
export type EmailTemplate = (typeof emailTemplateValues)[number];
/** pending: to send; sent: delivered to SMTP; failed: gave up; logged: no SMTP configured, kept here. */
export const emailStatusValues = ["pending", "sent", "failed", "logged"] as const;
export type EmailStatus = (typeof emailStatusValues)[number];

/** Shop e-mails (orders, newsletter): rendered when queued, sent through SMTP or kept for the admin. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    bodyText: text("body_text").notNull(),
    bodyHtml: text("body_html"),
    /** Extra message headers, e.g. List-Unsubscribe on newsletter e-mails. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    template: text("template").$type<EmailTemplate>().notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    status: text("status").$type<EmailStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamptz("sent_at"),
  },
  (t) => [
    index("email_outbox_status_created_idx").on(t.status, t.createdAt),
    index("email_outbox_order_id_idx").on(t.orderId),
    index("email_outbox_created_at_idx").on(t.createdAt),
    check(
      "email_outbox_template_check",
      sql`${t.template} in ('order_confirmation', 'order_shipped', 'order_delivered', 'order_cancelled', 'newsletter_confirmation', 'staff_invitation')`,
    ),
    check("email_outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed', 'logged')`),
    check("email_outbox_attempts_check", sql`${t.attempts} >= 0`),
  ],
);

export type EmailOutbox = typeof emailOutbox.$inferSelect;
export type NewEmailOutbox = typeof emailOutbox.$inferInsert;
