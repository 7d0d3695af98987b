import type { AppLoadContext } from "react-router";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "~/db/schema";
import type { ProductDetail } from "~/features/catalog/catalog.server";
import { setUpTestDatabase } from "~/test/database";
import { callRoute } from "~/test/route-call";
import * as productPage from "./product";

// Decision 0038: the sterilizer is one product; its colours are variants chosen with ?variant=.
const BASE = "http://localhost:3000";
const database = await setUpTestDatabase({ seed: "shop-without-content" });
const context = { database } as unknown as AppLoadContext;

async function idOf(sku: string): Promise<number> {
  const [row] = await database.db.select({ id: products.id }).from(products).where(eq(products.sku, sku));
  return row.id;
}

function load(pathname: string) {
  const url = new URL(pathname, BASE);
  const [, , category = "", product = ""] = url.pathname.replace(/^\/en/, "").split("/");
  return callRoute(productPage.loader, new Request(url), context, { category, product });
}

describe("the product page of a product with variants", () => {
  it("chooses ?variant= (price, stock, SKU, gallery of that variant); an unknown or foreign one falls back to the first in stock", async () => {
    const pink = await idOf("UVC-STER-PNK");
    const answer = await load(`/collections/sterilizers/uvc-sterilizer?variant=${pink}`);
    expect(answer.status).toBe(200);
    const { product } = answer.body as { product: ProductDetail };
    expect(product).toMatchObject({ id: await idOf("UVC-STERILIZER"), selectedVariantId: pink, sku: "UVC-STER-PNK" });
    expect(product.images[0]?.url).toBe("/images/products/uvc-sterilizer-pink-front.svg");
    expect(product.variants.map((v) => v.label)).toEqual(["Trắng", "Đen", "Xanh dương", "Hồng"]);

    const white = await idOf("UVC-STER-WHT");
    for (const asked of ["", "?variant=999999", `?variant=${await idOf("UVC-CASE-TRAVEL")}`, "?variant=x"]) {
      const fallback = await load(`/collections/sterilizers/uvc-sterilizer${asked}`);
      expect(fallback.status, asked).toBe(200);
      expect((fallback.body as { product: ProductDetail }).product.selectedVariantId, asked).toBe(white);
    }
  });

  it("answers a variant's own old address (slug or id, either language) with a permanent redirect to its product's page", async () => {
    const pink = await idOf("UVC-STER-PNK");
    const [{ slug }] = await database.db.select({ slug: products.slug }).from(products).where(eq(products.id, pink));
    const bySlug = await load(`/collections/sterilizers/${slug}`);
    expect(bySlug.status).toBe(301);
    expect(bySlug.headers.get("location")).toBe(`/collections/sterilizers/uvc-sterilizer?variant=${pink}`);
    const byId = await load(`/en/collections/sterilizers/${pink}`);
    expect(byId.status).toBe(301);
    expect(byId.headers.get("location")).toBe(`/en/collections/sterilizers/uvc-sterilizer?variant=${pink}`);
    // The product's own address under another category still redirects to its canonical one.
    const moved = await load(`/collections/accessories/uvc-sterilizer?variant=${pink}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(`/collections/sterilizers/uvc-sterilizer?variant=${pink}`);
    expect((await load("/collections/sterilizers/no-such-product")).status).toBe(404);
  });
});
