import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shipmentEvents, shipments } from "~/db/schema";
import { signInAdmin } from "~/features/auth/auth-flows.server";
import { createAdminUser } from "~/features/auth/owner-accounts.server";
import {
  CANCELLED_GHN_SHIPMENT_MESSAGE,
  NOT_A_GHN_SHIPMENT_MESSAGE,
  saveGhnAccount,
} from "~/features/shipping/carrier-accounts.server";
import { GHN_UNAVAILABLE_MESSAGE } from "~/features/shipping/ghn/ghn-client.server";
import { createAuth } from "~/server/auth.server";
import { parseEnv } from "~/server/env.server";
import { closeEventHub } from "~/server/events.server";
import { createLogger } from "~/server/logger.server";
import { setUpTestDatabase } from "~/test/database";
import {
  STAND_IN_HOSTS,
  STAND_IN_PRINT_TOKEN,
  STAND_IN_SHOP_ID,
  STAND_IN_TOKEN,
  UNPRINTABLE_ORDER_CODE,
  startGhnStandIn,
  type GhnStandIn,
} from "~/test/ghn-stand-in";
import { insertCustomer, insertOrder, insertProduct, insertShipment } from "~/test/orders-fixture";
import { action, loader } from "./order-detail";
import { loader as ghnLabelLoader } from "./shipment-ghn-label";

// Booking GHN from the order page: the order route's loader (GHN's choice and fee estimate) and its
// shipment intents, called the way React Router calls them, against the local GHN stand-in.

const BASE = "http://localhost:3000";
const database = await setUpTestDatabase({ seed: "shop-without-content" });
const { db } = database;
let context: AppLoadContext;
let standIn: GhnStandIn;
let cookie = "";
let accountVersion: number | null = null;
let ip = 1;

beforeAll(async () => {
  const env = parseEnv({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "order-ghn-")),
    AUTH_SECRET: "g".repeat(32),
    PUBLIC_URL: BASE,
  });
  const logger = createLogger("silent");
  const auth = createAuth(db, env, { logger });
  context = { env, logger, database, auth } as AppLoadContext;
  await createAdminUser(db, auth, { email: "owner@shop.vn", password: "Chong-khuan-2026" });
  const form = new FormData();
  form.set("email", "owner@shop.vn");
  form.set("password", "Chong-khuan-2026");
  const outcome = await signInAdmin(context, request("/admin/login", "POST"), form);
  if (outcome.kind !== "signed-in") throw new Error("admin sign-in failed");
  cookie = outcome.setCookies
    .map((line) => line.split(";")[0])
    .filter((pair) => pair.slice(pair.indexOf("=") + 1) !== "")
    .join("; ");
  standIn = await startGhnStandIn();
});

afterAll(async () => {
  await standIn?.close();
  if (database) await closeEventHub(database);
});

function request(pathname: string, method = "GET", form?: Record<string, string>) {
  const headers = new Headers({ "x-forwarded-for": `192.0.2.${ip++}`, cookie });
  if (method === "POST") headers.set("origin", BASE);
  return new Request(`${BASE}${pathname}`, { method, headers, body: form ? new URLSearchParams(form) : undefined });
}

const argsOf = (req: Request, id: string) =>
  ({ request: req, context, params: { id }, unstable_pattern: "", unstable_url: new URL(req.url) }) as never;

interface Answer {
  status: number;
  body: { ok: boolean; error?: string; fieldErrors?: Record<string, string>; result?: Record<string, unknown> };
}

async function post(orderId: string, form: Record<string, string>): Promise<Answer> {
  const answer = (await action(argsOf(request(`/admin/orders/${orderId}`, "POST", form), orderId))) as unknown as {
    data: Answer["body"];
    init: { status: number };
  };
  return { status: answer.init.status, body: answer.data };
}

const load = (orderId: string) => loader(argsOf(request(`/admin/orders/${orderId}`), orderId));

async function setGhn(enabled: boolean) {
  const view = await saveGhnAccount(
    db,
    {
      enabled: enabled ? "on" : "",
      token: STAND_IN_TOKEN,
      shopId: STAND_IN_SHOP_ID,
      environment: "custom",
      customBaseUrl: standIn.baseUrl,
      defaultServiceTypeId: "2",
    },
    accountVersion,
    STAND_IN_HOSTS,
  );
  accountVersion = view.version;
}

async function confirmedOrder(phone = "+84901234567") {
  const product = await insertProduct(db, { name: "Bàn chải UVC", price: 450_000, stock: 5 });
  const customer = await insertCustomer(db, { firstName: "Văn An", lastName: "Nguyễn", phone });
  return insertOrder(db, { customer, lines: [{ product, quantity: 1 }], status: "processing" });
}

const shipmentsOf = (orderId: string) => db.select().from(shipments).where(eq(shipments.orderId, orderId));

