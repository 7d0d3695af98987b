import { data } from "react-router";
import { storeAction } from "~/features/auth/store-action.server";
import { deliveryDateRange } from "~/features/checkout/checkout.schema";
import { bookableDays, deliveryPromiseFor } from "~/features/checkout/delivery-rules";
import { loadCheckoutStep, NO_STORE, shippingIntents } from "~/features/checkout/checkout-steps.server";
import { listPickupChoices } from "~/features/checkout/pickup-choice.server";
import { ShippingStep } from "~/features/checkout/components/shipping-step";
import { focusedCheckoutChrome, type StoreRouteHandle } from "~/features/storefront/components/checkout-chrome";
import type { Route } from "./+types/checkout-shipping";
import { metaTranslator, storeMeta } from "~/features/storefront/store-meta";

export const meta: Route.MetaFunction = (args) => {
  const t = metaTranslator(args);
  return storeMeta(args, {
    title: t("checkout.meta.shippingTitle"),
    description: t("checkout.meta.shippingDescription"),
    noIndex: true,
  });
};

export const headers: Route.HeadersFunction = () => NO_STORE;

/** The focused checkout chrome in place of the store's header and footer. */
export const handle: StoreRouteHandle = { chrome: focusedCheckoutChrome };

/**
 * The server cart, what steps 1 and 2 took so far, the cart's discount code, the delivery promise to
 * step 1's province (the days and slot the step offers, checked again on post), pickup's days and
 * the pickup shops with what they hold of the cart, nearest the buyer's province first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const step = await loadCheckoutStep(request, context, 2);
  const promise = deliveryPromiseFor(step.progress.location.provinceCode || null, new Date(), step.settings.delivery);
  const cartLines = step.cart.lines.map(({ line, quantity }) => ({ productId: line.productId, quantity }));
  const pickupShops = await listPickupChoices(context.database.db, cartLines, step.progress.location);
  return data(
    { ...step, promise, dates: bookableDays(promise), pickupDates: deliveryDateRange(), pickupShops },
    { headers: NO_STORE },
  );
}

/** Step 2 posted as a form: the delivery, and the discount code's apply/remove (see shippingAction). */
export const action = storeAction({ headers: NO_STORE, defaultIntent: "continue", intents: shippingIntents });

export default function CheckoutShipping({ loaderData, actionData }: Route.ComponentProps) {
  return <ShippingStep {...loaderData} answer={actionData ?? null} />;
}
