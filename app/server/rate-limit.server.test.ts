import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as placeOrderAction } from "~/routes/store/checkout-payment";
import { createAuth } from "~/server/auth.server";
import { parseEnv } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { createTestDatabase, type TestDatabase } from "~/test/database";
import { consumeRateLimit } from "./rate-limit.server";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

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

describe("order placement rate limit", () => {
  it("answers 429 with a clear message once a client has tried ORDER_RATE_LIMIT times; other clients go on", async () => {
    const env = parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "order-limit-")), AUTH_SECRET: "o".repeat(32), ORDER_RATE_LIMIT: "2/600" });
    const logger = createLogger("silent");
    const context = { env, logger, database, auth: createAuth(database.db, env, { logger }) } as AppLoadContext;
    const place = (ip: string) => {
      const request = new Request("http://localhost:3000/checkout/payment", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000", "x-forwarded-for": ip },
        body: JSON.stringify({ lines: [] }),
      });
      return placeOrderAction({ request, context, params: {}, unstable_pattern: "", unstable_url: new URL(request.url) } as never).then(
        (answer) => {
          if (answer instanceof Response) throw new Error(`unexpected Response ${answer.status}`);
          return answer;
        },
      );
    };
    for (let i = 0; i < 2; i++) {
      const refused = await place("203.0.113.20");
      expect(refused.init?.status, "an invalid order is a 400, and still counts").toBe(400);
    }
    const limited = await place("203.0.113.20");
    expect(limited.init?.status).toBe(429);
    expect(new Headers(limited.init?.headers).get("retry-after")).toMatch(/^\d+$/);
    expect(limited.data).toEqual({ ok: false, intent: "place-order", error: "Bạn đã đặt quá nhiều đơn hàng trong thời gian ngắn, vui lòng thử lại sau ít phút" });
    expect((await place("203.0.113.21")).init?.status).toBe(400);
  });
});
