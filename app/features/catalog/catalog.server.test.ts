import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { categories, productImages, products, storeLocations, storeStock } from "~/db/schema";
import { dropStorefrontCaches } from "~/server/storefront-events.server";
import { setUpTestDatabase } from "~/test/database";
import {
  CATALOG_CACHE_TTL_MS,
  getCatalogFacets,
  getCategory,
  getPriceBounds,
  getProduct,
  getRecommendedProducts,
  invalidateCatalogCache,
  listProducts,
  searchProducts,
  toPrefixTsQuery,
} from "./catalog.server";
import { emptyFilters, type CatalogFilters } from "./catalog.schema";
import { productSearchText } from "./search-text";
import { seedProducts } from "~/features/seed/seed-data";
import { compareVietnamese } from "~/lib/vietnamese-collation";

const { db } = await setUpTestDatabase({ seed: "shop-without-content" });


beforeEach(() => {
  invalidateCatalogCache();
});

const f = (over: Partial<CatalogFilters>): CatalogFilters => ({ ...emptyFilters, ...over });
const skus = (rows: Array<{ sku: string }>) => rows.map((r) => r.sku);

async function idOf(sku: string): Promise<number> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.sku, sku));
  return row.id;
}

describe("listProducts", () => {
  it("lists every active seeded product with its cover image and category slug", async () => {
    const rows = await listProducts(db);
    expect(rows).toHaveLength(seedProducts.length);
    const white = rows.find((r) => r.sku === "UVC-STER-WHT")!;
    expect(white.categorySlug).toBe("sterilizers");
    expect(white.image?.url).toBe("/images/products/uvc-sterilizer-white-front.svg");
    expect(white.image?.width).toBe(800);
    expect(white.price).toBe(690_000);
    expect(white.inStock).toBe(true);
  });

  it("filters by category slug", async () => {
    const rows = await listProducts(db, emptyFilters, { categorySlug: "bundles" });
    expect(rows.length).toBe(2);
    expect(rows.every((r) => r.categorySlug === "bundles")).toBe(true);
    expect(await listProducts(db, emptyFilters, { categorySlug: "nope" })).toEqual([]);
  });

  it("filters by colour (exact), several colours match any", async () => {
    expect(skus(await listProducts(db, f({ colors: ["pink"] })))).toEqual(["UVC-STER-PNK"]);
    const rows = await listProducts(db, f({ colors: ["blue", "pink"], sort: "name-a-z" }));
    expect(skus(rows).sort()).toEqual(["UVC-STER-BLU", "UVC-STER-PNK"]);
  });

  it("filters by features, use cases and materials when any selected value is in the product's array", async () => {
    const kids = await listProducts(db, f({ useCases: ["Trẻ em"] }));
    expect(skus(kids)).toContain("UVC-STER-BLU");
    expect(kids.every((r) => r.sku !== "UVC-STER-BLK")).toBe(true);
    const either = await listProducts(db, f({ useCases: ["Trẻ em", "Công tác"] }));
    expect(skus(either)).toEqual(expect.arrayContaining(["UVC-STER-BLU", "UVC-STER-BLK"]));
    const shockproof = await listProducts(db, f({ features: ["Chống sốc"] }));
    expect(shockproof.length).toBeGreaterThan(0);
    expect(shockproof.every((r) => r.categorySlug !== "sterilizers")).toBe(true);
    const eva = await listProducts(db, f({ materials: ["Vỏ EVA"] }));
    expect(eva.length).toBeGreaterThan(0);
    expect(await listProducts(db, f({ materials: ["Gỗ sồi"] }))).toEqual([]);
  });

  it("filters by price, inclusive at both ends", async () => {
    const rows = await listProducts(db, f({ min: 690_000, max: 899_000 }));
    expect(rows.map((r) => r.price).sort()).toEqual([690_000, 690_000, 690_000, 690_000, 899_000]);
    expect((await listProducts(db, f({ max: 290_000 }))).map((r) => r.price)).toEqual([290_000]);
    expect(await listProducts(db, f({ min: 5_000_000 }))).toEqual([]);
  });

  it("best sellers only with ?filter=bestsellers", async () => {
    const rows = await listProducts(db, f({ bestsellers: true }));
    expect(skus(rows).sort()).toEqual(["UVC-BUNDLE-FAMILY", "UVC-STER-BLK", "UVC-STER-WHT"]);
  });

  it("sorts every way", async () => {
    const byPriceUp = await listProducts(db, f({ sort: "price-low-high" }));
    expect(byPriceUp.map((r) => r.price)).toEqual([...byPriceUp.map((r) => r.price)].sort((a, b) => a - b));
    const byPriceDown = await listProducts(db, f({ sort: "price-high-low" }));
    expect(byPriceDown[0].price).toBe(1_290_000);
    expect(byPriceDown.map((r) => r.price)).toEqual([...byPriceDown.map((r) => r.price)].sort((a, b) => b - a));
    const best = await listProducts(db, f({ sort: "best-selling" }));
    expect(best.map((r) => r.soldCount)).toEqual([...best.map((r) => r.soldCount)].sort((a, b) => b - a));
    expect(best[0].sku).toBe("UVC-STER-WHT");
    const az = await listProducts(db, f({ sort: "name-a-z" }));
    const za = await listProducts(db, f({ sort: "name-z-a" }));
    expect(za.map((r) => r.id)).toEqual([...az.map((r) => r.id)].reverse());
    expect(az[0].name.startsWith("Combo")).toBe(true);
    const featured = await listProducts(db, f({ sort: "featured" }));
    const firstNotFeatured = featured.findIndex((r) => !r.isFeatured);
    expect(featured.slice(firstNotFeatured).every((r) => !r.isFeatured)).toBe(true);
    const newest = await listProducts(db, f({ sort: "newest" }));
    expect(newest).toHaveLength(seedProducts.length);
    // Seeded in one transaction (same created_at): the later id is newer.
    expect(newest[0].id).toBeGreaterThan(newest[newest.length - 1].id);
  });

  it("availability: in stock when not tracking stock or stock > 0", async () => {
    const blue = await idOf("UVC-STER-BLU");
    const pink = await idOf("UVC-STER-PNK");
    await db.update(products).set({ stockQuantity: 0, trackStock: true }).where(eq(products.id, blue));
    await db.update(products).set({ stockQuantity: 0, trackStock: false }).where(eq(products.id, pink));
    invalidateCatalogCache();
    try {
      const inStock = await listProducts(db, f({ availability: "in-stock" }));
      const outOfStock = await listProducts(db, f({ availability: "out-of-stock" }));
      expect(skus(outOfStock)).toEqual(["UVC-STER-BLU"]);
      expect(skus(inStock)).toContain("UVC-STER-PNK");
      expect(skus(inStock)).not.toContain("UVC-STER-BLU");
      expect(inStock.length + outOfStock.length).toBe(seedProducts.length);
      const facets = await getCatalogFacets(db);
      expect(facets.availability).toMatchObject({ inStock: seedProducts.length - 1, outOfStock: 1 });
    } finally {
      await db.update(products).set({ stockQuantity: 3, trackStock: true }).where(eq(products.id, blue));
      await db.update(products).set({ stockQuantity: 60, trackStock: true }).where(eq(products.id, pink));
    }
  });

  it("hides inactive products and products of inactive categories", async () => {
    const white = await idOf("UVC-STER-WHT");
    await db.update(products).set({ isActive: false }).where(eq(products.id, white));
    await db.update(categories).set({ isActive: false }).where(eq(categories.slug, "bundles"));
    invalidateCatalogCache();
    try {
      const rows = await listProducts(db);
      expect(skus(rows)).not.toContain("UVC-STER-WHT");
      expect(rows.some((r) => r.categorySlug === "bundles")).toBe(false);
      expect(await getProduct(db, "sterilizers", String(white))).toBeNull();
      expect(await getCategory(db, "bundles")).toBeNull();
      expect((await searchProducts(db, "trang")).map((r) => r.sku)).not.toContain("UVC-STER-WHT");
      const bounds = await getPriceBounds(db);
      expect(bounds.max).toBeLessThan(1_290_000);
    } finally {
      await db.update(products).set({ isActive: true }).where(eq(products.id, white));
      await db.update(categories).set({ isActive: true }).where(eq(categories.slug, "bundles"));
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
    expect(facets.colors.find((c) => c.value === "pink")).toEqual({ value: "pink", label: "Hồng", count: 1 });
    expect(facets.features.find((c) => c.value === "Chu trình 3 phút")?.count).toBeGreaterThanOrEqual(4);
    expect(facets.useCases.some((c) => c.value === "Trẻ em")).toBe(true);
    expect(facets.materials.some((c) => c.value === "Vỏ EVA")).toBe(true);
    expect(facets.availability.bestSellers).toBe(3);
  });
});

describe("getProduct", () => {
  it("finds a product by id and by slug, with images in order, variants, availability and category", async () => {
    const pinkId = await idOf("UVC-STER-PNK");
    const byId = await getProduct(db, "sterilizers", String(pinkId));
    expect(byId).not.toBeNull();
    const { product, canonicalPath } = byId!;
    expect(canonicalPath).toBe(`/collections/sterilizers/${product.slug}`);
    const bySlug = await getProduct(db, "sterilizers", product.slug);
    expect(bySlug?.product.id).toBe(pinkId);

    expect(product.images.map((i) => i.url)).toEqual([
      "/images/products/uvc-sterilizer-pink-front.svg",
      "/images/products/uvc-sterilizer-pink-open.svg",
      "/images/products/uvc-sterilizer-pink-in-use.svg",
    ]);
    expect(product.variants.map((v) => v.color)).toEqual(["white", "black", "blue", "pink"]);
    expect(product.variants.find((v) => v.color === "pink")?.colorLabel).toBe("Hồng");
    expect(product.category).toMatchObject({ slug: "sterilizers", name: "Máy tiệt trùng UVC" });
    expect(product.availability.map((a) => a.city)).toEqual(["Hồ Chí Minh", "Hà Nội", "Đà Nẵng"]);
    expect(product.availability.every((a) => Number.isInteger(a.quantity))).toBe(true);
    expect(product.tabs.details).toBeTruthy();
    expect(product.lowStock).toBe(false);
  });

  it("lists a shop without a stock row as 0 and marks low stock", async () => {
    const blueId = await idOf("UVC-STER-BLU");
    const [store] = await db.select({ id: storeLocations.id }).from(storeLocations).where(eq(storeLocations.city, "Hà Nội"));
    await db.delete(storeStock).where(eq(storeStock.storeId, store.id));
    invalidateCatalogCache();
    const result = await getProduct(db, "sterilizers", String(blueId));
    expect(result?.product.availability.find((a) => a.storeId === store.id)?.quantity).toBe(0);
    expect(result?.product.lowStock).toBe(true); // 3 left, threshold 5
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
  it("returns four other products, not the product itself, other products before its colour variants", async () => {
    const pinkId = await idOf("UVC-STER-PNK");
    const rows = await getRecommendedProducts(db, pinkId);
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => r.id)).not.toContain(pinkId);
    expect(rows.slice(0, 3).every((r) => r.categorySlug !== "sterilizers")).toBe(true);
    expect(new Set(rows.map((r) => r.id)).size).toBe(4);
  });

  it("works for a product without colour variants (its own category first) and for an unknown id", async () => {
    const caseId = await idOf("UVC-CASE-TRAVEL");
    const rows = await getRecommendedProducts(db, caseId);
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => r.id)).not.toContain(caseId);
    expect(await getRecommendedProducts(db, 999_999)).toHaveLength(4);
  });
});

