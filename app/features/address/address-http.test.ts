import { describe, expect, it, vi } from "vitest";
import type { Logger } from "~/server/logger.server";
import { ADDRESS_CACHE_CONTROL, answerAddressList } from "./address-http.server";

// The responses of the /api/address routes (no database: unit project).

const list = [
  { code: "79", name: "Thành phố Hồ Chí Minh" },
  { code: "01", name: "Thành phố Hà Nội" },
];
const logger = { error: vi.fn() } as unknown as Logger;
const get = (headers: Record<string, string> = {}) =>
  new Request("http://shop.test/api/address/current/provinces", { headers });

describe("answerAddressList", () => {
  it("answers the list as JSON with day-long caching and an ETag", async () => {
    const response = answerAddressList(get(), logger, () => list);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe(ADDRESS_CACHE_CONTROL);
    expect(ADDRESS_CACHE_CONTROL).toBe("public, max-age=86400, stale-while-revalidate=604800");
    expect(response.headers.get("ETag")).toMatch(/^"[\w-]+"$/);
    expect(await response.json()).toEqual(list);
  });

  it("gives the same list the same ETag, and another list another", () => {
    const a = answerAddressList(get(), logger, () => list).headers.get("ETag");
    const b = answerAddressList(get(), logger, () => [...list]).headers.get("ETag");
    const c = answerAddressList(get(), logger, () => list.slice(1)).headers.get("ETag");
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it("answers 304 to a matching If-None-Match, weak or in a list", async () => {
    const etag = answerAddressList(get(), logger, () => list).headers.get("ETag")!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const response = answerAddressList(get({ "If-None-Match": header }), logger, () => list);
      expect(response.status, header).toBe(304);
      expect(response.headers.get("ETag")).toBe(etag);
      expect(await response.text()).toBe("");
    }
    expect(answerAddressList(get({ "If-None-Match": '"other"' }), logger, () => list).status).toBe(200);
  });

  it("answers 404 JSON for unknown input, not cached", async () => {
    const response = answerAddressList(get(), logger, () => ({ notFound: "Unknown province" }));
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: "Unknown province" });
  });

  it("answers 503 JSON, never 500, when the data cannot be loaded", async () => {
    const response = answerAddressList(get(), logger, () => {
      throw new Error("data chunk not found");
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: expect.any(String) });
    expect(logger.error).toHaveBeenCalled();
  });
});
