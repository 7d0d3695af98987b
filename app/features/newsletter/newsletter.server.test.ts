import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { discountCodes, emailOutbox, newsletterSubscribers, settings } from "~/db/schema";
import { getOutboxEmail } from "~/features/email/email.server";
import { processOutbox, type OutgoingMail } from "~/features/email/outbox.server";
import { saveSetting } from "~/features/settings/settings.server";
import { AppError } from "~/server/errors.server";
import { setUpTestDatabase } from "~/test/database";
import {
  links,
  newsletterLinksInEmail,
  outboxNewestFirst,
  SECRET,
  SITE,
  subscriberRows,
} from "~/test/newsletter-fixture";
import { NEWSLETTER_CHECK_INBOX, newsletterLinkMessages } from "./newsletter-intro";
import { NEWSLETTER_RATE_LIMITED } from "./newsletter.schema";
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

const database = await setUpTestDatabase({
  resetTables: [newsletterSubscribers, emailOutbox, discountCodes, settings],
});
const { db } = database;

const rows = () => subscriberRows(db);
const outbox = () => outboxNewestFirst(db);
const linksInEmail = (to: string) => newsletterLinksInEmail(db, to);

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
  expect(error.message).toBe("pages.newsletter.invalidEmail");
}

describe("subscribeToNewsletter (double opt-in)", () => {
  it("writes the confirmation e-mail in English, with English pages' links, for a sign-up on the English site", async () => {
    await subscribeToNewsletter(db, { email: "en@example.com" }, { ...links, locale: "en" });
    const { message, confirmToken } = await linksInEmail("en@example.com");
    expect(message.subject).toMatch(/^Confirm your subscription to the .+ newsletter$/);
    expect(message.bodyText).toContain("To confirm your subscription");
    expect(message.bodyText).not.toContain("Xin chào");
    expect(message.bodyHtml).toContain('<html lang="en">');
    expect(message.bodyHtml).toContain(`<a href="${SITE}/en/newsletter/confirm?token=${confirmToken}"`);
    expect(message.bodyHtml).toContain(`${SITE}/en/newsletter/unsubscribe?token=`);
  });

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
    await subscribeToNewsletter(
      db,
      { email: "late@example.vn" },
      links,
      new Date(start.getTime() + CONFIRMATION_RESEND_AFTER_MS + 1000),
    );
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
    expect(sent[0].headers?.["List-Unsubscribe"]).toMatch(
      /^<https:\/\/shop\.example\.vn\/newsletter\/unsubscribe\?token=/,
    );
  });
});

describe("getNewsletterOffer", () => {
  const marou = { code: "MAROU10", type: "percent" as const, value: 10, minOrderTotal: 0, isActive: true };

  it("offers the code named in settings (MAROU10 by default) with what it gives", async () => {
    await db.insert(discountCodes).values(marou);
    expect(await getNewsletterOffer(db)).toEqual({ code: "MAROU10", label: "10% off your first order" });
  });

  it("follows the setting, case-insensitively, and describes fixed and free-shipping codes", async () => {
    await db
      .insert(discountCodes)
      .values([
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
      message: "pages.newsletter.invalidEmail",
      source: "footer",
    });
    expect(newsletterNoticeFromQuery(new URLSearchParams("newsletter=limited"))).toMatchObject({
      ok: false,
      message: NEWSLETTER_RATE_LIMITED,
    });
    expect(newsletterNoticeFromQuery(new URLSearchParams("newsletter=whatever"))).toBeNull();
    expect(newsletterNoticeFromQuery(new URLSearchParams(""))).toBeNull();
  });
});

describe("the confirmation e-mail in the console's outbox (issue 30)", () => {
  /** Every token of a link in `text` (…?token=<x>): the values a reader could use. */
  const tokensIn = (text: string) => [...text.matchAll(/[?&](?:amp;)?token=([^&\s"'<>]+)/g)].map((m) => m[1]);

  it("shows its confirmation and unsubscribe links masked, and the sender still mails the real ones", async () => {
    await subscribeToNewsletter(db, { email: "doc-gia@example.vn", source: "footer" }, links);
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.template, "newsletter_confirmation"));
    const real = tokensIn(row.bodyText);
    expect(real).toHaveLength(2); // confirmation and unsubscribe

    const shown = (await getOutboxEmail(db, row.id))!;
    expect(shown.bodyText).toContain(`${SITE}/newsletter/confirm?token=••••••`);
    expect(shown.bodyText).toContain(`${SITE}/newsletter/unsubscribe?token=••••••`);
    expect(shown.bodyHtml).toContain(`${SITE}/newsletter/confirm?token=••••••`);
    expect(shown).not.toHaveProperty("headers"); // List-Unsubscribe carries the link too
    for (const token of real) expect(JSON.stringify(shown)).not.toContain(token);

    const delivered: OutgoingMail[] = [];
    await processOutbox(db, { send: async (mail) => void delivered.push(mail) }, { from: "shop@shop.vn" });
    expect(tokensIn(delivered[0].text)).toEqual(real);
    expect(delivered[0].headers?.["List-Unsubscribe"]).toContain(real[1]);
  });
});