describe("GHN from the order page (order route)", () => {
  it("offers GHN only when it is enabled, with GHN's fee for the parcel that would be booked", async () => {
    const order = await confirmedOrder();
    expect((await load(order.id)).shipping.ghn).toBeNull();
    // GHN off: choosing it anyway is refused plainly, nothing written.
    const off = await post(order.id, { intent: "shipment-create", carrier: "ghn" });
    expect(off.status).toBe(400);
    expect(off.body.error).toContain("GHN chưa được bật");
    expect(await shipmentsOf(order.id)).toEqual([]);

    await setGhn(true);
    standIn.requests.length = 0;
    const { shipping } = await load(order.id);
    expect(shipping.ghn).toEqual({ defaultServiceTypeId: 2, estimate: 36_300 });
    const quote = standIn.requests.find((r) => r.path === "/v2/shipping-order/fee");
    expect(quote?.body).toMatchObject({ service_type_id: 2, to_district_id: 1442, to_ward_code: "20108" });
    expect(quote?.body?.weight).toBe(shipping.defaults?.weightGrams);

    // GHN failing: the page still loads, with no estimate.
    standIn.mode = "server-error";
    try {
      expect((await load(order.id)).shipping.ghn).toEqual({ defaultServiceTypeId: 2, estimate: null });
    } finally {
      standIn.mode = "normal";
    }
  });

  it("books through GHN (the code is GHN's), syncs GHN's log, and cancels at GHN", async () => {
    await setGhn(true);
    const order = await confirmedOrder();
    standIn.requests.length = 0;
    // Without JavaScript the manual fields come too: the server ignores them for GHN.
    const booked = await post(order.id, {
      intent: "shipment-create",
      carrier: "ghn",
      carrierName: "",
      trackingCode: "GO-TAY-1",
      service: "Chuẩn",
      weightGrams: "600",
      lengthCm: "20",
      widthCm: "15",
      heightCm: "10",
      feePayer: "shop",
    });
    expect(booked).toMatchObject({ status: 200, body: { ok: true, result: { trackingCode: "FFFNL9HH" } } });
    const create = standIn.requests.find((r) => r.path === "/v2/shipping-order/create");
    expect(create?.body).toMatchObject({ service_type_id: 2, weight: 600, to_phone: "0901234567" });
    const [shipment] = await shipmentsOf(order.id);
    expect(shipment).toMatchObject({ carrier: "ghn", carrierName: "GHN", trackingCode: "FFFNL9HH", status: "booked" });
    // The page now shows the card, with GHN's tracking page.
    const page = await load(order.id);
    expect(page.shipping.ghn).toBeNull();
    expect(page.shipping.shipments[0].trackingUrl).toBe("https://donhang.ghn.vn/?order_code=FFFNL9HH");

    const synced = await post(order.id, { intent: "shipment-sync", shipmentId: shipment.id });
    expect(synced).toMatchObject({ status: 200, body: { ok: true, result: { recorded: 4, moved: 1 } } });
    const [moved] = await shipmentsOf(order.id);
    expect(moved.status).toBe("in_transit");
    const events = await db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipment.id));
    expect(await post(order.id, { intent: "shipment-sync", shipmentId: shipment.id })).toMatchObject({
      body: { result: { recorded: 0 } },
    });
    expect(await db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipment.id))).toHaveLength(
      events.length,
    );
    // Staff may still override GHN's status by hand.
    const delivered = await post(order.id, {
      intent: "shipment-delivered",
      shipmentId: shipment.id,
      version: String(moved.version),
    });
    expect(delivered.body.ok).toBe(true);

    // Another order: booked, then cancelled, at GHN first.
    const other = await confirmedOrder("+84912345678");
    // The stand-in gives every booking the same code; the first shipment is cancelled out of the way.
    await db.update(shipments).set({ trackingCode: "FFFNL9HH-OLD" }).where(eq(shipments.id, shipment.id));
    expect((await post(other.id, { intent: "shipment-create", carrier: "ghn" })).body.ok).toBe(true);
    const [second] = await shipmentsOf(other.id);
    standIn.requests.length = 0;
    const cancelled = await post(other.id, {
      intent: "shipment-cancel",
      shipmentId: second.id,
      version: String(second.version),
    });
    expect(cancelled.body.ok).toBe(true);
    expect(standIn.requests.find((r) => r.path === "/v2/switch-status/cancel")?.body).toEqual({
      order_codes: ["FFFNL9HH"],
    });
    expect((await shipmentsOf(other.id))[0].status).toBe("cancelled");
  });

  it("an unreachable GHN reaches the page as a message, with nothing written", async () => {
    await setGhn(true);
    const order = await confirmedOrder();
    standIn.mode = "server-error";
    try {
      const answer = await post(order.id, { intent: "shipment-create", carrier: "ghn" });
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ ok: false, error: expect.stringContaining("GHN") });
    } finally {
      standIn.mode = "normal";
    }
    expect(await shipmentsOf(order.id)).toEqual([]);

    // A manual shipment has no GHN log to read.
    await setGhn(false);
    expect(
      (await post(order.id, { intent: "shipment-create", carrier: "manual", carrierName: "Viettel Post" })).body.ok,
    ).toBe(true);
    const [manual] = await shipmentsOf(order.id);
    const sync = await post(order.id, { intent: "shipment-sync", shipmentId: manual.id });
    expect(sync).toMatchObject({ status: 400, body: { ok: false, error: "Chỉ cập nhật được vận đơn đặt qua GHN" } });
    expect((await post(order.id, { intent: "shipment-sync", shipmentId: "khong-co" })).status).toBe(404);
  });
});

