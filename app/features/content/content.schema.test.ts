import { describe, expect, it } from "vitest";
import { checkContentValue, contentTypeFor } from "./content.schema";
import { contentDefaults } from "./defaults";

describe("content types and checks", () => {
  it("derives the content type from the key", () => {
    expect(contentTypeFor("features")).toBe("json");
    expect(contentTypeFor("social_links")).toBe("json");
    expect(contentTypeFor("background_image")).toBe("image");
    expect(contentTypeFor("background_color")).toBe("color");
    expect(contentTypeFor("color_1_name")).toBe("text");
    expect(contentTypeFor("heading")).toBe("text");
  });

  it("every default JSON value matches its own schema", () => {
    for (const [page, pageSections] of Object.entries(contentDefaults)) {
      for (const [section, content] of Object.entries(pageSections as Record<string, Record<string, unknown>>)) {
        for (const [key, value] of Object.entries(content)) {
          const type = contentTypeFor(key);
          const raw = type === "json" ? JSON.stringify(value) : String(value);
          expect(checkContentValue(key, type, raw), `${page}/${section}/${key}`).toMatchObject({ ok: true });
        }
      }
    }
  });

  it("rejects malformed values with a readable reason", () => {
    expect(checkContentValue("features", "json", "[{")).toMatchObject({ ok: false });
    expect(checkContentValue("steps", "json", '[{"title": ""}]')).toMatchObject({ ok: false });
    expect(checkContentValue("items", "json", '["a", 2]')).toMatchObject({ ok: false });
    expect(checkContentValue("background_color", "color", "tomato")).toMatchObject({ ok: false });
    expect(checkContentValue("background_image", "image", "javascript:alert(1)")).toMatchObject({ ok: false });
    expect(checkContentValue("background_image", "image", "//evil.example/x.png")).toMatchObject({ ok: false });
    expect(checkContentValue("heading", "text", "")).toEqual({ ok: false, error: "empty" });
    expect(checkContentValue("background_color", "color", "#A2E6D2")).toEqual({ ok: true, value: "#A2E6D2" });
  });

  it("refuses script and data URLs in the JSON values that become links and images", () => {
    const links = (url: string) => JSON.stringify([{ text: "About", url }]);
    for (const url of ["javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,<script>alert(1)</script>", "//evil.example", "vbscript:x"]) {
      expect(checkContentValue("about_links", "json", links(url)), url).toMatchObject({ ok: false });
      expect(checkContentValue("articles", "json", JSON.stringify([{ id: 1, title: "T", excerpt: "", category: "", status: "", url }])), url).toMatchObject({ ok: false });
      expect(checkContentValue("images", "json", JSON.stringify([{ id: 1, image: url, alt: "" }])), url).toMatchObject({ ok: false });
      expect(checkContentValue("social_links", "json", JSON.stringify({ facebook: url, instagram: "" })), url).toMatchObject({ ok: false });
    }
    for (const url of ["/about", "/technology#warranty", "https://example.vn/a", "mailto:hello@uvccare.vn", "tel:+84 1900 6868"]) {
      expect(checkContentValue("support_links", "json", links(url)), url).toMatchObject({ ok: true });
    }
    expect(checkContentValue("social_links", "json", JSON.stringify({ facebook: "", instagram: "https://instagram.com/x" }))).toMatchObject({ ok: true });
    expect(checkContentValue("about_links", "json", links("javascript:alert(1)"))).toMatchObject({
      error: expect.stringContaining("Liên kết phải là đường dẫn bắt đầu bằng /"),
    });
  });
});
