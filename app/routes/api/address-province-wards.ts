import { answerAddressList } from "~/features/address/address-http.server";
import { isKnownProvince, listWards } from "~/features/address/address.server";
import type { Route } from "./+types/address-province-wards";

/**
 * GET /api/address/:structure/provinces/:provinceCode/wards → the wards of a province in the
 * current structure. Legacy wards belong to a district: /api/address/legacy/districts/:code/wards.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return answerAddressList(request, context.logger, () => {
    if (params.structure !== "current") return { notFound: "Wards by province exist only in the current structure" };
    if (!isKnownProvince("current", params.provinceCode)) return { notFound: "Unknown province" };
    return listWards("current", params.provinceCode);
  });
}
