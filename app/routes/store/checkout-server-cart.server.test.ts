import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartLines, carts, categories, customers, discountCodes, orderItems, orders, products } from "~/db/schema";
import { CART_COOKIE } from "~/features/cart/cart-cookie.server";
import { addCartLine, openCart, readCartLines } from "~/features/cart/cart.server";
import { CART_COUNT_COOKIE } from "~/features/cart/cart-store";
import { ORDER_ACCESS_COOKIE } from "~/features/checkout/order-access.server";
import { createCategory, createDiscount, createProduct } from "~/test/checkout-fixtures";
import { addDays, dateInVietnam } from "~/features/checkout/checkout.schema";
import { deliveryPromiseFor } from "~/features/checkout/delivery-rules";
import { defaultSettingsFor } from "~/features/settings/settings.schema";
import { parseEnv, type Env } from "~/server/env.server";
import { translatorFor } from "~/server/i18n.server";
import { createLogger } from "~/server/logger.server";
import { setUpTestDatabase } from "~/test/database";
import { callRoute, type RouteAnswer } from "~/test/route-call";
import * as cartApi from "../api/cart";
import * as information from "./checkout-information";
import * as payment from "./checkout-payment";
import * as shipping from "./checkout-shipping";

// Issue 17: every checkout step is a plain form on the server cart, through the routes as React
// Router calls them (loaders, actions, redirects, cookies), on PGlite and on PostgreSQL.
const BASE = "http://localhost:3000";
const database = await setUpTestDatabase();
let env: Env;
let context: AppLoadContext;
let ip = 1;
let categoryId: number;

beforeAll(async () => {
  env = parseEnv({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "checkout-cart-")),
    AUTH_SECRET: "c".repeat(32),
    PUBLIC_URL: BASE,
    DISCOUNT_CODE_RATE_LIMIT: "20/600",
    ORDER_RATE_LIMIT: "50/600",
  });
  context = { env, logger: createLogger("silent"), database } as unknown as AppLoadContext;
  categoryId = await createCategory(database.db, "server-cart");
});

afterAll(async () => {
  if (!database) return;
  await database.db.delete(carts);
  await database.db.delete(orders);
  await database.db.delete(customers);
  await database.db.delete(discountCodes);
  await database.db.delete(products);
  await database.db.delete(categories);
});

const call = (fn: unknown, request: Request): Promise<RouteAnswer> => callRoute(fn, request, context);

const get = (pathname: string, cookie?: string) =>
  new Request(`${BASE}${pathname}`, { headers: cookie ? { cookie, "x-forwarded-for": `198.51.100.${ip++}` } : {} });

