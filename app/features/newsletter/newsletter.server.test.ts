import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { discountCodes, emailOutbox, newsletterSubscribers, settings } from "~/db/schema";
import { processOutbox, type OutgoingMail } from "~/features/email/outbox.server";
import { saveSetting } from "~/features/settings/settings.server";
import { action as signUpAction } from "~/routes/store/newsletter";
import { action as unsubscribeAction } from "~/routes/store/newsletter-unsubscribe";
import { createAuth } from "~/server/auth.server";
import type { Db } from "~/server/db.server";
import { parseEnv } from "~/server/env.server";
import { AppError } from "~/server/errors.server";
import { createLogger } from "~/server/logger.server";
import { createTestDatabase, type TestDatabase } from "~/test/database";
import { NEWSLETTER_CHECK_INBOX } from "./newsletter-intro";
import { NEWSLETTER_RATE_LIMITED, newsletterLinkMessages } from "./newsletter.schema";
import {
  CONFIRMATION_RESEND_AFTER_MS,
  CONFIRMATION_TTL_MS,
  confirmationStateOf,
  confirmNewsletterSubscription,
  countNewsletterSubscribers,
  getNewsletterOffer,
  isUnsubscribeTokenValid,
  newsletterNoticeFromQuery,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "./newsletter.server";

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await db.delete(newsletterSubscribers);
  await db.delete(emailOutbox);
  await db.delete(discountCodes);
  await db.delete(settings);
});

const SITE = "https://shop.example.vn";
const SECRET = "n".repeat(32);
const links = { siteUrl: SITE, secret: SECRET };

const rows = () =>
  db.select({ email: newsletterSubscribers.email, source: newsletterSubscribers.source, status: newsletterSubscribers.status }).from(newsletterSubscribers);

const outbox = () => db.select().from(emailOutbox).orderBy(desc(emailOutbox.id));

/** The confirmation and unsubscribe links of the newest confirmation e-mail to `to`. */
async function linksInEmail(to: string) {
  const [message] = (await outbox()).filter((m) => m.toEmail === to);
  expect(message, `an e-mail to ${to}`).toBeDefined();
  const confirm = /https:\/\/shop\.example\.vn\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(message.bodyText);
  const unsubscribe = /https:\/\/shop\.example\.vn\/newsletter\/unsubscribe\?token=([A-Za-z0-9_.-]+)/.exec(message.bodyText);
  return { message, confirmToken: confirm?.[1] ?? "", unsubscribeToken: unsubscribe?.[1] ?? "", unsubscribeUrl: unsubscribe?.[0] ?? "" };
}

async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function expectInvalid(promise: Promise<unknown>) {
  const error = await appErrorOf(promise);
  expect(error.kind).toBe("invalid");
  expect(error.message).toBe("Please enter a valid email address");
}

