import { and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import { orderItems, orders, productReviews, products, type ReviewPhoto, type ReviewStatus } from "~/db/schema";
import { fieldErrorsOf } from "~/lib/form-fields";
import { MAX_IMAGE_BYTES } from "~/lib/image-variants";
import { SHOP_TIME_ZONE, shopDayIso } from "~/lib/dates";
import { INTL_LOCALE, localizedPath, type Locale } from "~/lib/i18n/locale";
import { ADMIN_PAGE_SIZE, type Page } from "~/lib/pagination";
import type { Db, Tx } from "~/server/db.server";
import { uniqueViolation } from "~/server/db-errors.server";
import { AppError } from "~/server/errors.server";
import { assertAcceptedImage, deleteStoredFiles, storeImageVariants } from "~/server/image-upload.server";
import { signToken, verifyToken } from "~/server/signed-token.server";
import type { Storage } from "~/server/storage.server";
import { cachedUntilStorefrontChange } from "~/server/storefront-cache.server";
import { announceStorefrontChange } from "~/server/storefront-events.server";
import { defaultReviewerName, REVIEW_PHOTOS_MAX } from "./review-rules";
import { reviewFormSchema, reviewMessages, type DemoReview, type ReviewFilter } from "./reviews.schema";

export type { DemoReview } from "./reviews.schema";

/*
 * Product reviews (issue 19 item 2, decision 0037): a buyer of a delivered order reviews what
 * they bought from a signed link (the delivered e-mail carries it); staff approve, hide and reply
 * in the console; the product page shows the approved ones. Seeded demo reviews are marked and
 * removed in one action.
 */

const TOKEN_PURPOSE = "review-order";
/** A review's form: REVIEW_PHOTOS_MAX photos of MAX_IMAGE_BYTES, plus the text fields. */
export const MAX_REVIEW_REQUEST_BYTES = REVIEW_PHOTOS_MAX * MAX_IMAGE_BYTES + 1024 * 1024;

/** How long the link of a delivered e-mail works. */
export const REVIEW_LINK_TTL_MS = 60 * 24 * 60 * 60 * 1000;

/** Where the review link points and what signs it. */
export interface ReviewLinkContext {
  /** The shop's public origin (PUBLIC_URL), never a request's Host: the link goes to a mailbox. */
  siteUrl: string;
  /** AUTH_SECRET. */
  secret: string;
}

/** The signed token of a review link: the order and when the link stops working. */
export function reviewToken(orderId: string, expiresAt: Date, secret: string): string {
  return signToken(TOKEN_PURPOSE, `${orderId}:${expiresAt.getTime()}`, secret);
}

/**
 * The link of the delivered e-mail: `/reviews/new?token=…` in the order's language, valid
 * REVIEW_LINK_TTL_MS from `now`, naming the order. The page answers only while the order is
 * delivered.
 */
export function reviewLinkFor(
  order: { id: string; locale?: Locale | null },
  links: ReviewLinkContext,
  now: Date = new Date(),
): string {
  const token = reviewToken(order.id, new Date(now.getTime() + REVIEW_LINK_TTL_MS), links.secret);
  return `${links.siteUrl}${localizedPath("/reviews/new", order.locale ?? "vi")}?token=${token}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The order a review link names; refuses a link that is not ours or has expired. */
function orderIdOfToken(token: string, secret: string, now: Date): string {
  const value = verifyToken(TOKEN_PURPOSE, token, secret);
  const match = value ? /^([0-9a-f-]{36}):(\d{1,15})$/.exec(value) : null;
  if (!match || !UUID.test(match[1])) throw new AppError("invalid", reviewMessages.invalidLink);
  if (Number(match[2]) <= now.getTime()) throw new AppError("invalid", reviewMessages.expiredLink);
  return match[1];
}

export interface ReviewableItem {
  productId: number;
  name: string;
  image: string | null;
  /** This order's review of the product, when already written. */
  reviewed: boolean;
}

export interface ReviewableOrder {
  orderId: string;
  orderNumber: number;
  /** The name the form suggests (given name + family initial). */
  defaultName: string;
  items: ReviewableItem[];
}

/**
 * The order of a review link with the products it can review (each once; a product since deleted
 * is left out). Refuses (AppError "invalid", a catalogue key) a link that is not ours, expired,
 * names no order, or whose order is not delivered.
 */
export async function reviewableOrderOf(
  db: Db | Tx,
  token: string,
  secret: string,
  now: Date = new Date(),
): Promise<ReviewableOrder> {
  const orderId = orderIdOfToken(token, secret, now);
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      firstName: orders.firstName,
      lastName: orders.lastName,
      locale: orders.locale,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new AppError("invalid", reviewMessages.invalidLink);
  if (order.status !== "delivered") throw new AppError("invalid", reviewMessages.notDelivered);
  const lines = await db
    .select({ productId: products.id, name: products.name, image: orderItems.productImage })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  const reviewed = new Set(
    (
      await db
        .select({ productId: productReviews.productId })
        .from(productReviews)
        .where(eq(productReviews.orderId, orderId))
    ).map((row) => row.productId),
  );
  const seen = new Set<number>();
  const items: ReviewableItem[] = [];
  for (const line of lines) {
    if (seen.has(line.productId)) continue;
    seen.add(line.productId);
    items.push({ ...line, reviewed: reviewed.has(line.productId) });
  }
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    defaultName: defaultReviewerName(order, order.locale),
    items,
  };
}

/**
 * A buyer's review of one product of the order a link names, waiting for moderation. Everything
 * is checked before anything is written: the link and the order (delivered), the fields (rating
 * 1–5, text length, name), the product (in the order, not reviewed yet from it), the photos
 * (at most REVIEW_PHOTOS_MAX, each through the image pipeline's checks). A refusal stores
 * nothing; photos stored before a refused insert are removed again.
 */
export async function submitReview(
  db: Db | Tx,
  storage: Storage,
  input: { token: string; fields: Record<string, unknown>; photos: Uint8Array[] },
  secret: string,
  now: Date = new Date(),
): Promise<{ id: number }> {
  const order = await reviewableOrderOf(db, input.token, secret, now);
  const parsed = reviewFormSchema.safeParse(input.fields);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    throw new AppError("invalid", Object.values(fieldErrors)[0] ?? reviewMessages.bodyShort, fieldErrors);
  }
  const form = parsed.data;
  const item = order.items.find((line) => line.productId === form.productId);
  if (!item) throw new AppError("invalid", reviewMessages.notInOrder);
  if (item.reviewed) throw new AppError("conflict", reviewMessages.alreadyReviewed);
  if (input.photos.length > REVIEW_PHOTOS_MAX) {
    throw new AppError("invalid", reviewMessages.tooManyPhotos, { photos: reviewMessages.tooManyPhotos });
  }
  for (const bytes of input.photos) assertAcceptedImage(bytes, "photos");

  const photos: ReviewPhoto[] = [];
  try {
    for (const bytes of input.photos) {
      const stored = await storeImageVariants(storage, `reviews/${form.productId}`, bytes, "photos");
      photos.push({ url: stored.url, width: stored.width, height: stored.height });
    }
    const [row] = await db
      .insert(productReviews)
      .values({
        productId: form.productId,
        orderId: order.orderId,
        rating: form.rating,
        title: form.title,
        body: form.body,
        displayName: form.displayName,
        photos,
        status: "pending",
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: productReviews.id });
    return row;
  } catch (error) {
    await deleteStoredFiles(
      storage,
      photos.map((photo) => photo.url),
    ).catch(() => undefined);
    if (uniqueViolation(error) === "product_reviews_order_product_unique") {
      throw new AppError("conflict", reviewMessages.alreadyReviewed);
    }
    throw error;
  }
}

// ——— The product page ———

export interface ReviewSummary {
  count: number;
  /** The mean rating (0 when there is none). */
  average: number;
  /** How many reviews gave each rating, 5 down to 1. */
  distribution: Array<{ rating: number; count: number }>;
}

export interface ShownReview {
  id: number;
  rating: number;
  title: string | null;
  body: string;
  displayName: string;
  photos: ReviewPhoto[];
  isDemo: boolean;
  createdAt: Date;
  /** The shop's calendar day it was written (YYYY-MM-DD, Asia/Ho_Chi_Minh): the JSON-LD's datePublished. */
  publishedOn: string;
  reply: { text: string; at: Date | null } | null;
}

export interface ProductReviews {
  /** Every approved review (demo ones included: they are shown, labelled). */
  summary: ReviewSummary;
  /** Approved reviews of real buyers only: the figures the JSON-LD may state. */
  verified: { count: number; average: number };
  /** The newest approved reviews, `shown` of them. */
  reviews: ShownReview[];
  hasMore: boolean;
}

function summaryOf(counts: Map<number, number>): ReviewSummary {
  const distribution = [5, 4, 3, 2, 1].map((rating) => ({ rating, count: counts.get(rating) ?? 0 }));
  const total = distribution.reduce((sum, row) => sum + row.count, 0);
  const points = distribution.reduce((sum, row) => sum + row.rating * row.count, 0);
  return { count: total, average: total === 0 ? 0 : Math.round((points / total) * 10) / 10, distribution };
}

/**
 * getProductReviews for the product page, kept until the next storefront change: approving,
 * hiding, answering or deleting a shown review announces one, and so does going live.
 */
export function getStorefrontProductReviews(
  db: Db,
  productId: number,
  shown: number,
  samples: SampleReviews,
): Promise<ProductReviews> {
  return cachedProductReviews(db, `${productId}:${shown}:${samples}`);
}

const cachedProductReviews = cachedUntilStorefrontChange((db: Db, key: `${number}:${number}:${SampleReviews}`) => {
  const [productId, shown, samples] = key.split(":");
  return getProductReviews(db, Number(productId), Number(shown), samples as SampleReviews);
});

/**
 * Whether the seeded sample reviews may show (issue 31): "labelled" while the shop is a demo
 * (each one says "Đánh giá mẫu"), "none" once it is live: a live shop shows only what buyers wrote.
 */
export type SampleReviews = "labelled" | "none";

/** The caller's answer from the shop's go-live state (settings `launch.liveAt`). */
export const sampleReviewsFor = (liveAt: string | null): SampleReviews => (liveAt ? "none" : "labelled");

/**
 * The product page's reviews: the approved ones' figures and the `shown` newest, of the product
 * and of its variants together (a review is written against the row that was sold, decision 0038);
 * the seeded samples among them only while `samples` is "labelled".
 */
export async function getProductReviews(
  db: Db | Tx,
  productId: number,
  shown: number,
  samples: SampleReviews,
): Promise<ProductReviews> {
  const variantIds = db.select({ id: products.id }).from(products).where(eq(products.parentId, productId));
  const approved = and(
    or(eq(productReviews.productId, productId), inArray(productReviews.productId, variantIds)),
    eq(productReviews.status, "approved"),
    samples === "none" ? eq(productReviews.isDemo, false) : undefined,
  );
  const [groups, rows] = await Promise.all([
    db
      .select({ rating: productReviews.rating, isDemo: productReviews.isDemo, n: count() })
      .from(productReviews)
      .where(approved)
      .groupBy(productReviews.rating, productReviews.isDemo),
    db
      .select({
        id: productReviews.id,
        rating: productReviews.rating,
        title: productReviews.title,
        body: productReviews.body,
        displayName: productReviews.displayName,
        photos: productReviews.photos,
        isDemo: productReviews.isDemo,
        createdAt: productReviews.createdAt,
        replyText: productReviews.replyText,
        repliedAt: productReviews.repliedAt,
      })
      .from(productReviews)
      .where(approved)
      .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
      .limit(shown + 1),
  ]);
  const all = new Map<number, number>();
  const real = new Map<number, number>();
  for (const group of groups) {
    all.set(group.rating, (all.get(group.rating) ?? 0) + group.n);
    if (!group.isDemo) real.set(group.rating, (real.get(group.rating) ?? 0) + group.n);
  }
  const verified = summaryOf(real);
  return {
    summary: summaryOf(all),
    verified: { count: verified.count, average: verified.average },
    reviews: rows.slice(0, shown).map(({ replyText, repliedAt, ...row }) => ({
      ...row,
      publishedOn: shopDayIso(row.createdAt),
      reply: replyText ? { text: replyText, at: repliedAt } : null,
    })),
    hasMore: rows.length > shown,
  };
}

/** Each review's date as the product page writes it ("20 tháng 11, 2026"), in the shop's time zone, by id. */
export function reviewDatesOf(reviews: Array<{ id: number; createdAt: Date }>, locale: Locale): Record<number, string> {
  const format = reviewDateFormats[locale];
  return Object.fromEntries(reviews.map((review) => [review.id, format.format(review.createdAt)]));
}

// Made once per language: building a formatter costs more than the page's dates (decision 0025).
const reviewDateFormats: Record<Locale, Intl.DateTimeFormat> = {
  vi: reviewDateFormat("vi"),
  en: reviewDateFormat("en"),
};

function reviewDateFormat(locale: Locale): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: SHOP_TIME_ZONE,
  });
}

// ——— Moderation (the console) ———

export interface ReviewListRow {
  id: number;
  productId: number;
  productName: string;
  orderId: string | null;
  orderNumber: number | null;
  rating: number;
  title: string | null;
  body: string;
  displayName: string;
  photos: ReviewPhoto[];
  status: ReviewStatus;
  isDemo: boolean;
  replyText: string | null;
  replyByName: string | null;
  repliedAt: Date | null;
  createdAt: Date;
}

function filterCondition(filter: ReviewFilter | undefined) {
  if (filter === "demo") return eq(productReviews.isDemo, true);
  return filter ? eq(productReviews.status, filter) : undefined;
}

/** The console's list, newest first, ADMIN_PAGE_SIZE a page (a page past the end shows the last). */
export async function listReviews(
  db: Db | Tx,
  options: { filter?: ReviewFilter; page?: number } = {},
): Promise<Page<ReviewListRow>> {
  const where = filterCondition(options.filter);
  const [{ total }] = await db.select({ total: count() }).from(productReviews).where(where);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const page = Math.min(Math.max(1, options.page ?? 1), pageCount);
  const rows = await db
    .select({
      id: productReviews.id,
      productId: productReviews.productId,
      productName: products.name,
      orderId: productReviews.orderId,
      orderNumber: orders.orderNumber,
      rating: productReviews.rating,
      title: productReviews.title,
      body: productReviews.body,
      displayName: productReviews.displayName,
      photos: productReviews.photos,
      status: productReviews.status,
      isDemo: productReviews.isDemo,
      replyText: productReviews.replyText,
      replyByName: productReviews.replyByName,
      repliedAt: productReviews.repliedAt,
      createdAt: productReviews.createdAt,
    })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .leftJoin(orders, eq(orders.id, productReviews.orderId))
    .where(where)
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return { rows, page, pageSize: ADMIN_PAGE_SIZE, total, pageCount };
}

/** How many reviews each filter shows. */
export async function countReviews(db: Db | Tx): Promise<Record<ReviewFilter, number>> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${productReviews.status} = 'pending')`.mapWith(Number),
      approved: sql<number>`count(*) filter (where ${productReviews.status} = 'approved')`.mapWith(Number),
      hidden: sql<number>`count(*) filter (where ${productReviews.status} = 'hidden')`.mapWith(Number),
      demo: sql<number>`count(*) filter (where ${productReviews.isDemo})`.mapWith(Number),
    })
    .from(productReviews);
  return row;
}

