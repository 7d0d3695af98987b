import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { discountCodes, emailOutbox, newsletterSubscribers, settings } from "~/db/schema";
import { NEWSLETTER_CHECK_INBOX } from "~/features/newsletter/newsletter-intro";
import { NEWSLETTER_RATE_LIMITED } from "~/features/newsletter/newsletter.schema";
import { confirmNewsletterSubscription, subscribeToNewsletter } from "~/features/newsletter/newsletter.server";
import { createAuth } from "~/server/auth.server";
import { parseEnv } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { setUpTestDatabase } from "~/test/database";
import { links, newsletterLinksInEmail, SECRET, SITE, subscriberRows } from "~/test/newsletter-fixture";
import { action as signUpAction } from "./newsletter";
import { action as unsubscribeAction } from "./newsletter-unsubscribe";

const database = await setUpTestDatabase({
  resetTables: [newsletterSubscribers, emailOutbox, discountCodes, settings],
});
const { db } = database;

const rows = () => subscriberRows(db);
const linksInEmail = (to: string) => newsletterLinksInEmail(db, to);

describe("the /newsletter and unsubscribe routes", () => {
  const env = parseEnv({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "newsletter-")),
    AUTH_SECRET: SECRET,
    PUBLIC_URL: SITE,
    NEWSLETTER_RATE_LIMIT: "3/600",
  });
  const logger = createLogger("silent");
  const context = () => ({ env, logger, database, auth: createAuth(database.db, env, { logger }) }) as AppLoadContext;
  const routeArgs = (request: Request) =>
    ({ request, context: context(), params: {}, unstable_pattern: "", unstable_url: new URL(request.url) }) as never;
  const signUp = (email: string, ip: string) => {
    const request = new Request(`${SITE}/newsletter`, {
      method: "POST",
      headers: { origin: SITE, "x-forwarded-for": ip },
      body: new URLSearchParams({ email, source: "footer", _js: "1" }),
    });
    return signUpAction(routeArgs(request)) as Promise<{ data: unknown; init: ResponseInit | null }>;
  };

  it("answers new, pending and confirmed addresses the same, and limits sign-ups per client address", async () => {
    const answers = [];
    answers.push(await signUp("fresh@example.vn", "203.0.113.40"));
    await subscribeToNewsletter(db, { email: "known@example.vn" }, links);
    await confirmNewsletterSubscription(db, (await linksInEmail("known@example.vn")).confirmToken);
    answers.push(await signUp("KNOWN@example.vn", "203.0.113.40"));
    answers.push(await signUp("fresh@example.vn", "203.0.113.40"));
    for (const answer of answers) {
      expect(answer.data).toEqual({ ok: true, intent: "subscribe", result: { message: NEWSLETTER_CHECK_INBOX } });
      expect(answer.init?.status ?? 200).toBe(200);
    }

    const limited = await signUp("another@example.vn", "203.0.113.40");
    expect(limited.init?.status).toBe(429);
    expect(limited.data).toEqual({ ok: false, intent: "subscribe", error: NEWSLETTER_RATE_LIMITED });
    expect(new Headers(limited.init?.headers).get("retry-after")).toMatch(/^\d+$/);
    expect((await rows()).map((r) => r.email).sort()).toEqual(["fresh@example.vn", "known@example.vn"]);
    // Another client goes on.
    expect((await signUp("another@example.vn", "203.0.113.41")).data).toEqual({ ok: true, intent: "subscribe", result: { message: NEWSLETTER_CHECK_INBOX } });
    // The link in the e-mail points at PUBLIC_URL, never at the request's Host.
    expect((await linksInEmail("another@example.vn")).confirmToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("unsubscribes with a mail client's one-click POST (RFC 8058) to the List-Unsubscribe URL", async () => {
    await subscribeToNewsletter(db, { email: "oneclick@example.vn" }, links);
    const { unsubscribeUrl } = await linksInEmail("oneclick@example.vn");
    const request = new Request(unsubscribeUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(((await unsubscribeAction(routeArgs(request))) as { data: unknown }).data).toEqual({ ok: true, intent: "unsubscribe" });
    expect(await rows()).toEqual([]);
  });
});
