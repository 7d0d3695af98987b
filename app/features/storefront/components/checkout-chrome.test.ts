import { describe, expect, it } from "vitest";
import { isFocusedCheckoutPath } from "./checkout-chrome";

describe("isFocusedCheckoutPath", () => {
  it("is true on the three checkout steps, in both languages", () => {
    for (const path of ["/checkout/information", "/checkout/shipping", "/checkout/payment", "/en/checkout/payment", "/checkout/shipping/"]) {
      expect(isFocusedCheckoutPath(path), path).toBe(true);
    }
  });
  it("is false on the cart, the confirmation, the look-up and the rest of the shop", () => {
    for (const path of ["/cart", "/en/cart", "/order-confirmation", "/order-lookup", "/", "/en", "/checkout", "/shop"]) {
      expect(isFocusedCheckoutPath(path), path).toBe(false);
    }
  });
});