export const REVIEW_NOT_FOUND = "Không tìm thấy đánh giá (có thể đã bị xóa)";

/**
 * "Duyệt" (approved: shown on the product page) or "Ẩn" (hidden: taken off it). Announces the
 * storefront change so cached product pages show it at once.
 */
export async function setReviewStatus(db: Db | Tx, id: number, status: "approved" | "hidden"): Promise<void> {
  const changed = await db
    .update(productReviews)
    .set({ status })
    .where(eq(productReviews.id, id))
    .returning({ id: productReviews.id });
  if (changed.length === 0) throw new AppError("not_found", REVIEW_NOT_FOUND);
  await announceStorefrontChange(db, "reviews");
}

/** The shop's reply under a review (shown with it once approved); an empty text removes it. */
export async function replyToReview(
  db: Db | Tx,
  id: number,
  reply: string,
  by: { userId: string; name: string },
  now: Date = new Date(),
): Promise<void> {
  const text = reply.trim();
  const changed = await db
    .update(productReviews)
    .set(
      text
        ? { replyText: text, replyByUserId: by.userId, replyByName: by.name, repliedAt: now }
        : { replyText: null, replyByUserId: null, replyByName: null, repliedAt: null },
    )
    .where(eq(productReviews.id, id))
    .returning({ status: productReviews.status });
  if (changed.length === 0) throw new AppError("not_found", REVIEW_NOT_FOUND);
  if (changed[0].status === "approved") await announceStorefrontChange(db, "reviews");
}

