import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { categories, productImages, products, storeLocations, storeStock } from "~/db/schema";
import { dropStorefrontCaches } from "~/server/storefront-events.server";
import { setUpTestDatabase } from "~/test/database";
import { STOREFRONT_CACHE_TTL_MS } from "~/server/ttl-cache.server";
import type { FacetCount } from "./catalog-types";
import { invalidateCatalogCache } from "./catalog.server";
import { emptyFilters, type CatalogFilters } from "./catalog.schema";
import { getCatalogFacets, getCategory, getPriceBounds, listProducts, loadListing } from "./listing.server";
import { getProduct, getRecommendedProducts, listProductsByIds, selectVariant } from "./product-page.server";
import { searchProducts, toPrefixTsQuery } from "./search.server";
import { productSearchText } from "./search-text";
import { seedProducts } from "~/features/seed/seed-data";
import { compareVietnamese } from "~/lib/vietnamese-collation";

const { db } = await setUpTestDatabase({ seed: "shop-without-content" });

beforeEach(() => {
  invalidateCatalogCache();
});

const f = (over: Partial<CatalogFilters>): CatalogFilters => ({ ...emptyFilters, ...over });
/** One card per product (decision 0038): the seed's rows less its variants. */
const CARDS = seedProducts.filter((p) => !p.parentSku).length;
const STERILIZER = "UVC-STERILIZER";
const skus = (rows: Array<{ sku: string }>) => rows.map((r) => r.sku);

async function idOf(sku: string): Promise<number> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.sku, sku));
  return row.id;
}

