import { describe, expect, it } from "vitest";
import { localeOfPath, localizedPath, pathWithoutLocale } from "./locale";

describe("storefront languages by path", () => {
  it("reads English from /en and /en/…, Vietnamese from everything else", () => {
    expect(localeOfPath("/en")).toBe("en");
    expect(localeOfPath("/en/shop")).toBe("en");
    expect(localeOfPath("/")).toBe("vi");
    expect(localeOfPath("/shop")).toBe("vi");
    expect(localeOfPath("/enamel")).toBe("vi");
  });

  it("strips the language prefix", () => {
    expect(pathWithoutLocale("/en")).toBe("/");
    expect(pathWithoutLocale("/en/collections/a/b")).toBe("/collections/a/b");
    expect(pathWithoutLocale("/shop")).toBe("/shop");
  });

  it("writes a page's path in a language, keeping query and hash", () => {
    expect(localizedPath("/", "en")).toBe("/en");
    expect(localizedPath("/shop?sort=price", "en")).toBe("/en/shop?sort=price");
    expect(localizedPath("/?q=1", "en")).toBe("/en?q=1");
    expect(localizedPath("/#top", "en")).toBe("/en#top");
    expect(localizedPath("/en/shop", "en")).toBe("/en/shop");
    expect(localizedPath("/shop", "vi")).toBe("/shop");
  });

  it("leaves what is not a storefront page alone", () => {
    for (const path of [
      "/images/a.svg",
      "/uploads/p/1.webp",
      "/admin",
      "/api/cart",
      "/manual.pdf",
      "https://x.vn/a",
      "mailto:a@b.vn",
      "#top",
      "//evil.example",
    ]) {
      expect(localizedPath(path, "en")).toBe(path);
    }
  });
});
