import { describe, expect, it } from "vitest";
import { translatorFor } from "~/server/i18n.server";
import { includedVat } from "./pricing";
import { vatIncludedText } from "./vat-line";

const NBSP = "\u00a0";

describe("vatIncludedText", () => {
  it("reads 'Đã bao gồm VAT 8%: 47.407 ₫' in Vietnamese, the rate from settings", () => {
    expect(vatIncludedText(translatorFor("vi"), "vi", 800, includedVat(640_000, 800))).toBe(`Đã bao gồm VAT 8%: 47.407${NBSP}₫`);
    expect(vatIncludedText(translatorFor("vi"), "vi", 740, 67_523)).toBe(`Đã bao gồm VAT 7,4%: 67.523${NBSP}₫`);
  });

  it("reads 'Includes 7.4% VAT: …' in English (money keeps the đồng format)", () => {
    expect(vatIncludedText(translatorFor("en"), "en", 740, 67_523)).toBe(`Includes 7.4% VAT: 67.523${NBSP}₫`);
    expect(vatIncludedText(translatorFor("en"), "en", 1000, 0)).toBe(`Includes 10% VAT: 0${NBSP}₫`);
  });

  it("leaves the rate out when it is not known", () => {
    expect(vatIncludedText(translatorFor("vi"), "vi", null, 47_407)).toBe(`Đã bao gồm VAT: 47.407${NBSP}₫`);
    expect(vatIncludedText(translatorFor("en"), "en", null, 47_407)).toBe(`Includes VAT: 47.407${NBSP}₫`);
  });
});
