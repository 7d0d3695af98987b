import { addressCodesSchema } from "~/features/address/address.schema";
import type { CheckoutFieldsSettings } from "~/features/settings/settings.schema";
import { addressCodesOf, informationValues, shippingValues, type CheckoutData } from "./checkout-progress";
import { informationSchemaFor, shippingSchemaFor } from "./checkout.schema";
import type { DeliveryRules } from "~/features/settings/settings.schema";

/*
 * The checkout's progress checked by the shared schemas. Kept apart from checkout-progress.ts
 * (zod-free) so the steps load zod only where they check as the shopper types, and then lazily.
 */

/** Field → message for the information step (SPEC §5, as the shop's checkout settings ask), empty when valid. */
export function informationErrors(data: CheckoutData, fields: CheckoutFieldsSettings): Record<string, string> {
  const errors: Record<string, string> = {};
  const info = informationSchemaFor(fields).safeParse(informationValues(data));
  if (!info.success) for (const issue of info.error.issues) errors[String(issue.path.at(-1) ?? "_")] ??= issue.message;
  const address = addressCodesSchema.safeParse(addressCodesOf(data));
  if (!address.success)
    for (const issue of address.error.issues) errors[String(issue.path.at(-1) ?? "_")] ??= issue.message;
  return errors;
}

/** Field → message for the shipping step: the day and slot as the delivery rules allow them to the chosen province. */
export function shippingErrors(data: CheckoutData, rules: DeliveryRules, now: Date = new Date()): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = shippingSchemaFor({ provinceCode: data.location.provinceCode, rules }, () => now).safeParse(
    shippingValues(data),
  );
  if (!result.success)
    for (const issue of result.error.issues) errors[String(issue.path.at(-1) ?? "_")] ??= issue.message;
  return errors;
}
