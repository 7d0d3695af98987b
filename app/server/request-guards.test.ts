import { describe, expect, it } from "vitest";
import { allowedOrigins, isCrossSiteRequest, publicOrigin } from "./request-guards.server";

const unset = { PUBLIC_URL: "http://localhost:3000", PUBLIC_ORIGINS: [] };
const listed = { PUBLIC_URL: "https://shop.vn", PUBLIC_ORIGINS: ["https://shop.vn", "https://www.shop.vn"] };

function request(url: string, headers: Record<string, string>) {
  return { url, headers: new Headers(headers) };
}

describe("origin rules", () => {
  it("PUBLIC_URL unset: a post is the shop's own when its Origin is the address it reached", () => {
    for (const own of ["http://127.0.0.1:3000", "http://localhost:3000", "http://192.168.1.20:3000", "http://shop.test"]) {
      expect(isCrossSiteRequest(request(`${own}/checkout/information`, { origin: own }), unset), own).toBe(false);
      expect(allowedOrigins(request(`${own}/x`, {}), unset)).toEqual([own]);
    }
    const crossSite = [
      ["http://127.0.0.1:3000/x", "http://localhost:3000"],
      ["http://127.0.0.1:3000/x", "http://127.0.0.1:3001"],
      ["http://127.0.0.1:3000/x", "https://127.0.0.1:3000"],
      ["http://shop.test/x", "http://evil.shop.test"],
      ["http://shop.test/x", "http://shop.test.evil.example"],
    ];
    for (const [url, origin] of crossSite) expect(isCrossSiteRequest(request(url, { origin }), unset), origin).toBe(true);
  });

  it("PUBLIC_URL set: only the listed origins, whatever address the request reached", () => {
    expect(isCrossSiteRequest(request("http://127.0.0.1:3000/x", { origin: "https://www.shop.vn" }), listed)).toBe(false);
    expect(isCrossSiteRequest(request("http://127.0.0.1:3000/x", { origin: "https://shop.vn" }), listed)).toBe(false);
    expect(isCrossSiteRequest(request("http://127.0.0.1:3000/x", { origin: "http://127.0.0.1:3000" }), listed)).toBe(true);
    expect(isCrossSiteRequest(request("https://evil.example/x", { origin: "https://evil.example" }), listed)).toBe(true);
  });

  it("without an Origin: Fetch Metadata decides; neither header (not a browser) passes", () => {
    const url = "http://127.0.0.1:3000/x";
    expect(isCrossSiteRequest(request(url, {}), unset)).toBe(false);
    expect(isCrossSiteRequest(request(url, { "sec-fetch-site": "same-origin" }), unset)).toBe(false);
    expect(isCrossSiteRequest(request(url, { "sec-fetch-site": "none" }), unset)).toBe(false);
    expect(isCrossSiteRequest(request(url, { "sec-fetch-site": "same-site" }), unset)).toBe(true);
    expect(isCrossSiteRequest(request(url, { "sec-fetch-site": "cross-site" }), unset)).toBe(true);
    expect(isCrossSiteRequest(request(url, { origin: "null", "sec-fetch-site": "cross-site" }), unset)).toBe(true);
    expect(isCrossSiteRequest(request(url, { origin: "null", "sec-fetch-site": "same-origin" }), unset)).toBe(false);
  });

  it("an address that is not a URL accepts nothing", () => {
    expect(allowedOrigins(request("not a url", {}), unset)).toEqual([]);
    expect(isCrossSiteRequest(request("http:///x", { origin: "http://localhost:3000" }), unset)).toBe(true);
  });

  it("absolute links: PUBLIC_URL's first entry when set, else the request's address, else the default", () => {
    expect(publicOrigin(listed, { url: "http://127.0.0.1:3000/shop" })).toBe("https://shop.vn");
    expect(publicOrigin(unset, { url: "http://192.168.1.20:3000/shop?x=1" })).toBe("http://192.168.1.20:3000");
    expect(publicOrigin(unset)).toBe("http://localhost:3000");
  });
});
