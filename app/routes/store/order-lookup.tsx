import { data, redirect } from "react-router";
import { storeAction } from "~/features/auth/store-action.server";
import { OrderLookupPage } from "~/features/checkout/components/order-lookup-page";
import { grantOrderAccess, orderAccessOf } from "~/features/checkout/order-access.server";
import { findOrderForLookup, getOrderConfirmation } from "~/features/checkout/order-confirmation.server";
import {
  orderLookupMessages,
  orderLookupSchema,
  parseOrderNumber,
  type OrderLookupInput,
} from "~/features/checkout/order-lookup.schema";
import { normalizeVietnamesePhone } from "~/lib/phone";
import type { Env } from "~/server/env.server";
import type { Db } from "~/server/db.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { clientIpOf } from "~/server/request-guards.server";
import { intent, refuse } from "~/server/form-action.server";
import { fieldErrorsOf } from "~/lib/form-fields";
import type { Route } from "./+types/order-lookup";
import { localeOfPath, localizedPath } from "~/lib/i18n/locale";
import { metaTranslator, storeMeta } from "~/features/storefront/store-meta";

/** Personal data: never kept by a browser, a proxy or the page cache. */
const NO_STORE = { "Cache-Control": "no-store" };

export const headers: Route.HeadersFunction = () => NO_STORE;

/**
 * GET: the look-up form (`?number=` pre-fills it: the order e-mails link here), or, with
 * `?order_id=` and a grant for it in this browser, that order and its status.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const orderId = url.searchParams.get("order_id");
  const access = orderId ? orderAccessOf(request, orderId, context.env) : null;
  const locale = localeOfPath(url.pathname);
  const confirmation = orderId && access ? await getOrderConfirmation(context.database.db, orderId, access, locale) : null;
  return data({ confirmation, number: (url.searchParams.get("number") ?? "").slice(0, 30) }, { headers: NO_STORE });
}

/**
 * POST number + phone: the right pair grants this browser the order (two hours, decision 0018)
 * and shows it; a wrong number and a wrong phone get the same answer. Each client address may
 * try ORDER_LOOKUP_RATE_LIMIT times per window, counted in the database (shared by instances).
 * A refusal carries what was typed, so the page (rendered without JavaScript too) shows it again.
 */
export const action = storeAction({
  headers: NO_STORE,
  defaultIntent: "look-up",
  intents: {
    "look-up": intent({
      run: async ({ request, context, input, headers }) => {
        const values = { number: String(input.number ?? "").slice(0, 30), phone: String(input.phone ?? "").slice(0, 30) };
        const { db } = context.database;
        const clientIp = clientIpOf(request);
        const limit = await consumeRateLimit(db, `order-lookup:${clientIp}`, context.env.ORDER_LOOKUP_RATE_LIMIT);
        if (!limit.allowed) {
          headers.set("Retry-After", String(limit.retryAfterSeconds));
          return refuse(429, orderLookupMessages.tooMany, { result: { values } });
        }
        const parsed = orderLookupSchema.safeParse(values);
        if (!parsed.success) {
          const fieldErrors = fieldErrorsOf(parsed.error);
          return refuse(400, Object.values(fieldErrors)[0], { fieldErrors, result: { values } });
        }
        // Many addresses must not make a known order's phone guessable, nor a known phone walk the
        // sequential numbers: each order number and each phone has its own count (decision 0045).
        const limited = await lookupLimited(db, parsed.data, context.env);
        if (limited) {
          headers.set("Retry-After", String(limited.retryAfterSeconds));
          return refuse(429, limited.message, { result: { values } });
        }
        const orderId = await findOrderForLookup(db, parsed.data);
        if (!orderId) return refuse(404, orderLookupMessages.notFound, { result: { values } });
        const locale = localeOfPath(new URL(request.url).pathname);
        return redirect(localizedPath(`/order-lookup?order_id=${encodeURIComponent(orderId)}`, locale), {
          status: 303,
          // A look-up shows part of the order (the street hidden), never what the buyer's own browser sees.
          headers: { ...NO_STORE, "Set-Cookie": grantOrderAccess(request, orderId, context.env, Date.now(), "partial") },
        });
      },
    }),
  },
});

/**
 * Counts one look-up against its order number and its phone (+84…), whichever address it comes
 * from; the refusal when either is over its limit, else null. Both count on every try, so
 * alternating numbers or phones gains nothing. A number or phone that cannot match any order is
 * not counted: it finds nothing anyway.
 */
async function lookupLimited(
  db: Db,
  input: OrderLookupInput,
  env: Pick<Env, "ORDER_LOOKUP_NUMBER_RATE_LIMIT" | "ORDER_LOOKUP_PHONE_RATE_LIMIT">,
): Promise<{ message: string; retryAfterSeconds: number } | null> {
  const orderNumber = parseOrderNumber(input.number);
  const phone = normalizeVietnamesePhone(input.phone);
  const [byNumber, byPhone] = await Promise.all([
    orderNumber === null
      ? null
      : consumeRateLimit(db, `order-lookup-number:${orderNumber}`, env.ORDER_LOOKUP_NUMBER_RATE_LIMIT),
    phone === null ? null : consumeRateLimit(db, `order-lookup-phone:${phone}`, env.ORDER_LOOKUP_PHONE_RATE_LIMIT),
  ]);
  if (byNumber && !byNumber.allowed)
    return { message: orderLookupMessages.tooManyForOrder, retryAfterSeconds: byNumber.retryAfterSeconds };
  if (byPhone && !byPhone.allowed)
    return { message: orderLookupMessages.tooManyForPhone, retryAfterSeconds: byPhone.retryAfterSeconds };
  return null;
}

export const meta: Route.MetaFunction = (args) => {
  const t = metaTranslator(args);
  return storeMeta(args, {
    title: t("checkout.lookup.metaTitle"),
    description: t("checkout.lookup.metaDescription"),
    noIndex: true,
  });
};

export default function OrderLookup({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderLookupPage confirmation={loaderData.confirmation} number={loaderData.number} result={actionData} />;
}
