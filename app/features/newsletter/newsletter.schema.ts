import { z } from "zod";

/**
 * The newsletter sign-up form (footer, shop page), shared by the form and the /newsletter
 * action. Messages are English like the storefront copy around the forms.
 */
export const NEWSLETTER_INVALID_EMAIL = "Please enter a valid email address";

/** Query parameters that carry a no-JavaScript sign-up result back to the page (see the store layout). */
export const NEWSLETTER_PARAM = "newsletter";
export const NEWSLETTER_SOURCE_PARAM = "newsletter_source";

/** Where a sign-up came from; anything else is recorded as "other". */
export const newsletterSources = ["footer", "shop", "home", "other"] as const;
export type NewsletterSource = (typeof newsletterSources)[number];

export const newsletterSignupSchema = z.object({
  email: z
    .string({ error: NEWSLETTER_INVALID_EMAIL })
    .trim()
    .toLowerCase()
    .max(254, NEWSLETTER_INVALID_EMAIL)
    .pipe(z.email({ error: NEWSLETTER_INVALID_EMAIL })),
  source: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? value.trim().toLowerCase() : "footer"),
    z.enum(newsletterSources).catch("other"),
  ),
});

export type NewsletterSignup = z.output<typeof newsletterSignupSchema>;

/** The first-order offer shown after a sign-up: a code and what it gives. */
export interface NewsletterOffer {
  code: string;
  /** e.g. "10% off your first order". */
  label: string;
}

/** What the /newsletter action answers (JSON for the fetcher; a redirect notice without JavaScript). */
export type NewsletterResult = { ok: true; message: string } | { ok: false; message: string };

export const NEWSLETTER_RATE_LIMITED = "Too many sign-ups from your connection. Please try again in a few minutes.";
export const NEWSLETTER_FAILED = "Sorry, something went wrong. Please try again.";

/** Texts of the confirmation and unsubscribe pages, reached from the (Vietnamese) e-mail. */
export const newsletterLinkMessages = {
  invalidLink: "Liên kết xác nhận không hợp lệ. Vui lòng đăng ký lại bằng ô đăng ký ở cuối trang.",
  expiredLink: "Liên kết xác nhận đã hết hạn. Vui lòng đăng ký lại để nhận liên kết mới.",
  invalidUnsubscribe: "Liên kết hủy đăng ký không hợp lệ.",
} as const;
