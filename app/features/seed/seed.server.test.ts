import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories, pageSeo, productImages, products, type ProductTexts } from "~/db/schema";
import { parsePageSeoInput } from "~/features/seo/seo-admin.server";
import { localizedPath } from "~/lib/i18n/locale";
import { setUpTestDatabase } from "~/test/database";
import { seedPageSeo } from "./seed-data";
import { seedCatalogEnglish } from "./seed.server";

const { db } = await setUpTestDatabase({ seed: "shop-without-content" });

const lines = (text: string) => text.split("\n");

/** The layout of a tab line: blank, a "• " bullet, a numbered step, a "Label: value" line or text. */
function lineShape(line: string): string {
  if (line === "") return "blank";
  if (line.startsWith("• ")) return "bullet";
  if (/^\d+\. /.test(line)) return "step";
  return line.includes(": ") ? "label" : "text";
}

describe("the seeded catalogue in English", () => {
  it("gives every active category an English name and description", async () => {
    const rows = await db.select().from(categories).where(eq(categories.isActive, true));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.translations.en?.name?.trim(), row.slug).toBeTruthy();
      expect(row.translations.en?.description?.trim(), row.slug).toBeTruthy();
    }
  });

  it("gives every active product an English name and description and every text the Vietnamese has", async () => {
    const rows = await db.select().from(products).where(eq(products.isActive, true));
    expect(rows.length).toBeGreaterThan(0);
    const textFields = ["metaTitle", "metaDescription", "shelfLife", "weight"] as const;
    const listFields = ["features", "useCases", "materials", "badges", "tags"] as const;
    const tabFields = ["tabDetails", "tabUserGuide", "tabSpecifications", "tabWarnings"] as const;
    for (const row of rows) {
      const en: Partial<ProductTexts> = row.translations.en ?? {};
      expect(en.name?.trim(), row.sku).toBeTruthy();
      expect(en.description?.trim(), row.sku).toBeTruthy();
      expect(en.name, row.sku).not.toBe(row.name);
      for (const field of textFields) {
        if (row[field]?.trim()) expect(en[field]?.trim(), `${row.sku} ${field}`).toBeTruthy();
      }
      // Each label in English, in the same order.
      for (const field of listFields) {
        expect(en[field]?.length, `${row.sku} ${field}`).toBe(row[field].length);
        for (const label of en[field] ?? []) expect(label.trim(), `${row.sku} ${field}`).not.toBe("");
      }
      // The tabs line by line: same layout (blank lines, "• " bullets, numbered steps, "Label: value").
      for (const field of tabFields) {
        const vietnamese = row[field] ?? "";
        if (vietnamese.trim()) expect(en[field]?.trim(), `${row.sku} ${field}`).toBeTruthy();
        expect(lines(en[field] ?? "").map(lineShape), `${row.sku} ${field}`).toEqual(lines(vietnamese).map(lineShape));
      }
    }
  });

  it("gives every product image an English alt of its own", async () => {
    const rows = await db.select().from(productImages);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.altEn.trim(), row.url).toBeTruthy();
      expect(row.altEn, row.url).not.toBe(row.alt);
    }
  });
});

describe("the seeded page SEO", () => {
  it("has an English row at the /en path of every Vietnamese page, with its own texts and the same image", async () => {
    const rows = await db.select().from(pageSeo);
    const byPath = new Map(rows.map((row) => [row.pagePath, row]));
    const vietnamese = rows.filter((row) => !row.pagePath.startsWith("/en"));
    expect(vietnamese.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(vietnamese.length * 2);
    for (const row of vietnamese) {
      const english = byPath.get(localizedPath(row.pagePath, "en"));
      expect(english, row.pagePath).toBeDefined();
      expect(english?.metaTitle?.trim(), row.pagePath).toBeTruthy();
      expect(english?.metaTitle, row.pagePath).not.toBe(row.metaTitle);
      expect(english?.metaDescription, row.pagePath).not.toBe(row.metaDescription);
      expect(english?.keywords.length, row.pagePath).toBeGreaterThan(0);
      expect(english?.ogImage, row.pagePath).toBe(row.ogImage);
    }
  });

  it("passes the SEO editor's own checks (title and description lengths, path)", () => {
    for (const row of seedPageSeo) {
      const values = parsePageSeoInput({
        pagePath: row.pagePath,
        metaTitle: row.metaTitle ?? "",
        metaDescription: row.metaDescription ?? "",
        keywords: (row.keywords ?? []).join(", "),
        canonicalUrl: row.canonicalUrl ?? "",
        ogImage: row.ogImage ?? "",
        structuredData: "",
      });
      expect(values, row.pagePath).toMatchObject({
        pagePath: row.pagePath,
        metaTitle: row.metaTitle,
        metaDescription: row.metaDescription,
        keywords: row.keywords,
      });
    }
  });
});

describe("a shop seeded before two languages", () => {
  it("gets the demo catalogue's English where a row has none, never over what staff wrote", async () => {
    await db.update(categories).set({ translations: {} }).where(eq(categories.slug, "accessories"));
    await db.update(products).set({ translations: {}, searchText: "hop dung" }).where(eq(products.sku, "UVC-CASE-TRAVEL"));
    await db
      .update(products)
      .set({ translations: { en: { name: "Staff's own English name" } } })
      .where(eq(products.sku, "UVC-STER-WHT"));

    await db.transaction((tx) => seedCatalogEnglish(tx));

    const [category] = await db.select().from(categories).where(eq(categories.slug, "accessories"));
    expect(category.translations.en?.name).toBe("Accessories");
    const [travelCase] = await db.select().from(products).where(eq(products.sku, "UVC-CASE-TRAVEL"));
    expect(travelCase.translations.en?.name).toBe("Travel Case for the UVC Sterilizer");
    expect(travelCase.searchText).toContain("travel case for the uvc sterilizer");
    expect(travelCase.searchText).toContain("hop dung");
    const [white] = await db.select().from(products).where(eq(products.sku, "UVC-STER-WHT"));
    expect(white.translations).toEqual({ en: { name: "Staff's own English name" } });
  });

  it("gets the demo images' English alts where empty, never over staff's English or a rewritten Vietnamese alt", async () => {
    const [caseProduct] = await db.select().from(products).where(eq(products.sku, "UVC-CASE-TRAVEL"));
    const image = (url: string) =>
      and(eq(productImages.productId, caseProduct.id), eq(productImages.url, `/images/products/${url}`));
    await db.update(productImages).set({ altEn: "" }).where(eq(productImages.productId, caseProduct.id));
    await db.update(productImages).set({ altEn: "Staff's own alt" }).where(image("travel-case-open.svg"));
    const [white] = await db.select().from(products).where(eq(products.sku, "UVC-STER-WHT"));
    await db.update(productImages).set({ alt: "Ảnh staff tự viết", altEn: "" }).where(eq(productImages.productId, white.id));

    await db.transaction((tx) => seedCatalogEnglish(tx));

    const [front] = await db.select().from(productImages).where(image("travel-case-front.svg"));
    expect(front.altEn).toBe("Charcoal grey travel case, zipped shut");
    const [open] = await db.select().from(productImages).where(image("travel-case-open.svg"));
    expect(open.altEn).toBe("Staff's own alt");
    const whiteImages = await db.select().from(productImages).where(eq(productImages.productId, white.id));
    expect(whiteImages.map((row) => row.altEn)).toEqual(whiteImages.map(() => ""));
  });
});
