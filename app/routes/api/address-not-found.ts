import { addressErrorResponse } from "~/features/address/address-http.server";

/** Any other path under /api/address: a JSON 404 (not the HTML not-found page). */
export function loader() {
  return addressErrorResponse(404, "Unknown address list");
}
