import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carts, categories, customers, discountCodes, orders, products } from "~/db/schema";
import { CART_COOKIE } from "~/features/cart/cart-cookie.server";
import { addCartLine, openCart, saveCheckoutProgress } from "~/features/cart/cart.server";
import { formatOrderNumber } from "~/lib/order-number";
import {
  encodeGrants,
  grantOrderAccess,
  ORDER_ACCESS_COOKIE,
  ORDER_ACCESS_TTL_SECONDS,
} from "~/features/checkout/order-access.server";
import { orderLookupMessages } from "~/features/checkout/order-lookup.schema";
import { checkoutInput, createCategory, createDiscount, createProduct } from "~/test/checkout-fixtures";
import { parseEnv, type Env } from "~/server/env.server";
import { translatorFor } from "~/server/i18n.server";
import { createLogger } from "~/server/logger.server";
import { cacheKey } from "~/server/page-cache.server";
import { setUpTestDatabase } from "~/test/database";
import { callRoute, type RouteAnswer } from "~/test/route-call";
import * as shipping from "./checkout-shipping";
import * as payment from "./checkout-payment";
import * as confirmationPage from "./order-confirmation";
import * as lookupPage from "./order-lookup";

// Issue 13 items 6 and 8, through the routes as React Router calls them: order details only for
// the browser granted the order, the look-up, and the rate-limited discount check.
const BASE = "http://localhost:3000";
const database = await setUpTestDatabase();
let env: Env;
let context: AppLoadContext;
let ip = 1;
let productId: number;

beforeAll(async () => {
  env = parseEnv({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "checkout-routes-")),
    AUTH_SECRET: "s".repeat(32),
    PUBLIC_URL: BASE,
    DISCOUNT_CODE_RATE_LIMIT: "6/600",
    ORDER_LOOKUP_RATE_LIMIT: "4/600",
    // The tests share phones and numbers: the per-number and per-phone limits have a test of their own.
    ORDER_LOOKUP_NUMBER_RATE_LIMIT: "100/600",
    ORDER_LOOKUP_PHONE_RATE_LIMIT: "100/600",
  });
  context = { env, logger: createLogger("silent"), database } as unknown as AppLoadContext;
  productId = await createProduct(database.db, await createCategory(database.db), {
    price: 250_000,
    stockQuantity: 50,
  });
});

afterAll(async () => {
  if (database) {
    await database.db.delete(carts);
    await database.db.delete(orders);
    await database.db.delete(customers);
    await database.db.delete(discountCodes);
    await database.db.delete(products);
    await database.db.delete(categories);
  }
});

/** A request from its own client address (each test gets fresh rate-limit counters) unless given one. */
function req(
  pathname: string,
  init: { method?: string; cookie?: string; body?: BodyInit; contentType?: string; clientIp?: string } = {},
): Request {
  const headers = new Headers({ "x-forwarded-for": init.clientIp ?? `198.51.100.${ip++}` });
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.contentType) headers.set("content-type", init.contentType);
  if (init.method && init.method !== "GET") headers.set("origin", BASE);
  return new Request(`${BASE}${pathname}`, { method: init.method ?? "GET", headers, body: init.body });
}

const call = (fn: unknown, request: Request): Promise<RouteAnswer> => callRoute(fn, request, context);

const cookieFrom = (answer: RouteAnswer) => (answer.headers.get("set-cookie") ?? "").split(";")[0];

/** A browser's cart holding one unit of the product, with steps 1 and 2 done; returns its cookie header. */
async function readyCart(phone: string): Promise<string> {
  const { cart, token } = await openCart(database.db, null);
  await addCartLine(database.db, cart.id, productId, 1);
  const input = checkoutInput([{ productId, quantity: 1 }], { email: "lan@example.vn" });
  await saveCheckoutProgress(database.db, cart.id, {
    ...input.information,
    phone,
    vatInvoice: true,
    vatCompanyName: "Công ty Lan",
    vatTaxCode: "0312345678",
    vatCompanyAddress: "1 Lê Lợi",
    location: input.address,
    ...input.shipping,
  });
  return `${CART_COOKIE}=${token}`;
}

