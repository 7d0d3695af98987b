import { getSettings } from "~/features/settings/settings.server";
import type { Db, Tx } from "~/server/db.server";
import type { CheckoutSettings } from "./checkout.schema";

/** The settings the checkout pages need to show fees and the VAT line (the server recomputes them). */
export async function getCheckoutSettings(db: Db | Tx): Promise<CheckoutSettings> {
  const settings = await getSettings(db);
  const { freeShippingThreshold, standardFee, expressFee, expressEnabled, storePickupFee } = settings.shipping;
  return {
    shipping: { freeShippingThreshold, standardFee, expressFee, expressEnabled, storePickupFee },
    vatRateBasisPoints: settings.tax.vatRateBasisPoints,
    storeAddress: settings.store.address,
    fields: settings.checkout,
  };
}
