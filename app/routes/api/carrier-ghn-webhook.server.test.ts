import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { carrierAccounts, orders, shipmentEvents, shipments } from "~/db/schema";
import { saveGhnAccount } from "~/features/shipping/carrier-accounts.server";
import { createShipment } from "~/features/shipping/shipments.server";
import { createAuth } from "~/server/auth.server";
import { parseEnv } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { setUpTestDatabase } from "~/test/database";
import { ghnFixture } from "~/test/ghn-stand-in";
import { insertCustomer, insertOrder, insertProduct, TEST_EMAIL_LINKS } from "~/test/orders-fixture";
import { action, loader } from "./carrier-ghn-webhook";

const database = await setUpTestDatabase({ seed: "shop-without-content" });
const { db } = database;

const SITE = "http://localhost:3000";
const env = parseEnv({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "ghn-webhook-")),
  AUTH_SECRET: "x".repeat(40),
  PUBLIC_URL: SITE,
});
const logger = createLogger("silent");
const context = { env, logger, database, auth: createAuth(db, env, { logger }) } as AppLoadContext;

function post(secret: string, body: string) {
  const request = new Request(`${SITE}/api/carriers/ghn/webhook/${secret}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  return action({
    request,
    context,
    params: { secret },
    unstable_pattern: "",
    unstable_url: new URL(request.url),
  } as never);
}

async function eventsOf(shipmentId: string) {
  return db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipmentId)).orderBy(shipmentEvents.id);
}

describe("POST /api/carriers/ghn/webhook/:secret", () => {
  it("authenticates by the secret, records GHN's status once, moves the shipment and the order", async () => {
    const product = await insertProduct(db, { name: "Bàn chải UVC", price: 450_000, stock: 5 });
    const customer = await insertCustomer(db, { firstName: "Văn An", lastName: "Nguyễn", phone: "+84901234567" });
    const order = await insertOrder(db, { customer, lines: [{ product, quantity: 1 }], status: "processing" });
    const shipment = await createShipment(
      db,
      order.id,
      {
        carrier: "manual",
        carrierName: "GHN",
        trackingCode: "Z82BS",
        weightGrams: 500,
        lengthCm: 20,
        widthCm: 15,
        heightCm: 10,
      },
      { userId: null, name: "Kho" },
      TEST_EMAIL_LINKS,
    );
    const picked = JSON.stringify({
      ...ghnFixture("webhook-create"),
      Status: "picked",
      Type: "switch_status",
      Time: new Date(Date.now() + 60_000).toISOString(),
    });

    // No account yet, then a wrong secret: 401, nothing written.
    expect((await post("khong-dung", picked)).status).toBe(401);
    await saveGhnAccount(
      db,
      { enabled: "on", token: "tok-1234", shopId: "885", environment: "production", defaultServiceTypeId: "2" },
      null,
    );
    const [account] = await db.select().from(carrierAccounts);
    const before = await eventsOf(shipment.id);
    const wrong = await post(`${account.webhookSecret.slice(0, -1)}x`, picked);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "Sai khóa webhook" });
    expect(await eventsOf(shipment.id)).toEqual(before);

    // Not GHN's body: 400, nothing written.
    expect((await post(account.webhookSecret, "{")).status).toBe(400);
    expect((await post(account.webhookSecret, JSON.stringify({ Status: "picked" }))).status).toBe(400);
    expect(await eventsOf(shipment.id)).toEqual(before);

    const first = await post(account.webhookSecret, picked);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, recorded: 1, status: "picked" });
    const [row] = await db.select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(row.status).toBe("in_transit");
    const [orderRow] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(orderRow.status).toBe("shipped");
    const events = await eventsOf(shipment.id);
    expect(events.at(-1)).toMatchObject({
      status: "in_transit",
      carrierStatus: "picked",
      source: "carrier",
      byName: "GHN",
    });

    // GHN's retry (or a replay) changes nothing.
    const replay = await post(account.webhookSecret, picked);
    expect(await replay.json()).toEqual({ ok: true, recorded: 0, status: "picked" });
    expect(await eventsOf(shipment.id)).toHaveLength(events.length);

    // An order code this shop does not know: 200, so GHN stops retrying; nothing written.
    const unknown = await post(
      account.webhookSecret,
      JSON.stringify({ ...ghnFixture("webhook-create"), OrderCode: "KHAC123" }),
    );
    expect(await unknown.json()).toEqual({ ok: true, recorded: 0, status: "ready_to_pick" });

    // GHN switched off: 404.
    await saveGhnAccount(
      db,
      { enabled: "", token: "", shopId: "885", environment: "production", defaultServiceTypeId: "2" },
      account.version,
    );
    expect((await post(account.webhookSecret, picked)).status).toBe(404);
  });

  it("answers GET with 405", async () => {
    expect(loader().status).toBe(405);
  });
});