describe("listProducts", () => {
  it("lists one card per active product (not its variants), with its cover image, category slug and swatches", async () => {
    const rows = await listProducts(db);
    expect(seedProducts).toHaveLength(8);
    expect(rows).toHaveLength(CARDS);
    expect(CARDS).toBe(4);
    expect(skus(rows).filter((sku) => sku.startsWith("UVC-STER"))).toEqual([STERILIZER]);
    const sterilizer = rows.find((r) => r.sku === STERILIZER)!;
    expect(sterilizer.categorySlug).toBe("sterilizers");
    expect(sterilizer.image?.url).toBe("/images/products/uvc-sterilizer-white-front.svg");
    expect(sterilizer.image?.width).toBe(800);
    expect(sterilizer.price).toBe(690_000);
    expect(sterilizer.priceMax).toBe(690_000);
    expect(sterilizer.inStock).toBe(true);
    expect(sterilizer.soldCount).toBe(1280 + 940 + 455 + 610);
    expect(sterilizer.swatches.map(({ id, label, colorHex }) => ({ id, label, colorHex }))).toEqual([
      { id: await idOf("UVC-STER-WHT"), label: "Trắng", colorHex: "#f7fafa" },
      { id: await idOf("UVC-STER-BLK"), label: "Đen", colorHex: "#2f363e" },
      { id: await idOf("UVC-STER-BLU"), label: "Xanh dương", colorHex: "#74a9de" },
      { id: await idOf("UVC-STER-PNK"), label: "Hồng", colorHex: "#f5b3c4" },
    ]);
    expect(
      (await listProducts(db, emptyFilters, { locale: "en" })).find((r) => r.sku === STERILIZER)?.swatches[3]?.label,
    ).toBe("Pink");
    expect(rows.find((r) => r.sku === "UVC-CASE-TRAVEL")?.swatches).toEqual([]);
  });

  it("prices a product with variants from its lowest active variant, in stock when any variant is", async () => {
    const pink = await idOf("UVC-STER-PNK");
    const white = await idOf("UVC-STER-WHT");
    await db.update(products).set({ price: 590_000, compareAtPrice: 650_000 }).where(eq(products.id, pink));
    await db.update(products).set({ price: 750_000 }).where(eq(products.id, white));
    invalidateCatalogCache();
    try {
      const card = (await listProducts(db)).find((r) => r.sku === STERILIZER)!;
      expect(card).toMatchObject({ price: 590_000, priceMax: 750_000, compareAtPrice: 650_000 });
      expect(skus(await listProducts(db, f({ max: 600_000 })))).toContain(STERILIZER);
      expect(skus(await listProducts(db, f({ min: 700_000, max: 800_000 })))).not.toContain(STERILIZER);
      expect(await getPriceBounds(db, "sterilizers")).toEqual({ min: 590_000, max: 750_000 });

      // Every variant sold out: the product is out of stock; an inactive variant is not counted.
      await db
        .update(products)
        .set({ stockQuantity: 0 })
        .where(eq(products.parentId, await idOf(STERILIZER)));
      await db.update(products).set({ isActive: false }).where(eq(products.id, pink));
      invalidateCatalogCache();
      const soldOut = (await listProducts(db)).find((r) => r.sku === STERILIZER)!;
      expect(soldOut.inStock).toBe(false);
      expect(soldOut.swatches.map((s) => s.label)).toEqual(["Trắng", "Đen", "Xanh dương"]);
      expect(soldOut.price).toBe(690_000);
      expect(skus(await listProducts(db, f({ availability: "out-of-stock" })))).toEqual([STERILIZER]);

      // No active variant left: the product is not listed at all.
      await db
        .update(products)
        .set({ isActive: false })
        .where(eq(products.parentId, await idOf(STERILIZER)));
      invalidateCatalogCache();
      expect(skus(await listProducts(db))).not.toContain(STERILIZER);
      expect(await getProduct(db, "sterilizers", "uvc-sterilizer")).toBeNull();
    } finally {
      await db
        .update(products)
        .set({ price: 690_000, compareAtPrice: null, isActive: true })
        .where(eq(products.parentId, await idOf(STERILIZER)));
      for (const [sku, stock] of [
        ["UVC-STER-WHT", 120],
        ["UVC-STER-BLK", 85],
        ["UVC-STER-BLU", 3],
        ["UVC-STER-PNK", 60],
      ] as const)
        await db.update(products).set({ stockQuantity: stock }).where(eq(products.sku, sku));
      invalidateCatalogCache();
    }
  });

  it("filters by category slug", async () => {
    const rows = await listProducts(db, emptyFilters, { categorySlug: "bundles" });
    expect(rows.length).toBe(2);
    expect(rows.every((r) => r.categorySlug === "bundles")).toBe(true);
    expect(await listProducts(db, emptyFilters, { categorySlug: "nope" })).toEqual([]);
  });

  it("filters by colour: a product matches when one of its active variants has it, shown once", async () => {
    expect(skus(await listProducts(db, f({ colors: ["pink"] })))).toEqual([STERILIZER]);
    expect(skus(await listProducts(db, f({ colors: ["blue", "pink"], sort: "name-a-z" })))).toEqual([STERILIZER]);
    await db.update(products).set({ isActive: false }).where(eq(products.sku, "UVC-STER-PNK"));
    invalidateCatalogCache();
    try {
      expect(await listProducts(db, f({ colors: ["pink"] }))).toEqual([]);
      expect((await getCatalogFacets(db)).colors.map((c) => c.value)).toEqual(["white", "black", "blue"]);
    } finally {
      await db.update(products).set({ isActive: true }).where(eq(products.sku, "UVC-STER-PNK"));
      invalidateCatalogCache();
    }
  });

  it("filters by features, use cases and materials when any selected value is in the product's array", async () => {
    // The product's own (shared) lists: the sterilizer's use cases are Gia đình, Du lịch, Văn phòng.
    const office = await listProducts(db, f({ useCases: ["Văn phòng"] }));
    expect(skus(office)).toContain(STERILIZER);
    const either = await listProducts(db, f({ useCases: ["Văn phòng", "Gia đình"] }));
    expect(skus(either)).toEqual(expect.arrayContaining([STERILIZER, "UVC-BUNDLE-FAMILY"]));
    const shockproof = await listProducts(db, f({ features: ["Chống sốc"] }));
    expect(shockproof.length).toBeGreaterThan(0);
    expect(shockproof.every((r) => r.categorySlug !== "sterilizers")).toBe(true);
    const eva = await listProducts(db, f({ materials: ["Vỏ EVA"] }));
    expect(eva.length).toBeGreaterThan(0);
    expect(await listProducts(db, f({ materials: ["Gỗ sồi"] }))).toEqual([]);
  });

  it("filters by price, inclusive at both ends", async () => {
    const rows = await listProducts(db, f({ min: 690_000, max: 899_000 }));
    expect(rows.map((r) => r.price).sort()).toEqual([690_000, 899_000]);
    expect((await listProducts(db, f({ max: 290_000 }))).map((r) => r.price)).toEqual([290_000]);
    expect(await listProducts(db, f({ min: 5_000_000 }))).toEqual([]);
  });

  it("best sellers only with ?filter=bestsellers", async () => {
    const rows = await listProducts(db, f({ bestsellers: true }));
    expect(skus(rows).sort()).toEqual(["UVC-BUNDLE-FAMILY", STERILIZER]);
  });

  it("sorts every way", async () => {
    const byPriceUp = await listProducts(db, f({ sort: "price-low-high" }));
    expect(byPriceUp.map((r) => r.price)).toEqual([...byPriceUp.map((r) => r.price)].sort((a, b) => a - b));
    const byPriceDown = await listProducts(db, f({ sort: "price-high-low" }));
    expect(byPriceDown[0].price).toBe(1_290_000);
    expect(byPriceDown.map((r) => r.price)).toEqual([...byPriceDown.map((r) => r.price)].sort((a, b) => b - a));
    const best = await listProducts(db, f({ sort: "best-selling" }));
    expect(best.map((r) => r.soldCount)).toEqual([...best.map((r) => r.soldCount)].sort((a, b) => b - a));
    expect(best[0].sku).toBe(STERILIZER); // its variants' sales summed
    const az = await listProducts(db, f({ sort: "name-a-z" }));
    const za = await listProducts(db, f({ sort: "name-z-a" }));
    expect(za.map((r) => r.id)).toEqual([...az.map((r) => r.id)].reverse());
    expect(az[0].name.startsWith("Combo")).toBe(true);
    const featured = await listProducts(db, f({ sort: "featured" }));
    const firstNotFeatured = featured.findIndex((r) => !r.isFeatured);
    expect(featured.slice(firstNotFeatured).every((r) => !r.isFeatured)).toBe(true);
    const newest = await listProducts(db, f({ sort: "newest" }));
    expect(newest).toHaveLength(CARDS);
    // Seeded in one transaction (same created_at): the later id is newer.
    expect(newest[0].id).toBeGreaterThan(newest[newest.length - 1].id);
  });

  it("availability: in stock when not tracking stock or stock > 0", async () => {
    const travelCase = await idOf("UVC-CASE-TRAVEL");
    const bundle = await idOf("UVC-BUNDLE-TRAVEL");
    await db.update(products).set({ stockQuantity: 0, trackStock: true }).where(eq(products.id, travelCase));
    await db.update(products).set({ stockQuantity: 0, trackStock: false }).where(eq(products.id, bundle));
    invalidateCatalogCache();
    try {
      const inStock = await listProducts(db, f({ availability: "in-stock" }));
      const outOfStock = await listProducts(db, f({ availability: "out-of-stock" }));
      expect(skus(outOfStock)).toEqual(["UVC-CASE-TRAVEL"]);
      expect(skus(inStock)).toContain("UVC-BUNDLE-TRAVEL");
      expect(skus(inStock)).toContain(STERILIZER);
      expect(inStock.length + outOfStock.length).toBe(CARDS);
      const facets = await getCatalogFacets(db);
      expect(facets.availability).toMatchObject({ inStock: CARDS - 1, outOfStock: 1 });
    } finally {
      const seeded = (sku: string) => seedProducts.find((p) => p.sku === sku)!;
      await db
        .update(products)
        .set({ stockQuantity: seeded("UVC-CASE-TRAVEL").stockQuantity, trackStock: true })
        .where(eq(products.id, travelCase));
      await db
        .update(products)
        .set({ stockQuantity: seeded("UVC-BUNDLE-TRAVEL").stockQuantity, trackStock: true })
        .where(eq(products.id, bundle));
    }
  });

  it("hides inactive products and products of inactive categories", async () => {
    const white = await idOf("UVC-STER-WHT");
    await db.update(products).set({ isActive: false }).where(eq(products.id, white));
    await db.update(categories).set({ isActive: false }).where(eq(categories.slug, "bundles"));
    invalidateCatalogCache();
    try {
      const rows = await listProducts(db);
      expect(rows.find((r) => r.sku === STERILIZER)?.swatches.map((s) => s.label)).not.toContain("Trắng");
      expect(rows.some((r) => r.categorySlug === "bundles")).toBe(false);
      expect(await getProduct(db, "sterilizers", String(white))).toBeNull();
      expect(await getCategory(db, "bundles")).toBeNull();
      expect((await getProduct(db, "sterilizers", "uvc-sterilizer"))?.product.variants.map((v) => v.label)).toEqual([
        "Đen",
        "Xanh dương",
        "Hồng",
      ]);
      const bounds = await getPriceBounds(db);
      expect(bounds.max).toBeLessThan(1_290_000);
    } finally {
      await db.update(products).set({ isActive: true }).where(eq(products.id, white));
      await db.update(categories).set({ isActive: true }).where(eq(categories.slug, "bundles"));
    }
  });
});

