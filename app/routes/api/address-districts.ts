import { answerAddressList } from "~/features/address/address-http.server";
import { isKnownProvince, listDistricts } from "~/features/address/address.server";
import type { Route } from "./+types/address-districts";

/** GET /api/address/legacy/provinces/:provinceCode/districts → the districts of a former province. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return answerAddressList(request, context.logger, () =>
    isKnownProvince("legacy", params.provinceCode)
      ? listDistricts(params.provinceCode)
      : { notFound: "Unknown province" },
  );
}