/** "Xóa tất cả đánh giá mẫu": every seeded demo review goes. Returns how many. */
export async function deleteDemoReviews(db: Db | Tx): Promise<number> {
  const removed = await db
    .delete(productReviews)
    .where(eq(productReviews.isDemo, true))
    .returning({ id: productReviews.id });
  if (removed.length > 0) await announceStorefrontChange(db, "reviews");
  return removed.length;
}

/** The seed's demo reviews, approved and marked as demo, on the products named by SKU (unknown SKUs skipped). */
export async function seedDemoReviews(db: Db | Tx, reviews: DemoReview[], now: Date = new Date()): Promise<number> {
  if (reviews.length === 0) return 0;
  const found = await db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(inArray(products.sku, [...new Set(reviews.map((r) => r.productSku))]));
  const idOf = new Map(found.map((p) => [p.sku, p.id]));
  const rows = reviews.flatMap((review) => {
    const productId = idOf.get(review.productSku);
    if (productId === undefined) return [];
    const at = new Date(now.getTime() - review.daysAgo * 24 * 60 * 60 * 1000);
    return [
      {
        productId,
        rating: review.rating,
        title: review.title ?? null,
        body: review.body,
        displayName: review.displayName,
        status: "approved" as const,
        isDemo: true,
        createdAt: at,
        updatedAt: at,
      },
    ];
  });
  if (rows.length === 0) return 0;
  await db.insert(productReviews).values(rows);
  return rows.length;
}
