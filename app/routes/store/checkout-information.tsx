import { addressCodesSchema } from "~/features/address/address.schema";
import { resolveAddress } from "~/features/address/address.server";
import { storeAction } from "~/features/auth/store-action.server";
import { getCheckoutSettings } from "~/features/checkout/checkout-settings.server";
import { informationSchemaFor, messages } from "~/features/checkout/checkout.schema";
import { getSetting } from "~/features/settings/settings.server";
import { InformationStep } from "~/features/checkout/components/information-step";
import { fieldErrorsOf } from "~/lib/form-fields";
import { intent, refuse } from "~/server/form-action.server";
import type { Route } from "./+types/checkout-information";
import { metaTranslator, storeMeta } from "./store-meta";

export const meta: Route.MetaFunction = (args) => {
  const t = metaTranslator(args);
  return storeMeta(args, {
    title: t("checkout.meta.informationTitle"),
    description: t("checkout.meta.informationDescription"),
    noIndex: true,
  });
};

export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await getCheckoutSettings(context.database.db) };
}

/**
 * The server's check of step 1 (the same schemas; the address codes must exist and belong
 * together). Field errors are an answer (200) the step shows beside its fields.
 */
export const action = storeAction({
  jsonAsIs: true,
  defaultIntent: "check-information",
  intents: {
    "check-information": intent({
      run: async ({ input, context }) => {
        const body = input as { information?: unknown; address?: unknown } | null;
        const fields = await getSetting(context.database.db, "checkout");
        const info = informationSchemaFor(fields).safeParse(body?.information ?? {});
        const address = addressCodesSchema.safeParse(body?.address ?? {});
        const fieldErrors = {
          ...(info.success ? {} : fieldErrorsOf(info.error)),
          ...(address.success ? {} : fieldErrorsOf(address.error)),
        };
        if (address.success && !resolveAddress(address.data)) {
          fieldErrors.province ??= messages.province;
          fieldErrors.ward ??= messages.ward;
        }
        const first = Object.values(fieldErrors)[0];
        return first ? refuse(200, first, { fieldErrors }) : undefined;
      },
    }),
  },
});

export default function CheckoutInformation({ loaderData }: Route.ComponentProps) {
  return <InformationStep settings={loaderData.settings} />;
}
