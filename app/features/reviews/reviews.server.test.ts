import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customers, orderItems, orderStatusHistory, orders, productReviews, products, user } from "~/db/schema";
import { IMAGE_TYPE_MESSAGE } from "~/lib/image-variants";
import { expectAppError } from "~/test/app-error";
import { setUpTestDatabase } from "~/test/database";
import { insertCustomer, insertOrder, insertProduct } from "~/test/orders-fixture";
import { translatorFor } from "~/server/i18n.server";
import { createLocalStorage } from "~/server/storage.server";
import { onStorefrontChange } from "~/server/storefront-events.server";
import { defaultReviewerName, formatAverage, REVIEWS_PAGE_SIZE } from "./review-rules";
import {
  countReviews,
  deleteDemoReviews,
  getProductReviews,
  getStorefrontProductReviews,
  sampleReviewsFor,
  listReviews,
  replyToReview,
  REVIEW_LINK_TTL_MS,
  reviewableOrderOf,
  reviewLinkFor,
  reviewToken,
  seedDemoReviews,
  setReviewStatus,
  submitReview,
} from "./reviews.server";

const { db } = await setUpTestDatabase({
  resetTables: [productReviews, orderStatusHistory, orderItems, orders, customers, products],
});
const SECRET = "r".repeat(32);
const links = { siteUrl: "https://shop.example.vn", secret: SECRET };
const uploadsDir = mkdtempSync(path.join(tmpdir(), "review-uploads-"));
const storage = createLocalStorage(uploadsDir);
const vi = translatorFor("vi");

const storedFiles = () => readdirSync(uploadsDir, { recursive: true }).filter((f) => String(f).includes("."));
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 58, g: 175, b: 169 } } })
    .png()
    .toBuffer()
    .then((b) => new Uint8Array(b));

/** A delivered order (unless told) of two products, placed by Nguyễn Văn An. */
async function deliveredOrder(status: "delivered" | "shipped" = "delivered") {
  const customer = await insertCustomer(db, { firstName: "Văn An", lastName: "Nguyễn" });
  const sterilizer = await insertProduct(db, { name: "Máy tiệt trùng" });
  const kase = await insertProduct(db, { name: "Hộp đựng", categoryId: sterilizer.categoryId });
  const order = await insertOrder(db, {
    customer,
    status,
    lines: [
      { product: sterilizer, quantity: 1 },
      { product: kase, quantity: 2 },
    ],
  });
  const token = new URL(reviewLinkFor(order, links)).searchParams.get("token")!;
  return { order, sterilizer, kase, token };
}

const fields = (productId: number, over: Record<string, unknown> = {}) => ({
  productId: String(productId),
  rating: "5",
  title: "Rất tốt",
  body: "Máy nhỏ gọn, dùng mỗi tối rất tiện.",
  displayName: "Văn An N.",
  ...over,
});

const reviewRows = () => db.select().from(productReviews);

describe("the review link", () => {
  it("names the order, in its language, and opens the order's products", async () => {
    const { order, sterilizer, kase, token } = await deliveredOrder();
    expect(reviewLinkFor(order, links)).toMatch(/^https:\/\/shop\.example\.vn\/reviews\/new\?token=/);
    expect(reviewLinkFor({ id: order.id, locale: "en" }, links)).toMatch(
      /^https:\/\/shop\.example\.vn\/en\/reviews\/new\?token=/,
    );
    const reviewable = await reviewableOrderOf(db, token, SECRET);
    expect(reviewable).toMatchObject({ orderId: order.id, orderNumber: order.orderNumber, defaultName: "Văn An N." });
    expect(reviewable.items.map((i) => [i.productId, i.reviewed])).toEqual([
      [sterilizer.id, false],
      [kase.id, false],
    ]);
  });

  it("is refused when expired, not ours, of another purpose, for an unknown order, or before delivery", async () => {
    const { order, token } = await deliveredOrder();
    const now = new Date();
    const later = new Date(now.getTime() + REVIEW_LINK_TTL_MS + 1000);
    await expectAppError(reviewableOrderOf(db, token, SECRET, later), "invalid", "reviews.errors.expiredLink");
    await expectAppError(reviewableOrderOf(db, token, "x".repeat(32)), "invalid", "reviews.errors.invalidLink");
    await expectAppError(reviewableOrderOf(db, "garbage", SECRET), "invalid", "reviews.errors.invalidLink");
    // A token signed for another order names that order, not this one: an unknown id is refused.
    const otherOrder = reviewToken("00000000-0000-4000-8000-000000000000", new Date(now.getTime() + 60_000), SECRET);
    await expectAppError(reviewableOrderOf(db, otherOrder, SECRET), "invalid", "reviews.errors.invalidLink");
    const shipped = await deliveredOrder("shipped");
    await expectAppError(reviewableOrderOf(db, shipped.token, SECRET), "invalid", "reviews.errors.notDelivered");
    expect(vi("reviews.errors.notDelivered")).toMatch(/chưa được giao/);
    expect(order.id).not.toBe(shipped.order.id);
  });
});

