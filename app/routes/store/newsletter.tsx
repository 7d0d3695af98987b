import { data, redirect } from "react-router";
import { assertSameOrigin } from "~/features/auth/auth.server";
import {
  NEWSLETTER_PARAM,
  NEWSLETTER_SOURCE_PARAM,
  newsletterSuccessMessage,
  type NewsletterResult,
} from "~/features/newsletter/newsletter.schema";
import { getNewsletterOffer, subscribeToNewsletter } from "~/features/newsletter/newsletter.server";
import { AppError, publicMessage, toHttpStatus } from "~/server/errors.server";
import type { Route } from "./+types/newsletter";
import { readForm } from "~/server/request-guards.server";

/** A GET (a bookmarked or retyped URL): the sign-up box is in every page's footer. */
export function loader() {
  return redirect("/#newsletter-footer");
}

/**
 * POST /newsletter: `email` and `source` (footer, shop…). With JavaScript (the form adds
 * `_js=1`) it answers with a NewsletterResult; a plain form post is redirected back to the
 * page it came from, with the outcome in the query string and the form's anchor.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request, context.env);
  const form = await readForm(request);
  const { db } = context.database;
  const source = String(form.get("source") ?? "footer");

  let result: NewsletterResult;
  let status = 200;
  let outcome: string;
  try {
    const subscription = await subscribeToNewsletter(db, { email: form.get("email"), source });
    const offer = await getNewsletterOffer(db);
    result = { ok: true, status: subscription.status, message: newsletterSuccessMessage(subscription.status, offer), offer };
    outcome = subscription.status;
    context.logger.info({ source: subscription.source, status: subscription.status }, "newsletter sign-up");
  } catch (error) {
    if (!(error instanceof AppError)) {
      context.logger.error({ err: error }, "newsletter sign-up failed");
    }
    result = { ok: false, message: error instanceof AppError ? publicMessage(error) : "Sorry, something went wrong. Please try again." };
    status = toHttpStatus(error);
    outcome = error instanceof AppError && error.kind === "invalid" ? "invalid" : "error";
  }

  if (form.get("_js") === "1") return data(result, { status });
  return redirect(backTo(request, outcome, source), 303);
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
  if (back.pathname === "/newsletter") back.pathname = "/";
  back.searchParams.set(NEWSLETTER_PARAM, outcome);
  back.searchParams.set(NEWSLETTER_SOURCE_PARAM, /^[a-z]{1,20}$/.test(source) ? source : "footer");
  back.hash = `newsletter-${/^[a-z]{1,20}$/.test(source) ? source : "footer"}`;
  return back.pathname + back.search + back.hash;
}
