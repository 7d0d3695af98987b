import { data } from "react-router";
import { assertSameOrigin } from "~/features/auth/auth.server";
import { cartLinesSchema } from "~/features/checkout/cart-quote.schema";
import { quoteCart } from "~/features/checkout/cart-quote.server";
import { getCheckoutSettings } from "~/features/checkout/checkout-settings.server";
import { deliveryDateRange, discountCodeSchema, INVALID_CODE_MESSAGE } from "~/features/checkout/checkout.schema";
import { checkDiscountCode } from "~/features/checkout/discounts.server";
import { ShippingStep, type DiscountCheck } from "~/features/checkout/components/shipping-step";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { clientIpOf } from "~/server/request-guards.server";
import type { Route } from "./+types/checkout-shipping";
import { storeMeta } from "./store-meta";

export const meta: Route.MetaFunction = (args) =>
  storeMeta(args, { title: "Checkout: shipping", description: "Delivery date, time and method.", noIndex: true });

export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await getCheckoutSettings(context.database.db), dates: deliveryDateRange() };
}

const TOO_MANY_CODE_CHECKS_MESSAGE = "Bạn đã thử quá nhiều mã giảm giá, vui lòng thử lại sau ít phút.";

/**
 * Checks a discount code against the cart's current subtotal (read from the database). Each
 * client address may check DISCOUNT_CODE_RATE_LIMIT codes per window, counted in the database
 * (every instance shares the count), so codes cannot be guessed by trying many (decision 0011).
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request, context.env);
  const { db } = context.database;
  const clientIp = clientIpOf(request);
  const limit = await consumeRateLimit(db, `discount-code:${clientIp}`, context.env.DISCOUNT_CODE_RATE_LIMIT);
  if (!limit.allowed) {
    context.logger.warn({ clientIp }, "discount code checks rate-limited");
    return data<DiscountCheck>(
      { ok: false, message: TOO_MANY_CODE_CHECKS_MESSAGE },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const body = (await request.json().catch(() => null)) as { code?: unknown; lines?: unknown } | null;
  const code = discountCodeSchema.safeParse(body?.code ?? "");
  const lines = cartLinesSchema.safeParse(body?.lines ?? []);
  if (!code.success || !code.data || !lines.success) return data<DiscountCheck>({ ok: false, message: INVALID_CODE_MESSAGE });
  const quote = await quoteCart(db, lines.data);
  const check = await checkDiscountCode(db, code.data, quote.subtotal);
  if (!check.ok)
    return data<DiscountCheck>({ ok: false, message: check.reason ? `${INVALID_CODE_MESSAGE} ${check.reason}` : INVALID_CODE_MESSAGE });
  const { code: applied, type, value } = check.discount;
  return data<DiscountCheck>({ ok: true, discount: { code: applied, type, value } });
}

export default function CheckoutShipping({ loaderData }: Route.ComponentProps) {
  return <ShippingStep settings={loaderData.settings} dates={loaderData.dates} />;
}
