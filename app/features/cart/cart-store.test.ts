import { describe, expect, it } from "vitest";
import { cartCountOf, countItems, MAX_LINE_QUANTITY, parseCart } from "./cart-store";

describe("parseCart", () => {
  it("reads a stored cart", () => {
    expect(parseCart('[{"productId":3,"quantity":2}]')).toEqual([{ productId: 3, quantity: 2 }]);
  });

  it("discards what is not a cart, never throwing", () => {
    for (const raw of [null, "", "not json", "{}", '"x"', "42", "null"]) expect(parseCart(raw)).toEqual([]);
  });

  it("repairs an outdated or tampered cart: bad lines dropped, duplicates merged, quantities clamped", () => {
    const raw = JSON.stringify([
      { productId: 1, quantity: 2 },
      { productId: "2", quantity: 1 },
      { productId: 3, quantity: 0 },
      { productId: 4, quantity: 1.5 },
      { id: 5, name: "old format", price: 28.99, quantity: 1 },
      null,
      { productId: 1, quantity: 3 },
      { productId: 6, quantity: 10_000 },
    ]);
    expect(parseCart(raw)).toEqual([
      { productId: 1, quantity: 5 },
      { productId: 6, quantity: MAX_LINE_QUANTITY },
    ]);
  });
});

describe("countItems (SPEC §4)", () => {
  it("is the sum of quantities", () => {
    expect(
      countItems([
        { productId: 1, quantity: 2 },
        { productId: 2, quantity: 3 },
      ]),
    ).toBe(5);
    expect(countItems([])).toBe(0);
  });
});

describe("cartCountOf", () => {
  it("reads the count cookie the server writes, 0 when missing or not a count", () => {
    expect(cartCountOf("theme=x; uvc_cart_count=3; other=2")).toBe(3);
    expect(cartCountOf("uvc_cart_count=12")).toBe(12);
    expect(cartCountOf("xuvc_cart_count=4")).toBe(0);
    expect(cartCountOf("uvc_cart_count=-2; a=b")).toBe(0);
    expect(cartCountOf("uvc_cart_count=abc")).toBe(0);
    expect(cartCountOf("")).toBe(0);
  });
});
