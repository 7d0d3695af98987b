import { data, redirect } from "react-router";
import { storeAction } from "~/features/auth/store-action.server";
import { OrderLookupPage } from "~/features/checkout/components/order-lookup-page";
import { canSeeOrder, grantOrderAccess } from "~/features/checkout/order-access.server";
import { findOrderForLookup, getOrderConfirmation } from "~/features/checkout/order-confirmation.server";
import { orderLookupMessages, orderLookupSchema } from "~/features/checkout/order-lookup.schema";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { clientIpOf } from "~/server/request-guards.server";
import { intent, refuse } from "~/server/form-action.server";
import { fieldErrorsOf } from "~/lib/form-fields";
import type { Route } from "./+types/order-lookup";
import { localeOfPath, localizedPath } from "~/lib/i18n/locale";
import { metaTranslator, storeMeta } from "./store-meta";

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
  const confirmation =
    orderId && canSeeOrder(request, orderId, context.env)
      ? await getOrderConfirmation(context.database.db, orderId)
      : null;
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
          context.logger.warn({ clientIp }, "order look-up rate-limited");
          headers.set("Retry-After", String(limit.retryAfterSeconds));
          return refuse(429, orderLookupMessages.tooMany, { result: { values } });
        }
        const parsed = orderLookupSchema.safeParse(values);
        if (!parsed.success) {
          const fieldErrors = fieldErrorsOf(parsed.error);
          return refuse(400, Object.values(fieldErrors)[0], { fieldErrors, result: { values } });
        }
        const orderId = await findOrderForLookup(db, parsed.data);
        if (!orderId) return refuse(404, orderLookupMessages.notFound, { result: { values } });
        const locale = localeOfPath(new URL(request.url).pathname);
        return redirect(localizedPath(`/order-lookup?order_id=${encodeURIComponent(orderId)}`, locale), {
          status: 303,
          headers: { ...NO_STORE, "Set-Cookie": grantOrderAccess(request, orderId, context.env) },
        });
      },
    }),
  },
});

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