async function placeThroughRoute(
  phone = "0912345678",
): Promise<{ orderId: string; orderNumber: string; cookie: string }> {
  const cartCookie = await readyCart(phone);
  const answer = await call(
    payment.action,
    req("/checkout/payment", {
      method: "POST",
      cookie: cartCookie,
      body: new URLSearchParams({ intent: "place-order" }),
      contentType: "application/x-www-form-urlencoded",
    }),
  );
  expect(answer.status).toBe(303);
  const orderId = /order_id=([0-9a-f-]{36})$/.exec(answer.headers.get("location") ?? "")?.[1];
  expect(orderId).toBeTruthy();
  const access = answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${ORDER_ACCESS_COOKIE}=`)) ?? "";
  expect(access).toMatch(
    new RegExp(`^${ORDER_ACCESS_COOKIE}=.+; Path=/; Max-Age=${ORDER_ACCESS_TTL_SECONDS}; HttpOnly; SameSite=Lax$`),
  );
  const [order] = await database.db
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.id, orderId!));
  return { orderId: orderId!, orderNumber: formatOrderNumber(order!.orderNumber), cookie: access.split(";")[0]! };
}

describe("the order confirmation page", () => {
  it("shows the order to the browser that placed it, with no-store", async () => {
    const placed = await placeThroughRoute();
    const answer = await call(
      confirmationPage.loader,
      req(`/order-confirmation?order_id=${placed.orderId}`, { cookie: placed.cookie }),
    );
    const body = answer.body as {
      view: string;
      confirmation: { order: { firstName: string; email: string; vatTaxCode: string } };
    };
    expect(body.view).toBe("order");
    // A new shop's checkout (the Vietnam COD preset) keeps the name whole.
    expect(body.confirmation.order).toMatchObject({
      firstName: "Nguyễn Lan",
      email: "lan@example.vn",
      vatTaxCode: "0312345678",
    });
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(new Headers(confirmationPage.headers({} as never)).get("cache-control")).toBe("no-store");
  });

  it("shows no personal data without the cookie, with another order's cookie, or for an unknown id", async () => {
    const placed = await placeThroughRoute();
    const other = await placeThroughRoute("0987654321");
    const unknownId = "00000000-0000-4000-8000-000000000000";
    for (const request of [
      req(`/order-confirmation?order_id=${placed.orderId}`),
      req(`/order-confirmation?order_id=${placed.orderId}`, { cookie: other.cookie }),
      req(`/order-confirmation?order_id=${unknownId}`),
      req(`/order-confirmation?order_id=${unknownId}`, { cookie: placed.cookie }),
    ]) {
      const answer = await call(confirmationPage.loader, request);
      expect(answer.body).toEqual({ view: "locked", confirmation: null });
      expect(answer.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("refuses an expired grant and a forged or re-signed cookie", async () => {
    const placed = await placeThroughRoute();
    const url = `/order-confirmation?order_id=${placed.orderId}`;
    const expired = grantOrderAccess(
      req(url),
      placed.orderId,
      env,
      Date.now() - (ORDER_ACCESS_TTL_SECONDS + 60) * 1000,
    ).split(";")[0];
    // Another secret's signature, a payload extended by hand with the old signature, garbage.
    const otherSecret = `${ORDER_ACCESS_COOKIE}=${encodeGrants([{ orderId: placed.orderId, expiresAt: 4_000_000_000 }], "x".repeat(32))}`;
    const signature = placed.cookie.slice(placed.cookie.lastIndexOf("."));
    const extendedPayload = Buffer.from(JSON.stringify([[placed.orderId, 4_000_000_000]])).toString("base64url");
    const tampered = `${ORDER_ACCESS_COOKIE}=${extendedPayload}${signature}`;
    for (const cookie of [expired, otherSecret, tampered, `${ORDER_ACCESS_COOKIE}=not-a-grant`]) {
      const answer = await call(confirmationPage.loader, req(url, { cookie }));
      expect(answer.body).toEqual({ view: "locked", confirmation: null });
    }
    // Within its two hours the same grant still works.
    const fresh = grantOrderAccess(
      req(url),
      placed.orderId,
      env,
      Date.now() - (ORDER_ACCESS_TTL_SECONDS - 60) * 1000,
    ).split(";")[0];
    expect(((await call(confirmationPage.loader, req(url, { cookie: fresh }))).body as { view: string }).view).toBe(
      "order",
    );
  });

  it("is never stored in the page cache", () => {
    for (const url of [
      "/order-confirmation?order_id=x",
      "/order-confirmation.data?order_id=x",
      "/order-lookup",
      "/order-lookup.data?order_id=x",
    ])
      expect(cacheKey("GET", url)).toBeNull();
  });
});

describe("the order look-up", () => {
  const lookUp = (form: Record<string, string>, clientIp?: string) =>
    call(
      lookupPage.action,
      req("/order-lookup", {
        method: "POST",
        body: new URLSearchParams(form),
        contentType: "application/x-www-form-urlencoded",
        clientIp,
      }),
    );

  it("grants the order for the right number and phone, written any usual way", async () => {
    const placed = await placeThroughRoute();
    const [placedRow] = await database.db
      .select({ address: orders.address, wardName: orders.wardName, provinceName: orders.provinceName })
      .from(orders)
      .where(eq(orders.id, placed.orderId));
    expect(placedRow!.address).not.toBe("");
    const digits = placed.orderNumber.replace(/\D/g, "").replace(/^0+/, "");
    for (const form of [
      { number: placed.orderNumber, phone: "0912345678" },
      { number: ` ${placed.orderNumber.toLowerCase()} `, phone: "+84 912 345 678" },
      { number: digits, phone: "0912.345.678" },
    ]) {
      const answer = await lookUp(form);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe(`/order-lookup?order_id=${placed.orderId}`);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      const shown = await call(
        lookupPage.loader,
        req(`/order-lookup?order_id=${placed.orderId}`, { cookie: cookieFrom(answer) }),
      );
      const body = shown.body as { confirmation: { order: Record<string, unknown>; access: string } };
      expect(body.confirmation.order).toMatchObject({ firstName: "Nguyễn Lan", status: "pending" });
      expect(shown.headers.get("cache-control")).toBe("no-store");
      // A look-up shows part of the order: the ward and province, not the street, e-mail or tax details.
      expect(body.confirmation.access).toBe("partial");
      expect(body.confirmation.order).toMatchObject({
        address: null,
        email: null,
        vatCompanyName: null,
        vatTaxCode: null,
        wardName: placedRow!.wardName,
        provinceName: placedRow!.provinceName,
      });
      // The grant opens the confirmation page too, showing the same part.
      const confirmation = await call(
        confirmationPage.loader,
        req(`/order-confirmation?order_id=${placed.orderId}`, { cookie: cookieFrom(answer) }),
      );
      expect(confirmation.body).toMatchObject({ view: "order", confirmation: { access: "partial", order: { address: null } } });
    }
    // The browser that placed the order sees all of it, and a look-up there does not narrow that.
    const own = await call(
      confirmationPage.loader,
      req(`/order-confirmation?order_id=${placed.orderId}`, { cookie: placed.cookie }),
    );
    expect(own.body).toMatchObject({
      confirmation: { access: "full", order: { address: placedRow!.address, email: "lan@example.vn", vatTaxCode: "0312345678" } },
    });
    const again = await call(
      lookupPage.action,
      req("/order-lookup", {
        method: "POST",
        cookie: placed.cookie,
        body: new URLSearchParams({ number: placed.orderNumber, phone: "0912345678" }),
        contentType: "application/x-www-form-urlencoded",
      }),
    );
    const stillFull = await call(lookupPage.loader, req(`/order-lookup?order_id=${placed.orderId}`, { cookie: cookieFrom(again) }));
    expect(stillFull.body).toMatchObject({ confirmation: { access: "full", order: { address: placedRow!.address } } });
  });

  it("answers a wrong number and a wrong phone the same way, granting nothing", async () => {
    const placed = await placeThroughRoute();
    const other = await placeThroughRoute("0987654321");
    const answers = await Promise.all([
      lookUp({ number: "DH999999", phone: "0912345678" }),
      lookUp({ number: placed.orderNumber, phone: "0987654321" }),
      lookUp({ number: other.orderNumber, phone: "0912345678" }),
      lookUp({ number: "12abc", phone: "0912345678" }),
      lookUp({ number: placed.orderNumber, phone: "0281234567" }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.headers.get("set-cookie")).toBeNull();
      expect((answer.body as { error: string }).error).toBe(orderLookupMessages.notFound);
    }
    const view = await call(lookupPage.loader, req(`/order-lookup?order_id=${placed.orderId}`));
    expect(view.body).toEqual({ confirmation: null, number: "" });
  });

  it("is rate-limited per client address", async () => {
    const clientIp = "203.0.113.77";
    const statuses = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await lookUp({ number: `DH99999${i}`, phone: "0912345678" }, clientIp)).status);
    expect(statuses).toEqual([404, 404, 404, 404, 429]);
    const refused = await lookUp({ number: "DH999998", phone: "0912345678" }, clientIp);
    expect(refused.status).toBe(429);
    expect((refused.body as { error: string }).error).toBe(orderLookupMessages.tooMany);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await lookUp({ number: "DH999998", phone: "0912345678" })).status).toBe(404);
  });

  it("is limited per order number and per phone, from however many addresses", async () => {
    const tight = {
      ...context,
      env: {
        ...env,
        ORDER_LOOKUP_NUMBER_RATE_LIMIT: { max: 3, window: 600 },
        ORDER_LOOKUP_PHONE_RATE_LIMIT: { max: 4, window: 600 },
      },
    } as AppLoadContext;
    // Each try from a fresh address (req gives one), so the per-address limit never applies.
    const lookUpAnywhere = (form: Record<string, string>) =>
      callRoute(
        lookupPage.action,
        req("/order-lookup", {
          method: "POST",
          body: new URLSearchParams(form),
          contentType: "application/x-www-form-urlencoded",
        }),
        tight,
      );
    // A known order number: guessing its phone stops after three tries, even the right phone.
    const known = await placeThroughRoute("0933111222");
    for (const phone of ["0933000001", "0933000002", "0933000003"])
      expect((await lookUpAnywhere({ number: known.orderNumber, phone })).status).toBe(404);
    const refused = await lookUpAnywhere({ number: known.orderNumber.toLowerCase(), phone: "0933111222" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("set-cookie")).toBeNull();
    expect((refused.body as { error: string }).error).toBe(orderLookupMessages.tooManyForOrder);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // A known phone: walking the order numbers stops after four, however the phone is written.
    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await lookUpAnywhere({ number: `DH88880${i}`, phone: "0944 555 666" })).status);
    expect(statuses).toEqual([404, 404, 404, 404]);
    const walked = await lookUpAnywhere({ number: "DH888810", phone: "+84944555666" });
    expect(walked.status).toBe(429);
    expect((walked.body as { error: string }).error).toBe(orderLookupMessages.tooManyForPhone);
    // Other orders and phones are not affected.
    const other = await placeThroughRoute("0955777888");
    expect((await lookUpAnywhere({ number: other.orderNumber, phone: "0955777888" })).status).toBe(303);
    // Both limits read as the storefront's other refusals, in both languages.
    expect(translatorFor("vi")(orderLookupMessages.tooManyForOrder)).toMatch(/^Đơn hàng này đã được tra cứu quá nhiều lần/);
    expect(translatorFor("en")(orderLookupMessages.tooManyForPhone)).toMatch(/^This phone number has been looked up too many times/);
  });
});

describe("the discount check on the shipping step", () => {
  let cartCookie: string;
  beforeAll(async () => {
    cartCookie = await readyCart("0912345678");
  });
  const check = (code: string, clientIp?: string, pathname = "/checkout/shipping") =>
    call(
      shipping.action,
      req(pathname, {
        method: "POST",
        cookie: cartCookie,
        body: new URLSearchParams({ intent: "apply-code", discountCode: code }),
        contentType: "application/x-www-form-urlencoded",
        clientIp,
      }),
    );

  it("answers unknown, expired, not-yet-active, disabled and used-up codes identically", async () => {
    const day = 86_400_000;
    await createDiscount(database.db, {
      code: "R-EXPIRED",
      type: "percent",
      value: 10,
      endsAt: new Date(Date.now() - day),
    });
    await createDiscount(database.db, {
      code: "R-LATER",
      type: "percent",
      value: 10,
      startsAt: new Date(Date.now() + day),
    });
    await createDiscount(database.db, { code: "R-OFF", type: "percent", value: 10, isActive: false });
    await createDiscount(database.db, { code: "R-USED", type: "percent", value: 10, usageLimit: 1, usedCount: 1 });
    await createDiscount(database.db, { code: "R-BIG", type: "percent", value: 10, minOrderTotal: 1_000_000 });
    const answers = await Promise.all(
      ["R-NOSUCH", "r-expired", "R-LATER", "R-OFF", "R-USED"].map((code) => check(code)),
    );
    const invalid = "Mã giảm giá bạn nhập không hợp lệ.";
    expect(translatorFor("vi")("checkout.errors.invalidCode")).toBe(invalid);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        ok: false,
        intent: "apply-code",
        error: invalid,
        fieldErrors: { discountCode: invalid },
      });
    }
    // The English checkout answers in SPEC's English words.
    expect(((await check("R-NOSUCH", undefined, "/en/checkout/shipping")).body as { error: string }).error).toBe(
      "The discount code you entered is not valid.",
    );
    // An active code below its minimum keeps its reason.
    expect(((await check("R-BIG")).body as { error: string }).error).toBe(
      `${invalid} This code needs an order of at least 1.000.000\u00a0₫.`,
    );
  });

  it("refuses checks beyond the limit per client address, even for a valid code", async () => {
    await createDiscount(database.db, { code: "R-GOOD", type: "percent", value: 10 });
    const clientIp = "203.0.113.88";
    for (let i = 0; i < 6; i += 1) expect((await check(`GUESS${i}`, clientIp)).status).toBe(200);
    const refused = await check("R-GOOD", clientIp);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      ok: false,
      intent: "apply-code",
      error: translatorFor("vi")("checkout.errors.tooManyCodes"),
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await check("R-GOOD")).body as { ok: boolean }).ok).toBe(true);
  });
});