describe("listProductsByIds", () => {
  it("lists products in the order given; a variant stands for its product, the unlisted and unknown are left out", async () => {
    const [travelCase, pink, white, familyBundle] = await Promise.all(
      ["UVC-CASE-TRAVEL", "UVC-STER-PNK", "UVC-STER-WHT", "UVC-BUNDLE-FAMILY"].map(idOf),
    );
    const rows = await listProductsByIds(db, [travelCase, pink, white, 999_999, familyBundle]);
    expect(skus(rows)).toEqual(["UVC-CASE-TRAVEL", STERILIZER, "UVC-BUNDLE-FAMILY"]);
    expect(rows[1].swatches).toHaveLength(4);
    expect(await listProductsByIds(db, [])).toEqual([]);

    await db.update(products).set({ isActive: false }).where(eq(products.id, travelCase));
    invalidateCatalogCache();
    try {
      expect(skus(await listProductsByIds(db, [travelCase, familyBundle], "en"))).toEqual(["UVC-BUNDLE-FAMILY"]);
    } finally {
      await db.update(products).set({ isActive: true }).where(eq(products.id, travelCase));
    }
  });
});

describe("price bounds and facets", () => {
  it("rounds the catalogue's lowest and highest price out to 10,000 đ", async () => {
    expect(await getPriceBounds(db)).toEqual({ min: 290_000, max: 1_290_000 });
    expect(await getPriceBounds(db, "bundles")).toEqual({ min: 890_000, max: 1_290_000 });
    expect(await getPriceBounds(db, "nope")).toEqual({ min: 0, max: 0 });
  });

  it("counts colours, features, use cases and materials", async () => {
    const facets = await getCatalogFacets(db);
    expect(facets.colors.map((c) => c.value)).toEqual(["white", "black", "blue", "pink"]);
    // The sterilizer counts once under each of its variants' colours.
    expect(facets.colors.find((c) => c.value === "pink")).toEqual({ value: "pink", label: "Hồng", count: 1 });
    expect(facets.colors.every((c) => c.count === 1)).toBe(true);
    expect(facets.features.find((c) => c.value === "Chu trình 3 phút")?.count).toBeGreaterThanOrEqual(1);
    expect(facets.useCases.some((c) => c.value === "Gia đình")).toBe(true);
    expect(facets.materials.some((c) => c.value === "Vỏ EVA")).toBe(true);
    expect(facets.availability).toEqual({ inStock: CARDS, outOfStock: 0, bestSellers: 2 });
  });
});

