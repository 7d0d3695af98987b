import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { discountCodes, newsletterSubscribers, settings } from "~/db/schema";
import { saveSetting } from "~/features/settings/settings.server";
import type { Db } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { createTestDatabase, type TestDatabase } from "~/test/database";
import { getNewsletterOffer, newsletterNoticeFromQuery, subscribeToNewsletter } from "./newsletter.server";

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
  await db.delete(discountCodes);
  await db.delete(settings);
});

const rows = () => db.select({ email: newsletterSubscribers.email, source: newsletterSubscribers.source }).from(newsletterSubscribers);

async function expectInvalid(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).kind).toBe("invalid");
  expect((error as AppError).message).toBe("Please enter a valid email address");
}

describe("subscribeToNewsletter", () => {
  it("stores a valid address with its source", async () => {
    const result = await subscribeToNewsletter(db, { email: "an@example.vn", source: "shop" });
    expect(result).toEqual({ status: "subscribed", email: "an@example.vn", source: "shop" });
    expect(await rows()).toEqual([{ email: "an@example.vn", source: "shop" }]);
  });

  it("trims and lower-cases the address", async () => {
    const result = await subscribeToNewsletter(db, { email: "  Thu.Ha@Example.COM \n", source: "footer" });
    expect(result.email).toBe("thu.ha@example.com");
    expect(await rows()).toEqual([{ email: "thu.ha@example.com", source: "footer" }]);
  });

  it("accepts a second sign-up of the same address without a second row", async () => {
    await subscribeToNewsletter(db, { email: "twice@example.vn", source: "footer" });
    const again = await subscribeToNewsletter(db, { email: " TWICE@example.vn", source: "shop" });
    expect(again.status).toBe("already_subscribed");
    expect(await rows()).toEqual([{ email: "twice@example.vn", source: "footer" }]);
  });

  it("records a missing source as footer and an unknown one as other", async () => {
    await subscribeToNewsletter(db, { email: "a@example.vn" });
    await subscribeToNewsletter(db, { email: "b@example.vn", source: "<script>" });
    const stored = await rows();
    expect(stored).toContainEqual({ email: "a@example.vn", source: "footer" });
    expect(stored).toContainEqual({ email: "b@example.vn", source: "other" });
  });

  it("refuses an invalid address with AppError('invalid') and writes nothing", async () => {
    for (const email of ["", "   ", "not-an-email", "a@b", "@example.vn", "a b@example.vn", null, 42, undefined]) {
      await expectInvalid(subscribeToNewsletter(db, { email, source: "footer" }));
    }
    await expectInvalid(subscribeToNewsletter(db, { email: `${"x".repeat(250)}@example.vn` }));
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
  it("turns the redirect's query into the message to show", async () => {
    await db.insert(discountCodes).values({ code: "MAROU10", type: "percent", value: 10, minOrderTotal: 0, isActive: true });
    const ok = await newsletterNoticeFromQuery(db, new URLSearchParams("newsletter=subscribed&newsletter_source=shop"));
    expect(ok).toEqual({
      ok: true,
      status: "subscribed",
      message: "Thanks for subscribing! Use code MAROU10 for 10% off your first order.",
      offer: { code: "MAROU10", label: "10% off your first order" },
      source: "shop",
    });
    expect(await newsletterNoticeFromQuery(db, new URLSearchParams("newsletter=invalid"))).toEqual({
      ok: false,
      message: "Please enter a valid email address",
      source: "footer",
    });
    expect(await newsletterNoticeFromQuery(db, new URLSearchParams("newsletter=whatever"))).toBeNull();
    expect(await newsletterNoticeFromQuery(db, new URLSearchParams(""))).toBeNull();
  });
});
