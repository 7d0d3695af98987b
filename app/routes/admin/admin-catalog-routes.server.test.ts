import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { categories, discountCodes, productImages, products } from "~/db/schema";
import { ROW_VERSION_MISSING_MESSAGE } from "~/lib/row-version";
import { SKU_TAKEN_MESSAGE } from "~/features/catalog-admin/admin-products.server";
import { VARIANT_NOT_FOUND, VARIANT_OF_VARIANT_MESSAGE } from "~/features/catalog-admin/product-variants.server";
import { createAdminUser } from "~/features/auth/owner-accounts.server";
import { createAuth } from "~/server/auth.server";
import { parseEnv } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { setUpTestDatabase } from "~/test/database";
import * as uploads from "../uploads";
import * as categoriesRoute from "./categories";
import * as discountsRoute from "./discounts";
import * as login from "./login";
import * as productEdit from "./product-edit";
import * as productNew from "./product-new";
import * as productVariantNew from "./product-variant-new";
import * as productVariants from "./product-variants";
import * as productsRoute from "./products";

// Every loader and action of the catalogue screens, called the way React Router calls them.
const BASE = "http://localhost:3000";
const database = await setUpTestDatabase({ seed: "shop-without-content" });
let context: AppLoadContext;
let ip = 1;
let adminCookie = "";
let customerCookie = "";

function req(
  pathname: string,
  init: { method?: string; cookie?: string; form?: Record<string, string> | FormData } = {},
) {
  const headers = new Headers({ "x-forwarded-for": `198.51.100.${ip++}` });
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.method && init.method !== "GET") headers.set("origin", BASE);
  const body = init.form instanceof FormData ? init.form : init.form ? new URLSearchParams(init.form) : undefined;
  return new Request(`${BASE}${pathname}`, { method: init.method ?? "GET", headers, body });
}

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, context, params, unstable_pattern: "", unstable_url: new URL(request.url) }) as never;

