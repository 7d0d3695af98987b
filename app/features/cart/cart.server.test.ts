import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartLines, carts, products } from "~/db/schema";
import { checkoutInput, createCategory, createProduct } from "~/test/checkout-fixtures";
import { placeOrder } from "~/features/checkout/place-order.server";
import { TEST_EMAIL_LINKS } from "~/test/orders-fixture";
import { expectAppError } from "~/test/app-error";
import { setUpTestDatabase } from "~/test/database";
import {
  acknowledgeCartPrice,
  addCartLine,
  CART_TTL_DAYS,
  findCart,
  findCartWithLines,
  markCartOrdered,
  mergeCartLines,
  newCartToken,
  openCart,
  purgeExpiredCarts,
  readCartLines,
  removeCartLine,
  saveCheckoutProgress,
  setCartDiscountCode,
  setCartLineQuantity,
  validCartToken,
} from "./cart.server";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "./cart-store";

const { db } = await setUpTestDatabase({ resetTables: [cartLines, carts] });

let slug = 0;
async function product(values: Parameters<typeof createProduct>[2] = {}) {
  slug += 1;
  return createProduct(db, await createCategory(db, `cat-${slug}`), values);
}

const day = 24 * 60 * 60 * 1000;

describe("the server cart", () => {
  it("opens a cart with a new opaque token, finds it again by that token, and never by another", async () => {
    const { cart, token, created } = await openCart(db, null);
    expect(created).toBe(true);
    expect(validCartToken(token)).toBe(token);
    // Only the token's hash is stored.
    expect(cart.tokenHash).not.toContain(token);
    expect((await findCart(db, token))?.id).toBe(cart.id);
    const again = await openCart(db, token);
    expect(again).toMatchObject({ created: false, token });
    expect(again.cart.id).toBe(cart.id);
    expect(await findCart(db, "x".repeat(43))).toBeNull();
    expect(await findCart(db, null)).toBeNull();
    expect(validCartToken("short")).toBeNull();
    expect(validCartToken(`${"a".repeat(42)};`)).toBeNull();
  });

  it("adds units (an existing line grows, clamped at 99), sets, removes, and lists lines in the order added", async () => {
    const a = await product({ price: 100_000 });
    const b = await product({ price: 50_000 });
    const { cart } = await openCart(db, null);
    await addCartLine(db, cart.id, a, 2);
    await addCartLine(db, cart.id, b, 1);
    await addCartLine(db, cart.id, a, 3);
    expect(await readCartLines(db, cart.id)).toEqual([
      { productId: a, quantity: 5, seenPrice: 100_000 },
      { productId: b, quantity: 1, seenPrice: 50_000 },
    ]);
    await addCartLine(db, cart.id, a, MAX_LINE_QUANTITY);
    await setCartLineQuantity(db, cart.id, b, 7);
    expect((await readCartLines(db, cart.id)).map((line) => line.quantity)).toEqual([MAX_LINE_QUANTITY, 7]);
    await setCartLineQuantity(db, cart.id, b, 0);
    expect((await readCartLines(db, cart.id)).map((line) => line.productId)).toEqual([a]);
    await removeCartLine(db, cart.id, a);
    expect(await readCartLines(db, cart.id)).toEqual([]);
  });

  it("counts two tabs adding at the same moment", async () => {
    const a = await product();
    const { cart } = await openCart(db, null);
    await Promise.all(Array.from({ length: 6 }, () => addCartLine(db, cart.id, a, 1)));
    expect(await readCartLines(db, cart.id)).toMatchObject([{ productId: a, quantity: 6 }]);
  });

  it("refuses what cannot be bought and bad quantities, changing nothing", async () => {
    const inactive = await product({ isActive: false });
    const soldOut = await product({ stockQuantity: 0 });
    const fine = await product();
    const { cart } = await openCart(db, null);
    await expectAppError(addCartLine(db, cart.id, inactive, 1), "not_found", "cart.productGone");
    await expectAppError(addCartLine(db, cart.id, 999_999, 1), "not_found", "cart.productGone");
    await expectAppError(addCartLine(db, cart.id, soldOut, 1), "conflict", "catalog.card.outOfStock");
    await expectAppError(addCartLine(db, cart.id, fine, 0), "invalid", "cart.invalidQuantity");
    await expectAppError(addCartLine(db, cart.id, fine, 1.5), "invalid", "cart.invalidQuantity");
    await expectAppError(setCartLineQuantity(db, cart.id, fine, -1), "invalid", "cart.invalidQuantity");
    expect(await readCartLines(db, cart.id)).toEqual([]);
  });

  it("holds at most 50 different products", async () => {
    const category = await createCategory(db, "many");
    const ids = [];
    for (let i = 0; i <= MAX_CART_LINES; i += 1) ids.push(await createProduct(db, category));
    const { cart } = await openCart(db, null);
    for (const id of ids.slice(0, MAX_CART_LINES)) await addCartLine(db, cart.id, id, 1);
    await expectAppError(addCartLine(db, cart.id, ids[MAX_CART_LINES]!, 1), "conflict", "cart.tooManyLines");
    // A product already in the full cart can still grow.
    await addCartLine(db, cart.id, ids[0]!, 1);
    const lines = await readCartLines(db, cart.id);
    expect(lines).toHaveLength(MAX_CART_LINES);
    expect(lines[0]!.quantity).toBe(2);
  });

  it("merges a cart from local storage: the larger quantity wins, so a repeat changes nothing; unbuyable lines are skipped", async () => {
    const a = await product();
    const b = await product();
    const inactive = await product({ isActive: false });
    const { cart } = await openCart(db, null);
    await addCartLine(db, cart.id, a, 3);
    const stored = [
      { productId: a, quantity: 1 },
      { productId: b, quantity: 2 },
      { productId: inactive, quantity: 1 },
      { productId: 999_999, quantity: 1 },
    ];
    await mergeCartLines(db, cart.id, stored);
    await mergeCartLines(db, cart.id, stored);
    expect((await readCartLines(db, cart.id)).map(({ productId, quantity }) => ({ productId, quantity }))).toEqual([
      { productId: a, quantity: 3 },
      { productId: b, quantity: 2 },
    ]);
  });

  it("reads a cart with its lines in one go: the same cart and lines as read apart, none for an empty, expired or unknown cart", async () => {
    const a = await product({ price: 120_000 });
    const b = await product({ price: 80_000 });
    const start = new Date("2026-11-01T00:00:00Z");
    const { cart, token } = await openCart(db, null, start);
    expect(await findCartWithLines(db, token, start)).toEqual({ ...cart, lines: [] });
    await addCartLine(db, cart.id, b, 2, start);
    await addCartLine(db, cart.id, a, 1, new Date(start.getTime() + 1000));
    await db.update(products).set({ price: 90_000 }).where(eq(products.id, b));
    const found = await findCartWithLines(db, token, start);
    const { lines, ...row } = found!;
    expect(row).toEqual(await findCart(db, token, start));
    expect(lines).toEqual(await readCartLines(db, cart.id));
    expect(lines).toEqual([
      { productId: b, quantity: 2, seenPrice: 80_000 },
      { productId: a, quantity: 1, seenPrice: 120_000 },
    ]);
    expect(await findCartWithLines(db, token, new Date(start.getTime() + (CART_TTL_DAYS + 1) * day))).toBeNull();
    expect(await findCartWithLines(db, newCartToken(), start)).toBeNull();
    expect(await findCartWithLines(db, null)).toBeNull();
  });

  it("remembers the price seen when adding, and forgets the change once acknowledged", async () => {
    const a = await product({ price: 300_000 });
    const { cart } = await openCart(db, null);
    await addCartLine(db, cart.id, a, 1);
    await db.update(products).set({ price: 280_000 }).where(eq(products.id, a));
    expect((await readCartLines(db, cart.id))[0]!.seenPrice).toBe(300_000);
    await acknowledgeCartPrice(db, cart.id, a);
    expect((await readCartLines(db, cart.id))[0]!.seenPrice).toBe(280_000);
  });

  it("keeps the checkout's progress, merged step by step", async () => {
    const { cart, token } = await openCart(db, null);
    await saveCheckoutProgress(db, cart.id, { information: { email: "lan@example.vn" } });
    await saveCheckoutProgress(db, cart.id, { shipping: { shippingMethod: "express" } });
    expect((await findCart(db, token))?.checkout).toEqual({
      information: { email: "lan@example.vn" },
      shipping: { shippingMethod: "express" },
    });
  });

  it("after an order: its products leave, a line added meanwhile stays, and the next change starts a new checkout", async () => {
    const a = await product();
    const b = await product();
    const { cart, token } = await openCart(db, null);
    await addCartLine(db, cart.id, a, 2);
    await setCartDiscountCode(db, cart.id, "TET10");
    const order = await placeOrder(
      db,
      checkoutInput([{ productId: a, quantity: 2 }], { idempotencyKey: cart.idempotencyKey }),
      {
        links: TEST_EMAIL_LINKS,
      },
    );
    // Another tab added b while the order was being placed.
    await addCartLine(db, cart.id, b, 1);
    await markCartOrdered(db, cart.id, order.id, [a]);
    const ordered = await findCart(db, token);
    expect(ordered).toMatchObject({ placedOrderId: order.id, discountCode: null });
    expect((await readCartLines(db, cart.id)).map((line) => line.productId)).toEqual([b]);
    await addCartLine(db, cart.id, a, 1);
    const next = await findCart(db, token);
    expect(next?.placedOrderId).toBeNull();
    expect(next?.idempotencyKey).not.toBe(cart.idempotencyKey);
  });

  it("expires after CART_TTL_DAYS untouched; expired carts are purged with their lines", async () => {
    const a = await product();
    const start = new Date("2026-11-01T00:00:00Z");
    const { cart, token } = await openCart(db, null, start);
    await addCartLine(db, cart.id, a, 1, start);
    const beforeExpiry = new Date(start.getTime() + (CART_TTL_DAYS - 1) * day);
    expect(await findCart(db, token, beforeExpiry)).not.toBeNull();
    const afterExpiry = new Date(start.getTime() + (CART_TTL_DAYS + 1) * day);
    expect(await findCart(db, token, afterExpiry)).toBeNull();
    // A change pushes the expiry forward.
    await setCartLineQuantity(db, cart.id, a, 2, beforeExpiry);
    expect(await findCart(db, token, afterExpiry)).not.toBeNull();
    const muchLater = new Date(beforeExpiry.getTime() + (CART_TTL_DAYS + 1) * day);
    // A new cart sweeps the expired ones away.
    const fresh = await openCart(db, null, muchLater);
    expect(fresh.created).toBe(true);
    expect(await db.select().from(carts).where(eq(carts.id, cart.id))).toEqual([]);
    expect(await db.select().from(cartLines).where(eq(cartLines.cartId, cart.id))).toEqual([]);
    expect(await purgeExpiredCarts(db, muchLater)).toBe(0);
  });

  it("refuses a product that has variants (one of them is added) and changes nothing; merging skips it", async () => {
    const parent = await product({ trackStock: false, stockQuantity: 0 });
    const [{ categoryId }] = await db
      .select({ categoryId: products.categoryId })
      .from(products)
      .where(eq(products.id, parent));
    const white = await createProduct(db, categoryId, { parentId: parent, variantLabel: "Trắng", price: 690_000 });
    const { cart } = await openCart(db, null);
    await expectAppError(addCartLine(db, cart.id, parent, 1), "invalid", "cart.chooseOption");
    expect(await readCartLines(db, cart.id)).toEqual([]);
    await mergeCartLines(db, cart.id, [
      { productId: parent, quantity: 2 },
      { productId: white, quantity: 1 },
    ]);
    expect((await readCartLines(db, cart.id)).map((line) => line.productId)).toEqual([white]);
    await addCartLine(db, cart.id, white, 1);
    expect(await readCartLines(db, cart.id)).toEqual([{ productId: white, quantity: 2, seenPrice: 690_000 }]);
  });
});
