import { useEffect } from "react";
import { emptyAddress } from "~/features/address/address.schema";
import { provinceOfLocation, useDeliveryLocation } from "~/features/storefront/delivery-locations";
import { readCheckoutData, updateCheckoutData } from "../checkout-store";

/**
 * Pre-selects the province of the header's "Deliver to" place in the information step, while the
 * shopper has chosen no province there yet (issue 15 part 7). Runs in the browser once the place
 * is known; a province the shopper picked is never replaced.
 */
export function useDeliverToProvince(): void {
  const place = useDeliveryLocation();
  useEffect(() => {
    const province = provinceOfLocation(place);
    if (!province) return;
    const { location } = readCheckoutData();
    if (location.provinceCode !== "" || location.structure !== "current") return;
    updateCheckoutData({ location: { ...emptyAddress, provinceCode: province.code, provinceName: province.name } });
  }, [place]);
}
