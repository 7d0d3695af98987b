import { data } from "react-router";
import { assertSameOrigin } from "~/features/auth/auth.server";
import { getCheckoutSettings } from "~/features/checkout/checkout-settings.server";
import { PaymentStep, type PlaceOrderResult } from "~/features/checkout/components/payment-step";
import { grantOrderAccess } from "~/features/checkout/order-access.server";
import { placeOrder } from "~/features/checkout/place-order.server";
import { formatOrderNumber } from "~/lib/order-number";
import { AppError, publicMessage, toHttpStatus } from "~/server/errors.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { clientIpOf } from "~/server/request-guards.server";
import type { Route } from "./+types/checkout-payment";
import { storeMeta } from "./store-meta";

export const meta: Route.MetaFunction = (args) =>
  storeMeta(args, {
    title: "Checkout: review and pay",
    description: "Review your order and pay on delivery.",
    noIndex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await getCheckoutSettings(context.database.db) };
}

const TOO_MANY_ORDERS_MESSAGE = "Bạn đã đặt quá nhiều đơn hàng trong thời gian ngắn, vui lòng thử lại sau ít phút";

/**
 * Places the order (one transaction, server prices; see placeOrder). Cross-site posts are
 * refused; each client address may try ORDER_RATE_LIMIT times per window (docs/decisions/0011).
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request, context.env);
  const clientIp = clientIpOf(request);
  const text = await request.text();
  // PostgreSQL refuses NUL in text: such a body is refused like any other invalid order.
  const body: unknown = text.includes("\\u0000") ? null : parseJson(text);
  try {
    // Inside the try: with the database down, the limit's own read fails like the order would (503).
    const limit = await consumeRateLimit(context.database.db, `order:${clientIp}`, context.env.ORDER_RATE_LIMIT);
    if (!limit.allowed) {
      context.logger.warn({ clientIp }, "order placement rate-limited");
      return data<PlaceOrderResult>(
        { ok: false, message: TOO_MANY_ORDERS_MESSAGE },
        { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
    const order = await placeOrder(context.database.db, body);
    if (order.created)
      context.logger.info({ orderId: order.id, orderNumber: order.orderNumber, total: order.total }, "order placed");
    // This browser may see the order's confirmation page (and no one else: decision 0018).
    return data<PlaceOrderResult>(
      { ok: true, orderId: order.id, orderNumber: formatOrderNumber(order.orderNumber) },
      { headers: { "Set-Cookie": grantOrderAccess(request, order.id, context.env), "Cache-Control": "no-store" } },
    );
  } catch (error) {
    // 503 when the database cannot be reached: the shopper is told to try again shortly.
    const status = toHttpStatus(error);
    if (status === 503) context.logger.warn({ err: error }, "order placement failed: database unavailable");
    else if (!(error instanceof AppError)) context.logger.error({ err: error }, "order placement failed");
    return data<PlaceOrderResult>(
      {
        ok: false,
        message: publicMessage(error),
        fieldErrors: error instanceof AppError ? error.fieldErrors : undefined,
      },
      { status },
    );
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export default function CheckoutPayment({ loaderData }: Route.ComponentProps) {
  return <PaymentStep settings={loaderData.settings} />;
}
