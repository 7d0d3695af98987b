import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { discountCodes, newsletterSubscribers } from "~/db/schema";
import { queueEmail, renderTemplate } from "~/features/email/email.server";
import { getSetting, getSettings } from "~/features/settings/settings.server";
import { localizedPath, type Locale } from "~/lib/i18n/locale";
import { formatVnd } from "~/lib/money";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { translatorFor } from "~/server/i18n.server";
import { signToken, verifyToken } from "~/server/signed-token.server";
import { NEWSLETTER_CHECK_INBOX, newsletterLinkMessages } from "./newsletter-intro";
import {
  NEWSLETTER_FAILED,
  NEWSLETTER_INVALID_EMAIL,
  NEWSLETTER_PARAM,
  NEWSLETTER_RATE_LIMITED,
  NEWSLETTER_SOURCE_PARAM,
  newsletterSignupSchema,
  type NewsletterOffer,
  type NewsletterResult,
  type NewsletterSource,
} from "./newsletter.schema";

/*
 * The newsletter list, double opt-in (issue 13 item 13, docs/decisions/0011): a sign-up stores a
 * pending address and e-mails a confirmation link; only the owner of the mailbox can open it,
 * so only confirmed addresses are on the list. Every answer to a sign-up is the same, so the
 * form tells nobody whether an address is subscribed.
 */

/** How long a confirmation link works. */
export const CONFIRMATION_TTL_MS = 48 * 60 * 60 * 1000;
/** A repeated sign-up of a pending address sends a new link only after this pause (no mail-bombing). */
export const CONFIRMATION_RESEND_AFTER_MS = 10 * 60 * 1000;
const UNSUBSCRIBE_PURPOSE = "newsletter-unsubscribe";

/** Where the e-mail's links point and what signs the unsubscribe link. */
export interface NewsletterLinkContext {
  /** The shop's public origin (PUBLIC_URL), never a request's Host: the links go to a mailbox. */
  siteUrl: string;
  /** AUTH_SECRET. */
  secret: string;
  /** The storefront language the visitor signed up in: the e-mail and its pages are in it (Vietnamese unless told). */
  locale?: Locale;
}

function hashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface SubscribeResult {
  email: string;
  source: NewsletterSource;
}

/**
 * A sign-up. A new address is stored as pending with a fresh confirmation token (only its hash is
 * kept) and a confirmation e-mail is queued in the same transaction; a pending address gets a new
 * link unless one went out in the last CONFIRMATION_RESEND_AFTER_MS; a confirmed address is left
 * alone. The caller answers the same in every case. Throws AppError("invalid") and writes nothing
 * when the address is not valid.
 */