describe("a buyer's review", () => {
  it("is stored pending, once per product per order, with its photos", async () => {
    const { order, sterilizer, kase, token } = await deliveredOrder();
    const { id } = await submitReview(
      db,
      storage,
      { token, fields: fields(sterilizer.id), photos: [await png()] },
      SECRET,
    );
    const [row] = await reviewRows();
    expect(row).toMatchObject({
      id,
      productId: sterilizer.id,
      orderId: order.id,
      rating: 5,
      title: "Rất tốt",
      displayName: "Văn An N.",
      status: "pending",
      isDemo: false,
    });
    expect(row.photos).toHaveLength(1);
    expect(row.photos[0].url).toMatch(new RegExp(`^/uploads/reviews/${sterilizer.id}/.+\\.webp$`));
    expect((await reviewableOrderOf(db, token, SECRET)).items.map((i) => i.reviewed)).toEqual([true, false]);

    // The same product again from the same order: refused, nothing more written or stored.
    const files = storedFiles().length;
    await expectAppError(
      submitReview(db, storage, { token, fields: fields(sterilizer.id), photos: [await png()] }, SECRET),
      "conflict",
      "reviews.errors.alreadyReviewed",
    );
    expect(storedFiles().length).toBe(files);
    // The other product of the order is still open; an empty title is no title.
    await submitReview(db, storage, { token, fields: fields(kase.id, { title: "  " }), photos: [] }, SECRET);
    expect((await reviewRows()).map((r) => r.title).sort()).toEqual(["Rất tốt", null].sort());
  });

  it("refuses a bad rating, text, name, product or photo with the page's message and writes nothing", async () => {
    const { sterilizer, token } = await deliveredOrder();
    const stranger = await insertProduct(db);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ rating: "0" }, "reviews.errors.rating", "Vui lòng chọn số sao từ 1 đến 5."],
      [{ rating: "6" }, "reviews.errors.rating", "Vui lòng chọn số sao từ 1 đến 5."],
      [{ rating: "4.5" }, "reviews.errors.rating", "Vui lòng chọn số sao từ 1 đến 5."],
      [{ rating: undefined }, "reviews.errors.rating", "Vui lòng chọn số sao từ 1 đến 5."],
      [{ body: "Tốt" }, "reviews.errors.bodyShort", "Nội dung đánh giá cần ít nhất 10 ký tự."],
      [{ body: "a".repeat(2001) }, "reviews.errors.bodyLong", "Nội dung đánh giá tối đa 2000 ký tự."],
      [{ title: "t".repeat(121) }, "reviews.errors.titleLong", "Tiêu đề tối đa 120 ký tự."],
      [{ displayName: "   " }, "reviews.errors.name", "Vui lòng nhập tên hiển thị (tối đa 60 ký tự)."],
    ];
    for (const [over, key, text] of cases) {
      const error = await expectAppError(
        submitReview(db, storage, { token, fields: fields(sterilizer.id, over), photos: [] }, SECRET),
        "invalid",
        key,
      );
      expect(vi(key as never)).toBe(text);
      expect(Object.values(error.fieldErrors ?? {})).toContain(key);
    }
    await expectAppError(
      submitReview(db, storage, { token, fields: fields(stranger.id), photos: [] }, SECRET),
      "invalid",
      "reviews.errors.notInOrder",
    );
    const photo = await png();
    await expectAppError(
      submitReview(db, storage, { token, fields: fields(sterilizer.id), photos: [photo, photo, photo, photo] }, SECRET),
      "invalid",
      "reviews.errors.tooManyPhotos",
    );
    const before = storedFiles().length;
    await expectAppError(
      submitReview(
        db,
        storage,
        { token, fields: fields(sterilizer.id), photos: [photo, new TextEncoder().encode("not an image")] },
        SECRET,
      ),
      "invalid",
      IMAGE_TYPE_MESSAGE,
    );
    expect(storedFiles().length).toBe(before);
    expect(await reviewRows()).toEqual([]);
  });

  it("is refused before delivery and after the link expires", async () => {
    const shipped = await deliveredOrder("shipped");
    await expectAppError(
      submitReview(db, storage, { token: shipped.token, fields: fields(shipped.sterilizer.id), photos: [] }, SECRET),
      "invalid",
      "reviews.errors.notDelivered",
    );
    const { sterilizer, token } = await deliveredOrder();
    const later = new Date(Date.now() + REVIEW_LINK_TTL_MS + 1000);
    await expectAppError(
      submitReview(db, storage, { token, fields: fields(sterilizer.id), photos: [] }, SECRET, later),
      "invalid",
      "reviews.errors.expiredLink",
    );
    expect(await reviewRows()).toEqual([]);
  });
});

