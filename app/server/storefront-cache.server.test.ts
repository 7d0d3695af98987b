import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~/test/database";
import { cachedUntilStorefrontChange } from "./storefront-cache.server";
import { STOREFRONT_CACHE_TTL_MS } from "./ttl-cache.server";

const { db } = await setUpTestDatabase();

describe("cachedUntilStorefrontChange", () => {
  it("reads again after the TTL, keeps keys apart and never keeps a failure", async () => {
    let clock = 0;
    let loads = 0;
    let failNext = true;
    const read = cachedUntilStorefrontChange(
      async (_db, key: string) => {
        loads += 1;
        if (failNext) {
          failNext = false;
          throw new Error("database away");
        }
        return `${key}#${loads}`;
      },
      { now: () => clock },
    );
    await expect(read(db, "/a")).rejects.toThrow("database away");
    expect(await read(db, "/a")).toBe("/a#2");
    expect(await read(db, "/a")).toBe("/a#2");
    expect(await read(db, "/b")).toBe("/b#3");
    clock += STOREFRONT_CACHE_TTL_MS;
    expect(await read(db, "/a")).toBe("/a#4");
    expect(loads).toBe(4);
  });
});
