import { storeAction } from "~/features/auth/store-action.server";
import { cartLinesSchema } from "~/features/checkout/cart-quote.schema";
import { quoteCart } from "~/features/checkout/cart-quote.server";
import { getCheckoutSettings } from "~/features/checkout/checkout-settings.server";
import { deliveryDateRange, discountCodeSchema } from "~/features/checkout/checkout.schema";
import { checkDiscountCode } from "~/features/discounts/discount-redemption.server";
import { ShippingStep } from "~/features/checkout/components/shipping-step";
import { intent, refuse } from "~/server/form-action.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { clientIpOf } from "~/server/request-guards.server";
import type { Route } from "./+types/checkout-shipping";
import { localeOfPath } from "~/lib/i18n/locale";
import { translatorFor } from "~/server/i18n.server";
import { metaTranslator, storeMeta } from "./store-meta";

export const meta: Route.MetaFunction = (args) => {
  const t = metaTranslator(args);
  return storeMeta(args, {
    title: t("checkout.meta.shippingTitle"),
    description: t("checkout.meta.shippingDescription"),
    noIndex: true,
  });
};

export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await getCheckoutSettings(context.database.db), dates: deliveryDateRange() };
}

/**
 * Checks a discount code against the cart's current subtotal (read from the database). Each
 * client address may check DISCOUNT_CODE_RATE_LIMIT codes per window, counted in the database
 * (every instance shares the count), so codes cannot be guessed by trying many (decision 0011).
 */
export const action = storeAction({
  jsonAsIs: true,
  defaultIntent: "check-code",
  intents: {
    "check-code": intent({
      run: async ({ request, context, input, headers }) => {
        const { db } = context.database;
        const t = translatorFor(localeOfPath(new URL(request.url).pathname));
        const clientIp = clientIpOf(request);
        const limit = await consumeRateLimit(db, `discount-code:${clientIp}`, context.env.DISCOUNT_CODE_RATE_LIMIT);
        if (!limit.allowed) {
          context.logger.warn({ clientIp }, "discount code checks rate-limited");
          headers.set("Retry-After", String(limit.retryAfterSeconds));
          return refuse(429, t("checkout.errors.tooManyCodes"));
        }
        // A code that does not apply is an answer (200), told the same way whatever the reason.
        const body = input as { code?: unknown; lines?: unknown } | null;
        const code = discountCodeSchema.safeParse(body?.code ?? "");
        const lines = cartLinesSchema.safeParse(body?.lines ?? []);
        const invalidCode = t("checkout.errors.invalidCode");
        if (!code.success || !code.data || !lines.success) return refuse(200, invalidCode);
        const quote = await quoteCart(db, lines.data);
        const check = await checkDiscountCode(db, code.data, quote.subtotal);
        if (!check.ok) return refuse(200, check.reason ? `${invalidCode} ${check.reason}` : invalidCode);
        const { code: applied, type, value } = check.discount;
        return { discount: { code: applied, type, value } };
      },
    }),
  },
});

export default function CheckoutShipping({ loaderData }: Route.ComponentProps) {
  return <ShippingStep settings={loaderData.settings} dates={loaderData.dates} />;
}
