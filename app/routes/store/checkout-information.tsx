import { addressCodesSchema } from "~/features/address/address.schema";
import { resolveAddress } from "~/features/address/address.server";
import { assertSameOrigin } from "~/features/auth/auth.server";
import { getCheckoutSettings } from "~/features/checkout/checkout-settings.server";
import { informationSchema, messages } from "~/features/checkout/checkout.schema";
import { InformationStep, type InformationCheck } from "~/features/checkout/components/information-step";
import { fieldErrorsOf } from "~/lib/form-fields";
import type { Route } from "./+types/checkout-information";
import { storeMeta } from "./store-meta";

export const meta: Route.MetaFunction = (args) =>
  storeMeta(args, { title: "Checkout: information", description: "Contact and delivery address.", noIndex: true });

export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await getCheckoutSettings(context.database.db) };
}

/** The server's check of step 1 (the same schemas; the address codes must exist and belong together). */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request, context.env);
  const body = (await request.json().catch(() => null)) as { information?: unknown; address?: unknown } | null;
  const info = informationSchema.safeParse(body?.information ?? {});
  const address = addressCodesSchema.safeParse(body?.address ?? {});
  const fieldErrors = {
    ...(info.success ? {} : fieldErrorsOf(info.error)),
    ...(address.success ? {} : fieldErrorsOf(address.error)),
  };
  if (address.success && !resolveAddress(address.data)) {
    fieldErrors.province ??= messages.province;
    fieldErrors.ward ??= messages.ward;
  }
  return { ok: Object.keys(fieldErrors).length === 0, fieldErrors } satisfies InformationCheck;
}

export default function CheckoutInformation({ loaderData }: Route.ComponentProps) {
  return <InformationStep settings={loaderData.settings} />;
}
