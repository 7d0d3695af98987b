import { describe, expect, it } from "vitest";
import { catalogueOf } from "~/lib/i18n/catalogue-store";
import { catalogueUrlOf } from "~/server/i18n.server";
import { loader } from "./i18n-catalogue";

function get(path: string) {
  return loader({ request: new Request(`http://shop.test${path}`) } as Parameters<typeof loader>[0]);
}

describe("GET /i18n/<locale>.<hash>.json", () => {
  it("serves each language's texts under a name of its own, cached for a year", async () => {
    expect(catalogueUrlOf("vi")).toMatch(/^\/i18n\/vi\.[0-9a-f]{10}\.json$/);
    expect(catalogueUrlOf("en")).toMatch(/^\/i18n\/en\.[0-9a-f]{10}\.json$/);
    const served = { vi: "Vui lòng nhập tên", en: "First name is required" };
    for (const [locale, firstNameError] of Object.entries(served) as [keyof typeof served, string][]) {
      const response = get(catalogueUrlOf(locale));
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const texts = (await response.json()) as { checkout: { errors: { firstName: string } } };
      expect(texts.checkout.errors.firstName).toBe(firstNameError);
      // Pages rendered on the server read the same texts from the store, without a fetch.
      expect(texts).toEqual(catalogueOf(locale));
    }
  });

  it("answers 404 for a name that is not a current catalogue (an older build's, or made up)", async () => {
    const current = catalogueUrlOf("vi");
    for (const path of [current.replace(/\.[0-9a-f]{10}\./, ".0000000000."), "/i18n/vi.json", "/i18n/fr.0123456789.json"]) {
      const response = get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Not found");
    }
  });
});
