import { z } from "zod";
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_NAME_MAX, REVIEW_REPLY_MAX, REVIEW_TITLE_MAX } from "./review-rules";

/*
 * Product reviews (issue 19 item 2): the buyer's form (storefront: its messages are catalogue
 * keys, shown in the page's language) and the console's moderation forms (Vietnamese).
 */

/** The buyer's messages (catalogue keys). */
export const reviewMessages = {
  invalidLink: "reviews.errors.invalidLink",
  expiredLink: "reviews.errors.expiredLink",
  notDelivered: "reviews.errors.notDelivered",
  notInOrder: "reviews.errors.notInOrder",
  alreadyReviewed: "reviews.errors.alreadyReviewed",
  rating: "reviews.errors.rating",
  titleLong: "reviews.errors.titleLong",
  bodyShort: "reviews.errors.bodyShort",
  bodyLong: "reviews.errors.bodyLong",
  name: "reviews.errors.name",
  tooManyPhotos: "reviews.errors.tooManyPhotos",
} as const;

/** One product's review, as the buyer's form posts it (photos are read from the form's files). */
export const reviewFormSchema = z.object({
  productId: z.coerce
    .number({ error: reviewMessages.notInOrder })
    .int(reviewMessages.notInOrder)
    .positive(reviewMessages.notInOrder)
    .max(2_147_483_647, reviewMessages.notInOrder),
  rating: z.coerce
    .number({ error: reviewMessages.rating })
    .int(reviewMessages.rating)
    .min(1, reviewMessages.rating)
    .max(5, reviewMessages.rating),
  title: z
    .string({ error: reviewMessages.titleLong })
    .trim()
    .max(REVIEW_TITLE_MAX, reviewMessages.titleLong)
    .optional()
    .transform((value) => value || null),
  body: z
    .string({ error: reviewMessages.bodyShort })
    .trim()
    .min(REVIEW_BODY_MIN, reviewMessages.bodyShort)
    .max(REVIEW_BODY_MAX, reviewMessages.bodyLong),
  displayName: z
    .string({ error: reviewMessages.name })
    .trim()
    .min(1, reviewMessages.name)
    .max(REVIEW_NAME_MAX, reviewMessages.name),
});
export type ReviewForm = z.output<typeof reviewFormSchema>;

/** The console's filters: a status, or the demo reviews. */
export const reviewFilterValues = ["pending", "approved", "hidden", "demo"] as const;
export type ReviewFilter = (typeof reviewFilterValues)[number];

export const reviewListQuerySchema = z.object({
  filter: z.enum(reviewFilterValues).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

const INVALID_REVIEW = "Mã đánh giá không hợp lệ";
export const REPLY_TOO_LONG = `Phản hồi tối đa ${REVIEW_REPLY_MAX} ký tự`;

export const reviewIdSchema = z.object({
  id: z.coerce.number({ error: INVALID_REVIEW }).int(INVALID_REVIEW).positive(INVALID_REVIEW).max(2_147_483_647, INVALID_REVIEW),
});

/** "Phản hồi": the shop's answer shown under the review; empty removes it. */
export const reviewReplySchema = reviewIdSchema.extend({
  reply: z.string({ error: REPLY_TOO_LONG }).trim().max(REVIEW_REPLY_MAX, REPLY_TOO_LONG),
});

/** A seeded example review (app/features/seed): approved, marked as demo. */
export interface DemoReview {
  productSku: string;
  rating: number;
  title?: string;
  body: string;
  displayName: string;
  /** Days before `now` it was written. */
  daysAgo: number;
}
