import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { createAuth } from "~/server/auth.server";
import { parseEnv } from "~/server/env.server";
import { translatorFor } from "~/server/i18n.server";
import { createLogger } from "~/server/logger.server";
import { setUpTestDatabase } from "~/test/database";
import { action as placeOrderAction } from "./checkout-payment";

const database = await setUpTestDatabase();

describe("order placement rate limit", () => {
  it("answers 429 with a clear message once a client has tried ORDER_RATE_LIMIT times; other clients go on", async () => {
    const env = parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "order-limit-")), AUTH_SECRET: "o".repeat(32), ORDER_RATE_LIMIT: "2/600" });
    const logger = createLogger("silent");
    const context = { env, logger, database, auth: createAuth(database.db, env, { logger }) } as AppLoadContext;
    const place = (ip: string) => {
      const request = new Request("http://localhost:3000/checkout/payment", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000", "x-forwarded-for": ip },
        body: new URLSearchParams({ intent: "place-order" }),
      });
      // A browser without a cart is sent to the cart (303, thrown as React Router redirects are); the try still counts.
      return placeOrderAction({ request, context, params: {}, unstable_pattern: "", unstable_url: new URL(request.url) } as never).then(
        (answer) => ({ status: answer instanceof Response ? answer.status : (answer.init?.status ?? 200), answer }),
        (thrown: unknown) => {
          if (thrown instanceof Response) return { status: thrown.status, answer: null };
          throw thrown;
        },
      );
    };
    for (let i = 0; i < 2; i++) {
      const refused = await place("203.0.113.20");
      expect(refused.status, "no cart: to the cart, and the try still counts").toBe(303);
    }
    const { status, answer: limited } = await place("203.0.113.20");
    expect(status).toBe(429);
    if (!limited || limited instanceof Response) throw new Error("expected the refusal's data");
    expect(new Headers(limited.init?.headers).get("retry-after")).toMatch(/^\d+$/);
    expect(limited.data).toEqual({ ok: false, intent: "place-order", error: "checkout.errors.tooManyOrders" });
    expect(translatorFor("vi")("checkout.errors.tooManyOrders")).toBe(
      "Bạn đã đặt quá nhiều đơn hàng trong thời gian ngắn, vui lòng thử lại sau ít phút",
    );
    expect((await place("203.0.113.21")).status).toBe(303);
  });
});
