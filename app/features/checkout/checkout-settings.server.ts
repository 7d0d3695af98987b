import { getStorefrontSettings } from "~/features/settings/settings.server";
import type { Db } from "~/server/db.server";
import type { CheckoutSettings } from "./checkout.schema";

/**
 * The settings the checkout pages need to show fees and the VAT line (placeOrder reads them again),
 * as the storefront's pages read them: kept until the next storefront change.
 */
export async function getCheckoutSettings(db: Db): Promise<CheckoutSettings> {
  const settings = await getStorefrontSettings(db);
  const { freeShippingThreshold, standardFee, expressFee, expressEnabled, storePickupFee } = settings.shipping;
  return {
    shipping: { freeShippingThreshold, standardFee, expressFee, expressEnabled, storePickupFee },
    vatRateBasisPoints: settings.tax.vatRateBasisPoints,
    fields: settings.checkout,
    delivery: settings.delivery,
  };
}