export async function subscribeToNewsletter(
  db: Db,
  input: { email?: unknown; source?: unknown },
  links: NewsletterLinkContext,
  now: Date = new Date(),
): Promise<SubscribeResult> {
  const parsed = newsletterSignupSchema.safeParse({ email: input.email ?? "", source: input.source });
  if (!parsed.success) {
    throw new AppError("invalid", NEWSLETTER_INVALID_EMAIL, { email: NEWSLETTER_INVALID_EMAIL });
  }
  const { email, source } = parsed.data;
  const token = randomBytes(32).toString("base64url");
  const confirmation = {
    confirmTokenHash: hashOf(token),
    confirmExpiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS),
    confirmSentAt: now,
  };
  await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(newsletterSubscribers)
      .values({ email, source, status: "pending", ...confirmation })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscribers.id });
    if (inserted) return queueConfirmationEmail(tx, { id: inserted.id, email, token }, links);

    const [existing] = await tx
      .select({
        id: newsletterSubscribers.id,
        status: newsletterSubscribers.status,
        sentAt: newsletterSubscribers.confirmSentAt,
      })
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = ${email}`)
      .for("update");
    if (!existing || existing.status === "confirmed") return;
    if (existing.sentAt && now.getTime() - existing.sentAt.getTime() < CONFIRMATION_RESEND_AFTER_MS) return;
    await tx.update(newsletterSubscribers).set(confirmation).where(eq(newsletterSubscribers.id, existing.id));
    await queueConfirmationEmail(tx, { id: existing.id, email, token }, links);
  });
  return { email, source };
}

/** The confirmation e-mail in the sign-up's language, with the confirmation link and the unsubscribe link and header. */
async function queueConfirmationEmail(
  tx: Tx,
  subscriber: { id: number; email: string; token: string },
  links: NewsletterLinkContext,
): Promise<void> {
  const { store } = await getSettings(tx);
  const locale = links.locale ?? "vi";
  const t = translatorFor(locale);
  const confirmUrl = `${links.siteUrl}${localizedPath("/newsletter/confirm", locale)}?token=${subscriber.token}`;
  const unsubscribeUrl = newsletterUnsubscribeUrl(subscriber.id, links);
  const rendered = renderTemplate(
    {
      subject: t("pages.newsletter.confirmEmail.subject"),
      body: [
        t("pages.newsletter.confirmEmail.greeting"),
        t("pages.newsletter.confirmEmail.signedUp"),
        `${t("pages.newsletter.confirmEmail.confirm")}\n{{confirm_url}}`,
        t("pages.newsletter.confirmEmail.ignore"),
        `${t("pages.newsletter.confirmEmail.unsubscribe")}\n{{unsubscribe_url}}`,
      ].join("\n\n"),
    },
    { store_name: store.storeName, confirm_url: confirmUrl, unsubscribe_url: unsubscribeUrl },
    { linkVariables: ["confirm_url", "unsubscribe_url"], lang: locale },
  );
  await queueEmail(tx, {
    to: subscriber.email,
    template: "newsletter_confirmation",
    rendered,
    headers: newsletterListHeaders(unsubscribeUrl),
  });
}

/** The unsubscribe link of a subscription: signed, so it works without sign-in and cannot be made up. */
export function newsletterUnsubscribeUrl(subscriberId: number, links: NewsletterLinkContext): string {
  return `${links.siteUrl}${localizedPath("/newsletter/unsubscribe", links.locale ?? "vi")}?token=${signToken(UNSUBSCRIBE_PURPOSE, String(subscriberId), links.secret)}`;
}

/** Headers of every newsletter message: one-click unsubscribe from the mail client (RFC 2369, RFC 8058). */
export function newsletterListHeaders(unsubscribeUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** What a confirmation link is: "pending" (it can be confirmed), "confirmed" (it was), or unusable. */
export type ConfirmationState = "pending" | "confirmed" | "expired" | "invalid";

export async function confirmationStateOf(
  db: Db | Tx,
  token: string,
  now: Date = new Date(),
): Promise<ConfirmationState> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return "invalid";
  const [row] = await db
    .select({ status: newsletterSubscribers.status, expiresAt: newsletterSubscribers.confirmExpiresAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmTokenHash, hashOf(token)));
  if (!row) return "invalid";
  if (row.status === "confirmed") return "confirmed";
  return row.expiresAt && row.expiresAt > now ? "pending" : "expired";
}

/**
 * Confirms the subscription of a confirmation link (the page's button posts it): the address is
 * on the list from now on. Confirming twice is not an error; an unknown or expired link is
 * refused (AppError "invalid") and changes nothing.
 */
export async function confirmNewsletterSubscription(db: Db | Tx, token: string, now: Date = new Date()): Promise<void> {
  if (/^[A-Za-z0-9_-]{43}$/.test(token)) {
    const confirmed = await db
      .update(newsletterSubscribers)
      .set({ status: "confirmed", confirmedAt: now })
      .where(
        and(
          eq(newsletterSubscribers.confirmTokenHash, hashOf(token)),
          eq(newsletterSubscribers.status, "pending"),
          gt(newsletterSubscribers.confirmExpiresAt, now),
        ),
      )
      .returning({ id: newsletterSubscribers.id });
    if (confirmed.length > 0) return;
  }
  const state = await confirmationStateOf(db, token, now);
  if (state === "confirmed") return;
  throw new AppError(
    "invalid",
    state === "expired" ? newsletterLinkMessages.expiredLink : newsletterLinkMessages.invalidLink,
  );
}

/** True when an unsubscribe link carries our signature (the page shows its button). */
export function isUnsubscribeTokenValid(token: string, secret: string): boolean {
  return verifyToken(UNSUBSCRIBE_PURPOSE, token, secret) !== null;
}

/**
 * Removes the subscription of a signed unsubscribe link, confirmed or pending. A link whose
 * subscription is already gone is not an error (a second click, a mail client's one-click post).
 */
export async function unsubscribeFromNewsletter(db: Db | Tx, token: string, secret: string): Promise<void> {
  const value = verifyToken(UNSUBSCRIBE_PURPOSE, token, secret);
  const id = value && /^\d{1,10}$/.test(value) ? Number(value) : null;
  if (id === null) throw new AppError("invalid", newsletterLinkMessages.invalidUnsubscribe);
  await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
}

/** The list as the console counts it: confirmed addresses, and those still waiting for their owner. */
export async function countNewsletterSubscribers(db: Db | Tx): Promise<{ confirmed: number; pending: number }> {
  const rows = await db
    .select({ status: newsletterSubscribers.status, n: count() })
    .from(newsletterSubscribers)
    .groupBy(newsletterSubscribers.status);
  const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
  return { confirmed: of("confirmed"), pending: of("pending") };
}

/**
 * The first-order code shown to subscribers: the code named in settings (marketing group),
 * when it is an active, current discount code. Null when none is set or usable, so a code
 * that would be refused at checkout is never promised.
 */
export async function getNewsletterOffer(db: Db | Tx, now: Date = new Date()): Promise<NewsletterOffer | null> {
  const { newsletterDiscountCode } = await getSetting(db, "marketing");
  if (!newsletterDiscountCode) return null;
  const [code] = await db
    .select({
      code: discountCodes.code,
      type: discountCodes.type,
      value: discountCodes.value,
      usageLimit: discountCodes.usageLimit,
      usedCount: discountCodes.usedCount,
    })
    .from(discountCodes)
    .where(
      and(
        sql`upper(${discountCodes.code}) = ${newsletterDiscountCode.toUpperCase()}`,
        eq(discountCodes.isActive, true),
        or(isNull(discountCodes.startsAt), lte(discountCodes.startsAt, now)),
        or(isNull(discountCodes.endsAt), gt(discountCodes.endsAt, now)),
      ),
    )
    .limit(1);
  if (!code) return null;
  if (code.usageLimit !== null && code.usedCount >= code.usageLimit) return null;
  return { code: code.code.toUpperCase(), label: offerLabel(code.type, code.value) };
}

function offerLabel(type: string, value: number): string {
  if (type === "percent") return `${value}% off your first order`;
  if (type === "fixed") return `${formatVnd(value)} off your first order`;
  return "free delivery on your first order";
}

/**
 * The answer to show after a sign-up made without JavaScript: /newsletter redirected back with
 * `?newsletter=<outcome>&newsletter_source=<source>`. Null when the query carries none.
 */
export function newsletterNoticeFromQuery(
  searchParams: URLSearchParams,
): (NewsletterResult & { source: string }) | null {
  const outcome = searchParams.get(NEWSLETTER_PARAM);
  if (!outcome) return null;
  const source = searchParams.get(NEWSLETTER_SOURCE_PARAM) ?? "footer";
  if (outcome === "pending") return { ok: true, message: NEWSLETTER_CHECK_INBOX, source };
  if (outcome === "invalid") return { ok: false, message: NEWSLETTER_INVALID_EMAIL, source };
  if (outcome === "limited") return { ok: false, message: NEWSLETTER_RATE_LIMITED, source };
  if (outcome === "error") return { ok: false, message: NEWSLETTER_FAILED, source };
  return null;
}
