import { isAddressStructure } from "~/features/address/address.schema";
import { answerAddressList } from "~/features/address/address-http.server";
import { listProvinces } from "~/features/address/address.server";
import type { Route } from "./+types/address-provinces";

/** GET /api/address/:structure/provinces → [{ code, name }] (34 current, 63 legacy). */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return answerAddressList(request, context.logger, () =>
    isAddressStructure(params.structure) ? listProvinces(params.structure) : { notFound: "Unknown address structure" },
  );
}