/** A plain HTML form post (urlencoded, same origin), from its own client address. */
const post = (pathname: string, cookie: string | null, fields: Record<string, string>) =>
  new Request(`${BASE}${pathname}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: BASE,
      "x-forwarded-for": `198.51.100.${ip++ % 250}`,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });

async function product(values: { price?: number; stockQuantity?: number } = {}) {
  return createProduct(database.db, categoryId, {
    price: values.price ?? 250_000,
    stockQuantity: values.stockQuantity ?? 50,
  });
}

/** A browser's cart holding these lines; returns its id and the cookie header that names it. */
async function cartWith(lines: Array<{ productId: number; quantity: number }>) {
  const { cart, token } = await openCart(database.db, null);
  for (const line of lines) await addCartLine(database.db, cart.id, line.productId, line.quantity);
  return { cartId: cart.id, cookie: `${CART_COOKIE}=${token}` };
}

const cartRow = async (cartId: string) => (await database.db.select().from(carts).where(eq(carts.id, cartId)))[0]!;

/** Step 1 as a new shop's form posts it (the Vietnam COD preset: one name field, no postal code). */
const validInformation = {
  phone: "0912345678",
  email: "lan.nguyen@example.vn",
  fullName: "Nguyễn Lan",
  address: "12 Lê Lợi",
  structure: "current",
  provinceCode: "79",
  wardCode: "27316",
};
/** The earliest day the seeded delivery rules allow to Hồ Chí Minh now (the shop's city: slots delivered). */
const earliestInHcm = () => deliveryPromiseFor("79", new Date(), defaultSettingsFor("delivery")).earliest;
const validShipping = () => ({
  shippingMethod: "local-delivery",
  shippingDate: earliestInHcm(),
  shippingTime: "18:00 - 19:00",
  orderInstructions: "Gọi trước khi giao",
});

/** Steps 1 and 2 posted as the forms post them. */
async function fillSteps(cookie: string, prefix = "") {
  const info = await call(
    information.action,
    post(`${prefix}/checkout/information`, cookie, { intent: "continue", ...validInformation }),
  );
  expect(info.status).toBe(303);
  const ship = await call(
    shipping.action,
    post(`${prefix}/checkout/shipping`, cookie, { intent: "continue", ...validShipping() }),
  );
  expect(ship.status).toBe(303);
}

const placeOrder = (cookie: string, prefix = "") =>
  call(payment.action, post(`${prefix}/checkout/payment`, cookie, { intent: "place-order" }));

const orderIdOf = (answer: RouteAnswer) => /order_id=([0-9a-f-]{36})$/.exec(answer.headers.get("location") ?? "")?.[1];

describe("the steps' loaders", () => {
  it("send a browser without a cart, or with an empty one, to the cart (in its language)", async () => {
    const { cookie } = await cartWith([]);
    for (const loader of [information.loader, shipping.loader, payment.loader]) {
      for (const [request, location] of [
        [get("/checkout/information"), "/cart"],
        [get("/checkout/information", cookie), "/cart"],
        [get("/en/checkout/information", cookie), "/en/cart"],
      ] as const) {
        const answer = await call(loader, request);
        expect(answer.status).toBe(303);
        expect(answer.headers.get("location")).toBe(location);
        expect(answer.headers.get("cache-control")).toBe("no-store");
      }
    }
  });

  it("give step 1 the cart priced from the database and send later steps back to the step they need", async () => {
    const productId = await product({ price: 180_000 });
    const { cookie } = await cartWith([{ productId, quantity: 2 }]);
    const first = await call(information.loader, get("/checkout/information", cookie));
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    const body = first.body as {
      cart: { count: number; quote: { subtotal: number } };
      addressChoices: { provinces: unknown[]; wards: unknown[] };
    };
    expect(body.cart.count).toBe(2);
    expect(body.cart.quote.subtotal).toBe(360_000);
    expect(body.addressChoices.provinces.length).toBe(34);
    expect(body.addressChoices.wards).toEqual([]);
    expect((await call(shipping.loader, get("/checkout/shipping", cookie))).headers.get("location")).toBe(
      "/checkout/information",
    );
    expect((await call(payment.loader, get("/en/checkout/payment", cookie))).headers.get("location")).toBe(
      "/en/checkout/information",
    );
  });
});

describe("step 1, information", () => {
  it("refuses invalid fields with their messages and the values as typed, saving nothing", async () => {
    const productId = await product();
    const { cartId, cookie } = await cartWith([{ productId, quantity: 1 }]);
    const answer = await call(
      information.action,
      post("/checkout/information", cookie, {
        intent: "continue",
        email: "not-an-email",
        fullName: " ",
        company: "Cty Lan",
        phone: "12",
        provinceCode: "79",
        wardCode: "",
      }),
    );
    expect(answer.status).toBe(400);
    const body = answer.body as {
      ok: boolean;
      fieldErrors: Record<string, string>;
      result: {
        values: { email: string; company: string; location: { provinceCode: string; provinceName: string } };
      };
    };
    expect(body.ok).toBe(false);
    expect(body.fieldErrors).toMatchObject({
      email: "checkout.errors.emailInvalid",
      fullName: "checkout.errors.fullName",
      address: "checkout.errors.address",
      phone: "checkout.errors.phoneInvalid",
      ward: "checkout.errors.ward",
    });
    // The texts in both languages (SPEC §5's for the ward).
    expect(translatorFor("vi")("checkout.errors.ward")).toBe("Vui lòng chọn phường/xã");
    expect(translatorFor("vi")("checkout.errors.fullName")).toBe("Vui lòng nhập họ và tên");
    expect(translatorFor("en")("checkout.errors.fullName")).toBe("Full name is required");
    expect(body.result.values).toMatchObject({ email: "not-an-email", company: "Cty Lan" });
    expect(body.result.values.location).toMatchObject({ provinceCode: "79", provinceName: "Thành phố Hồ Chí Minh" });
    expect((await cartRow(cartId)).checkout).toEqual({});
  });

  it("refuses a NUL character (PostgreSQL cannot store it), saving nothing", async () => {
    const productId = await product();
    const { cartId, cookie } = await cartWith([{ productId, quantity: 1 }]);
    const answer = await call(
      information.action,
      post("/checkout/information", cookie, { ...validInformation, firstName: "La\u0000n" }),
    );
    expect(answer.status).toBe(400);
    const choose = await call(
      information.action,
      post("/checkout/information", cookie, { intent: "choose-province", company: "\u0000" }),
    );
    expect(choose.status).toBe(400);
    const note = await call(
      shipping.action,
      post("/checkout/shipping", cookie, { ...validShipping(), orderInstructions: "\u0000" }),
    );
    expect(note.status).toBe(400);
    expect((await cartRow(cartId)).checkout).toEqual({});
  });

  it("refuses a ward of another province", async () => {
    const productId = await product();
    const { cartId, cookie } = await cartWith([{ productId, quantity: 1 }]);
    const answer = await call(
      information.action,
      post("/checkout/information", cookie, { ...validInformation, provinceCode: "01" }),
    );
    expect(answer.status).toBe(400);
    expect((answer.body as { fieldErrors: Record<string, string> }).fieldErrors.ward).toBe("checkout.errors.ward");
    expect((await cartRow(cartId)).checkout).toEqual({});
  });

  it("saves valid fields with the cart and goes on to shipping (303), which shows them", async () => {
    const productId = await product();
    const { cartId, cookie } = await cartWith([{ productId, quantity: 1 }]);
    const answer = await call(
      information.action,
      post("/en/checkout/information", cookie, { ...validInformation, isGift: "on", giftMessage: "Chúc mừng" }),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/en/checkout/shipping");
    expect((await cartRow(cartId)).checkout).toMatchObject({
      email: "lan.nguyen@example.vn",
      fullName: "Nguyễn Lan",
      isGift: true,
      giftMessage: "Chúc mừng",
      location: { structure: "current", provinceCode: "79", districtCode: "", wardCode: "27316" },
    });
    const step2 = await call(shipping.loader, get("/checkout/shipping", cookie));
    expect(step2.status).toBe(200);
    const progress = (step2.body as { progress: { fullName: string; location: { wardName: string } } }).progress;
    expect(progress.fullName).toBe("Nguyễn Lan");
    expect(progress.location.wardName).toBe("Phường An Đông");
    // The payment step still needs the delivery.
    expect((await call(payment.loader, get("/checkout/payment", cookie))).headers.get("location")).toBe(
      "/checkout/shipping",
    );
  });

  it("'Choose' (no JavaScript) saves what was typed and lists the chosen province's wards", async () => {
    const productId = await product();
    const { cartId, cookie } = await cartWith([{ productId, quantity: 1 }]);
    const answer = await call(
      information.action,
      post("/checkout/information", cookie, {
        intent: "choose-province",
        firstName: "Lan",
        provinceCode: "01",
        wardCode: "27316",
      }),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/checkout/information#delivery-address");
    // The ward of another province is dropped.
    expect((await cartRow(cartId)).checkout).toMatchObject({
      firstName: "Lan",
      location: { provinceCode: "01", wardCode: "" },
    });
    const page = await call(information.loader, get("/checkout/information", cookie));
    const body = page.body as { progress: { firstName: string }; addressChoices: { wards: Array<{ name: string }> } };
    expect(body.progress.firstName).toBe("Lan");
    expect(body.addressChoices.wards.some((ward) => ward.name === "Phường Ba Đình")).toBe(true);
  });
});

describe("step 2, shipping and the discount code", () => {
  it("refuses a missing delivery slot (nothing saved), then saves and goes to payment", async () => {
    const productId = await product();
    const { cartId, cookie } = await cartWith([{ productId, quantity: 1 }]);
    await call(information.action, post("/checkout/information", cookie, validInformation));
    const refused = await call(
      shipping.action,
      post("/checkout/shipping", cookie, { ...validShipping(), shippingTime: "" }),
    );
    expect(refused.status).toBe(400);
    expect((refused.body as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      shippingTime: "checkout.errors.deliveryDateTime",
    });
    expect((await cartRow(cartId)).checkout).not.toHaveProperty("shippingDate");
    const past = await call(
      shipping.action,
      post("/checkout/shipping", cookie, { ...validShipping(), shippingDate: dateInVietnam(new Date()) }),
    );
    expect((past.body as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      shippingDate: "delivery.errors.outsideRange",
    });
    const answer = await call(shipping.action, post("/checkout/shipping", cookie, validShipping()));
    expect(answer.headers.get("location")).toBe("/checkout/payment");
    expect((await cartRow(cartId)).checkout).toMatchObject({
      shippingTime: "18:00 - 19:00",
      orderInstructions: "Gọi trước khi giao",
    });
    expect((await call(payment.loader, get("/checkout/payment", cookie))).status).toBe(200);
  });

  it("refuses a day or slot where the delivery rules offer none (Huế: 2–5 working days), and takes the range", async () => {
    const productId = await product();
    const { cartId, cookie } = await cartWith([{ productId, quantity: 1 }]);
    const hue = { ...validInformation, provinceCode: "46", wardCode: "20056" };
    expect((await call(information.action, post("/checkout/information", cookie, hue))).status).toBe(303);
    const page = await call(shipping.loader, get("/checkout/shipping", cookie));
    expect((page.body as { promise: unknown }).promise).toMatchObject({ minDays: 2, maxDays: 5, slots: false });

    const slot = await call(shipping.action, post("/checkout/shipping", cookie, validShipping()));
    expect(slot.status).toBe(400);
    expect((slot.body as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      shippingTime: "delivery.errors.slotNotOffered",
    });
    expect((await cartRow(cartId)).checkout).not.toHaveProperty("shippingDate");

    const none = { ...validShipping(), shippingDate: "", shippingTime: "" };
    expect((await call(shipping.action, post("/checkout/shipping", cookie, none))).headers.get("location")).toBe(
      "/checkout/payment",
    );
    const placed = await placeOrder(cookie);
    const [order] = await database.db
      .select({ provinceCode: orders.provinceCode, date: orders.shippingDate, slot: orders.shippingSlot })
      .from(orders)
      .where(eq(orders.id, orderIdOf(placed)!));
    expect(order).toEqual({ provinceCode: "46", date: null, slot: null });
  });

  it("refuses a Sunday where slots are delivered (the shop's working days)", async () => {
    const productId = await product();
    const { cookie } = await cartWith([{ productId, quantity: 1 }]);
    await call(information.action, post("/checkout/information", cookie, validInformation));
    let sunday = earliestInHcm();
    while (new Date(`${sunday}T00:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1);
    const refused = await call(shipping.action, post("/checkout/shipping", cookie, { ...validShipping(), shippingDate: sunday }));
    expect((refused.body as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      shippingDate: "delivery.errors.closedDay",
    });
  });

  it("applies a code checked on the server, keeps it with the cart, shows it in the summary, and removes it", async () => {
    await createDiscount(database.db, { code: "CART10", type: "percent", value: 10 });
    await createDiscount(database.db, { code: "CART-BIG", type: "percent", value: 10, minOrderTotal: 10_000_000 });
    const productId = await product({ price: 200_000 });
    const { cartId, cookie } = await cartWith([{ productId, quantity: 1 }]);
    await call(information.action, post("/checkout/information", cookie, validInformation));
    const typed = { ...validShipping(), orderInstructions: "typed, not saved" };

    const unknown = await call(
      shipping.action,
      post("/en/checkout/shipping", cookie, { ...typed, intent: "apply-code", discountCode: "NOPE" }),
    );
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({
      ok: false,
      error: "The discount code you entered is not valid.",
      fieldErrors: { discountCode: "The discount code you entered is not valid." },
      result: { values: { orderInstructions: "typed, not saved" }, discountCode: "NOPE" },
    });
    const tooSmall = await call(
      shipping.action,
      post("/checkout/shipping", cookie, { ...typed, intent: "apply-code", discountCode: "cart-big" }),
    );
    expect((tooSmall.body as { error: string }).error).toBe(
      "Mã giảm giá bạn nhập không hợp lệ. This code needs an order of at least 10.000.000\u00a0₫.",
    );
    expect((await cartRow(cartId)).discountCode).toBeNull();

    const applied = await call(
      shipping.action,
      post("/checkout/shipping", cookie, { ...typed, intent: "apply-code", discountCode: " cart10 " }),
    );
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ ok: true, result: { values: { orderInstructions: "typed, not saved" } } });
    expect((await cartRow(cartId)).discountCode).toBe("CART10");
    const page = await call(shipping.loader, get("/checkout/shipping", cookie));
    expect((page.body as { discount: unknown }).discount).toEqual({ code: "CART10", type: "percent", value: 10 });
    // Nothing of the delivery was saved by applying the code.
    expect((await cartRow(cartId)).checkout).not.toHaveProperty("orderInstructions");

    await call(shipping.action, post("/checkout/shipping", cookie, { ...typed, intent: "remove-code" }));
    expect((await cartRow(cartId)).discountCode).toBeNull();
    expect(
      ((await call(shipping.loader, get("/checkout/shipping", cookie))).body as { discount: unknown }).discount,
    ).toBeNull();
  });

  it("limits the code checks per client address", async () => {
    const productId = await product();
    const { cookie } = await cartWith([{ productId, quantity: 1 }]);
    await call(information.action, post("/checkout/information", cookie, validInformation));
    const check = () => {
      const request = post("/checkout/shipping", cookie, { intent: "apply-code", discountCode: "GUESS" });
      request.headers.set("x-forwarded-for", "203.0.113.99");
      return call(shipping.action, request);
    };
    for (let i = 0; i < 20; i += 1) expect((await check()).status).toBe(200);
    const limited = await check();
    expect(limited.status).toBe(429);
    expect((limited.body as { error: string }).error).toBe(translatorFor("vi")("checkout.errors.tooManyCodes"));
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("step 3, placing the order from the server cart", () => {
  it("places the order with the database's prices, empties the cart and grants the confirmation", async () => {
    const productId = await product({ price: 120_000 });
    const { cartId, cookie } = await cartWith([{ productId, quantity: 3 }]);
    await fillSteps(cookie, "/en");
    // The price changes between adding and placing: the order uses today's.
    await database.db.update(products).set({ price: 150_000 }).where(eq(products.id, productId));
    const answer = await placeOrder(cookie, "/en");
    expect(answer.status).toBe(303);
    const orderId = orderIdOf(answer);
    expect(answer.headers.get("location")).toBe(`/en/order-confirmation?order_id=${orderId}`);
    const cookies = answer.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith(`${ORDER_ACCESS_COOKIE}=`))).toBe(true);
    expect(cookies.some((c) => c.startsWith(`${CART_COUNT_COOKIE}=0;`))).toBe(true);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId!));
    expect(order).toMatchObject({ subtotal: 450_000, email: "lan.nguyen@example.vn", notes: "Gọi trước khi giao" });
    const items = await database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId!));
    expect(items.map(({ quantity, unitPrice }) => ({ quantity, unitPrice }))).toEqual([
      { quantity: 3, unitPrice: 150_000 },
    ]);
    expect(await readCartLines(database.db, cartId)).toEqual([]);
    expect((await cartRow(cartId)).placedOrderId).toBe(orderId);
  });

  it("answers a repeated post (double tap, refresh, second tab) with the same order", async () => {
    const productId = await product();
    const { cookie } = await cartWith([{ productId, quantity: 1 }]);
    await fillSteps(cookie);
    const [first, second] = await Promise.all([placeOrder(cookie), placeOrder(cookie)]);
    const third = await placeOrder(cookie);
    const ids = new Set([first, second, third].map(orderIdOf));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toBeTruthy();
    expect(third.headers.getSetCookie().some((c) => c.startsWith(`${ORDER_ACCESS_COOKIE}=`))).toBe(true);
    const placed = await database.db.select().from(orderItems).where(eq(orderItems.productId, productId));
    expect(placed).toHaveLength(1);
  });

  it("orders exactly what two tabs added at once", async () => {
    const productId = await product({ price: 90_000 });
    const { cookie } = await cartWith([]);
    const add = (quantity: number) =>
      call(
        cartApi.action,
        post("/api/cart", cookie, { intent: "add", productId: String(productId), quantity: String(quantity) }),
      );
    const answers = await Promise.all([add(2), add(3)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    await fillSteps(cookie);
    const orderId = orderIdOf(await placeOrder(cookie));
    const items = await database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId!));
    expect(items.map((item) => item.quantity)).toEqual([5]);
  });

  it("refuses an order the stock cannot fill, writing nothing", async () => {
    const productId = await product({ stockQuantity: 5 });
    const { cartId, cookie } = await cartWith([{ productId, quantity: 4 }]);
    await fillSteps(cookie);
    await database.db.update(products).set({ stockQuantity: 2 }).where(eq(products.id, productId));
    const before = (await database.db.select().from(orders)).length;
    const answer = await placeOrder(cookie);
    expect(answer.status).toBe(409);
    expect((answer.body as { ok: boolean; error: string }).ok).toBe(false);
    expect((answer.body as { error: string }).error).toMatch(/\S/);
    expect((await database.db.select().from(orders)).length).toBe(before);
    const [row] = await database.db.select().from(products).where(eq(products.id, productId));
    expect(row!.stockQuantity).toBe(2);
    expect((await readCartLines(database.db, cartId)).map((line) => line.quantity)).toEqual([4]);
    expect((await cartRow(cartId)).placedOrderId).toBeNull();
  });

  it("sends a cart whose steps are not done back to them, and a cart with nothing to the cart", async () => {
    const productId = await product();
    const { cookie } = await cartWith([{ productId, quantity: 1 }]);
    expect((await placeOrder(cookie)).headers.get("location")).toBe("/checkout/information");
    await call(information.action, post("/checkout/information", cookie, validInformation));
    expect((await placeOrder(cookie)).headers.get("location")).toBe("/checkout/shipping");
    const empty = await cartWith([]);
    expect((await placeOrder(empty.cookie)).headers.get("location")).toBe("/cart");
    expect((await placeOrder("")).headers.get("location")).toBe("/cart");
    expect(await database.db.select().from(cartLines).where(eq(cartLines.cartId, empty.cartId))).toEqual([]);
  });

  it("refuses a cross-site post", async () => {
    const productId = await product();
    const { cookie } = await cartWith([{ productId, quantity: 1 }]);
    const request = post("/checkout/payment", cookie, { intent: "place-order" });
    request.headers.set("origin", "https://evil.example");
    expect((await call(payment.action, request)).status).toBe(403);
  });
});