async function run(fn: (a: never) => unknown, request: Request, params: Record<string, string> = {}): Promise<unknown> {
  try {
    return await fn(args(request, params));
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

function cookiesOf(setCookies: string[]): string {
  return setCookies
    .map((line) => line.split(";")[0])
    .filter((pair) => pair.slice(pair.indexOf("=") + 1) !== "")
    .join("; ");
}

/** The JSON payload of an action answer (`data()` wraps it; a plain object is returned as is). */
function payload(result: unknown): Record<string, unknown> {
  const r = result as { data?: Record<string, unknown>; type?: string };
  return (r && typeof r === "object" && "data" in r && r.type === "DataWithResponseInit" ? r.data : r) as Record<
    string,
    unknown
  >;
}

async function snapshot() {
  const db = database.db;
  return {
    categories: await db.select().from(categories),
    products: await db.select().from(products),
    images: await db.select().from(productImages),
    discounts: await db.select().from(discountCodes),
  };
}

beforeAll(async () => {
  const env = parseEnv({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "catalog-routes-")),
    AUTH_SECRET: "z".repeat(32),
    PUBLIC_URL: BASE,
  });
  const logger = createLogger("silent");
  const auth = createAuth(database.db, env, { logger });
  context = { env, logger, database, auth } as AppLoadContext;
  await createAdminUser(database.db, auth, { email: "owner@shop.vn", password: "Chong-khuan-2026" });
  const signedIn = (await run(
    login.action as never,
    req("/admin/login", {
      method: "POST",
      form: { intent: "password", email: "owner@shop.vn", password: "Chong-khuan-2026" },
    }),
  )) as Response;
  adminCookie = cookiesOf(signedIn.headers.getSetCookie());
  await auth.api.signUpEmail({ body: { email: "buyer@shop.vn", password: "Buyer-password-1", name: "Khách" } });
  const response = await auth.handler(
    new Request(`${BASE}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE, "x-forwarded-for": "203.0.113.9" },
      body: JSON.stringify({ email: "buyer@shop.vn", password: "Buyer-password-1" }),
    }),
  );
  expect(response.status).toBe(200);
  customerCookie = cookiesOf(response.headers.getSetCookie());
});

const pages: Array<[string, (a: never) => unknown, string, Record<string, string>]> = [
  ["categories", categoriesRoute.loader as never, "/admin/categories", {}],
  ["products", productsRoute.loader as never, "/admin/products", {}],
  ["product-new", productNew.loader as never, "/admin/products/new", {}],
  ["product-edit", productEdit.loader as never, "/admin/products/1", { id: "1" }],
  // The sterilizer (id 5 in the seed) and its new-variant page.
  ["product-variant-new", productVariantNew.loader as never, "/admin/products/5/variants/new", { id: "5" }],
  ["discounts", discountsRoute.loader as never, "/admin/discounts", {}],
];

async function uploadForm(): Promise<FormData> {
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#3aafa9" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("intent", "image-upload");
  form.append("images", new File([new Uint8Array(png)], "a.png", { type: "image/png" }));
  return form;
}

const actions: Array<
  [string, (a: never) => unknown, string, Record<string, string>, () => Promise<Record<string, string> | FormData>]
> = [
  [
    "category create",
    categoriesRoute.action as never,
    "/admin/categories",
    {},
    async () => ({ intent: "create", name: "Hack", slug: "hack" }),
  ],
  [
    "category delete",
    categoriesRoute.action as never,
    "/admin/categories",
    {},
    async () => ({ intent: "delete", id: "1", moveProductsTo: "2" }),
  ],
  ["product delete", productsRoute.action as never, "/admin/products", {}, async () => ({ intent: "delete", id: "1" })],
  [
    "product create",
    productNew.action as never,
    "/admin/products/new",
    {},
    async () => ({ intent: "create", sku: "H-1", name: "Hack", slug: "hack", price: "1", categoryId: "1" }),
  ],
  [
    "product update",
    productEdit.action as never,
    "/admin/products/1",
    { id: "1" },
    async () => ({ intent: "update", sku: "H-1", name: "Hack", slug: "hack", price: "1", categoryId: "1" }),
  ],
  [
    "product stock adjustment",
    productEdit.action as never,
    "/admin/products/1",
    { id: "1" },
    async () => ({ intent: "stock-adjust", direction: "out", quantity: "5", reason: "damaged" }),
  ],
  ["product image upload", productEdit.action as never, "/admin/products/1", { id: "1" }, uploadForm],
  [
    "product image delete",
    productEdit.action as never,
    "/admin/products/1",
    { id: "1" },
    async () => ({ intent: "image-delete", imageId: "1" }),
  ],
  [
    "variant create",
    productVariantNew.action as never,
    "/admin/products/5/variants/new",
    { id: "5" },
    async () => ({ intent: "variant-create", variantLabel: "Hack", sku: "H-V-1" }),
  ],
  [
    "variant move",
    productVariants.action as never,
    "/admin/products/5/variants",
    { id: "5" },
    async () => ({ intent: "variant-move", variantId: "2", direction: "up" }),
  ],
  [
    "variant update",
    productVariants.action as never,
    "/admin/products/5/variants",
    { id: "5" },
    async () => ({ intent: "variant-update", variantId: "2", variantLabel: "Hack", sku: "H-V-2", version: "1" }),
  ],
  [
    "discount create",
    discountsRoute.action as never,
    "/admin/discounts",
    {},
    async () => ({ intent: "create", code: "HACK", type: "percent", value: "90" }),
  ],
  [
    "discount deactivate",
    discountsRoute.action as never,
    "/admin/discounts",
    {},
    async () => ({ intent: "deactivate", id: "1" }),
  ],
];

describe("admin catalogue routes: authorization", () => {
  it("redirects anonymous and non-admin page requests to /admin/login", async () => {
    for (const [name, loader, url, params] of pages) {
      for (const cookie of [undefined, customerCookie]) {
        const response = (await run(loader, req(url, { cookie }), params)) as Response;
        expect(response, `${name} ${cookie ? "customer" : "anonymous"}`).toBeInstanceOf(Response);
        expect(response.status).toBe(302);
        expect(response.headers.get("location")).toBe("/admin/login");
      }
    }
  });

  it("refuses every action: 401 anonymous, 403 for a signed-in non-admin, and nothing changes", async () => {
    const before = await snapshot();
    for (const [name, action, url, params, body] of actions) {
      const anonymous = (await run(action, req(url, { method: "POST", form: await body() }), params)) as Response;
      expect(anonymous.status, `${name} anonymous`).toBe(401);
      const customer = (await run(
        action,
        req(url, { method: "POST", cookie: customerCookie, form: await body() }),
        params,
      )) as Response;
      expect(customer.status, `${name} customer`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("lets the admin load every screen", async () => {
    for (const [name, loader, url, params] of pages) {
      const result = await run(loader, req(url, { cookie: adminCookie }), params);
      expect(result, name).not.toBeInstanceOf(Response);
    }
  });

  it("sends a GET of a product's variants address to the product's page, and outsiders to the login", async () => {
    const url = "/admin/products/5/variants";
    const admin = (await run(productVariants.loader as never, req(url, { cookie: adminCookie }), {
      id: "5",
    })) as Response;
    expect(admin.status).toBe(302);
    expect(admin.headers.get("location")).toBe("/admin/products/5");
    const customer = (await run(productVariants.loader as never, req(url, { cookie: customerCookie }), {
      id: "5",
    })) as Response;
    expect(customer.headers.get("location")).toBe("/admin/login");
  });
});

describe("admin catalogue routes: the admin at work", () => {
  it("creates a category and a product, uploads an image, serves it, deletes", async () => {
    const created = payload(
      await run(
        categoriesRoute.action as never,
        req("/admin/categories", {
          method: "POST",
          cookie: adminCookie,
          form: {
            intent: "create",
            name: "<img src=x onerror=alert(1)>",
            slug: "xss",
            description: "<script>alert(1)</script>",
            isActive: "true",
          },
        }),
      ),
    );
    expect(created).toMatchObject({ ok: true, intent: "create" });
    const categoryId = String((created.result as { id: number }).id);
    const bad = payload(
      await run(
        categoriesRoute.action as never,
        req("/admin/categories", {
          method: "POST",
          cookie: adminCookie,
          form: { intent: "create", name: "", slug: "" },
        }),
      ),
    );
    expect(bad).toMatchObject({ ok: false, fieldErrors: { name: "Vui lòng nhập tên danh mục" } });

    const created302 = (await run(
      productNew.action as never,
      req("/admin/products/new", {
        method: "POST",
        cookie: adminCookie,
        form: {
          intent: "create",
          sku: "XSS-1",
          name: "<img src=x onerror=alert(1)>",
          slug: "xss-1",
          price: "100000",
          categoryId,
          trackStock: "true",
        },
      }),
    )) as Response;
    expect(created302.status).toBe(302);
    expect(created302.headers.get("set-cookie")).toMatch(/uvc_admin_flash=product-created\./);
    const id = /^\/admin\/products\/(\d+)$/.exec(created302.headers.get("location") ?? "")?.[1] ?? "";
    expect(id).not.toBe("");

    const refused = new FormData();
    refused.set("intent", "image-upload");
    refused.append("images", new File(["<svg onload=alert(1)></svg>"], "evil.png", { type: "image/png" }));
    expect(
      payload(
        await run(
          productEdit.action as never,
          req(`/admin/products/${id}`, { method: "POST", cookie: adminCookie, form: refused }),
          { id },
        ),
      ),
    ).toMatchObject({
      ok: false,
      error: "Chỉ nhận ảnh JPEG, PNG, WebP hoặc AVIF",
    });

    expect(
      payload(
        await run(
          productEdit.action as never,
          req(`/admin/products/${id}`, { method: "POST", cookie: adminCookie, form: await uploadForm() }),
          { id },
        ),
      ),
    ).toMatchObject({ ok: true });
    // Stock moves by adjustments on the product page, with who did it; below zero is refused.
    const adjust = (form: Record<string, string>) =>
      run(productEdit.action as never, req(`/admin/products/${id}`, { method: "POST", cookie: adminCookie, form }), {
        id,
      });
    expect(
      payload(
        await adjust({ intent: "stock-adjust", direction: "in", quantity: "7", reason: "received", note: "Lô 1" }),
      ),
    ).toEqual({
      ok: true,
      intent: "stock-adjust",
    });
    expect(
      payload(await adjust({ intent: "stock-adjust", direction: "out", quantity: "8", reason: "damaged" })),
    ).toMatchObject({
      ok: false,
      error: "Không thể giảm 8 sản phẩm: tồn kho hiện chỉ còn 7.",
    });
    const page = (await run(productEdit.loader as never, req(`/admin/products/${id}`, { cookie: adminCookie }), {
      id,
    })) as {
      product: { name: string; stockQuantity: number };
      images: Array<{ url: string; width: number }>;
      movements: {
        rows: Array<{ delta: number; reason: string; actorName: string | null; note: string | null }>;
        hasMore: boolean;
      };
    };
    expect(page.product.stockQuantity).toBe(7);
    expect(page.movements).toEqual({
      rows: [expect.objectContaining({ delta: 7, reason: "received", actorName: "owner@shop.vn", note: "Lô 1" })],
      hasMore: false,
    });
    expect(page.product.name).toBe("<img src=x onerror=alert(1)>");
    expect(page.images).toHaveLength(1);
    const url = page.images[0].url;
    const served = (await run(uploads.loader as never, req(url), { "*": url.slice("/uploads/".length) })) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toContain("immutable");
    const missing = (await run(uploads.loader as never, req("/uploads/../../etc/passwd"), {
      "*": "../../etc/passwd",
    })) as Response;
    expect(missing.status).toBe(404);

    // A delete without the version its page read is refused, and deletes nothing (decision 0014).
    const unversioned = await run(
      productsRoute.action as never,
      req("/admin/products", { method: "POST", cookie: adminCookie, form: { intent: "delete", id } }),
    );
    expect(payload(unversioned)).toMatchObject({ ok: false, error: ROW_VERSION_MISSING_MESSAGE });
    const [{ version }] = await database.db
      .select({ version: products.version })
      .from(products)
      .where(eq(products.id, Number(id)));
    expect(
      payload(
        await run(
          productsRoute.action as never,
          req("/admin/products", {
            method: "POST",
            cookie: adminCookie,
            form: { intent: "delete", id, version: String(version) },
          }),
        ),
      ),
    ).toMatchObject({ ok: true, result: { archived: false } });
    const gone = (await run(productEdit.loader as never, req(`/admin/products/${id}`, { cookie: adminCookie }), {
      id,
    })) as Response;
    expect(gone.status).toBe(404);
  });
});

/** The HTTP status an action answered with (200 when it returned plain data). */
function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  const init = (result as { init?: { status?: number } | null }).init;
  return init?.status ?? 200;
}

describe("admin catalogue routes: variants (decision 0038)", () => {
  const post = (action: unknown, url: string, id: string, form: Record<string, string>) =>
    run(action as never, req(url, { method: "POST", cookie: adminCookie, form }), { id });

  it("adds, reorders and saves the seeded sterilizer's variants; bad input is 400 with the message and writes nothing", async () => {
    const [sterilizer] = await database.db.select().from(products).where(eq(products.sku, "UVC-STERILIZER"));
    const [white] = await database.db.select().from(products).where(eq(products.sku, "UVC-STER-WHT"));
    const id = String(sterilizer.id);
    const newUrl = `/admin/products/${id}/variants/new`;
    const variantsUrl = `/admin/products/${id}/variants`;

    // The new-variant page knows its product (the form prefills its price); a variant has none.
    const page = (await run(productVariantNew.loader as never, req(newUrl, { cookie: adminCookie }), { id })) as {
      product: { id: number; price: number };
    };
    expect(page.product).toEqual({ id: sterilizer.id, name: sterilizer.name, price: sterilizer.price });
    const nested = (await run(productVariantNew.loader as never, req(newUrl, { cookie: adminCookie }), {
      id: String(white.id),
    })) as Response;
    expect(nested.status).toBe(404);

    const before = await snapshot();
    const bad = await post(productVariantNew.action, newUrl, id, {
      intent: "variant-create",
      variantLabel: "",
      sku: "GREEN-1",
    });
    expect(statusOf(bad)).toBe(400);
    expect(payload(bad)).toMatchObject({ ok: false, fieldErrors: { variantLabel: "Vui lòng nhập tên biến thể" } });
    const clash = await post(productVariantNew.action, newUrl, id, {
      intent: "variant-create",
      variantLabel: "Xanh lá",
      sku: "uvc-ster-wht",
    });
    expect(statusOf(clash)).toBe(409);
    expect(payload(clash)).toMatchObject({ ok: false, fieldErrors: { sku: SKU_TAKEN_MESSAGE } });
    const ofVariant = await post(
      productVariantNew.action,
      `/admin/products/${white.id}/variants/new`,
      String(white.id),
      {
        intent: "variant-create",
        variantLabel: "Xanh lá",
        sku: "GREEN-1",
      },
    );
    expect(statusOf(ofVariant)).toBe(400);
    expect(payload(ofVariant)).toMatchObject({ ok: false, error: VARIANT_OF_VARIANT_MESSAGE });
    const badUpdate = await post(productVariants.action, variantsUrl, id, {
      intent: "variant-update",
      variantId: String(white.id),
      variantLabel: "Trắng",
      sku: "UVC-STER-WHT",
      price: "-1",
      version: String(white.version),
    });
    expect(statusOf(badUpdate)).toBe(400);
    expect(payload(badUpdate)).toMatchObject({
      ok: false,
      fieldErrors: { price: "Giá phải là số đồng nguyên, không âm" },
    });
    // A variant of another product cannot be reached through this product's URL.
    const other = await post(productVariants.action, `/admin/products/${white.id}/variants`, String(white.id), {
      intent: "variant-move",
      variantId: String(white.id),
      direction: "down",
    });
    expect(statusOf(other)).toBe(404);
    expect(payload(other)).toMatchObject({ ok: false, error: VARIANT_NOT_FOUND });
    expect(await snapshot()).toEqual(before);

    const created = (await post(productVariantNew.action, newUrl, id, {
      intent: "variant-create",
      variantLabel: "Xanh lá",
      sku: "UVC-STER-GRN",
      colorHex: "#2E8B57",
      stockQuantity: "4",
      isActive: "true",
    })) as Response;
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe(`/admin/products/${id}#variants`);
    expect(created.headers.get("set-cookie")).toMatch(/uvc_admin_flash=variant-created\./);

    const labels = async () => {
      const edit = (await run(productEdit.loader as never, req(`/admin/products/${id}`, { cookie: adminCookie }), {
        id,
      })) as {
        variants: Array<{ id: number; variantLabel: string; price: number; stockQuantity: number; version: number }>;
      };
      return edit.variants;
    };
    const variants = await labels();
    expect(variants.at(-1)).toMatchObject({ variantLabel: "Xanh lá", price: sterilizer.price, stockQuantity: 4 });
    expect(
      payload(
        await post(productVariants.action, variantsUrl, id, {
          intent: "variant-move",
          variantId: String(variants.at(-1)!.id),
          direction: "up",
        }),
      ),
    ).toEqual({
      ok: true,
      intent: "variant-move",
    });
    expect((await labels()).map((v) => v.variantLabel).slice(-2)).toEqual(["Xanh lá", variants.at(-2)!.variantLabel]);

    const [fresh] = await database.db.select().from(products).where(eq(products.id, white.id));
    expect(
      payload(
        await post(productVariants.action, variantsUrl, id, {
          intent: "variant-update",
          variantId: String(white.id),
          variantLabel: "Trắng ngà",
          sku: "UVC-STER-WHT",
          price: "",
          lowStockThreshold: "5",
          isActive: "true",
          color: "white",
          colorHex: "#FFFFFF",
          version: String(fresh.version),
        }),
      ),
    ).toMatchObject({ ok: true });
    const [saved] = await database.db.select().from(products).where(eq(products.id, white.id));
    expect(saved).toMatchObject({
      variantLabel: "Trắng ngà",
      name: `${sterilizer.name} – Trắng ngà`,
      price: sterilizer.price,
    });

    // Deleting a variant from its page goes back to its product.
    const deleted = (await post(
      productEdit.action,
      `/admin/products/${variants.at(-1)!.id}`,
      String(variants.at(-1)!.id),
      {
        intent: "delete",
        version: String((await labels()).find((v) => v.id === variants.at(-1)!.id)!.version),
      },
    )) as Response;
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe(`/admin/products/${id}#variants`);
    expect((await labels()).map((v) => v.variantLabel)).not.toContain("Xanh lá");
  });
});
