import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { cartLines, carts, products } from "~/db/schema";
import { createCategory, createProduct } from "~/test/checkout-fixtures";
import type { CartView } from "~/features/checkout/cart-quote.schema";
import { parseEnv } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { setUpTestDatabase } from "~/test/database";
import { callRoute, type RouteAnswer } from "~/test/route-call";
import * as apiCart from "../api/cart";
import * as cartPage from "./cart";

// Issue 17: the cart lives on the server. The /cart page's action answers plain HTML forms with a
// redirect; /api/cart answers the enhanced forms with JSON; both set the cart's cookies.
const BASE = "http://localhost:3000";
const database = await setUpTestDatabase({ resetTables: [cartLines, carts] });
let context: AppLoadContext;
let productId: number;
let soldOutId: number;

beforeAll(async () => {
  const env = parseEnv({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "cart-routes-")),
    AUTH_SECRET: "s".repeat(32),
    PUBLIC_URL: BASE,
  });
  context = { env, logger: createLogger("silent"), database } as unknown as AppLoadContext;
  const category = await createCategory(database.db, "cart-routes");
  productId = await createProduct(database.db, category, { name: "Máy tiệt trùng", price: 690_000, stockQuantity: 20 });
  soldOutId = await createProduct(database.db, category, { stockQuantity: 0 });
});

