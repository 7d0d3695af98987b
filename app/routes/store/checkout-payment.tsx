import { data } from "react-router";
import { storeAction } from "~/features/auth/store-action.server";
import { loadCheckoutStep, NO_STORE, paymentIntents } from "~/features/checkout/checkout-steps.server";
import { PaymentStep } from "~/features/checkout/components/payment-step";
import { focusedCheckoutChrome, type StoreRouteHandle } from "~/features/storefront/components/checkout-chrome";
import type { Route } from "./+types/checkout-payment";
import { useStoreLayout } from "~/features/storefront/store-layout-data";
import { metaTranslator, storeMeta } from "~/features/storefront/store-meta";

export const meta: Route.MetaFunction = (args) => {
  const t = metaTranslator(args);
  return storeMeta(args, {
    title: t("checkout.meta.paymentTitle"),
    description: t("checkout.meta.paymentDescription"),
    noIndex: true,
  });
};

export const headers: Route.HeadersFunction = () => NO_STORE;

/** The focused checkout chrome in place of the store's header and footer. */
export const handle: StoreRouteHandle = { chrome: focusedCheckoutChrome };

/** The server cart and the review of steps 1 and 2. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return data(await loadCheckoutStep(request, context, 3), { headers: NO_STORE });
}

/** Places the order from the server cart (see paymentAction). */
export const action = storeAction({ headers: NO_STORE, defaultIntent: "place-order", intents: paymentIntents });

export default function CheckoutPayment({ loaderData, actionData }: Route.ComponentProps) {
  const layout = useStoreLayout();
  return (
    <PaymentStep
      {...loaderData}
      refused={actionData && !actionData.ok ? actionData.error : null}
      policyLinks={layout?.footer.policyLinks}
    />
  );
}