describe("subscribeToNewsletter (double opt-in)", () => {
  it("stores a new address as pending and queues one Vietnamese confirmation e-mail with both links", async () => {
    const result = await subscribeToNewsletter(db, { email: "  An@Example.VN ", source: "shop" }, links);
    expect(result).toEqual({ email: "an@example.vn", source: "shop" });
    expect(await rows()).toEqual([{ email: "an@example.vn", source: "shop", status: "pending" }]);

    const { message, confirmToken, unsubscribeToken, unsubscribeUrl } = await linksInEmail("an@example.vn");
    expect(message).toMatchObject({ template: "newsletter_confirmation", status: "pending", orderId: null });
    expect(message.subject).toMatch(/^Xác nhận đăng ký nhận bản tin /);
    expect(message.bodyText).toContain("Để xác nhận đăng ký");
    expect(confirmToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(isUnsubscribeTokenValid(unsubscribeToken, SECRET)).toBe(true);
    // Clickable in the HTML body, and one-click unsubscribe from the mail client.
    expect(message.bodyHtml).toContain(`<a href="${SITE}/newsletter/confirm?token=${confirmToken}"`);
    expect(message.bodyHtml).toContain(`<a href="${unsubscribeUrl}"`);
    expect(message.headers).toEqual({
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    // Only a hash of the token is stored.
    const [stored] = await db.select().from(newsletterSubscribers);
    expect(stored.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(confirmToken);
  });

  it("answers a pending or a confirmed address exactly like a new one, without a second row", async () => {
    const now = new Date("2026-11-24T08:00:00Z");
    const first = await subscribeToNewsletter(db, { email: "twice@example.vn", source: "footer" }, links, now);
    const pendingAgain = await subscribeToNewsletter(db, { email: " TWICE@example.vn", source: "footer" }, links, now);
    expect(pendingAgain).toEqual(first);
    await confirmNewsletterSubscription(db, (await linksInEmail("twice@example.vn")).confirmToken, now);
    const confirmedAgain = await subscribeToNewsletter(db, { email: "twice@example.vn", source: "footer" }, links, now);
    expect(confirmedAgain).toEqual(first);
    expect(await rows()).toEqual([{ email: "twice@example.vn", source: "footer", status: "confirmed" }]);
    // A repeated sign-up within the pause sends nothing more; a confirmed address gets nothing.
    expect(await outbox()).toHaveLength(1);
  });

  it("sends a pending address a new link after the pause, and the old link stops working", async () => {
    const start = new Date("2026-11-24T08:00:00Z");
    await subscribeToNewsletter(db, { email: "late@example.vn" }, links, start);
    const old = (await linksInEmail("late@example.vn")).confirmToken;
    await subscribeToNewsletter(db, { email: "late@example.vn" }, links, new Date(start.getTime() + CONFIRMATION_RESEND_AFTER_MS + 1000));
    expect(await outbox()).toHaveLength(2);
    const fresh = (await linksInEmail("late@example.vn")).confirmToken;
    expect(fresh).not.toBe(old);
    expect(await confirmationStateOf(db, old)).toBe("invalid");
    expect(await confirmationStateOf(db, fresh, start)).toBe("pending");
  });

  it("records a missing source as footer and an unknown one as other", async () => {
    await subscribeToNewsletter(db, { email: "a@example.vn" }, links);
    await subscribeToNewsletter(db, { email: "b@example.vn", source: "<script>" }, links);
    const stored = await rows();
    expect(stored).toContainEqual({ email: "a@example.vn", source: "footer", status: "pending" });
    expect(stored).toContainEqual({ email: "b@example.vn", source: "other", status: "pending" });
  });

  it("refuses an invalid address with AppError('invalid') and writes nothing", async () => {
    for (const email of ["", "   ", "not-an-email", "a@b", "@example.vn", "a b@example.vn", null, 42, undefined]) {
      await expectInvalid(subscribeToNewsletter(db, { email, source: "footer" }, links));
    }
    await expectInvalid(subscribeToNewsletter(db, { email: `${"x".repeat(250)}@example.vn` }, links));
    expect(await rows()).toEqual([]);
    expect(await outbox()).toEqual([]);
  });
});

describe("confirming and unsubscribing", () => {
  it("counts an address only once its confirmation link is used; confirming twice is fine", async () => {
    await subscribeToNewsletter(db, { email: "wait@example.vn" }, links);
    expect(await countNewsletterSubscribers(db)).toEqual({ confirmed: 0, pending: 1 });
    const { confirmToken } = await linksInEmail("wait@example.vn");
    expect(await confirmationStateOf(db, confirmToken)).toBe("pending");
    // Opening the link (the page's GET reads the state) confirms nothing.
    expect(await countNewsletterSubscribers(db)).toEqual({ confirmed: 0, pending: 1 });

    await confirmNewsletterSubscription(db, confirmToken);
    expect(await countNewsletterSubscribers(db)).toEqual({ confirmed: 1, pending: 0 });
    expect(await confirmationStateOf(db, confirmToken)).toBe("confirmed");
    await confirmNewsletterSubscription(db, confirmToken);
    expect(await countNewsletterSubscribers(db)).toEqual({ confirmed: 1, pending: 0 });
  });

  it("refuses an expired or unknown confirmation link and confirms nothing", async () => {
    const start = new Date("2026-11-24T08:00:00Z");
    await subscribeToNewsletter(db, { email: "old@example.vn" }, links, start);
    const { confirmToken } = await linksInEmail("old@example.vn");
    const expiredAt = new Date(start.getTime() + CONFIRMATION_TTL_MS);
    expect(await confirmationStateOf(db, confirmToken, expiredAt)).toBe("expired");
    const expired = await appErrorOf(confirmNewsletterSubscription(db, confirmToken, expiredAt));
    expect(expired).toMatchObject({ kind: "invalid", message: newsletterLinkMessages.expiredLink });
    for (const token of ["", "x".repeat(43), confirmToken.slice(1), `${confirmToken}'--`]) {
      const unknown = await appErrorOf(confirmNewsletterSubscription(db, token, start));
      expect(unknown).toMatchObject({ kind: "invalid", message: newsletterLinkMessages.invalidLink });
    }
    expect(await countNewsletterSubscribers(db)).toEqual({ confirmed: 0, pending: 1 });
  });

  it("removes a confirmed or pending subscription with the signed link; a forged link is refused", async () => {
    await subscribeToNewsletter(db, { email: "bye@example.vn" }, links);
    await subscribeToNewsletter(db, { email: "stay@example.vn" }, links);
    const bye = await linksInEmail("bye@example.vn");
    await confirmNewsletterSubscription(db, bye.confirmToken);

    const [id, signature] = bye.unsubscribeToken.split(".");
    const otherId = Buffer.from(String(Number(Buffer.from(id, "base64url").toString()) + 1)).toString("base64url");
    for (const forged of [`${otherId}.${signature}`, `${id}.${"A".repeat(43)}`, id, ""]) {
      expect(isUnsubscribeTokenValid(forged, SECRET), forged).toBe(false);
      const error = await appErrorOf(unsubscribeFromNewsletter(db, forged, SECRET));
      expect(error).toMatchObject({ kind: "invalid", message: newsletterLinkMessages.invalidUnsubscribe });
    }
    // Signed with another secret: not ours.
    expect(isUnsubscribeTokenValid(bye.unsubscribeToken, "z".repeat(32))).toBe(false);
    expect(await countNewsletterSubscribers(db)).toEqual({ confirmed: 1, pending: 1 });

    await unsubscribeFromNewsletter(db, bye.unsubscribeToken, SECRET);
    await unsubscribeFromNewsletter(db, bye.unsubscribeToken, SECRET);
    expect((await rows()).map((r) => r.email)).toEqual(["stay@example.vn"]);

    await unsubscribeFromNewsletter(db, (await linksInEmail("stay@example.vn")).unsubscribeToken, SECRET);
    expect(await rows()).toEqual([]);
  });

  it("hands the List-Unsubscribe headers to the mail transport", async () => {
    await subscribeToNewsletter(db, { email: "headers@example.vn" }, links);
    const sent: OutgoingMail[] = [];
    await processOutbox(db, { send: async (mail) => void sent.push(mail) }, { from: "shop@example.vn" });
    expect(sent).toHaveLength(1);
    expect(sent[0].headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(sent[0].headers?.["List-Unsubscribe"]).toMatch(/^<https:\/\/shop\.example\.vn\/newsletter\/unsubscribe\?token=/);
  });
});

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

describe("getNewsletterOffer", () => {
  const marou = { code: "MAROU10", type: "percent" as const, value: 10, minOrderTotal: 0, isActive: true };

  it("offers the code named in settings (MAROU10 by default) with what it gives", async () => {
    await db.insert(discountCodes).values(marou);
    expect(await getNewsletterOffer(db)).toEqual({ code: "MAROU10", label: "10% off your first order" });
  });

  it("follows the setting, case-insensitively, and describes fixed and free-shipping codes", async () => {
    await db.insert(discountCodes).values([
      marou,
      { code: "welcome", type: "fixed", value: 50_000, minOrderTotal: 0, isActive: true },
      { code: "FREESHIP", type: "free_shipping", value: 0, minOrderTotal: 0, isActive: true },
    ]);
    await saveSetting(db, "marketing", { newsletterDiscountCode: "Welcome" });
    expect(await getNewsletterOffer(db)).toEqual({ code: "WELCOME", label: "50.000\u00a0₫ off your first order" });
    await saveSetting(db, "marketing", { newsletterDiscountCode: "freeship" });
    expect(await getNewsletterOffer(db)).toEqual({ code: "FREESHIP", label: "free delivery on your first order" });
  });

  it("promises no code that checkout would refuse", async () => {
    await db.insert(discountCodes).values({ ...marou, isActive: false });
    expect(await getNewsletterOffer(db)).toBeNull();

    await db.update(discountCodes).set({ isActive: true, endsAt: new Date("2020-01-01T00:00:00Z") });
    expect(await getNewsletterOffer(db)).toBeNull();

    await db.update(discountCodes).set({ endsAt: null, startsAt: new Date("2999-01-01T00:00:00Z") });
    expect(await getNewsletterOffer(db)).toBeNull();

    await db.update(discountCodes).set({ startsAt: null, usageLimit: 1, usedCount: 1 });
    expect(await getNewsletterOffer(db)).toBeNull();

    await db.update(discountCodes).set({ usageLimit: null }).where(eq(discountCodes.code, "MAROU10"));
    expect(await getNewsletterOffer(db)).not.toBeNull();
  });

  it("offers nothing when the setting is empty or names an unknown code", async () => {
    await db.insert(discountCodes).values(marou);
    await saveSetting(db, "marketing", { newsletterDiscountCode: "" });
    expect(await getNewsletterOffer(db)).toBeNull();
    await saveSetting(db, "marketing", { newsletterDiscountCode: "NOPE" });
    expect(await getNewsletterOffer(db)).toBeNull();
  });
});

describe("newsletterNoticeFromQuery", () => {
  it("turns the redirect's query into the message to show", () => {
    expect(newsletterNoticeFromQuery(new URLSearchParams("newsletter=pending&newsletter_source=shop"))).toEqual({
      ok: true,
      message: NEWSLETTER_CHECK_INBOX,
      source: "shop",
    });
    expect(newsletterNoticeFromQuery(new URLSearchParams("newsletter=invalid"))).toEqual({
      ok: false,
      message: "Please enter a valid email address",
      source: "footer",
    });
    expect(newsletterNoticeFromQuery(new URLSearchParams("newsletter=limited"))).toMatchObject({ ok: false, message: NEWSLETTER_RATE_LIMITED });
    expect(newsletterNoticeFromQuery(new URLSearchParams("newsletter=whatever"))).toBeNull();
    expect(newsletterNoticeFromQuery(new URLSearchParams(""))).toBeNull();
  });
});
