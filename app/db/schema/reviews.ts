import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { products } from "./catalog";
import { createdAt, timestamptz, updatedAt } from "./columns";
import { orders } from "./orders";

export const reviewStatusValues = ["pending", "approved", "hidden"] as const;
export type ReviewStatus = (typeof reviewStatusValues)[number];

/** A photo of a review, stored by the image upload pipeline (the largest WebP; its variants beside it). */
export interface ReviewPhoto {
  url: string;
  width: number;
  height: number;
}

/** The checks' limits: the same numbers as app/features/reviews/review-rules.ts (the form's). */
const REVIEW_TITLE_MAX = 120;
const REVIEW_BODY_MAX = 2000;
const REVIEW_NAME_MAX = 60;
const REVIEW_REPLY_MAX = 2000;
const REVIEW_PHOTOS_MAX = 3;

/**
 * A buyer's review of a product of a delivered order (issue 19 item 2): one per product per
 * order, shown on the product page once staff approve it. Demo reviews (the seed's) have no
 * order and are labelled as such everywhere. Owned by the reviews feature.
 */
export const productReviews = pgTable(
  "product_reviews",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The delivered order the buyer reviewed from; null only for a demo review. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    title: text("title"),
    body: text("body").notNull(),
    /** The name shown with the review, as the buyer chose it. */
    displayName: text("display_name").notNull(),
    photos: jsonb("photos").$type<ReviewPhoto[]>().notNull().default([]),
    status: text("status").$type<ReviewStatus>().notNull().default("pending"),
    replyText: text("reply_text"),
    replyByUserId: text("reply_by_user_id").references(() => user.id, { onDelete: "set null" }),
    /** Kept when the user is deleted (their name or e-mail). */
    replyByName: text("reply_by_name"),
    repliedAt: timestamptz("replied_at"),
    /** A seeded example, not a real buyer: labelled on the storefront, never in JSON-LD. */
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("product_reviews_order_product_unique").on(t.orderId, t.productId),
    // The product page: its approved reviews, newest first.
    index("product_reviews_product_status_created_idx").on(t.productId, t.status, t.createdAt),
    // The console's list by status, newest first.
    index("product_reviews_status_created_idx").on(t.status, t.createdAt),
    check("product_reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("product_reviews_status_check", sql`${t.status} in ('pending', 'approved', 'hidden')`),
    check(
      "product_reviews_title_length_check",
      sql`${t.title} is null or char_length(${t.title}) <= ${sql.raw(String(REVIEW_TITLE_MAX))}`,
    ),
    check(
      "product_reviews_body_length_check",
      sql`char_length(${t.body}) between 1 and ${sql.raw(String(REVIEW_BODY_MAX))}`,
    ),
    check(
      "product_reviews_display_name_length_check",
      sql`char_length(${t.displayName}) between 1 and ${sql.raw(String(REVIEW_NAME_MAX))}`,
    ),
    check(
      "product_reviews_reply_length_check",
      sql`${t.replyText} is null or char_length(${t.replyText}) <= ${sql.raw(String(REVIEW_REPLY_MAX))}`,
    ),
    check(
      "product_reviews_photos_check",
      sql`jsonb_typeof(${t.photos}) = 'array' and jsonb_array_length(${t.photos}) <= ${sql.raw(String(REVIEW_PHOTOS_MAX))}`,
    ),
    check("product_reviews_order_or_demo_check", sql`${t.isDemo} or ${t.orderId} is not null`),
  ],
);

export type ProductReview = typeof productReviews.$inferSelect;
export type NewProductReview = typeof productReviews.$inferInsert;
