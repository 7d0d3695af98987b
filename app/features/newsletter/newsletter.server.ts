import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { discountCodes, newsletterSubscribers } from "~/db/schema";
import { getSetting } from "~/features/settings/settings.server";
import { formatVnd } from "~/lib/money";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import {
  NEWSLETTER_INVALID_EMAIL,
  NEWSLETTER_PARAM,
  NEWSLETTER_SOURCE_PARAM,
  newsletterSignupSchema,
  newsletterSuccessMessage,
  type NewsletterOffer,
  type NewsletterResult,
  type NewsletterSource,
} from "./newsletter.schema";

export interface SubscribeResult {
  status: "subscribed" | "already_subscribed";
  email: string;
  source: NewsletterSource;
}

/**
 * Adds an e-mail address to the newsletter list. The address is trimmed and lower-cased; a
 * second sign-up of the same address is not an error and adds no row (the table is unique on
 * lower(email): INSERT … ON CONFLICT DO NOTHING). Throws AppError("invalid") and writes nothing
 * when the address is not valid.
 */
export async function subscribeToNewsletter(
  db: Db | Tx,
  input: { email?: unknown; source?: unknown },
): Promise<SubscribeResult> {
  const parsed = newsletterSignupSchema.safeParse({ email: input.email ?? "", source: input.source });
  if (!parsed.success) {
    throw new AppError("invalid", NEWSLETTER_INVALID_EMAIL, { email: NEWSLETTER_INVALID_EMAIL });
  }
  const { email, source } = parsed.data;
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email, source })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  return { status: inserted.length > 0 ? "subscribed" : "already_subscribed", email, source };
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
export async function newsletterNoticeFromQuery(
  db: Db | Tx,
  searchParams: URLSearchParams,
): Promise<(NewsletterResult & { source: string }) | null> {
  const outcome = searchParams.get(NEWSLETTER_PARAM);
  if (!outcome) return null;
  const source = searchParams.get(NEWSLETTER_SOURCE_PARAM) ?? "footer";
  if (outcome === "subscribed" || outcome === "already_subscribed") {
    const offer = await getNewsletterOffer(db);
    return { ok: true, status: outcome, message: newsletterSuccessMessage(outcome, offer), offer, source };
  }
  if (outcome === "invalid") return { ok: false, message: NEWSLETTER_INVALID_EMAIL, source };
  if (outcome === "error") return { ok: false, message: "Sorry, something went wrong. Please try again.", source };
  return null;
}
