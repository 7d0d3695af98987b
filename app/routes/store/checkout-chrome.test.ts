import { describe, expect, it } from "vitest";
import { focusedCheckoutChrome } from "~/features/storefront/components/checkout-chrome";
import * as cart from "./cart";
import * as information from "./checkout-information";
import * as payment from "./checkout-payment";
import * as shipping from "./checkout-shipping";
import * as home from "./home";
import * as confirmation from "./order-confirmation";
import * as lookup from "./order-lookup";
import * as shop from "./shop";

// The store layout shows the focused checkout chrome for the routes whose handle names it (the
// same routes under /en and with a trailing slash): the three steps, and no other page.
describe("the focused checkout chrome", () => {
  it("is named by the three checkout steps' routes", () => {
    for (const route of [information, shipping, payment]) expect(route.handle.chrome).toBe(focusedCheckoutChrome);
  });
  it("is not named by the cart, the confirmation, the look-up or the rest of the shop", () => {
    for (const route of [cart, confirmation, lookup, home, shop]) {
      expect((route as { handle?: { chrome?: unknown } }).handle?.chrome).toBeUndefined();
    }
  });
});
