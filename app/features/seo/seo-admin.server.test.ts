import { describe, expect, it } from "vitest";
import { pageSeo } from "~/db/schema";
import { setUpTestDatabase } from "~/test/database";
import { createPageSeo, deletePageSeo, listPageSeo, updatePageSeo } from "./seo-admin.server";
import { buildSeoMeta } from "./seo-meta";
import { getPageSeo } from "./seo.server";
import { thrownAppError } from "~/test/app-error";

const { db } = await setUpTestDatabase({ resetTables: [pageSeo] });

const form = (values: Partial<Record<string, string>> = {}) => ({
  pagePath: "/about",
  metaTitle: "",
  metaDescription: "",
  keywords: "",
  canonicalUrl: "",
  ogImage: "",
  structuredData: "",
  ...values,
});

describe("page SEO administration", () => {
  it("creates an entry that the storefront head uses (getPageSeo), keywords trimmed without empties", async () => {
    const row = await createPageSeo(
      db,
      form({
        pagePath: " about/ ",
        metaTitle: "  Về chúng tôi  ",
        metaDescription: "Câu chuyện UVC Care",
        keywords: " uvc, , bàn chải ,tiệt trùng,",
        canonicalUrl: "https://uvccare.vn/about",
        ogImage: "/images/og/about.jpg",
        structuredData: '{"@context":"https://schema.org","@type":"Organization","name":"UVC Care"}',
      }),
    );
    expect(row).toMatchObject({
      pagePath: "/about",
      metaTitle: "Về chúng tôi",
      keywords: ["uvc", "bàn chải", "tiệt trùng"],
      structuredData: { "@type": "Organization", name: "UVC Care" },
    });

    const seo = await getPageSeo(db, "/about/");
    expect(seo).toMatchObject({ metaTitle: "Về chúng tôi", metaDescription: "Câu chuyện UVC Care", ogImage: "/images/og/about.jpg" });
    const meta = buildSeoMeta({ defaults: { title: "About", description: "d" }, seo, origin: "https://shop.vn", path: "/about", siteName: "UVC Care" });
    expect(meta).toContainEqual({ title: "Về chúng tôi" });
    expect(meta).toContainEqual({ name: "keywords", content: "uvc, bàn chải, tiệt trùng" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://uvccare.vn/about" });
    expect(meta).toContainEqual({ property: "og:image", content: "https://shop.vn/images/og/about.jpg" });
    expect(meta).toContainEqual({ "script:ld+json": { "@context": "https://schema.org", "@type": "Organization", name: "UVC Care" } });
  });

  it("stores empty optional fields as null and empty structured data as null", async () => {
    const row = await createPageSeo(db, form({ pagePath: "/" }));
    expect(row).toMatchObject({ pagePath: "/", metaTitle: null, metaDescription: null, ogImage: null, canonicalUrl: null, keywords: [], structuredData: null });
  });

  it("lists entries by page path", async () => {
    for (const pagePath of ["/shop", "/", "/about"]) await createPageSeo(db, form({ pagePath }));
    expect((await listPageSeo(db)).map((r) => r.pagePath)).toEqual(["/", "/about", "/shop"]);
  });

  it("refuses a missing path, overlong title and description, bad URLs and invalid JSON, with the parse error", async () => {
    const missing = await thrownAppError(createPageSeo(db, form({ pagePath: "  " })));
    expect(missing.fieldErrors).toEqual({ pagePath: "Vui lòng nhập đường dẫn trang" });

    const long = await thrownAppError(createPageSeo(db, form({ metaTitle: "x".repeat(61), metaDescription: "y".repeat(161) })));
    expect(long.fieldErrors).toEqual({ metaTitle: "Tiêu đề tối đa 60 ký tự", metaDescription: "Mô tả tối đa 160 ký tự" });
    await createPageSeo(db, form({ pagePath: "/limits", metaTitle: "x".repeat(60), metaDescription: "y".repeat(160) }));

    const urls = await thrownAppError(createPageSeo(db, form({ canonicalUrl: "javascript:alert(1)", ogImage: "//evil.example/x.png" })));
    expect(Object.keys(urls.fieldErrors ?? {})).toEqual(["canonicalUrl", "ogImage"]);

    let parseMessage = "";
    try {
      JSON.parse("{ not json");
    } catch (error) {
      parseMessage = (error as Error).message;
    }
    const json = await thrownAppError(createPageSeo(db, form({ structuredData: "{ not json" })));
    expect(json.kind).toBe("invalid");
    expect(json.message).toBe(parseMessage);
    expect(json.fieldErrors).toEqual({ structuredData: parseMessage });

    const array = await thrownAppError(createPageSeo(db, form({ structuredData: "[1, 2]" })));
    expect(array.fieldErrors?.structuredData).toBe("Dữ liệu có cấu trúc phải là một đối tượng JSON ({ … })");

    expect((await listPageSeo(db)).map((r) => r.pagePath)).toEqual(["/limits"]);
  });

  it("refuses a duplicate path on create and on update, with a clear message", async () => {
    const about = await createPageSeo(db, form({ pagePath: "/about" }));
    const shop = await createPageSeo(db, form({ pagePath: "/shop" }));

    const dup = await thrownAppError(createPageSeo(db, form({ pagePath: "/about/" })));
    expect(dup.kind).toBe("conflict");
    expect(dup.message).toBe("Đường dẫn /about đã có cấu hình SEO. Hãy chọn trang đó trong danh sách để sửa.");
    expect(dup.fieldErrors).toEqual({ pagePath: "Đường dẫn /about đã tồn tại" });

    const moved = await thrownAppError(updatePageSeo(db, shop.id, form({ pagePath: "/about", version: "1" })));
    expect(moved.kind).toBe("conflict");

    // Saving an entry under its own path is fine.
    const updated = await updatePageSeo(db, about.id, form({ pagePath: "/about", metaTitle: "Giới thiệu", version: "1" }));
    expect(updated.metaTitle).toBe("Giới thiệu");
    expect((await getPageSeo(db, "/about"))?.metaTitle).toBe("Giới thiệu");
  });

  it("updates and deletes; unknown ids are not found", async () => {
    const row = await createPageSeo(db, form({ pagePath: "/blog", metaTitle: "Blog" }));
    await updatePageSeo(db, row.id, form({ pagePath: "/journal", metaTitle: "Journal", version: "1" }));
    expect(await getPageSeo(db, "/blog")).toBeNull();
    expect((await getPageSeo(db, "/journal"))?.metaTitle).toBe("Journal");

    await deletePageSeo(db, row.id);
    expect(await getPageSeo(db, "/journal")).toBeNull();
    expect((await thrownAppError(deletePageSeo(db, row.id))).kind).toBe("not_found");
    expect((await thrownAppError(updatePageSeo(db, row.id, form({ version: "2" })))).kind).toBe("not_found");
  });

  it("keeps XSS payloads as data: JSON-LD and meta values are escaped by the renderer", async () => {
    const payload = "</script><script>alert(1)</script>";
    const row = await createPageSeo(
      db,
      form({ pagePath: "/x", metaTitle: "<img src=x onerror=alert(1)>", structuredData: JSON.stringify({ name: payload }) }),
    );
    expect(row.metaTitle).toBe("<img src=x onerror=alert(1)>");
    expect(row.structuredData).toEqual({ name: payload });
  });
});
