import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productReviews, products, sectionContent, sections } from "~/db/schema";
import { contentDefaultsVi } from "~/features/content/defaults-vi";
import { countReviews, getProductReviews, seedDemoReviews } from "~/features/reviews/reviews.server";
import { getSettings, saveSetting } from "~/features/settings/settings.server";
import { expectAppError } from "~/test/app-error";
import { setUpTestDatabase } from "~/test/database";
import { insertCustomer, insertOrder } from "~/test/orders-fixture";
import { confirmGoLiveItem, getGoLiveChecklist, goLive, type GoLiveEnvironment } from "./go-live.server";
import { seedReviewsData } from "./seed-data";

// The go-live checklist and action (issue 31) on a freshly seeded demo shop, in order.
const { db } = await setUpTestDatabase({ seed: "shop" });

/** A server started without PUBLIC_URL and SMTP (how the demo runs). */
const BARE: GoLiveEnvironment = { publicUrl: "http://localhost:3000", publicOrigins: [], smtpUrl: undefined, smtpFrom: undefined };
const READY: GoLiveEnvironment = {
  publicUrl: "https://shop.example.vn",
  publicOrigins: ["https://shop.example.vn"],
  smtpUrl: "smtps://shop:secret@mail.example.vn:465",
  smtpFrom: "Shop <don-hang@shop.example.vn>",
};
const OWNER = { name: "Chủ shop" };

const statusOf = async (environment: GoLiveEnvironment) =>
  Object.fromEntries((await getGoLiveChecklist(db, environment)).items.map((item) => [item.key, item.done]));

async function testimonialsSection() {
  const [section] = await db
    .select()
    .from(sections)
    .where(and(eq(sections.pageName, "home"), eq(sections.sectionKey, "testimonials")));
  return section;
}

const setQuotes = async (locale: "vi" | "en", value: unknown) =>
  db
    .update(sectionContent)
    .set({ contentValue: JSON.stringify(value, null, 2) })
    .where(
      and(
        eq(sectionContent.sectionId, (await testimonialsSection()).id),
        eq(sectionContent.contentKey, "testimonials"),
        eq(sectionContent.locale, locale),
      ),
    );

/** An approved review a buyer wrote from a delivered order. */
async function buyerReview() {
  const customer = await insertCustomer(db);
  const { productId } = (await db.select().from(productReviews).limit(1))[0];
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  const order = await insertOrder(db, { customer, status: "delivered", lines: [{ product, quantity: 1 }] });
  const [row] = await db
    .insert(productReviews)
    .values({ productId, orderId: order.id, rating: 5, body: "Mua thật, dùng tốt.", displayName: "Khách thật", status: "approved" })
    .returning();
  return row;
}

describe("the go-live checklist", () => {
  it("says what a freshly seeded shop still needs, from its settings and the server's environment", async () => {
    const checklist = await getGoLiveChecklist(db, BARE);
    expect(checklist.live).toBeNull();
    expect(checklist.ready).toBe(false);
    expect(Object.fromEntries(checklist.items.map((item) => [item.key, item.done]))).toEqual({
      business: false,
      contact: false,
      moit: false,
      publicUrl: false,
      shipping: false,
      payment: true,
      email: false,
      policies: false,
    });
    const business = checklist.items.find((item) => item.key === "business")!;
    // The seed's invented company is named as such, field by field.
    expect(business.detail).toBe(
      "Còn trống hoặc vẫn là thông tin mẫu: tên doanh nghiệp, mã số doanh nghiệp, nơi cấp và ngày cấp, địa chỉ đăng ký, số điện thoại, email.",
    );
    expect(business).toMatchObject({ required: true, href: "/admin/settings?tab=legal" });
    expect(checklist.items.find((item) => item.key === "publicUrl")!.detail).toContain("PUBLIC_URL chưa được đặt");
    expect(checklist.items.find((item) => item.key === "payment")!.detail).toMatch(
      /^Thanh toán khi nhận hàng \(COD\), tối đa 20 sản phẩm và 20\.000\.000\s?₫ một đơn\.$/,
    );
    expect(checklist.samples.reviews).toBeGreaterThan(0);
    expect(checklist.samples.testimonials).toBe(true);
  });

  it("refuses to go live while the business details are the demo's, and changes nothing", async () => {
    const before = await countReviews(db);
    await expectAppError(goLive(db, READY, OWNER), "invalid", /^Chưa thể mở bán: thông tin doanh nghiệp/);
    expect(await countReviews(db)).toEqual(before);
    expect((await getSettings(db)).launch.liveAt).toBeNull();
    expect((await testimonialsSection()).isActive).toBe(true);
  });

  it("ticks each item as its real setting is made; an http PUBLIC_URL is not enough", async () => {
    await saveSetting(db, "legal", {
      businessName: "Công ty TNHH Sạch Khuẩn",
      taxCode: "0109876543",
      registration: "Sở Tài chính Hà Nội cấp ngày 02/01/2026",
      registeredAddress: "12 Lý Thường Kiệt, Phường Cửa Nam, Hà Nội",
      hotline: "024 3999 8888",
      email: "lienhe@sachkhuan.vn",
      moitNotificationUrl: "http://online.gov.vn/Home/WebDetails/123456",
    });
    expect(await statusOf(BARE)).toMatchObject({ business: true, contact: false, moit: true });
    await saveSetting(db, "store", {
      storeName: "Sạch Khuẩn",
      email: "cskh@sachkhuan.vn",
      phone: "024 3999 8888",
      address: "12 Lý Thường Kiệt, Hà Nội",
    });
    expect((await getGoLiveChecklist(db, BARE)).ready).toBe(true);
    const http = { ...READY, publicUrl: "http://shop.example.vn", publicOrigins: ["http://shop.example.vn"] };
    expect(await statusOf(http)).toMatchObject({ publicUrl: false, email: true });
    expect((await statusOf(READY)).publicUrl).toBe(true);

    // Only the owner can vouch for shipping by hand and for policies read: confirmed by name.
    await confirmGoLiveItem(db, "shipping", OWNER, new Date("2026-11-29T01:00:00Z"));
    expect(await confirmGoLiveItem(db, "shipping", { name: "Người khác" })).toEqual({ alreadyConfirmed: true });
    await confirmGoLiveItem(db, "policies", OWNER);
    await expectAppError(confirmGoLiveItem(db, "business", OWNER), "invalid", "Mục này không cần xác nhận");
    const checklist = await getGoLiveChecklist(db, READY);
    expect(checklist.items.every((item) => item.done)).toBe(true);
    expect(checklist.items.find((item) => item.key === "shipping")!.confirmedBy).toEqual({
      at: "2026-11-29T01:00:00.000Z",
      by: "Chủ shop",
    });
  });
});

