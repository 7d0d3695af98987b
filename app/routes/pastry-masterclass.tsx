import { redirect } from "react-router";

/** A leftover of the template the prototype was built on (PRODUCT.md): gone for good, to the shop. */
export function loader() {
  return redirect("/shop", 301);
}
