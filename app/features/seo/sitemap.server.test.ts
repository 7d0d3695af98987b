import { beforeAll, describe, expect, it } from "vitest";
import { categories, pages, products } from "~/db/schema";
import { setUpTestDatabase } from "~/test/database";
import { escapeXml, listSitemapEntries, renderRobotsTxt, renderSitemapXml } from "./sitemap.server";

const { db } = await setUpTestDatabase();
const origin = "https://shop.example.vn";

beforeAll(async () => {
  const [active, hidden] = await db
    .insert(categories)
    .values([
      {
        name: "Sterilizers",
        slug: "sterilizers",
        isActive: true,
        displayOrder: 0,
        updatedAt: new Date("2026-03-04T10:00:00Z"),
      },
      { name: "Hidden", slug: "hidden-category", isActive: false, displayOrder: 1 },
    ])
    .returning({ id: categories.id });
  await db.insert(products).values([
    {
      sku: "S-1",
      name: "White",
      slug: "white-sterilizer",
      price: 690_000,
      categoryId: active.id,
      updatedAt: new Date("2026-05-06T23:30:00Z"),
    },
    { sku: "S-2", name: "Retired", slug: "retired-sterilizer", price: 690_000, categoryId: active.id, isActive: false },
    { sku: "S-3", name: "In a hidden category", slug: "orphan-product", price: 10_000, categoryId: hidden.id },
    { sku: "S-4", name: "Odd", slug: "tom&jerry<3>", price: 10_000, categoryId: active.id },
  ]);
  // A product with variants (decision 0038): its variants' own old addresses redirect to it.
  const [group] = await db
    .insert(products)
    .values({
      sku: "S-5",
      name: "Sterilizer",
      slug: "sterilizer",
      price: 690_000,
      categoryId: active.id,
      trackStock: false,
    })
    .returning({ id: products.id });
  await db.insert(products).values({
    sku: "S-5-PNK",
    name: "Sterilizer – Pink",
    slug: "sterilizer-pink",
    price: 690_000,
    categoryId: active.id,
    parentId: group.id,
    variantLabel: "Pink",
  });
  await db.insert(pages).values([
    {
      kind: "policy",
      slug: "privacy",
      title: "Bảo mật",
      status: "published",
      publishedAt: new Date("2026-01-01T00:00:00Z"),
      updatedAt: new Date("2026-02-03T00:00:00Z"),
    },
    { kind: "post", slug: "uvc-c", title: "UVC-C", status: "published", publishedAt: new Date("2026-01-01T00:00:00Z") },
    { kind: "post", slug: "ban-nhap", title: "Nháp", status: "draft" },
    {
      kind: "post",
      slug: "sap-dang",
      title: "Sắp đăng",
      status: "published",
      publishedAt: new Date("2999-01-01T00:00:00Z"),
    },
  ]);
});

describe("listSitemapEntries", () => {
  it("lists the static pages, active categories and active products with their last change, in both languages", async () => {
    const entries = await listSitemapEntries(db, `${origin}/`);
    const locs = entries.map((e) => e.loc);
    expect(locs.slice(0, 12)).toEqual(
      [
        "/",
        "/en",
        "/shop",
        "/en/shop",
        "/about",
        "/en/about",
        "/blog",
        "/en/blog",
        "/technology",
        "/en/technology",
        "/stores",
        "/en/stores",
      ].map((p) => `${origin}${p}`),
    );
    const alternates = [
      { hrefLang: "vi", href: `${origin}/collections/sterilizers` },
      { hrefLang: "en", href: `${origin}/en/collections/sterilizers` },
    ];
    expect(entries).toContainEqual({ loc: `${origin}/collections/sterilizers`, lastmod: "2026-03-04", alternates });
    expect(entries).toContainEqual({ loc: `${origin}/en/collections/sterilizers`, lastmod: "2026-03-04", alternates });
    expect(locs).toContain(`${origin}/collections/sterilizers/white-sterilizer`);
    expect(locs).toContain(`${origin}/en/collections/sterilizers/white-sterilizer`);
  });

  it("leaves out inactive products, inactive categories and their products", async () => {
    const locs = (await listSitemapEntries(db, origin)).map((e) => e.loc);
    expect(locs.some((l) => l.includes("retired-sterilizer"))).toBe(false);
    expect(locs.some((l) => l.includes("hidden-category"))).toBe(false);
    expect(locs.some((l) => l.includes("orphan-product"))).toBe(false);
  });

  it("lists a product with variants once, not its variants' own addresses", async () => {
    const locs = (await listSitemapEntries(db, origin)).map((e) => e.loc);
    expect(locs).toContain(`${origin}/collections/sterilizers/sterilizer`);
    expect(locs.some((l) => l.includes("sterilizer-pink"))).toBe(false);
  });

  it("lists published policies and posts, not drafts or scheduled ones (issue 19)", async () => {
    const entries = await listSitemapEntries(db, origin);
    expect(entries).toContainEqual(
      expect.objectContaining({ loc: `${origin}/policies/privacy`, lastmod: "2026-02-03" }),
    );
    expect(entries).toContainEqual(expect.objectContaining({ loc: `${origin}/en/policies/privacy` }));
    const locs = entries.map((e) => e.loc);
    expect(locs).toContain(`${origin}/blog/uvc-c`);
    expect(locs.some((l) => l.includes("ban-nhap") || l.includes("sap-dang"))).toBe(false);
  });

  it("encodes odd slugs in the URL", async () => {
    const locs = (await listSitemapEntries(db, origin)).map((e) => e.loc);
    expect(locs).toContain(`${origin}/collections/sterilizers/tom%26jerry%3C3%3E`);
  });
});

describe("renderSitemapXml", () => {
  it("writes a sitemaps.org document with every value escaped", () => {
    const xml = renderSitemapXml([
      { loc: "https://shop.example.vn/" },
      { loc: "https://shop.example.vn/a?x=1&y=<2>", lastmod: "2026-01-02" },
    ]);
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ),
    ).toBe(true);
    expect(xml).toContain("<url><loc>https://shop.example.vn/</loc></url>");
    expect(xml).toContain(
      "<url><loc>https://shop.example.vn/a?x=1&amp;y=&lt;2&gt;</loc><lastmod>2026-01-02</lastmod></url>",
    );
  });

  it("names each page's other languages as xhtml:link alternates", () => {
    const xml = renderSitemapXml([
      {
        loc: "https://s.vn/shop",
        alternates: [
          { hrefLang: "vi", href: "https://s.vn/shop" },
          { hrefLang: "en", href: "https://s.vn/en/shop" },
        ],
      },
    ]);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain(
      '<url><loc>https://s.vn/shop</loc><xhtml:link rel="alternate" hreflang="vi" href="https://s.vn/shop"/><xhtml:link rel="alternate" hreflang="en" href="https://s.vn/en/shop"/></url>',
    );
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
  });

  it("escapes the five XML special characters", () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
  });
});

describe("renderRobotsTxt", () => {
  it("allows the shop, disallows private pages and names the sitemap", () => {
    const robots = renderRobotsTxt(`${origin}/`);
    expect(robots).toContain("User-agent: *\nAllow: /\n");
    for (const path of [
      "/admin",
      "/cart",
      "/checkout",
      "/order-confirmation",
      "/search",
      "/en/cart",
      "/en/checkout",
      "/en/search",
    ]) {
      expect(robots).toMatch(new RegExp(`^Disallow: ${path}$`, "m"));
    }
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});
