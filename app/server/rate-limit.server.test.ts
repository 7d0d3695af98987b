import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~/test/database";
import { consumeRateLimit } from "./rate-limit.server";

const database = await setUpTestDatabase();

describe("consumeRateLimit", () => {
  it("allows max attempts per key in a window, then refuses until the window has passed", async () => {
    const rule = { max: 3, window: 60 };
    const start = 1_800_000_000_000;
    for (let i = 0; i < 3; i++) expect(await consumeRateLimit(database.db, "test:a", rule, start + i)).toEqual({ allowed: true });
    expect(await consumeRateLimit(database.db, "test:a", rule, start + 10_000)).toEqual({ allowed: false, retryAfterSeconds: 50 });
    // Other keys have their own counters.
    expect(await consumeRateLimit(database.db, "test:b", rule, start + 10_000)).toEqual({ allowed: true });
    // A new window starts 60 s after the first attempt.
    expect(await consumeRateLimit(database.db, "test:a", rule, start + 60_000)).toEqual({ allowed: true });
  });

  it("does not let concurrent attempts slip past the limit", async () => {
    const rule = { max: 5, window: 60 };
    const results = await Promise.all(Array.from({ length: 12 }, () => consumeRateLimit(database.db, "test:burst", rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });
});
