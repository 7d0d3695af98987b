import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productReviews, products } from "~/db/schema";
import { setReviewStatus, type ProductReviews } from "~/features/reviews/reviews.server";
import { saveSetting } from "~/features/settings/settings.server";
import { insertCustomer, insertOrder } from "~/test/orders-fixture";
import type { ProductDetail } from "~/features/catalog/catalog-types";
import { parseEnv } from "~/server/env.server";
import { setUpTestDatabase } from "~/test/database";
import { callRoute } from "~/test/route-call";
import * as productPage from "./product";

// Decision 0038: the sterilizer is one product; its colours are variants chosen with ?variant=.
const BASE = "http://localhost:3000";
const database = await setUpTestDatabase({ seed: "shop-without-content" });
// A public address unlike the request's: the JSON-LD's absolute URLs use the shop's public origin.
const PUBLIC = "https://shop.example";
const env = parseEnv({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "product-routes-")),
  AUTH_SECRET: "s".repeat(32),
  PUBLIC_URL: PUBLIC,
});
const context = { database, env } as unknown as AppLoadContext;

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

describe("the product page's JSON-LD (built by the loader; the meta function only places it)", () => {
  type JsonLd = Record<string, unknown> & { hasVariant?: Array<Record<string, unknown>> };

  it("describes a product with variants as a ProductGroup, each variant a Product with its own offer, and its breadcrumb", async () => {
    const answer = await load("/en/collections/sterilizers/uvc-sterilizer");
    const { product, jsonLd } = answer.body as { product: ProductDetail; jsonLd: JsonLd[] };
    const [group, crumbs] = jsonLd;
    expect(group).toMatchObject({
      "@context": "https://schema.org",
      "@type": "ProductGroup",
      name: product.name,
      productGroupID: product.id,
      brand: { "@type": "Brand", name: "UVC Care" },
      variesBy: "https://schema.org/color",
    });
    expect(group!.hasVariant).toHaveLength(product.variants.length);
    const first = product.variants[0]!;
    expect(group!.hasVariant![0]).toEqual({
      "@type": "Product",
      name: first.name,
      sku: first.sku,
      image: first.images.map((image) => `${PUBLIC}${image.url}`),
      color: first.label,
      offers: {
        "@type": "Offer",
        price: first.price,
        priceCurrency: "VND",
        availability: first.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        url: `${PUBLIC}/en/collections/sterilizers/uvc-sterilizer?variant=${first.id}`,
        itemCondition: "https://schema.org/NewCondition",
      },
    });
    // No approved review of a real buyer in this shop: no rating is stated.
    expect(group).not.toHaveProperty("aggregateRating");
    expect(crumbs).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${PUBLIC}/en` },
        { "@type": "ListItem", position: 2, name: product.category.name, item: `${PUBLIC}/en/collections/sterilizers` },
        { "@type": "ListItem", position: 3, name: product.name, item: `${PUBLIC}/en/collections/sterilizers/uvc-sterilizer` },
      ],
    });
  });

  it("describes a product without variants as a Product with one offer at the page's address", async () => {
    const [row] = await database.db
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(eq(products.sku, "UVC-CASE-TRAVEL"));
    const answer = await load(`/collections/accessories/${row!.slug}`);
    expect(answer.status).toBe(200);
    const { product, jsonLd } = answer.body as { product: ProductDetail; jsonLd: JsonLd[] };
    expect(jsonLd[0]).toMatchObject({
      "@type": "Product",
      name: product.name,
      sku: "UVC-CASE-TRAVEL",
      image: product.images.map((image) => `${PUBLIC}${image.url}`),
      offers: { "@type": "Offer", price: product.price, priceCurrency: "VND", url: `${PUBLIC}/collections/accessories/${row!.slug}` },
    });
    expect((jsonLd[1]!.itemListElement as Array<{ name: string }>)[0]!.name).toBe("Trang chủ");
  });
});

describe("reviews on a live shop (issue 31)", () => {
  it("shows the samples, labelled, while the shop is a demo; once live, only buyers' reviews in the page and the JSON-LD", async () => {
    const db = database.db;
    const [kase] = await db.select().from(products).where(eq(products.sku, "UVC-CASE-TRAVEL"));
    const pagePath = `/collections/accessories/${kase.slug}`;
    type ReviewsBody = { reviews: ProductReviews; jsonLd: Array<Record<string, unknown>> };
    const demo = (await load(pagePath)).body as ReviewsBody;
    expect(demo.reviews.reviews.length).toBeGreaterThan(0);
    expect(demo.reviews.reviews.every((review) => review.isDemo)).toBe(true);
    expect(demo.jsonLd[0]).not.toHaveProperty("aggregateRating");

    const customer = await insertCustomer(db);
    const order = await insertOrder(db, { customer, status: "delivered", lines: [{ product: kase, quantity: 1 }] });
    const [written] = await db
      .insert(productReviews)
      .values({ productId: kase.id, orderId: order.id, rating: 4, body: "Hộp vừa túi.", displayName: "Người mua thật" })
      .returning();
    await setReviewStatus(db, written.id, "approved");
    await saveSetting(db, "launch", { liveAt: "2026-11-29T07:00:00.000Z", liveBy: "Chủ shop" });

    const live = (await load(pagePath)).body as ReviewsBody;
    expect(live.reviews.reviews.map((review) => [review.displayName, review.isDemo])).toEqual([["Người mua thật", false]]);
    expect(live.reviews.summary).toMatchObject({ count: 1, average: 4 });
    expect(live.jsonLd[0]).toMatchObject({
      aggregateRating: { ratingValue: 4, reviewCount: 1 },
      review: [{ author: { "@type": "Person", name: "Người mua thật" }, reviewBody: "Hộp vừa túi." }],
    });
    expect(live.jsonLd[0].review).toHaveLength(1);
  });
});
