import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { rateLimit } from "~/db/schema";
import type { Db, Tx } from "~/server/db.server";

export interface RateLimitRule {
  max: number;
  /** Seconds. */
  window: number;
}

export type RateLimitOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt under `key` (e.g. "order:203.0.113.7") in a fixed window, in the
 * rate_limit table that better-auth also uses (its keys never start with our prefixes), so
 * every instance of the shop shares the counters. One atomic upsert: concurrent attempts
 * cannot both slip under the limit. For these keys `last_request` holds the window's start.
 */
export async function consumeRateLimit(db: Db | Tx, key: string, rule: RateLimitRule, now = Date.now()): Promise<RateLimitOutcome> {
  const windowStartedBefore = now - rule.window * 1000;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.lastRequest} <= ${windowStartedBefore} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${rateLimit.lastRequest} <= ${windowStartedBefore} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest });
  if (row.count <= rule.max) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((row.windowStart + rule.window * 1000 - now) / 1000)) };
}
