import { answerAddressList } from "~/features/address/address-http.server";
import { isKnownDistrict, listWards } from "~/features/address/address.server";
import type { Route } from "./+types/address-district-wards";

/** GET /api/address/legacy/districts/:districtCode/wards → the wards of a former district. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return answerAddressList(request, context.logger, () =>
    isKnownDistrict(params.districtCode) ? listWards("legacy", params.districtCode) : { notFound: "Unknown district" },
  );
}