describe("facets that follow the filters", () => {
  const counts = (facets: FacetCount[]) => Object.fromEntries(facets.map((facet) => [facet.value, facet.count]));

  it("counts each group under the other groups' filters, not its own", async () => {
    const pink = await getCatalogFacets(db, undefined, "vi", f({ colors: ["pink"] }));
    // Colours ignore the colour filter: every colour still counts the sterilizer (values OR'ed).
    expect(pink.colors.map((c) => [c.value, c.count])).toEqual([
      ["white", 1],
      ["black", 1],
      ["blue", 1],
      ["pink", 1],
    ]);
    // Other groups count only the pink sterilizer; "Quà tặng" and "Công tác" (bundles, case) count 0 and go.
    expect(counts(pink.useCases)).toEqual({ "Gia đình": 1, "Du lịch": 1, "Văn phòng": 1 });
    expect(pink.availability).toEqual({ inStock: 1, outOfStock: 0, bestSellers: 1 });
    expect(pink.priceBounds).toEqual({ min: 290_000, max: 1_290_000 });
    // Every option of the listing is still known (URLs are checked against these).
    expect(pink.options.useCases).toEqual(expect.arrayContaining(["Quà tặng", "Công tác", "Trẻ em"]));

    const bestTravel = await getCatalogFacets(db, undefined, "vi", f({ bestsellers: true, useCases: ["Du lịch"] }));
    // Use cases under "best sellers" only: the sterilizer and the family bundle.
    expect(counts(bestTravel.useCases)).toEqual({ "Gia đình": 2, "Du lịch": 1, "Văn phòng": 1, "Quà tặng": 1, "Trẻ em": 1 });
    expect(bestTravel.useCases[0]).toMatchObject({ value: "Gia đình", count: 2 });
    // Best sellers under "Du lịch" only (sterilizer, travel case, travel bundle): one.
    expect(bestTravel.availability).toEqual({ inStock: 1, outOfStock: 0, bestSellers: 1 });
    expect(bestTravel.colors.every((c) => c.count === 1)).toBe(true);

    const cheap = await getCatalogFacets(db, undefined, "vi", f({ max: 700_000, availability: "in-stock" }));
    // The sterilizer and the travel case; availability counts ignore the availability filter.
    expect(counts(cheap.useCases)).toEqual({ "Du lịch": 2, "Văn phòng": 2, "Gia đình": 1, "Công tác": 1 });
    expect(cheap.availability).toEqual({ inStock: 2, outOfStock: 0, bestSellers: 1 });
    expect(cheap.priceBounds).toEqual({ min: 290_000, max: 1_290_000 });
  });

  it("keeps a selected option counting 0 so it can be unticked, and labels follow the language", async () => {
    const facets = await getCatalogFacets(db, undefined, "vi", f({ colors: ["pink"], useCases: ["Quà tặng"] }));
    expect(await listProducts(db, f({ colors: ["pink"], useCases: ["Quà tặng"] }))).toEqual([]);
    expect(facets.useCases.find((c) => c.value === "Quà tặng")).toEqual({ value: "Quà tặng", label: "Quà tặng", count: 0 });
    expect(facets.useCases.find((c) => c.value === "Công tác")).toBeUndefined();
    // No gift has a colour: only the selected pink is left, at 0.
    expect(facets.colors).toEqual([{ value: "pink", label: "Hồng", count: 0 }]);
    expect(facets.availability).toEqual({ inStock: 0, outOfStock: 0, bestSellers: 0 });

    const english = await getCatalogFacets(db, "accessories", "en", f({ features: ["Chống sốc"] }));
    expect(english.features.find((facet) => facet.value === "Chống sốc")?.label).toBe(
      (await getCatalogFacets(db, "accessories", "en")).features.find((facet) => facet.value === "Chống sốc")?.label,
    );
  });

  it("checks a URL against every option of the listing: unknown values are dropped, a zero-count one is kept", async () => {
    const url = new URL("http://shop.test/shop?color=pink&use=Qu%C3%A0%20t%E1%BA%B7ng&material=nonsense&feature=x");
    const { filters, facets, products: rows } = await loadListing(db, url);
    expect(filters.colors).toEqual(["pink"]);
    expect(filters.useCases).toEqual(["Quà tặng"]);
    expect(filters.materials).toEqual([]);
    expect(filters.features).toEqual([]);
    expect(rows).toEqual([]);
    expect(facets.useCases.find((c) => c.value === "Quà tặng")?.count).toBe(0);
    expect(facets.materials.some((c) => c.value === "nonsense")).toBe(false);

    const collection = await loadListing(db, new URL("http://shop.test/en/collections/bundles?color=pink"), "bundles");
    // No bundle has a colour: pink is not an option of the collection.
    expect(collection.filters.colors).toEqual([]);
    expect(collection.products).toHaveLength(2);
    expect(collection.facets.colors).toEqual([]);
  });
});

