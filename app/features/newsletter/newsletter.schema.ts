import { z } from "zod";

/**
 * The newsletter sign-up form (footer, shop page), shared by the form and the /newsletter
 * action. Messages are catalogue keys: the form shows them in the page's language.
 */
export const NEWSLETTER_INVALID_EMAIL = "pages.newsletter.invalidEmail";

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

export const NEWSLETTER_RATE_LIMITED = "pages.newsletter.rateLimited";
export const NEWSLETTER_FAILED = "pages.newsletter.failed";

/** The console list's filters (GET): a search in the address, a status; anything else is ignored. */
export const newsletterListQuerySchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  status: z.enum(["confirmed", "pending"]).optional().catch(undefined),
});

const INVALID_REQUEST = "Yêu cầu không hợp lệ";

/** "Hủy đăng ký" in the console: the row and the address the page showed (a stale page removes nothing else). */
export const newsletterRemovalSchema = z.object({
  id: z.coerce
    .number({ error: INVALID_REQUEST })
    .int(INVALID_REQUEST)
    .positive(INVALID_REQUEST)
    .max(2_147_483_647, INVALID_REQUEST),
  email: z.string({ error: INVALID_REQUEST }).trim().min(1, INVALID_REQUEST).max(254, INVALID_REQUEST),
});
