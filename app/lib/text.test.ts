import { describe, expect, it } from "vitest";
import { normalizeSearch, searchTextOf, slugify } from "./text";

describe("slugify", () => {
  it("strips Vietnamese accents and turns đ/Đ into d", () => {
    expect(slugify("Bàn chải Đánh răng")).toBe("ban-chai-danh-rang");
    expect(slugify("Máy tiệt trùng UVC")).toBe("may-tiet-trung-uvc");
    expect(slugify("Đà Nẵng")).toBe("da-nang");
    expect(slugify("Hồ Chí Minh")).toBe("ho-chi-minh");
    expect(slugify("Phụ kiện & Quà tặng")).toBe("phu-kien-qua-tang");
  });

  it("turns runs of other characters into one hyphen and trims edge hyphens", () => {
    expect(slugify("  --Hello,   World!!--  ")).toBe("hello-world");
    expect(slugify("a---b___c")).toBe("a-b-c");
    expect(slugify("UVC 270-280nm / 35g")).toBe("uvc-270-280nm-35g");
  });

  it("keeps digits and lower-cases", () => {
    expect(slugify("Combo 2 Máy")).toBe("combo-2-may");
    expect(slugify("ABC123")).toBe("abc123");
  });

  it("returns an empty string when nothing is left", () => {
    expect(slugify("")).toBe("");
    expect(slugify("!!! ---")).toBe("");
  });

  it("handles text already in composed or decomposed form alike", () => {
    const composed = "Tiệt trùng".normalize("NFC");
    const decomposed = "Tiệt trùng".normalize("NFD");
    expect(slugify(composed)).toBe("tiet-trung");
    expect(slugify(decomposed)).toBe("tiet-trung");
  });
});

describe("normalizeSearch", () => {
  it("lower-cases, strips accents and maps đ to d", () => {
    expect(normalizeSearch("Bàn Chải")).toBe("ban chai");
    expect(normalizeSearch("ĐEN đen")).toBe("den den");
    expect(normalizeSearch("Máy tiệt trùng bàn chải UVC")).toBe("may tiet trung ban chai uvc");
  });

  it("collapses and trims whitespace, including tabs and newlines", () => {
    expect(normalizeSearch("  hộp \t đựng\n\n du lịch  ")).toBe("hop dung du lich");
  });

  it("keeps punctuation and digits (only accents and spacing change)", () => {
    expect(normalizeSearch("99,9% vi khuẩn")).toBe("99,9% vi khuan");
  });

  it("makes an unaccented query a substring of the stored text", () => {
    const stored = normalizeSearch("Máy tiệt trùng bàn chải đánh răng UVC – Hồng");
    expect(stored.includes(normalizeSearch("ban chai"))).toBe(true);
    expect(stored.includes(normalizeSearch("BÀN CHẢI"))).toBe(true);
    expect(stored.includes(normalizeSearch("hong"))).toBe(true);
  });
});

describe("searchTextOf", () => {
  it("joins the non-empty parts and normalizes them", () => {
    expect(searchTextOf("Máy tiệt trùng", null, "  Hồng ", undefined, "", "Phụ kiện")).toBe(
      "may tiet trung hong phu kien",
    );
  });

  it("returns an empty string when every part is empty", () => {
    expect(searchTextOf(null, undefined, "")).toBe("");
  });
});
