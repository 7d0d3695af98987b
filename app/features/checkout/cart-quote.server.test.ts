import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories, productImages, products, settings } from "~/db/schema";
import { setUpTestDatabase } from "~/test/database";
import { quoteCart } from "./cart-quote.server";
import { createCategory, createProduct } from "~/test/checkout-fixtures";

const { db } = await setUpTestDatabase({ resetTables: [productImages, products, categories, settings] });

describe("quoteCart", () => {
  it("prices lines from the database with name, image, link, totals and the free-delivery progress", async () => {
    const cat = await createCategory(db, "sterilizers");
    const a = await createProduct(db, cat, {
      name: "Sterilizer",
      slug: "sterilizer",
      price: 690_000,
      image: "/images/a.webp",
    });
    const b = await createProduct(db, cat, { name: "Case", price: 290_000, trackStock: false, stockQuantity: 0 });
    const quote = await quoteCart(db, [
      { productId: a, quantity: 1 },
      { productId: b, quantity: 1 },
    ]);
    expect(quote.lines[0]).toMatchObject({
      name: "Sterilizer",
      unitPrice: 690_000,
      lineTotal: 690_000,
      image: "/images/a.webp",
      href: "/collections/sterilizers/sterilizer",
      problem: null,
      stockAvailable: 100,
    });
    expect(quote.lines[1]).toMatchObject({ problem: null, stockAvailable: null });
    expect(quote).toMatchObject({
      count: 2,
      subtotal: 980_000,
      freeShippingThreshold: 1_000_000,
      freeDeliveryPercent: 98,
      remainingForFreeDelivery: 20_000,
      taxEstimate: 67_523, // 980,000 × 740 / 10,740
      hasProblems: false,
    });
  });

  it("flags unknown, inactive, sold-out and short lines and leaves unavailable ones out of the totals", async () => {
    const cat = await createCategory(db);
    const inactive = await createProduct(db, cat, { isActive: false, price: 1 });
    const soldOut = await createProduct(db, cat, { stockQuantity: 0, price: 2 });
    const short = await createProduct(db, cat, { stockQuantity: 2, price: 1000 });
    const quote = await quoteCart(db, [
      { productId: 999_999, quantity: 1 },
      { productId: inactive, quantity: 1 },
      { productId: soldOut, quantity: 1 },
      { productId: short, quantity: 3 },
    ]);
    expect(quote.lines.map((l) => l.problem)).toEqual([
      "unavailable",
      "unavailable",
      "unavailable",
      "insufficient_stock",
    ]);
    expect(quote.lines[3].stockAvailable).toBe(2);
    expect(quote.subtotal).toBe(3000);
    expect(quote.count).toBe(3);
    expect(quote.hasProblems).toBe(true);
  });

  it("a product with variants is unavailable (one of them is sold); a variant line links to its product's page", async () => {
    const cat = await createCategory(db, "variant-quote");
    const parent = await createProduct(db, cat, {
      name: "Máy",
      slug: "may",
      trackStock: false,
      stockQuantity: 0,
      price: 500_000,
    });
    const pink = await createProduct(db, cat, {
      name: "Máy – Hồng",
      parentId: parent,
      variantLabel: "Hồng",
      price: 690_000,
      translations: { en: { name: "Machine – Pink", variantLabel: "Pink" } },
    });
    const lines = [
      { productId: parent, quantity: 1 },
      { productId: pink, quantity: 1 },
    ];
    const quote = await quoteCart(db, lines);
    expect(quote.lines.map((l) => l.problem)).toEqual(["unavailable", null]);
    expect(quote.lines[1]).toMatchObject({
      name: "Máy – Hồng",
      href: `/collections/variant-quote/may?variant=${pink}`,
    });
    expect(quote.subtotal).toBe(690_000);
    const english = await quoteCart(db, lines, "en");
    expect(english.lines[1]).toMatchObject({
      name: "Machine – Pink",
      href: `/en/collections/variant-quote/may?variant=${pink}`,
    });
    // Neither the product of variants nor a variant is suggested (one card per product, added as itself).
    expect(quote.suggestions.map((s) => s.productId)).not.toContain(parent);
    expect(quote.suggestions.map((s) => s.productId)).not.toContain(pink);
  });

  it("suggests two active, in-stock products that are not in the cart", async () => {
    const cat = await createCategory(db);
    const inCart = await createProduct(db, cat, { isBestSeller: true });
    await createProduct(db, cat, { isActive: false, isBestSeller: true });
    await createProduct(db, cat, { stockQuantity: 0, isBestSeller: true });
    const s1 = await createProduct(db, cat, { price: 320_000 });
    const s2 = await createProduct(db, cat, { price: 580_000 });
    await createProduct(db, cat, { price: 900_000 });
    const quote = await quoteCart(db, [{ productId: inCart, quantity: 1 }]);
    expect(quote.suggestions.map((s) => s.productId)).toEqual([s1, s2]);
    expect(quote.suggestions[0].unitPrice).toBe(320_000);
  });

  it("names and links the lines in the shopper's language, Vietnamese where a product has no English name", async () => {
    const cat = await createCategory(db, "sterilizers-en");
    const named = await createProduct(db, cat, { name: "Máy tiệt trùng", slug: "may-tiet-trung-en", price: 690_000 });
    const unnamed = await createProduct(db, cat, { name: "Hộp đựng", slug: "hop-dung-en", price: 290_000 });
    await db
      .update(products)
      .set({ translations: { en: { name: "UVC Sterilizer" } } })
      .where(eq(products.id, named));
    const lines = [
      { productId: named, quantity: 1 },
      { productId: unnamed, quantity: 1 },
      { productId: 999_999, quantity: 1 },
    ];
    const english = await quoteCart(db, lines, "en");
    expect(english.lines.map((line) => [line.name, line.href])).toEqual([
      ["UVC Sterilizer", "/en/collections/sterilizers-en/may-tiet-trung-en"],
      ["Hộp đựng", "/en/collections/sterilizers-en/hop-dung-en"],
      ["This product no longer exists", "/en/shop"],
    ]);
    expect(english.suggestions.every((s) => s.href.startsWith("/en/collections/"))).toBe(true);
    const vietnamese = await quoteCart(db, lines);
    expect(vietnamese.lines.map((line) => line.name)).toEqual([
      "Máy tiệt trùng",
      "Hộp đựng",
      "Sản phẩm không còn tồn tại",
    ]);
  });

  it("gives each line's image its alt in the shopper's language, the product's name there where that alt is empty", async () => {
    const cat = await createCategory(db, "sterilizers-alt");
    const withAlts = await createProduct(db, cat, { name: "Máy tiệt trùng", image: "/images/alt-a.webp" });
    const withoutEnglish = await createProduct(db, cat, { name: "Hộp đựng", image: "/images/alt-b.webp" });
    await db
      .update(products)
      .set({ translations: { en: { name: "Travel case" } } })
      .where(eq(products.id, withoutEnglish));
    await db
      .update(productImages)
      .set({ alt: "Máy, mặt trước", altEn: "Sterilizer, front view" })
      .where(eq(productImages.productId, withAlts));
    await db
      .update(productImages)
      .set({ alt: "Hộp đựng, đóng khóa", altEn: "" })
      .where(eq(productImages.productId, withoutEnglish));
    const lines = [
      { productId: withAlts, quantity: 1 },
      { productId: withoutEnglish, quantity: 1 },
    ];
    expect((await quoteCart(db, lines, "en")).lines.map((line) => line.imageAlt)).toEqual([
      "Sterilizer, front view",
      "Travel case",
    ]);
    expect((await quoteCart(db, lines)).lines.map((line) => line.imageAlt)).toEqual([
      "Máy, mặt trước",
      "Hộp đựng, đóng khóa",
    ]);
  });

  it("an empty cart still answers with suggestions and a zero progress", async () => {
    const cat = await createCategory(db);
    await createProduct(db, cat);
    const quote = await quoteCart(db, []);
    expect(quote).toMatchObject({
      lines: [],
      count: 0,
      subtotal: 0,
      freeDeliveryPercent: 0,
      remainingForFreeDelivery: 1_000_000,
    });
    expect(quote.suggestions).toHaveLength(1);
  });
});
