import { describe, expect, it } from "vitest";
import {
  addLine,
  cartHasLinesHint,
  countItems,
  MAX_LINE_QUANTITY,
  parseCart,
  removeLine,
  setLineQuantity,
} from "./cart-store";

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

describe("cart lines (SPEC §4)", () => {
  it("adding an existing product raises its quantity by the amount given, default 1", () => {
    let lines = addLine([], 7);
    lines = addLine(lines, 7, 3);
    lines = addLine(lines, 8);
    expect(lines).toEqual([
      { productId: 7, quantity: 4 },
      { productId: 8, quantity: 1 },
    ]);
    expect(countItems(lines)).toBe(5);
  });

  it("ignores a zero, negative or fractional quantity when adding", () => {
    expect(addLine([], 7, 0)).toEqual([]);
    expect(addLine([], 7, -2)).toEqual([]);
    expect(addLine([], 7, 1.5)).toEqual([]);
  });

  it("updating to 0 or less removes the line; remove drops it", () => {
    const lines = [
      { productId: 1, quantity: 2 },
      { productId: 2, quantity: 1 },
    ];
    expect(setLineQuantity(lines, 1, 5)).toEqual([
      { productId: 1, quantity: 5 },
      { productId: 2, quantity: 1 },
    ]);
    expect(setLineQuantity(lines, 1, 0)).toEqual([{ productId: 2, quantity: 1 }]);
    expect(setLineQuantity(lines, 1, -1)).toEqual([{ productId: 2, quantity: 1 }]);
    expect(removeLine(lines, 2)).toEqual([{ productId: 1, quantity: 2 }]);
    expect(countItems([])).toBe(0);
  });
});

describe("parseSeenPrices", () => {
  it("keeps whole non-negative prices keyed by positive ids and drops the rest", async () => {
    const { parseSeenPrices } = await import("./cart-store");
    expect(parseSeenPrices(null)).toEqual({});
    expect(parseSeenPrices("not json")).toEqual({});
    expect(parseSeenPrices("[1,2]")).toEqual({});
    expect(parseSeenPrices(JSON.stringify({ 1: 690000, 2: -5, x: 3, 3: 1.5, 4: "9" }))).toEqual({ 1: 690000 });
  });
});

describe("cartHasLinesHint", () => {
  it("is true only when the hint cookie says the cart has lines", () => {
    expect(cartHasLinesHint("theme=x; uvc-cart-has-lines=1; other=2")).toBe(true);
    expect(cartHasLinesHint("uvc-cart-has-lines=1")).toBe(true);
    expect(cartHasLinesHint("uvc-cart-has-lines=0")).toBe(false);
    expect(cartHasLinesHint("xuvc-cart-has-lines=1")).toBe(false);
    expect(cartHasLinesHint("")).toBe(false);
    expect(cartHasLinesHint(null)).toBe(false);
  });
});