describe("getProduct", () => {
  it("finds a product by id and by slug, with its variants (images, availability) and category", async () => {
    const productId = await idOf(STERILIZER);
    const byId = await getProduct(db, "sterilizers", String(productId));
    expect(byId).not.toBeNull();
    const { product, canonicalPath, variantId } = byId!;
    expect(canonicalPath).toBe("/collections/sterilizers/uvc-sterilizer");
    expect(variantId).toBeNull();
    expect((await getProduct(db, "sterilizers", "uvc-sterilizer"))?.product.id).toBe(productId);

    expect(product.variants.map((v) => v.sku)).toEqual([
      "UVC-STER-WHT",
      "UVC-STER-BLK",
      "UVC-STER-BLU",
      "UVC-STER-PNK",
    ]);
    const pink = product.variants.find((v) => v.color === "pink")!;
    expect(pink).toMatchObject({
      label: "Hồng",
      name: "Máy tiệt trùng bàn chải UVC – Hồng",
      price: 690_000,
      inStock: true,
    });
    expect(pink.images.map((i) => i.url)).toEqual([
      "/images/products/uvc-sterilizer-pink-front.svg",
      "/images/products/uvc-sterilizer-pink-open.svg",
      "/images/products/uvc-sterilizer-pink-in-use.svg",
    ]);
    expect(pink.availability.map((a) => [a.city, a.quantity])).toEqual([
      ["Hồ Chí Minh", 2],
      ["Hà Nội", 0],
      ["Đà Nẵng", 5],
    ]);
    expect(product.category).toMatchObject({ slug: "sterilizers", name: "Máy tiệt trùng UVC" });
    expect(product.tabs.details).toBeTruthy();
    // The first in-stock variant is chosen: the page sells the white one.
    expect(product.selectedVariantId).toBe(await idOf("UVC-STER-WHT"));
    expect(product).toMatchObject({ sku: "UVC-STER-WHT", inStock: true, lowStock: false });
    expect(product.images[0]?.url).toBe("/images/products/uvc-sterilizer-white-front.svg");

    const en = (await getProduct(db, "sterilizers", "uvc-sterilizer", "en"))!.product;
    expect(en.variants.map((v) => v.label)).toEqual(["White", "Black", "Blue", "Pink"]);
    expect(en.variants[3]?.name).toBe("UVC Toothbrush Sterilizer – Pink");
  });

  it("selects ?variant= (price, stock, SKU, images, availability); an unknown or foreign one falls back", async () => {
    const { product } = (await getProduct(db, "sterilizers", "uvc-sterilizer"))!;
    const blue = await idOf("UVC-STER-BLU");
    const chosen = selectVariant(product, String(blue));
    expect(chosen).toMatchObject({ selectedVariantId: blue, sku: "UVC-STER-BLU", stockQuantity: 3, lowStock: true });
    expect(chosen.images.map((i) => i.url)[0]).toBe("/images/products/uvc-sterilizer-blue-front.svg");
    expect(chosen.name).toBe("Máy tiệt trùng bàn chải UVC");
    const white = await idOf("UVC-STER-WHT");
    for (const foreign of [String(await idOf("UVC-CASE-TRAVEL")), "999999", "abc", "", null])
      expect(selectVariant(product, foreign).selectedVariantId).toBe(white);

    // The first variant sold out: the default is the first one in stock.
    await db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, white));
    invalidateCatalogCache();
    try {
      const page = (await getProduct(db, "sterilizers", "uvc-sterilizer"))!.product;
      expect(page.selectedVariantId).toBe(await idOf("UVC-STER-BLK"));
      const soldOut = selectVariant(page, String(white));
      expect(soldOut).toMatchObject({ selectedVariantId: white, inStock: false });
    } finally {
      await db.update(products).set({ stockQuantity: 120 }).where(eq(products.id, white));
      invalidateCatalogCache();
    }
  });

  it("resolves a variant's own id or slug to its product, with the variant's id", async () => {
    const pink = await idOf("UVC-STER-PNK");
    const byId = await getProduct(db, "sterilizers", String(pink));
    expect(byId).toMatchObject({ canonicalPath: "/collections/sterilizers/uvc-sterilizer", variantId: pink });
    expect(byId?.product.id).toBe(await idOf(STERILIZER));
    const [row] = await db.select({ slug: products.slug }).from(products).where(eq(products.id, pink));
    expect(row.slug).not.toBe("uvc-sterilizer");
    expect((await getProduct(db, "sterilizers", row.slug))?.variantId).toBe(pink);
  });

  it("lists a shop without a stock row as 0 and marks low stock", async () => {
    const blueId = await idOf("UVC-STER-BLU");
    const [store] = await db
      .select({ id: storeLocations.id })
      .from(storeLocations)
      .where(eq(storeLocations.city, "Hà Nội"));
    await db.delete(storeStock).where(eq(storeStock.storeId, store.id));
    invalidateCatalogCache();
    const result = await getProduct(db, "sterilizers", "uvc-sterilizer");
    const blue = result!.product.variants.find((v) => v.id === blueId)!;
    expect(blue.availability.find((a) => a.storeId === store.id)?.quantity).toBe(0);
    expect(blue.lowStock).toBe(true); // 3 left, threshold 5
  });

  it("resolves a product under another category to its canonical path; unknown gives null", async () => {
    const id = (await listProducts(db, emptyFilters, { categorySlug: "accessories" }))[0].id;
    const result = await getProduct(db, "sterilizers", String(id));
    expect(result?.canonicalPath.startsWith("/collections/accessories/")).toBe(true);
    expect(await getProduct(db, "sterilizers", "999999")).toBeNull();
    expect(await getProduct(db, "sterilizers", "no-such-product")).toBeNull();
    expect(await getProduct(db, "sterilizers", "")).toBeNull();
  });
});

