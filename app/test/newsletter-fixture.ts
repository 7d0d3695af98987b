import { desc } from "drizzle-orm";
import { expect } from "vitest";
import { emailOutbox, newsletterSubscribers } from "~/db/schema";
import type { Db } from "~/server/db.server";

// Shared by the newsletter service tests and the newsletter route tests.

export const SITE = "https://shop.example.vn";
export const SECRET = "n".repeat(32);
export const links = { siteUrl: SITE, secret: SECRET };

export const subscriberRows = (db: Db) =>
  db.select({ email: newsletterSubscribers.email, source: newsletterSubscribers.source, status: newsletterSubscribers.status }).from(newsletterSubscribers);

export const outboxNewestFirst = (db: Db) => db.select().from(emailOutbox).orderBy(desc(emailOutbox.id));

/** The confirmation and unsubscribe links of the newest confirmation e-mail to `to`. */
export async function newsletterLinksInEmail(db: Db, to: string) {
  const [message] = (await outboxNewestFirst(db)).filter((m) => m.toEmail === to);
  expect(message, `an e-mail to ${to}`).toBeDefined();
  const confirm = /https:\/\/shop\.example\.vn(?:\/en)?\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(message.bodyText);
  const unsubscribe = /https:\/\/shop\.example\.vn(?:\/en)?\/newsletter\/unsubscribe\?token=([A-Za-z0-9_.-]+)/.exec(message.bodyText);
  return { message, confirmToken: confirm?.[1] ?? "", unsubscribeToken: unsubscribe?.[1] ?? "", unsubscribeUrl: unsubscribe?.[0] ?? "" };
}
