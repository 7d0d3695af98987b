import { describe, expect, it } from "vitest";
import { absoluteUrl, isLinkUrl, isSiteOrHttpUrl } from "./urls";

const scriptish = [
  "javascript:alert(1)",
  " JavaScript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "//evil.example/x.png",
  "\\\\evil.example",
  "/\\evil.example/x.png",
  "https://",
  "",
];

describe("saved URLs", () => {
  it("accepts site paths and http(s) URLs for images and downloads", () => {
    for (const url of ["/", "/images/home/hero.svg", " /uploads/a.webp ", "https://cdn.example.vn/a.png", "HTTP://example.vn"]) {
      expect(isSiteOrHttpUrl(url), url).toBe(true);
    }
    expect(isSiteOrHttpUrl("mailto:a@b.vn")).toBe(false);
  });

  it("accepts mailto: and tel: as links too", () => {
    for (const url of ["/about#why", "https://facebook.com/uvccare.vn", "mailto:hello@uvccare.vn", "tel:+84 1900-6868"]) {
      expect(isLinkUrl(url), url).toBe(true);
    }
  });

  it("refuses script, data and protocol-relative URLs everywhere", () => {
    for (const url of [...scriptish, "mailto:javascript:alert(1)", "tel:javascript:alert(1)"]) {
      expect(isSiteOrHttpUrl(url), url).toBe(false);
      expect(isLinkUrl(url), url).toBe(false);
    }
  });
});

describe("absoluteUrl", () => {
  it("prefixes site paths with the origin and keeps absolute URLs", () => {
    expect(absoluteUrl("https://shop.example.vn", "/shop")).toBe("https://shop.example.vn/shop");
    expect(absoluteUrl("https://shop.example.vn", "images/a.png")).toBe("https://shop.example.vn/images/a.png");
    expect(absoluteUrl("https://shop.example.vn", "https://cdn.example.com/a.png")).toBe("https://cdn.example.com/a.png");
    expect(absoluteUrl("https://shop.example.vn", "HTTP://cdn.example.com/a.png")).toBe("HTTP://cdn.example.com/a.png");
  });
});