describe("getRecommendedProducts", () => {
  it("returns the other products, never the product itself or its variants", async () => {
    const productId = await idOf(STERILIZER);
    const rows = await getRecommendedProducts(db, productId);
    expect(rows).toHaveLength(CARDS - 1);
    expect(rows.every((r) => !r.sku.startsWith("UVC-STER"))).toBe(true);
    expect(new Set(rows.map((r) => r.id)).size).toBe(CARDS - 1);
  });

  it("works for a product without colour variants (its own category first) and for an unknown id", async () => {
    const caseId = await idOf("UVC-CASE-TRAVEL");
    const rows = await getRecommendedProducts(db, caseId);
    expect(rows).toHaveLength(CARDS - 1);
    expect(rows.map((r) => r.id)).not.toContain(caseId);
    expect(skus(rows).filter((sku) => sku.startsWith("UVC-STER"))).toEqual([STERILIZER]);
    expect(await getRecommendedProducts(db, 999_999)).toHaveLength(CARDS);
  });
});

describe("searchProducts", () => {
  it("is accent- and case-insensitive: 'ban chai' finds 'bàn chải', 'hong' and 'HỒNG' find the pink sterilizer first", async () => {
    const banChai = await searchProducts(db, "ban chai");
    expect(banChai.length).toBeGreaterThan(0);
    expect(
      banChai.every(
        (r) => r.name.toLowerCase().includes("bàn chải") || r.description.toLowerCase().includes("bàn chải"),
      ),
    ).toBe(true);
    // A variant's colour finds its product, once.
    for (const query of ["hong", "HỒNG", "Pink"]) {
      const found = skus(await searchProducts(db, query));
      expect(found[0]).toBe(STERILIZER);
      expect(found.filter((sku) => sku.startsWith("UVC-STER"))).toEqual([STERILIZER]);
    }
    expect(skus(await searchProducts(db, "may tiet trung"))).toContain(STERILIZER);
    expect(skus(await searchProducts(db, "tiet trung")).filter((sku) => sku.startsWith("UVC-STER"))).toEqual([
      STERILIZER,
    ]);
  });

  it("finds a product by a variant's SKU (or the start of it), shown once", async () => {
    expect(skus(await searchProducts(db, "UVC-STER-PNK"))).toEqual([STERILIZER]);
    expect(skus(await searchProducts(db, "uvc-ster-blk"))).toEqual([STERILIZER]);
    expect(skus(await searchProducts(db, "UVC-CASE-TRAVEL"))[0]).toBe("UVC-CASE-TRAVEL");
  });

  it("matches the category name and ranks name matches first", async () => {
    const rows = await searchProducts(db, "combo");
    expect(rows.slice(0, 2).every((r) => r.categorySlug === "bundles")).toBe(true);
    const phu = await searchProducts(db, "phu kien");
    expect(phu.some((r) => r.categorySlug === "accessories")).toBe(true);
  });

  it("returns nothing for no match or an empty / symbol-only query", async () => {
    expect(await searchProducts(db, "xyzzy")).toEqual([]);
    expect(await searchProducts(db, "")).toEqual([]);
    expect(await searchProducts(db, "  !!! ")).toEqual([]);
    expect(await searchProducts(db, "' & | :*")).toEqual([]);
  });

  it("builds tsquery prefixes from the words only", () => {
    expect(toPrefixTsQuery("Bàn chải!")).toBe("ban:* & chai:*");
    expect(toPrefixTsQuery("usb-c")).toBe("usb:* & c:*");
    expect(toPrefixTsQuery("&|!")).toBeNull();
  });

  it("productSearchText holds name, description, colour key and labels, category name, in both languages", () => {
    expect(productSearchText({ name: "Máy Hồng", description: "Đẹp", color: "pink" }, { name: "Phụ kiện" })).toBe(
      "may hong dep hong pink phu kien",
    );
    expect(
      productSearchText(
        {
          name: "Hộp đựng",
          description: null,
          translations: { en: { name: "Travel case", description: "Shockproof" } },
        },
        { name: "Phụ kiện", translations: { en: { name: "Accessories" } } },
      ),
    ).toBe("hop dung phu kien travel case shockproof accessories");
  });
});

