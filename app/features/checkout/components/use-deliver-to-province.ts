import { useEffect } from "react";
import { emptyAddress, type AddressValue } from "~/features/address/address-value";
import { provinceOfLocation, useDeliveryLocation } from "~/features/address/delivery-locations";

/**
 * Pre-selects the province of the header's "Deliver to" place in the information step, while the
 * shopper has chosen no province there yet (issue 15 part 7). Runs in the browser once the place
 * is known; a province the shopper picked (or the checkout saved) is never replaced.
 */
export function useDeliverToProvince(location: AddressValue, choose: (location: AddressValue) => void): void {
  const place = useDeliveryLocation();
  const unchosen = location.provinceCode === "" && location.structure === "current";
  useEffect(() => {
    const province = provinceOfLocation(place);
    if (!province || !unchosen) return;
    choose({ ...emptyAddress, provinceCode: province.code, provinceName: province.name });
  }, [place, unchosen, choose]);
}
