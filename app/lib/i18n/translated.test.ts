import { describe, expect, it } from "vitest";
import { imageAltIn, inLocale, withEnglishFields } from "./translated";

const row = { name: "Hộp đựng du lịch", description: "Vỏ EVA chống sốc", features: ["Chống sốc"], price: 290_000 };

describe("inLocale", () => {
  it("keeps the Vietnamese row in Vietnamese", () => {
    expect(inLocale(row, { en: { name: "Travel case" } }, "vi")).toEqual(row);
  });

  it("puts each filled English field over the Vietnamese one", () => {
    expect(inLocale(row, { en: { name: "Travel case", features: ["Shockproof"] } }, "en")).toEqual({
      ...row,
      name: "Travel case",
      features: ["Shockproof"],
    });
  });

  it("falls back to Vietnamese for an empty or missing English field, and ignores unknown fields", () => {
    const english = inLocale(row, { en: { name: "  ", description: "", features: [], price: 1, sku: "X" } as object }, "en");
    expect(english).toEqual({ ...row, price: 1 });
    expect(inLocale(row, {}, "en")).toEqual(row);
    expect(inLocale(row, null, "en")).toEqual(row);
  });
});

describe("withEnglishFields", () => {
  it("moves each filled en_ field into translations.en and drops the empty ones", () => {
    const values = { name: "Hộp", en_name: "Case", en_description: " ", en_features: ["Shockproof"], en_tags: [], price: 1 };
    expect(withEnglishFields(values)).toEqual({
      name: "Hộp",
      price: 1,
      translations: { en: { name: "Case", features: ["Shockproof"] } },
    });
  });
});

describe("imageAltIn", () => {
  const alts = { alt: "Máy tiệt trùng màu trắng", altEn: "White UV sterilizer" };

  it("reads the alt of the page's language", () => {
    expect(imageAltIn(alts, "Máy", "vi")).toBe("Máy tiệt trùng màu trắng");
    expect(imageAltIn(alts, "Sterilizer", "en")).toBe("White UV sterilizer");
  });

  it("falls back to the product's name in that language, never to the other language's alt", () => {
    expect(imageAltIn({ alt: "Máy", altEn: " " }, "Sterilizer", "en")).toBe("Sterilizer");
    expect(imageAltIn({ alt: "", altEn: "White UV sterilizer" }, "Máy", "vi")).toBe("Máy");
  });
});
