import { describe, expect, it } from "vitest";
import { buildSeoMeta, type PageSeoData, type SeoDefaults } from "./seo-meta";

const origin = "https://shop.example.vn";
const defaults: SeoDefaults = {
  title: "Default title",
  description: "Default description",
  image: "/images/default.svg",
};
const emptyRow: PageSeoData = {
  metaTitle: null,
  metaDescription: null,
  ogImage: null,
  keywords: [],
  canonicalUrl: null,
  structuredData: null,
};

type Meta = Record<string, unknown>;
const build = (seo: PageSeoData | null, over: Partial<SeoDefaults> = {}, path = "/about") =>
  buildSeoMeta({ defaults: { ...defaults, ...over }, seo, origin, path, siteName: "UVC Care" }) as Meta[];
const find = (meta: Meta[], key: string, value: string) => meta.filter((m) => m[key] === value);
const content = (meta: Meta[], key: string, value: string) => find(meta, key, value)[0]?.content;
const canonicalOf = (meta: Meta[]) => meta.find((m) => m.tagName === "link" && m.rel === "canonical")?.href;

describe("buildSeoMeta", () => {
  it("uses the page's defaults when there is no row", () => {
    const meta = build(null);
    expect(meta[0]).toEqual({ title: "Default title" });
    expect(content(meta, "name", "description")).toBe("Default description");
    expect(canonicalOf(meta)).toBe("https://shop.example.vn/about");
    expect(content(meta, "property", "og:title")).toBe("Default title");
    expect(content(meta, "property", "og:description")).toBe("Default description");
    expect(content(meta, "property", "og:url")).toBe("https://shop.example.vn/about");
    expect(content(meta, "property", "og:image")).toBe("https://shop.example.vn/images/default.svg");
    expect(content(meta, "property", "og:site_name")).toBe("UVC Care");
    expect(content(meta, "property", "og:type")).toBe("website");
    expect(content(meta, "name", "twitter:card")).toBe("summary_large_image");
    expect(find(meta, "name", "keywords")).toHaveLength(0);
    expect(find(meta, "name", "robots")).toHaveLength(0);
  });

  it("lets the row win field by field, the defaults filling the rest", () => {
    const meta = build({ ...emptyRow, metaTitle: "Row title" });
    expect(meta[0]).toEqual({ title: "Row title" });
    expect(content(meta, "property", "og:title")).toBe("Row title");
    expect(content(meta, "name", "description")).toBe("Default description");

    const other = build({ ...emptyRow, metaDescription: "Row description", ogImage: "https://cdn.example.com/og.png" });
    expect(other[0]).toEqual({ title: "Default title" });
    expect(content(other, "name", "description")).toBe("Row description");
    expect(content(other, "property", "og:image")).toBe("https://cdn.example.com/og.png");
  });

  it("treats blank row values as missing", () => {
    const meta = build({ ...emptyRow, metaTitle: "   ", metaDescription: "", canonicalUrl: " " });
    expect(meta[0]).toEqual({ title: "Default title" });
    expect(content(meta, "name", "description")).toBe("Default description");
    expect(canonicalOf(meta)).toBe("https://shop.example.vn/about");
  });

  it("makes the row's canonical URL and image absolute", () => {
    const meta = build({ ...emptyRow, canonicalUrl: "/gioi-thieu", ogImage: "/images/og.png" });
    expect(canonicalOf(meta)).toBe("https://shop.example.vn/gioi-thieu");
    expect(content(meta, "property", "og:url")).toBe("https://shop.example.vn/gioi-thieu");
    expect(content(meta, "property", "og:image")).toBe("https://shop.example.vn/images/og.png");
  });

  it("has no og:image and a small twitter card when there is no picture", () => {
    const meta = build(null, { image: null });
    expect(find(meta, "property", "og:image")).toHaveLength(0);
    expect(content(meta, "name", "twitter:card")).toBe("summary");
  });

  it("joins the row's keywords", () => {
    const meta = build({ ...emptyRow, keywords: ["tiệt trùng UVC", "bàn chải"] });
    expect(content(meta, "name", "keywords")).toBe("tiệt trùng UVC, bàn chải");
  });

  it("marks no-index pages and keeps the page type", () => {
    const meta = build(null, { noIndex: true, type: "product" });
    expect(content(meta, "name", "robots")).toBe("noindex, follow");
    expect(content(meta, "property", "og:type")).toBe("product");
  });

  it("puts the row's JSON-LD first, then the page's own", () => {
    const rowLd = { "@type": "Organization", name: "UVC Care" };
    const pageLd = [{ "@type": "BreadcrumbList" }, { "@type": "Product", name: "Sterilizer" }];
    const meta = build({ ...emptyRow, structuredData: rowLd }, { jsonLd: pageLd });
    const ld = meta.filter((m) => "script:ld+json" in m).map((m) => m["script:ld+json"]);
    expect(ld).toEqual([rowLd, ...pageLd]);
    expect(build(null).filter((m) => "script:ld+json" in m)).toHaveLength(0);
  });
});
