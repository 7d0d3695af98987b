import { beforeAll, describe, expect, it } from "vitest";
import { pageSeo } from "~/db/schema";
import { setUpTestDatabase } from "~/test/database";
import { getPageSeo, normalizeSeoPath } from "./seo.server";

const { db } = await setUpTestDatabase();

beforeAll(async () => {
  await db.insert(pageSeo).values([
    {
      pagePath: "/shop",
      metaTitle: "Cửa hàng",
      metaDescription: "Mô tả",
      keywords: ["uvc", "bàn chải"],
      ogImage: "/images/og.png",
      canonicalUrl: null,
      structuredData: { "@type": "WebPage" },
    },
    { pagePath: "/", metaTitle: "Trang chủ" },
  ]);
});

describe("normalizeSeoPath", () => {
  it("drops trailing slashes, the query and the hash", () => {
    expect(normalizeSeoPath("/shop/")).toBe("/shop");
    expect(normalizeSeoPath("/shop///")).toBe("/shop");
    expect(normalizeSeoPath("/shop?filter=bestsellers#top")).toBe("/shop");
    expect(normalizeSeoPath("")).toBe("/");
    expect(normalizeSeoPath("/")).toBe("/");
    expect(normalizeSeoPath("about")).toBe("/about");
  });
});

describe("getPageSeo", () => {
  it("finds the row of a path, written with or without a trailing slash", async () => {
    const row = await getPageSeo(db, "/shop");
    expect(row).toEqual({
      metaTitle: "Cửa hàng",
      metaDescription: "Mô tả",
      ogImage: "/images/og.png",
      keywords: ["uvc", "bàn chải"],
      canonicalUrl: null,
      structuredData: { "@type": "WebPage" },
    });
    expect(await getPageSeo(db, "/shop/")).toEqual(row);
    expect(await getPageSeo(db, "/shop?sort=newest")).toEqual(row);
  });

  it("gives the home row for / and an empty keyword list by default", async () => {
    const home = await getPageSeo(db, "/");
    expect(home?.metaTitle).toBe("Trang chủ");
    expect(home?.keywords).toEqual([]);
    expect(home?.structuredData).toBeNull();
  });

  it("answers null for a path without a row", async () => {
    expect(await getPageSeo(db, "/blog")).toBeNull();
    expect(await getPageSeo(db, "/shop/extra")).toBeNull();
  });
});
