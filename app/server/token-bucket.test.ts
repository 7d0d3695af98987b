import { describe, expect, it } from "vitest";
import { TokenBuckets } from "./token-bucket.server";

describe("TokenBuckets", () => {
  it("lets a burst of max through, then refuses with the time to the next token", () => {
    const buckets = new TokenBuckets({ max: 3, window: 6 });
    const now = 1_000_000;
    for (let i = 0; i < 3; i++) expect(buckets.take("203.0.113.1", now)).toEqual({ allowed: true });
    expect(buckets.take("203.0.113.1", now)).toEqual({ allowed: false, retryAfterSeconds: 2 });
    // Another client is not affected.
    expect(buckets.take("203.0.113.2", now)).toEqual({ allowed: true });
  });

  it("refills at max/window per second, never above max", () => {
    const buckets = new TokenBuckets({ max: 2, window: 2 });
    const start = 5_000;
    buckets.take("a", start);
    buckets.take("a", start);
    expect(buckets.take("a", start).allowed).toBe(false);
    expect(buckets.take("a", start + 999).allowed).toBe(false);
    expect(buckets.take("a", start + 2_000).allowed).toBe(true);
    // A long pause fills the bucket to max only.
    const later = start + 60_000;
    expect(buckets.take("a", later).allowed).toBe(true);
    expect(buckets.take("a", later).allowed).toBe(true);
    expect(buckets.take("a", later).allowed).toBe(false);
  });

  it("a refused request takes no token: a client that keeps hammering gets in at the refill rate", () => {
    const buckets = new TokenBuckets({ max: 1, window: 1 });
    let allowed = 0;
    for (let ms = 0; ms < 10_000; ms += 10) if (buckets.take("a", ms).allowed) allowed++;
    expect(allowed).toBe(10);
  });

  it("forgets the longest-idle address beyond its size", () => {
    const buckets = new TokenBuckets({ max: 1, window: 60 }, 2);
    buckets.take("a", 0);
    buckets.take("b", 0);
    buckets.take("a", 1);
    buckets.take("c", 2);
    expect(buckets.size).toBe(2);
    expect(buckets.take("a", 3).allowed).toBe(false);
    expect(buckets.take("b", 3).allowed).toBe(true);
  });
});