describe("two languages and Vietnamese order", () => {
  /** English texts for the travel case and the accessories category (the seed's own may differ). */
  async function translateTravelCase() {
    await db
      .update(products)
      .set({
        translations: {
          en: {
            name: "Travel Case Deluxe",
            description: "",
            features: ["Shockproof", "Waterproof"],
            tabWarnings: "Keep dry.",
          },
        },
        searchText: productSearchText(
          { name: "Hộp đựng du lịch cho máy tiệt trùng UVC", translations: { en: { name: "Travel Case Deluxe" } } },
          { name: "Phụ kiện", translations: { en: { name: "Accessories" } } },
        ),
      })
      .where(eq(products.sku, "UVC-CASE-TRAVEL"));
    await db
      .update(categories)
      .set({ translations: { en: { name: "Accessories", description: "" } } })
      .where(eq(categories.slug, "accessories"));
    invalidateCatalogCache();
  }

  it("reads English texts on the English site, the Vietnamese ones where the English is empty", async () => {
    await translateTravelCase();
    const [vi] = await listProducts(db, emptyFilters, { categorySlug: "accessories" });
    const [en] = await listProducts(db, emptyFilters, { categorySlug: "accessories", locale: "en" });
    expect(vi.name).toBe("Hộp đựng du lịch cho máy tiệt trùng UVC");
    expect(vi.categoryName).toBe("Phụ kiện");
    expect(en.name).toBe("Travel Case Deluxe");
    expect(en.categoryName).toBe("Accessories");
    expect(en.description).toBe(vi.description);
    expect(en).not.toHaveProperty("translations");

    const found = await getProduct(db, "accessories", "UVC-CASE-TRAVEL".toLowerCase(), "en");
    const detail = (await getProduct(db, "accessories", String(await idOf("UVC-CASE-TRAVEL")), "en"))!.product;
    expect(found).toBeNull();
    expect(detail.features).toEqual(["Shockproof", "Waterproof"]);
    expect(detail.tabs.warnings).toBe("Keep dry.");
    expect(detail.tabs.details).toBe(seedProducts.find((p) => p.sku === "UVC-CASE-TRAVEL")!.tabDetails);
    expect(detail.category.name).toBe("Accessories");
    expect((await getCategory(db, "accessories", "en"))?.name).toBe("Accessories");
    expect((await getCategory(db, "accessories"))?.name).toBe("Phụ kiện");

    const facets = await getCatalogFacets(db, "accessories", "en");
    expect(facets.features.find((facet) => facet.value === "Chống sốc")?.label).toBe("Shockproof");
    expect((await getCatalogFacets(db, undefined, "en")).colors.map((c) => c.label)).toEqual([
      "White",
      "Black",
      "Blue",
      "Pink",
    ]);
  });

  it("reads image alts in the page's language, an empty one falling back to the product's name in that language", async () => {
    await translateTravelCase();
    const caseId = await idOf("UVC-CASE-TRAVEL");
    const image = (file: string) =>
      and(eq(productImages.productId, caseId), eq(productImages.url, `/images/products/${file}`));
    await db.update(productImages).set({ altEn: "" }).where(image("travel-case-front.svg"));
    await db.update(productImages).set({ alt: "" }).where(image("travel-case-open.svg"));
    invalidateCatalogCache();
    const vietnameseName = "Hộp đựng du lịch cho máy tiệt trùng UVC";

    const [vi] = await listProducts(db, emptyFilters, { categorySlug: "accessories" });
    const [en] = await listProducts(db, emptyFilters, { categorySlug: "accessories", locale: "en" });
    expect(vi.image?.alt).toBe("Hộp đựng du lịch màu xám than, đóng khóa kéo");
    // Not the Vietnamese alt: the English name.
    expect(en.image?.alt).toBe("Travel Case Deluxe");
    expect(en.image).not.toHaveProperty("altEn");

    const alts = async (locale: "vi" | "en") =>
      (await getProduct(db, "accessories", String(caseId), locale))!.product.images.map((i) => i.alt);
    expect(await alts("vi")).toEqual(["Hộp đựng du lịch màu xám than, đóng khóa kéo", vietnameseName]);
    expect(await alts("en")).toEqual([
      "Travel Case Deluxe",
      "Open travel case holding a UVC sterilizer, a toothbrush and the charging cable",
    ]);

    expect((await searchProducts(db, "deluxe", "en"))[0].image?.alt).toBe("Travel Case Deluxe");
    const recommended = await getRecommendedProducts(db, await idOf("UVC-BUNDLE-FAMILY"), 20, "en");
    expect(recommended.find((r) => r.sku === "UVC-CASE-TRAVEL")?.image?.alt).toBe("Travel Case Deluxe");
    const sterilizer = recommended.find((r) => r.sku === STERILIZER);
    expect(sterilizer?.image?.alt).toBe("White UVC toothbrush sterilizer, front view");
  });

  it("finds a product by its English name too, ranked by the name it matches", async () => {
    await translateTravelCase();
    expect(skus(await searchProducts(db, "travel case deluxe"))).toEqual(["UVC-CASE-TRAVEL"]);
    const [english] = await searchProducts(db, "deluxe", "en");
    expect(english.name).toBe("Travel Case Deluxe");
    expect(skus(await searchProducts(db, "hop dung"))).toContain("UVC-CASE-TRAVEL");
  });

  it("sorts names in Vietnamese alphabetical order in the database", async () => {
    const az = await listProducts(db, f({ sort: "name-a-z" }));
    expect(az.map((r) => r.name)).toEqual([...az.map((r) => r.name)].sort(compareVietnamese));
    expect(az.map((r) => r.name)).toEqual([
      "Combo Du lịch – Máy tiệt trùng UVC và hộp đựng",
      "Combo Gia đình – 2 máy tiệt trùng UVC",
      "Hộp đựng du lịch cho máy tiệt trùng UVC",
      "Máy tiệt trùng bàn chải UVC",
    ]);
  });
});

