import type { RateLimitOutcome, RateLimitRule } from "~/server/rate-limit.server";

/*
 * Per-client fairness for requests the page cache does not answer (docs/decisions/0017): one
 * token bucket per client address, in this process's memory. A bucket holds up to `max` tokens
 * (the burst) and refills at max/window per second; each request takes one, and a request that
 * finds the bucket empty is refused with the time until the next token.
 */

interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date (ms). */
  at: number;
}

/** Enough addresses for a busy shop; beyond it the longest-idle address is forgotten (a full bucket again). */
const DEFAULT_MAX_CLIENTS = 50_000;

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    private readonly rule: RateLimitRule,
    private readonly maxClients = DEFAULT_MAX_CLIENTS,
  ) {
    this.perMs = rule.max / (rule.window * 1000);
  }

  /** Takes a token from `key`'s bucket. */
  take(key: string, now = Date.now()): RateLimitOutcome {
    const found = this.buckets.get(key);
    const bucket = found
      ? { tokens: Math.min(this.rule.max, found.tokens + (now - found.at) * this.perMs), at: now }
      : { tokens: this.rule.max, at: now };
    // Map order is insertion order: re-inserting keeps the most recently seen address last.
    this.buckets.delete(key);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      this.remember(key, bucket);
      return { allowed: true };
    }
    this.remember(key, bucket);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000)) };
  }

  get size(): number {
    return this.buckets.size;
  }

  private remember(key: string, bucket: Bucket): void {
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxClients) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
  }
}
