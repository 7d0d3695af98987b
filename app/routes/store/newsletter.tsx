import { data, redirect } from "react-router";
import { assertSameOrigin } from "~/features/auth/auth.server";
import { NEWSLETTER_CHECK_INBOX } from "~/features/newsletter/newsletter-intro";
import {
  NEWSLETTER_FAILED,
  NEWSLETTER_PARAM,
  NEWSLETTER_RATE_LIMITED,
  NEWSLETTER_SOURCE_PARAM,
  type NewsletterResult,
} from "~/features/newsletter/newsletter.schema";
import { subscribeToNewsletter } from "~/features/newsletter/newsletter.server";
import { AppError, publicMessage, toHttpStatus } from "~/server/errors.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { clientIpOf, readForm } from "~/server/request-guards.server";
import type { Route } from "./+types/newsletter";

/** A GET (a bookmarked or retyped URL): the sign-up box is in every page's footer. */
export function loader() {
  return redirect("/#newsletter-footer");
}

/**
 * POST /newsletter: `email` and `source` (footer, shop…). Each client address may sign up
 * NEWSLETTER_RATE_LIMIT times per window. Every valid address gets the same answer (check your
 * inbox), new, pending or already confirmed: the form does not tell who is subscribed. With
 * JavaScript (the form adds `_js=1`) it answers with a NewsletterResult; a plain form post is
 * redirected back to the page it came from, with the outcome in the query string.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request, context.env);
  const form = await readForm(request);
  const { db } = context.database;
  const source = String(form.get("source") ?? "footer");
  const clientIp = clientIpOf(request);

  let result: NewsletterResult;
  let status = 200;
  let outcome: string;
  const headers = new Headers();
  try {
    const limit = await consumeRateLimit(db, `newsletter:${clientIp}`, context.env.NEWSLETTER_RATE_LIMIT);
    if (!limit.allowed) {
      context.logger.warn({ clientIp }, "newsletter sign-up rate-limited");
      result = { ok: false, message: NEWSLETTER_RATE_LIMITED };
      status = 429;
      outcome = "limited";
      headers.set("Retry-After", String(limit.retryAfterSeconds));
    } else {
      const subscription = await subscribeToNewsletter(
        db,
        { email: form.get("email"), source },
        { siteUrl: context.env.PUBLIC_URL, secret: context.env.AUTH_SECRET },
      );
      result = { ok: true, message: NEWSLETTER_CHECK_INBOX };
      outcome = "pending";
      context.logger.info({ source: subscription.source }, "newsletter sign-up");
    }
  } catch (error) {
    if (!(error instanceof AppError)) context.logger.error({ err: error }, "newsletter sign-up failed");
    result = { ok: false, message: error instanceof AppError ? publicMessage(error) : NEWSLETTER_FAILED };
    status = toHttpStatus(error);
    outcome = error instanceof AppError && error.kind === "invalid" ? "invalid" : "error";
  }

  if (form.get("_js") === "1") return data(result, { status, headers });
  return redirect(backTo(request, outcome, source), { status: 303, headers });
}

/** The page the form was on (its path and query only, never another site), with the outcome. */
function backTo(request: Request, outcome: string, source: string): string {
  let back = new URL("/", request.url);
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      const from = new URL(referer);
      back = new URL(from.pathname + from.search, request.url);
    } catch {
      // an unreadable Referer: back to the home page
    }
  }
  if (back.pathname.startsWith("/newsletter")) back.pathname = "/";
  back.searchParams.set(NEWSLETTER_PARAM, outcome);
  back.searchParams.set(NEWSLETTER_SOURCE_PARAM, /^[a-z]{1,20}$/.test(source) ? source : "footer");
  back.hash = `newsletter-${/^[a-z]{1,20}$/.test(source) ? source : "footer"}`;
  return back.pathname + back.search + back.hash;
}