describe("searchProducts", () => {
  it("is accent- and case-insensitive: 'ban chai' finds 'bàn chải', 'hong' and 'HỒNG' find the pink sterilizer first", async () => {
    const banChai = await searchProducts(db, "ban chai");
    expect(banChai.length).toBeGreaterThan(0);
    expect(banChai.every((r) => r.name.toLowerCase().includes("bàn chải") || r.description.toLowerCase().includes("bàn chải"))).toBe(true);
    expect((await searchProducts(db, "hong"))[0].sku).toBe("UVC-STER-PNK");
    expect((await searchProducts(db, "HỒNG"))[0].sku).toBe("UVC-STER-PNK");
    expect((await searchProducts(db, "Pink"))[0].sku).toBe("UVC-STER-PNK");
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
        { name: "Hộp đựng", description: null, translations: { en: { name: "Travel case", description: "Shockproof" } } },
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
          en: { name: "Travel Case Deluxe", description: "", features: ["Shockproof", "Waterproof"], tabWarnings: "Keep dry." },
        },
        searchText: productSearchText(
          { name: "Hộp đựng du lịch cho máy tiệt trùng UVC", translations: { en: { name: "Travel Case Deluxe" } } },
          { name: "Phụ kiện", translations: { en: { name: "Accessories" } } },
        ),
      })
      .where(eq(products.sku, "UVC-CASE-TRAVEL"));
    await db.update(categories).set({ translations: { en: { name: "Accessories", description: "" } } }).where(eq(categories.slug, "accessories"));
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
    expect((await getCatalogFacets(db, undefined, "en")).colors.map((c) => c.label)).toEqual(["White", "Black", "Blue", "Pink"]);
  });

  it("reads image alts in the page's language, an empty one falling back to the product's name in that language", async () => {
    await translateTravelCase();
    const caseId = await idOf("UVC-CASE-TRAVEL");
    const image = (file: string) => and(eq(productImages.productId, caseId), eq(productImages.url, `/images/products/${file}`));
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
    const recommended = await getRecommendedProducts(db, await idOf("UVC-STER-WHT"), 20, "en");
    expect(recommended.find((r) => r.sku === "UVC-CASE-TRAVEL")?.image?.alt).toBe("Travel Case Deluxe");
    const black = recommended.find((r) => r.sku === "UVC-STER-BLK");
    expect(black?.image?.alt).toBe("Black UVC toothbrush sterilizer, front view");
  });

  it("finds a product by its English name too, ranked by the name it matches", async () => {
    await translateTravelCase();
    expect(skus(await searchProducts(db, "travel case deluxe"))).toEqual(["UVC-CASE-TRAVEL"]);
    const [english] = await searchProducts(db, "deluxe", "en");
    expect(english.name).toBe("Travel Case Deluxe");
    expect(skus(await searchProducts(db, "hop dung"))).toContain("UVC-CASE-TRAVEL");
  });

  it("sorts names in Vietnamese alphabetical order in the database (Đen before Hồng before Trắng before Xanh)", async () => {
    const az = await listProducts(db, f({ sort: "name-a-z", colors: ["white", "black", "blue", "pink"] }));
    expect(az.map((r) => r.name)).toEqual([...az.map((r) => r.name)].sort(compareVietnamese));
    expect(az.map((r) => r.name.split("– ")[1])).toEqual(["Đen", "Hồng", "Trắng", "Xanh dương"]);
  });
});

describe("catalogue cache", () => {
  it("serves cached data until invalidateCatalogCache() is called", async () => {
    const whiteId = await idOf("UVC-STER-WHT");
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
    const whiteId = await idOf("UVC-STER-WHT");
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
    const whiteId = await idOf("UVC-STER-WHT");
    const start = Date.now();
    const now = vi.spyOn(Date, "now").mockReturnValue(start);
    try {
      await listProducts(db);
      await db.update(products).set({ price: 710_000 }).where(eq(products.id, whiteId));
      now.mockReturnValue(start + CATALOG_CACHE_TTL_MS - 1);
      expect((await listProducts(db)).find((r) => r.id === whiteId)!.price).toBe(690_000);
      now.mockReturnValue(start + CATALOG_CACHE_TTL_MS + 1);
      expect((await listProducts(db)).find((r) => r.id === whiteId)!.price).toBe(710_000);
    } finally {
      now.mockRestore();
      await db.update(products).set({ price: 690_000 }).where(eq(products.id, whiteId));
      invalidateCatalogCache();
    }
  });
});