describe("moderation and the product page", () => {
  it("a product's page shows its variants' reviews with its own (each review is of the row that was sold)", async () => {
    const { sterilizer, kase } = await deliveredOrder();
    const pink = await insertProduct(db, { name: "Máy tiệt trùng – Hồng", categoryId: sterilizer.categoryId });
    await db.update(products).set({ parentId: sterilizer.id, variantLabel: "Hồng" }).where(eq(products.id, pink.id));
    await seedDemoReviews(db, [
      { productSku: pink.sku, rating: 5, body: "Màu hồng đẹp.", displayName: "Mẫu H.", daysAgo: 2 },
      { productSku: sterilizer.sku, rating: 3, body: "Dùng được.", displayName: "Mẫu S.", daysAgo: 5 },
      { productSku: kase.sku, rating: 1, body: "Sản phẩm khác.", displayName: "Mẫu K.", daysAgo: 1 },
    ]);
    const page = await getProductReviews(db, sterilizer.id, REVIEWS_PAGE_SIZE, "labelled");
    expect(page.reviews.map((r) => r.displayName)).toEqual(["Mẫu H.", "Mẫu S."]);
    expect(page.summary).toMatchObject({ count: 2, average: 4 });
    expect((await getProductReviews(db, pink.id, REVIEWS_PAGE_SIZE, "labelled")).reviews.map((r) => r.displayName)).toEqual(["Mẫu H."]);
  });

  it("shows approved reviews only, with the average, count and distribution; demo ones apart from real buyers'", async () => {
    const changes: string[] = [];
    const stop = onStorefrontChange((change) => changes.push(change));
    const { sterilizer, kase, token } = await deliveredOrder();
    await seedDemoReviews(db, [
      { productSku: sterilizer.sku, rating: 3, body: "Mẫu: dùng được.", displayName: "Mẫu A.", daysAgo: 30 },
      { productSku: kase.sku, rating: 5, body: "Mẫu khác.", displayName: "Mẫu B.", daysAgo: 3 },
      { productSku: "NO-SUCH-SKU", rating: 5, body: "Bỏ qua.", displayName: "Không có", daysAgo: 1 },
    ]);
    const { id } = await submitReview(
      db,
      storage,
      { token, fields: fields(sterilizer.id, { rating: "4" }), photos: [] },
      SECRET,
    );

    let page = await getStorefrontProductReviews(db, sterilizer.id, REVIEWS_PAGE_SIZE, "labelled");
    expect(page.summary.count).toBe(1);
    expect(page.verified).toEqual({ count: 0, average: 0 });
    expect(page.reviews.map((r) => [r.displayName, r.isDemo])).toEqual([["Mẫu A.", true]]);

    await setReviewStatus(db, id, "approved");
    expect(changes).toContain("reviews");
    await db.insert(user).values({ id: "u-1", name: "Chủ shop", email: "chu@shop.vn" }).onConflictDoNothing();
    await replyToReview(db, id, "  Cảm ơn anh An!  ", { userId: "u-1", name: "Chủ shop" });
    page = await getStorefrontProductReviews(db, sterilizer.id, REVIEWS_PAGE_SIZE, "labelled");
    expect(page.summary).toEqual({
      count: 2,
      average: 3.5,
      distribution: [
        { rating: 5, count: 0 },
        { rating: 4, count: 1 },
        { rating: 3, count: 1 },
        { rating: 2, count: 0 },
        { rating: 1, count: 0 },
      ],
    });
    expect(page.verified).toEqual({ count: 1, average: 4 });
    expect(page.reviews.map((r) => r.displayName)).toEqual(["Văn An N.", "Mẫu A."]);
    expect(page.reviews[0].reply?.text).toBe("Cảm ơn anh An!");
    // The JSON-LD's day: the shop's calendar day.
    expect(page.reviews[1].publishedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(formatAverage(page.summary.average, "vi-VN")).toBe("3,5");
    expect(formatAverage(4, "en-GB")).toBe("4.0");

    // "Show more": one at a time says there is more.
    const first = await getStorefrontProductReviews(db, sterilizer.id, 1, "labelled");
    expect(first.reviews).toHaveLength(1);
    expect(first.hasMore).toBe(true);

    await setReviewStatus(db, id, "hidden");
    page = await getStorefrontProductReviews(db, sterilizer.id, REVIEWS_PAGE_SIZE, "labelled");
    expect(page.reviews.map((r) => r.displayName)).toEqual(["Mẫu A."]);
    expect(page.verified.count).toBe(0);

    expect(await countReviews(db)).toEqual({ pending: 0, approved: 2, hidden: 1, demo: 2 });
    expect((await listReviews(db, { filter: "hidden" })).rows.map((r) => [r.id, r.productName, r.replyByName])).toEqual(
      [[id, sterilizer.name, "Chủ shop"]],
    );
    expect((await listReviews(db, { filter: "demo" })).total).toBe(2);
    expect((await listReviews(db)).total).toBe(3);

    // An empty reply removes it.
    await replyToReview(db, id, "", { userId: "u-1", name: "Chủ shop" });
    const [row] = await db.select().from(productReviews).where(eq(productReviews.id, id));
    expect(row).toMatchObject({ replyText: null, replyByName: null, repliedAt: null });
    await expectAppError(setReviewStatus(db, 999_999, "approved"), "not_found");
    stop();
  });

  it("once the shop is live, shows no sample review: neither in the list nor in the figures (issue 31)", async () => {
    const { sterilizer, token } = await deliveredOrder();
    await seedDemoReviews(db, [
      { productSku: sterilizer.sku, rating: 1, body: "Mẫu: tệ.", displayName: "Mẫu Live", daysAgo: 1 },
    ]);
    const { id } = await submitReview(
      db,
      storage,
      { token, fields: fields(sterilizer.id, { rating: "5" }), photos: [] },
      SECRET,
    );
    await setReviewStatus(db, id, "approved");

    const demo = await getStorefrontProductReviews(db, sterilizer.id, REVIEWS_PAGE_SIZE, "labelled");
    expect(demo.reviews.map((r) => [r.displayName, r.isDemo])).toEqual([
      ["Văn An N.", false],
      ["Mẫu Live", true],
    ]);
    expect(demo.summary).toMatchObject({ count: 2, average: 3 });

    // The same cache, asked for a live shop: the sample is gone from the list and the figures.
    const live = await getStorefrontProductReviews(db, sterilizer.id, REVIEWS_PAGE_SIZE, "none");
    expect(live.reviews.map((r) => [r.displayName, r.isDemo])).toEqual([["Văn An N.", false]]);
    expect(live.summary).toMatchObject({ count: 1, average: 5 });
    expect(live.verified).toEqual({ count: 1, average: 5 });
    expect(sampleReviewsFor(null)).toBe("labelled");
    expect(sampleReviewsFor("2026-11-29T07:00:00.000Z")).toBe("none");
  });

  it("removes every demo review in one action and leaves buyers' reviews", async () => {
    const { sterilizer, token } = await deliveredOrder();
    await seedDemoReviews(db, [
      { productSku: sterilizer.sku, rating: 5, body: "Mẫu một.", displayName: "Mẫu", daysAgo: 2 },
      { productSku: sterilizer.sku, rating: 4, body: "Mẫu hai.", displayName: "Mẫu", daysAgo: 1 },
    ]);
    await submitReview(db, storage, { token, fields: fields(sterilizer.id), photos: [] }, SECRET);
    expect(await deleteDemoReviews(db)).toBe(2);
    expect((await reviewRows()).map((r) => r.isDemo)).toEqual([false]);
    expect(await deleteDemoReviews(db)).toBe(0);
  });

  it("keeps the rating and the demo rule in the database too", async () => {
    const product = await insertProduct(db);
    await expect(
      db.insert(productReviews).values({ productId: product.id, rating: 6, body: "x", displayName: "x", isDemo: true }),
    ).rejects.toThrow();
    // The form's text limit holds in the table too (review-rules.ts and the table's check agree).
    await expect(
      db
        .insert(productReviews)
        .values({ productId: product.id, rating: 5, body: "a".repeat(2001), displayName: "x", isDemo: true }),
    ).rejects.toThrow();
    // Only a demo review may have no order.
    await expect(
      db.insert(productReviews).values({ productId: product.id, rating: 5, body: "x", displayName: "x" }),
    ).rejects.toThrow();
    expect(await reviewRows()).toEqual([]);
  });
});

describe("the reviewer's default name", () => {
  it("is the given name and the family initial", () => {
    expect(defaultReviewerName({ firstName: "Văn An", lastName: "Nguyễn" }, "vi")).toBe("Văn An N.");
    expect(defaultReviewerName({ firstName: "Nguyễn Văn An", lastName: "" }, "vi")).toBe("Văn An N.");
    expect(defaultReviewerName({ firstName: "John Smith", lastName: "" }, "en")).toBe("John S.");
    expect(defaultReviewerName({ firstName: "Lan", lastName: "" }, "vi")).toBe("Lan");
    expect(defaultReviewerName({ firstName: "Hoa", lastName: "đặng" }, "vi")).toBe("Hoa Đ.");
  });
});