describe("GHN's own label (admin/shipments/:id/ghn-label)", () => {
  /** A shipment of a confirmed order, booked with GHN under `code` (GHN's order code). */
  async function ghnShipment(code: string) {
    const order = await confirmedOrder();
    const row = await insertShipment(db, { order, trackingCode: code, status: "booked" });
    await db.update(shipments).set({ carrier: "ghn" }).where(eq(shipments.id, row.id));
    return row;
  }

  /** The route's answer: a redirect (Response) or the failure page's data with its status. */
  async function openLabel(shipmentId: string, size = "") {
    const req = request(`/admin/shipments/${shipmentId}/ghn-label${size ? `?size=${size}` : ""}`);
    try {
      return (await ghnLabelLoader(argsOf(req, shipmentId))) as unknown;
    } catch (thrown) {
      return thrown;
    }
  }

  async function failure(shipmentId: string) {
    const before = await db.select().from(shipments).where(eq(shipments.id, shipmentId));
    const answer = (await openLabel(shipmentId)) as {
      data: { message: string; orderId: string };
      init: { status: number };
    };
    // Nothing written: the shipment as it was.
    expect(await db.select().from(shipments).where(eq(shipments.id, shipmentId))).toEqual(before);
    return { status: answer.init.status, message: answer.data.message, orderId: answer.data.orderId };
  }

  it("sends the browser to GHN's print page with a print token, never the API token", async () => {
    await setGhn(true);
    const shipment = await ghnShipment("LABELGHN1");
    standIn.requests.length = 0;
    const answer = await openLabel(shipment.id);
    expect(answer).toBeInstanceOf(Response);
    const redirect = answer as Response;
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get("location") ?? "";
    expect(location).toBe(`${new URL(standIn.baseUrl).origin}/a5/public-api/printA5?token=${STAND_IN_PRINT_TOKEN}`);
    expect(location).not.toContain(STAND_IN_TOKEN);
    expect(redirect.headers.get("cache-control")).toContain("no-store");
    expect(standIn.requests.map((r) => [r.path, r.body])).toEqual([
      ["/v2/a5/gen-token", { order_codes: ["LABELGHN1"] }],
    ]);
    // The browser then opens GHN's page.
    expect((await fetch(location)).status).toBe(200);

    const thermal = (await openLabel(shipment.id, "80x80")) as Response;
    expect(thermal.headers.get("location")).toContain("/a5/public-api/print80x80?token=");
    // A size GHN does not print: A5.
    const unknown = (await openLabel(shipment.id, "a4")) as Response;
    expect(unknown.headers.get("location")).toContain("/a5/public-api/printA5?token=");
  });

  it("says plainly why there is no GHN label, and changes nothing", async () => {
    await setGhn(true);
    const refused = await ghnShipment(UNPRINTABLE_ORDER_CODE);
    expect(await failure(refused.id)).toMatchObject({
      status: 400,
      message: "GHN từ chối: Không tìm thấy đơn hàng để in",
      orderId: refused.orderId,
    });

    const shipment = await ghnShipment("LABELGHN2");
    standIn.mode = "server-error";
    try {
      expect(await failure(shipment.id)).toMatchObject({ status: 503, message: GHN_UNAVAILABLE_MESSAGE });
    } finally {
      standIn.mode = "normal";
    }

    const manual = await insertShipment(db, {
      order: await confirmedOrder(),
      trackingCode: "VTP-LABEL-1",
      status: "booked",
    });
    expect(await failure(manual.id)).toMatchObject({ status: 400, message: NOT_A_GHN_SHIPMENT_MESSAGE });

    await db.update(shipments).set({ status: "cancelled" }).where(eq(shipments.id, shipment.id));
    expect(await failure(shipment.id)).toMatchObject({ status: 400, message: CANCELLED_GHN_SHIPMENT_MESSAGE });

    const live = await ghnShipment("LABELGHN3");
    await setGhn(false);
    expect((await failure(live.id)).message).toContain("GHN chưa được bật");

    const missing = (await openLabel("00000000-0000-4000-8000-000000000000")) as { init: { status: number } };
    expect(missing.init.status).toBe(404);
  });
});
