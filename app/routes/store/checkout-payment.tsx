import { storeAction } from "~/features/auth/store-action.server";
import { getCheckoutSettings } from "~/features/checkout/checkout-settings.server";
import { PaymentStep } from "~/features/checkout/components/payment-step";
import { grantOrderAccess } from "~/features/checkout/order-access.server";
import { placeOrder } from "~/features/checkout/place-order.server";
import { localeOfPath } from "~/lib/i18n/locale";
import { formatOrderNumber } from "~/lib/order-number";
import { intent, refuse } from "~/server/form-action.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { clientIpOf } from "~/server/request-guards.server";
import type { Route } from "./+types/checkout-payment";
import { metaTranslator, storeMeta } from "./store-meta";

export const meta: Route.MetaFunction = (args) => {
  const t = metaTranslator(args);
  return storeMeta(args, {
    title: t("checkout.meta.paymentTitle"),
    description: t("checkout.meta.paymentDescription"),
    noIndex: true,
  });
};

export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await getCheckoutSettings(context.database.db) };
}

/** A catalogue key: the page shows it in its language, like the schema's messages. */
const TOO_MANY_ORDERS_MESSAGE = "checkout.errors.tooManyOrders";

/**
 * Places the order (one transaction, server prices; see placeOrder). Cross-site posts are
 * refused; each client address may try ORDER_RATE_LIMIT times per window (docs/decisions/0011).
 * With the database down, the limit's own read fails like the order would (503).
 */
export const action = storeAction({
  jsonAsIs: true,
  defaultIntent: "place-order",
  intents: {
    "place-order": intent({
      run: async ({ request, context, input, headers }) => {
        const clientIp = clientIpOf(request);
        const limit = await consumeRateLimit(context.database.db, `order:${clientIp}`, context.env.ORDER_RATE_LIMIT);
        if (!limit.allowed) {
          context.logger.warn({ clientIp }, "order placement rate-limited");
          headers.set("Retry-After", String(limit.retryAfterSeconds));
          return refuse(429, TOO_MANY_ORDERS_MESSAGE);
        }
        // PostgreSQL refuses NUL in text: such a body is refused like any other invalid order.
        const body = JSON.stringify(input).includes("\\u0000") ? null : input;
        const order = await placeOrder(context.database.db, body, {
          locale: localeOfPath(new URL(request.url).pathname),
          links: { publicUrl: context.env.PUBLIC_URL },
        });
        if (order.created)
          context.logger.info({ orderId: order.id, orderNumber: order.orderNumber, total: order.total }, "order placed");
        // This browser may see the order's confirmation page (and no one else: decision 0018).
        headers.set("Set-Cookie", grantOrderAccess(request, order.id, context.env));
        headers.set("Cache-Control", "no-store");
        return { orderId: order.id, orderNumber: formatOrderNumber(order.orderNumber) };
      },
    }),
  },
});

export default function CheckoutPayment({ loaderData }: Route.ComponentProps) {
  return <PaymentStep settings={loaderData.settings} />;
}
