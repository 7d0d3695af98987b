import { redirect } from "react-router";
import { storeAction } from "~/features/auth/store-action.server";
import { NEWSLETTER_CHECK_INBOX } from "~/features/newsletter/newsletter-intro";
import {
  NEWSLETTER_FAILED,
  NEWSLETTER_PARAM,
  NEWSLETTER_RATE_LIMITED,
  NEWSLETTER_SOURCE_PARAM,
} from "~/features/newsletter/newsletter.schema";
import { subscribeToNewsletter } from "~/features/newsletter/newsletter.server";
import { localeOfPath, localizedPath } from "~/lib/i18n/locale";
import { intent, refuse } from "~/server/form-action.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { clientIpOf, readForm } from "~/server/request-guards.server";
import type { Route } from "./+types/newsletter";

/** A GET (a bookmarked or retyped URL): the sign-up box is in every page's footer. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(localizedPath("/#newsletter-footer", localeOfPath(new URL(request.url).pathname)));
}

const subscribe = storeAction({
  unexpectedMessage: NEWSLETTER_FAILED,
  defaultIntent: "subscribe",
  intents: {
    subscribe: intent({
      run: async ({ input, request, context, headers }) => {
        const { db } = context.database;
        const clientIp = clientIpOf(request);
        const limit = await consumeRateLimit(db, `newsletter:${clientIp}`, context.env.NEWSLETTER_RATE_LIMIT);
        if (!limit.allowed) {
          context.logger.warn({ clientIp }, "newsletter sign-up rate-limited");
          headers.set("Retry-After", String(limit.retryAfterSeconds));
          return refuse(429, NEWSLETTER_RATE_LIMITED);
        }
        const subscription = await subscribeToNewsletter(
          db,
          { email: input.email, source: sourceOf(input.source) },
          { siteUrl: context.env.PUBLIC_URL, secret: context.env.AUTH_SECRET, locale: localeOfPath(new URL(request.url).pathname) },
        );
        context.logger.info({ source: subscription.source }, "newsletter sign-up");
        return { message: NEWSLETTER_CHECK_INBOX };
      },
    }),
  },
});

/** The form's `source` field (the footer's form unless told). */
const sourceOf = (value: unknown): string => (typeof value === "string" ? value : "footer");

/**
 * POST /newsletter: `email` and `source` (footer, shop…). Each client address may sign up
 * NEWSLETTER_RATE_LIMIT times per window. Every valid address gets the same answer (check your
 * inbox), new, pending or already confirmed: the form does not tell who is subscribed. With
 * JavaScript (the form adds `_js=1`) it answers with the action's result; a plain form post is
 * redirected back to the page it came from, with the outcome in the query string.
 */
export async function action(args: Route.ActionArgs) {
  const answer = await subscribe({ ...args, request: args.request.clone() });
  const form = await readForm(args.request);
  if (answer instanceof Response || form.get("_js") === "1") return answer;
  const { data: result, init } = answer;
  const outcome = result.ok ? "pending" : init?.status === 429 ? "limited" : init?.status === 400 ? "invalid" : "error";
  return redirect(backTo(args.request, outcome, sourceOf(form.get("source"))), { status: 303, headers: init?.headers });
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
