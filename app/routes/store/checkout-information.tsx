import { data } from "react-router";
import { storeAction } from "~/features/auth/store-action.server";
import {
  addressChoicesFor,
  informationIntents,
  loadCheckoutStep,
  NO_STORE,
} from "~/features/checkout/checkout-steps.server";
import { InformationStep } from "~/features/checkout/components/information-step";
import { focusedCheckoutChrome, type StoreRouteHandle } from "~/features/storefront/components/checkout-chrome";
import type { Route } from "./+types/checkout-information";
import { metaTranslator, storeMeta } from "~/features/storefront/store-meta";

export const meta: Route.MetaFunction = (args) => {
  const t = metaTranslator(args);
  return storeMeta(args, {
    title: t("checkout.meta.informationTitle"),
    description: t("checkout.meta.informationDescription"),
    noIndex: true,
  });
};

export const headers: Route.HeadersFunction = () => NO_STORE;

/** The focused checkout chrome in place of the store's header and footer. */
export const handle: StoreRouteHandle = { chrome: focusedCheckoutChrome };

/** The server cart and what step 1 took so far, with the address lists the selects offer without JavaScript. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const step = await loadCheckoutStep(request, context, 1);
  return data({ ...step, addressChoices: addressChoicesFor(step.progress.location) }, { headers: NO_STORE });
}

/** Step 1 posted as a form: checked by the shared schemas, saved with the cart (see informationAction). */
export const action = storeAction({ headers: NO_STORE, defaultIntent: "continue", intents: informationIntents });

export default function CheckoutInformation({ loaderData, actionData }: Route.ComponentProps) {
  return <InformationStep {...loaderData} refused={actionData && !actionData.ok ? actionData : null} />;
}