describe("going live", () => {
  it("removes the sample reviews, keeps buyers' reviews and testimonials the merchant wrote, and records who and when", async () => {
    const real = await buyerReview();
    const own = [{ id: 1, name: "Chị Mai", role: "Khách quen, Hà Nội", text: "Tôi tự viết.", rating: 5 }];
    await setQuotes("vi", own);
    const now = new Date("2026-11-29T02:00:00Z");

    const done = await db.transaction((tx) => goLive(tx, READY, OWNER, now));
    expect(done.alreadyLive).toBe(false);
    expect(done.removedReviews).toBeGreaterThan(0);
    expect(done.hiddenTestimonials).toBe(false);
    expect((await countReviews(db)).demo).toBe(0);
    expect((await db.select({ id: productReviews.id }).from(productReviews)).map((r) => r.id)).toEqual([real.id]);
    expect((await testimonialsSection()).isActive).toBe(true);
    expect((await getSettings(db)).launch).toMatchObject({ liveAt: now.toISOString(), liveBy: "Chủ shop" });
    expect((await getGoLiveChecklist(db, READY)).live).toEqual({ at: now.toISOString(), by: "Chủ shop" });
  });

  it("a second go-live changes nothing and says so", async () => {
    const settingsBefore = await getSettings(db);
    await seedDemoReviews(db, seedReviewsData); // a sample that came back (e.g. a restored backup) stays hidden on a live shop
    const again = await db.transaction((tx) => goLive(tx, READY, { name: "Người khác" }));
    expect(again).toEqual({ alreadyLive: true, removedReviews: 0, hiddenTestimonials: false });
    expect(await getSettings(db)).toEqual(settingsBefore);
    const [sample] = await db.select().from(productReviews).where(eq(productReviews.isDemo, true)).limit(1);
    const page = await getProductReviews(db, sample.productId, 100, "none");
    expect(page.reviews.every((review) => !review.isDemo)).toBe(true);
  });

  it("hides the home page's seeded testimonials (rows kept, for the merchant's own)", async () => {
    // Back to a demo with the seeded quotes in both languages.
    await saveSetting(db, "launch", { ...(await getSettings(db)).launch, liveAt: null, liveBy: null });
    await setQuotes("vi", contentDefaultsVi.home.testimonials.testimonials);
    expect((await getGoLiveChecklist(db, READY)).samples).toMatchObject({ testimonials: true });

    const done = await db.transaction((tx) => goLive(tx, READY, OWNER));
    expect(done).toMatchObject({ alreadyLive: false, hiddenTestimonials: true });
    const section = await testimonialsSection();
    expect(section.isActive).toBe(false);
    expect(await db.select().from(sectionContent).where(eq(sectionContent.sectionId, section.id))).not.toEqual([]);
    expect((await getGoLiveChecklist(db, READY)).samples).toEqual({ reviews: 0, testimonials: false });
  });
});

