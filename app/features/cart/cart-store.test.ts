import { describe, expect, it } from "vitest";
import {
  cartCountOf,
  countItems,
  currentAddedNotice,
  currentAddedSeq,
  MAX_LINE_QUANTITY,
  openCartDrawer,
  parseCart,
  preloadCartDrawer,
  setCartDrawerLoader,
  setCartDrawerOpen,
  showAddedToCart,
  takeCartDrawerOpener,
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

describe("the drawer after an add (issue 19)", () => {
  // Only its identity matters: the store keeps it and hands it back.
  const button = { tagName: "BUTTON" } as unknown as HTMLElement;
  const header = { tagName: "A" } as unknown as HTMLElement;

  it("opens with the add's confirmation, and gives focus back to the button that added, once", () => {
    const before = currentAddedSeq();
    openCartDrawer({ opener: button, added: { quantity: 3, name: "Hồng" } });
    expect(currentAddedNotice()).toEqual({ quantity: 3, name: "Hồng", seq: before + 1 });
    expect(takeCartDrawerOpener()).toBe(button);
    // A second close (or a drawer opened by nobody) has nothing to focus.
    expect(takeCartDrawerOpener()).toBeNull();
    setCartDrawerOpen(false);
  });

  it("opened from the header, shows no earlier add's confirmation", () => {
    openCartDrawer({ opener: button, added: { quantity: 1, name: "Hộp" } });
    setCartDrawerOpen(false);
    openCartDrawer({ opener: header });
    expect(currentAddedNotice()).toBeNull();
    expect(takeCartDrawerOpener()).toBe(header);
    setCartDrawerOpen(false);
  });

  it("an add where the cart is in view replaces the confirmation with a newer one", () => {
    openCartDrawer({ opener: button, added: { quantity: 1, name: "Hộp" } });
    const first = currentAddedNotice()!;
    showAddedToCart({ quantity: 2, name: "Bàn chải" });
    const second = currentAddedNotice()!;
    expect(second).toEqual({ quantity: 2, name: "Bàn chải", seq: first.seq + 1 });
    expect(currentAddedSeq()).toBe(second.seq);
    // The same product twice is still a new confirmation (a page shows only newer ones).
    showAddedToCart({ quantity: 2, name: "Bàn chải" });
    expect(currentAddedNotice()!.seq).toBe(second.seq + 1);
    setCartDrawerOpen(false);
    takeCartDrawerOpener();
  });

  it("fetches the drawer's code ahead through the loader the header registered", () => {
    let loads = 0;
    preloadCartDrawer(); // none registered yet: nothing to do, no error
    setCartDrawerLoader(() => loads++);
    preloadCartDrawer();
    expect(loads).toBe(1);
  });
});