function post(
  pathname: string,
  fields: Record<string, string>,
  init: { cookie?: string; origin?: string } = {},
): Request {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", origin: init.origin ?? BASE });
  if (init.cookie) headers.set("cookie", init.cookie);
  return new Request(`${BASE}${pathname}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

function get(pathname: string, cookie?: string): Request {
  return new Request(`${BASE}${pathname}`, { headers: cookie ? { cookie } : {} });
}

const call = (fn: unknown, request: Request): Promise<RouteAnswer> => callRoute(fn, request, context);

/** The Cookie header a browser would send back after this answer. */
function cookiesOf(answer: RouteAnswer): string {
  return answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

describe("the cart without JavaScript (/cart's action)", () => {
  it("adds and sends the browser to its cart (303) with the token (httpOnly) and the count", async () => {
    const answer = await call(
      cartPage.action,
      post("/cart", { intent: "add", productId: String(productId), quantity: "2" }),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/cart");
    const [token, count] = answer.headers.getSetCookie();
    expect(token).toMatch(/^uvc_cart=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    expect(count).toMatch(/^uvc_cart_count=2; Path=\/; Max-Age=2592000; SameSite=Lax$/);

    const page = await call(cartPage.loader, get("/cart", cookiesOf(answer)));
    expect(page.headers.get("cache-control")).toBe("no-store");
    const view = page.body as CartView;
    expect(view.count).toBe(2);
    expect(view.lines).toMatchObject([
      { quantity: 2, line: { productId, unitPrice: 690_000, name: "Máy tiệt trùng" } },
    ]);
    expect(view.quote?.subtotal).toBe(1_380_000);
  });

  it("answers in English under /en, and changes and removes lines of the same cart", async () => {
    const added = await call(cartPage.action, post("/en/cart", { intent: "add", productId: String(productId) }));
    expect(added.headers.get("location")).toBe("/en/cart");
    const cookie = cookiesOf(added);
    const changed = await call(
      cartPage.action,
      post("/en/cart", { intent: "set-quantity", productId: String(productId), quantity: "5" }, { cookie }),
    );
    expect(changed.status).toBe(303);
    expect(changed.headers.getSetCookie()[1]).toMatch(/^uvc_cart_count=5;/);
    const removed = await call(
      cartPage.action,
      post("/cart", { intent: "remove", productId: String(productId) }, { cookie }),
    );
    expect(removed.headers.getSetCookie()[1]).toMatch(/^uvc_cart_count=0;/);
    expect(((await call(cartPage.loader, get("/cart", cookie))).body as CartView).lines).toEqual([]);
  });

  it("a sold-out product, a bad quantity or a cross-site post is refused with a message, nothing added", async () => {
    const soldOut = await call(cartPage.action, post("/cart", { intent: "add", productId: String(soldOutId) }));
    expect(soldOut.status).toBe(409);
    expect(soldOut.body).toMatchObject({ ok: false, error: "catalog.card.outOfStock" });
    const bad = await call(
      cartPage.action,
      post("/cart", { intent: "set-quantity", productId: String(productId), quantity: "-3" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ok: false, error: "cart.invalidQuantity" });
    const notANumber = await call(cartPage.action, post("/cart", { intent: "add", productId: "abc" }));
    expect(notANumber.status).toBe(400);
    expect(notANumber.body).toMatchObject({ ok: false, error: "cart.productGone" });
    for (const typed of ["1000", "-5", "x"]) {
      const refused = await call(
        cartPage.action,
        post("/cart", { intent: "add", productId: String(productId), quantity: typed }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ ok: false, error: "cart.invalidQuantity" });
    }
    const crossSite = await call(
      cartPage.action,
      post("/cart", { intent: "add", productId: String(productId) }, { origin: "https://evil.example" }),
    );
    expect(crossSite.status).toBe(403);
    expect(await database.db.select().from(cartLines)).toEqual([]);
  });

  it("a product with variants (a crafted post or a stale page) is refused with a message, nothing added", async () => {
    const category = await createCategory(database.db, "cart-routes-variants");
    const parent = await createProduct(database.db, category, { trackStock: false, stockQuantity: 0 });
    await createProduct(database.db, category, { parentId: parent, variantLabel: "Hồng" });
    for (const [action, path] of [
      [cartPage.action, "/cart"],
      [apiCart.action, "/api/cart"],
    ] as const) {
      const refused = await call(action, post(path, { intent: "add", productId: String(parent) }));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ ok: false, error: "cart.chooseOption" });
      expect(await database.db.select().from(cartLines).where(eq(cartLines.productId, parent))).toEqual([]);
    }
  });

  it("a change to a cart the browser does not have starts none", async () => {
    const answer = await call(cartPage.action, post("/cart", { intent: "remove", productId: String(productId) }));
    expect(answer.status).toBe(303);
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(await database.db.select().from(carts)).toEqual([]);
  });
});

describe("what changed since the shopper added", () => {
  it("a new price is shown beside the one seen (until acknowledged), and a stock drop flags the line", async () => {
    const category = await createCategory(database.db, "cart-routes-changes");
    const id = await createProduct(database.db, category, { price: 500_000, stockQuantity: 10 });
    const added = await call(cartPage.action, post("/cart", { intent: "add", productId: String(id), quantity: "4" }));
    const cookie = cookiesOf(added);
    await database.db.update(products).set({ price: 450_000, stockQuantity: 3 }).where(eq(products.id, id));

    const view = (await call(cartPage.loader, get("/cart", cookie))).body as CartView;
    expect(view.lines[0]).toMatchObject({
      quantity: 4,
      previousPrice: 500_000,
      line: { unitPrice: 450_000, problem: "insufficient_stock", stockAvailable: 3 },
    });
    expect(view.quote).toMatchObject({ subtotal: 1_800_000, hasProblems: true });

    await call(cartPage.action, post("/cart", { intent: "acknowledge-price", productId: String(id) }, { cookie }));
    await call(
      cartPage.action,
      post("/cart", { intent: "set-quantity", productId: String(id), quantity: "3" }, { cookie }),
    );
    const after = (await call(cartPage.loader, get("/cart", cookie))).body as CartView;
    expect(after.lines[0]).not.toHaveProperty("previousPrice");
    expect(after.lines[0]!.line.problem).toBeNull();
    expect(after.quote?.hasProblems).toBe(false);
  });
});

describe("the cart for scripts (/api/cart)", () => {
  it("answers an add with the count as JSON, and GET gives the cart priced in the language asked", async () => {
    const first = await call(apiCart.action, post("/api/cart", { intent: "add", productId: String(productId) }));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: true, intent: "add", result: { count: 1 } });
    const cookie = cookiesOf(first);
    const second = await call(
      apiCart.action,
      post("/api/cart", { intent: "add", productId: String(productId), quantity: "3" }, { cookie }),
    );
    expect(second.body).toMatchObject({ result: { count: 4 } });
    const view = (await call(apiCart.loader, get("/api/cart?locale=en", cookie))).body as CartView;
    expect(view.lines[0]).toMatchObject({ quantity: 4, line: { href: expect.stringMatching(/^\/en\/collections\//) } });
    const empty = (await call(apiCart.loader, get("/api/cart"))).body as CartView;
    expect(empty).toEqual({ count: 0, lines: [], quote: null });
  });

  it("merges a cart from local storage once (a repeat changes nothing)", async () => {
    const lines = JSON.stringify([
      { productId, quantity: 2 },
      { productId: 999_999, quantity: 1 },
    ]);
    const first = await call(apiCart.action, post("/api/cart", { intent: "merge", lines }));
    const cookie = cookiesOf(first);
    const again = await call(apiCart.action, post("/api/cart", { intent: "merge", lines }, { cookie }));
    expect(again.body).toMatchObject({ ok: true, result: { count: 2 } });
  });

  it("a merge with nothing to bring over starts no cart", async () => {
    const answer = await call(apiCart.action, post("/api/cart", { intent: "merge", lines: "{not json" }));
    expect(answer.body).toMatchObject({ ok: true, result: { count: 0 } });
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(await database.db.select().from(carts)).toEqual([]);
  });

  it("a forged or unknown token is not a cart", async () => {
    const view = (await call(apiCart.loader, get("/api/cart", `uvc_cart=${"A".repeat(43)}`))).body as CartView;
    expect(view.count).toBe(0);
    const bogus = await call(
      apiCart.action,
      post(
        "/api/cart",
        { intent: "set-quantity", productId: String(productId), quantity: "3" },
        { cookie: "uvc_cart=not-a-token" },
      ),
    );
    expect(bogus.body).toMatchObject({ ok: true, result: { count: 0 } });
  });
});