describe("catalogue cache", () => {
  it("serves cached data until invalidateCatalogCache() is called", async () => {
    const whiteId = await idOf("UVC-CASE-TRAVEL");
    const before = (await listProducts(db)).find((r) => r.id === whiteId)!.price;
    await getProduct(db, "sterilizers", String(whiteId));
    await db.update(products).set({ price: 700_000 }).where(eq(products.id, whiteId));
    try {
      expect((await listProducts(db)).find((r) => r.id === whiteId)!.price).toBe(before);
      expect((await getProduct(db, "sterilizers", String(whiteId)))!.product.price).toBe(before);
      invalidateCatalogCache();
      expect((await listProducts(db)).find((r) => r.id === whiteId)!.price).toBe(700_000);
      expect((await getProduct(db, "sterilizers", String(whiteId)))!.product.price).toBe(700_000);
    } finally {
      await db.update(products).set({ price: before }).where(eq(products.id, whiteId));
      invalidateCatalogCache();
    }
  });

  it("is dropped by every storefront change but a content page's (registered with the storefront signal)", async () => {
    const whiteId = await idOf("UVC-CASE-TRAVEL");
    const before = (await listProducts(db)).find((r) => r.id === whiteId)!.price;
    await db.update(products).set({ price: 720_000 }).where(eq(products.id, whiteId));
    try {
      dropStorefrontCaches("content:home");
      expect((await listProducts(db)).find((r) => r.id === whiteId)!.price).toBe(before);
      dropStorefrontCaches("settings");
      expect((await listProducts(db)).find((r) => r.id === whiteId)!.price).toBe(720_000);
    } finally {
      await db.update(products).set({ price: before }).where(eq(products.id, whiteId));
      invalidateCatalogCache();
    }
  });

  it("expires after the TTL", async () => {
    const whiteId = await idOf("UVC-CASE-TRAVEL");
    const start = Date.now();
    const now = vi.spyOn(Date, "now").mockReturnValue(start);
    try {
      await listProducts(db);
      await db.update(products).set({ price: 710_000 }).where(eq(products.id, whiteId));
      now.mockReturnValue(start + STOREFRONT_CACHE_TTL_MS - 1);
      expect((await listProducts(db)).find((r) => r.id === whiteId)!.price).toBe(290_000);
      now.mockReturnValue(start + STOREFRONT_CACHE_TTL_MS + 1);
      expect((await listProducts(db)).find((r) => r.id === whiteId)!.price).toBe(710_000);
    } finally {
      now.mockRestore();
      await db.update(products).set({ price: 290_000 }).where(eq(products.id, whiteId));
      invalidateCatalogCache();
    }
  });
});
