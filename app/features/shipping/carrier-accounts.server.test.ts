import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carrierAccounts, carrierMasterData, carrierWardMap, shipments } from "~/db/schema";
import { setUpTestDatabase } from "~/test/database";
import { insertCustomer, insertOrder, insertProduct, TEST_EMAIL_LINKS } from "~/test/orders-fixture";
import {
  STAND_IN_HOSTS,
  STAND_IN_SHOP_ID,
  STAND_IN_TOKEN,
  ghnBookingRequest,
  startGhnStandIn,
  type GhnStandIn,
} from "~/test/ghn-stand-in";
import type { CarrierUpdate } from "./carrier";
import {
  authenticateGhnWebhook,
  carrierGatewayFor,
  changesGhnBaseUrl,
  estimateGhnFee,
  getGhnAccountView,
  ghnGateway,
  receiveGhnWebhook,
  rotateGhnWebhookSecret,
  saveGhnAccount,
  syncGhnShipment,
  testGhnConnection,
} from "./carrier-accounts.server";
import { createShipment } from "./shipments.server";
import { GHN_HOST_NOT_ALLOWED_MESSAGE, GHN_PRODUCTION_URL, GHN_SANDBOX_URL } from "./carrier-accounts.schema";
import { thrownAppError } from "~/test/app-error";

const { db } = await setUpTestDatabase({
  seed: "shop-without-content",
  resetTables: [carrierWardMap, carrierMasterData, carrierAccounts],
});

let standIn: GhnStandIn;
beforeAll(async () => {
  standIn = await startGhnStandIn();
});
afterAll(async () => {
  await standIn.close();
});

const form = (values: Record<string, string> = {}) => ({
  enabled: "on",
  token: STAND_IN_TOKEN,
  shopId: STAND_IN_SHOP_ID,
  environment: "custom",
  customBaseUrl: standIn.baseUrl,
  defaultServiceTypeId: "2",
  ...values,
});

const request = ghnBookingRequest({ items: [{ name: "Bàn chải UVC", sku: "UVC-01", quantity: 1 }] });

describe("GHN account", () => {
  it("starts unsaved on GHN's production URL", async () => {
    expect(await getGhnAccountView(db)).toMatchObject({
      saved: false,
      enabled: false,
      baseUrl: GHN_PRODUCTION_URL,
      version: null,
      webhookPath: null,
    });
  });

  it("first save creates the row with a long random webhook secret; the view never holds the token", async () => {
    const view = await saveGhnAccount(db, form(), null, STAND_IN_HOSTS);
    expect(view).toMatchObject({
      saved: true,
      enabled: true,
      tokenHint: "…efb9",
      shopId: "885",
      environment: "custom",
      version: 1,
    });
    expect(JSON.stringify(view)).not.toContain(STAND_IN_TOKEN);
    const [row] = await db.select().from(carrierAccounts);
    expect(row.token).toBe(STAND_IN_TOKEN);
    expect(row.webhookSecret.length).toBeGreaterThanOrEqual(32);
    expect(view.webhookPath).toBe(`/api/carriers/ghn/webhook/${row.webhookSecret}`);
  });

  it("an empty token keeps the saved one; the secret stays; a stale version is refused", async () => {
    await saveGhnAccount(db, form(), null, STAND_IN_HOSTS);
    const [before] = await db.select().from(carrierAccounts);
    const view = await saveGhnAccount(db, form({ token: "", environment: "sandbox" }), 1, STAND_IN_HOSTS);
    expect(view).toMatchObject({ environment: "sandbox", baseUrl: GHN_SANDBOX_URL, tokenHint: "…efb9", version: 2 });
    const [after] = await db.select().from(carrierAccounts);
    expect(after.token).toBe(STAND_IN_TOKEN);
    expect(after.webhookSecret).toBe(before.webhookSecret);

    const stale = await thrownAppError(saveGhnAccount(db, form(), 1, STAND_IN_HOSTS));
    expect(stale.kind).toBe("conflict");
    const again = await thrownAppError(saveGhnAccount(db, form(), null, STAND_IN_HOSTS));
    expect(again.kind).toBe("conflict");
  });

  it("bad input: clear messages, nothing written", async () => {
    const error = await thrownAppError(
      saveGhnAccount(
        db,
        form({ shopId: "abc", environment: "custom", customBaseUrl: "ftp://x", token: "có dấu" }),
        null,
      ),
    );
    expect(error.fieldErrors).toMatchObject({
      shopId: "Mã cửa hàng (ShopId) là một dãy số",
      customBaseUrl: "Nhập địa chỉ bắt đầu bằng http:// hoặc https://",
      token: "Token chỉ gồm chữ, số và dấu gạch ngang",
    });
    const noToken = await thrownAppError(saveGhnAccount(db, form({ token: "" }), null, STAND_IN_HOSTS));
    expect(noToken.fieldErrors).toEqual({ token: "Nhập token API của GHN để bật GHN" });
    expect(await db.select().from(carrierAccounts)).toEqual([]);
  });

  it("sends the token only to GHN's official hosts, or to a test host the environment names (issue 30)", async () => {
    // Without test hosts (a shop's default), another host is refused, however it is written.
    for (const customBaseUrl of [
      standIn.baseUrl,
      "https://attacker.example/shiip/public-api",
      "http://online-gateway.ghn.vn/shiip/public-api",
      "https://online-gateway.ghn.vn.attacker.example/shiip/public-api",
      "https://online-gateway.ghn.vn@attacker.example/shiip/public-api",
      "https://user:pass@online-gateway.ghn.vn/shiip/public-api",
    ]) {
      const refused = await thrownAppError(saveGhnAccount(db, form({ customBaseUrl }), null));
      expect(refused.fieldErrors, customBaseUrl).toEqual({ customBaseUrl: GHN_HOST_NOT_ALLOWED_MESSAGE });
      expect(await thrownAppError(changesGhnBaseUrl(db, form({ customBaseUrl })))).toMatchObject({ kind: "invalid" });
    }
    expect(await db.select().from(carrierAccounts)).toEqual([]);
    expect(GHN_HOST_NOT_ALLOWED_MESSAGE).toBe(
      "Chỉ dùng được địa chỉ API chính thức của GHN (online-gateway.ghn.vn hoặc dev-online-gateway.ghn.vn, https)",
    );

    // GHN's own hosts, by name or typed: production is where a first save already sends the token.
    expect(await changesGhnBaseUrl(db, form({ environment: "production" }))).toBe(false);
    expect(await changesGhnBaseUrl(db, form({ environment: "sandbox" }))).toBe(true);
    expect(await changesGhnBaseUrl(db, form({ customBaseUrl: `${GHN_SANDBOX_URL}/` }))).toBe(true);
    const saved = await saveGhnAccount(db, form({ customBaseUrl: `${GHN_PRODUCTION_URL}/` }), null);
    expect(saved).toMatchObject({ baseUrl: GHN_PRODUCTION_URL, environment: "production" });
    expect(await changesGhnBaseUrl(db, form({ environment: "production" }))).toBe(false);

    // The stand-in's host, named by the test suite's environment.
    expect(await changesGhnBaseUrl(db, form(), STAND_IN_HOSTS)).toBe(true);
    expect(await saveGhnAccount(db, form(), 1, STAND_IN_HOSTS)).toMatchObject({ baseUrl: standIn.baseUrl });
    expect(await changesGhnBaseUrl(db, form(), STAND_IN_HOSTS)).toBe(false);
  });

  it("connection test calls GHN with the saved token, and reports a wrong token", async () => {
    expect((await thrownAppError(testGhnConnection(db))).message).toBe(
      "Lưu token và mã cửa hàng GHN trước khi kiểm tra kết nối",
    );
    await saveGhnAccount(db, form(), null, STAND_IN_HOSTS);
    expect(await testGhnConnection(db)).toEqual({ shopName: "UVC Care" });
    await saveGhnAccount(db, form({ token: "token-sai" }), 1, STAND_IN_HOSTS);
    expect((await thrownAppError(testGhnConnection(db))).message).toContain(
      "GHN từ chối: token hoặc mã cửa hàng không đúng",
    );
  });

  it("the gateway exists only when enabled; master data and the ward match are cached in the database", async () => {
    await saveGhnAccount(db, form({ enabled: "" }), null, STAND_IN_HOSTS);
    expect(await ghnGateway(db)).toBeNull();
    await saveGhnAccount(db, form(), 1, STAND_IN_HOSTS);
    const gateway = await ghnGateway(db);
    expect(await gateway?.quote(request)).toEqual({ fee: 36300, service: "2" });
    const [mapped] = await db.select().from(carrierWardMap);
    expect(mapped).toMatchObject({
      carrier: "ghn",
      addressStructure: "legacy",
      wardCode: "27160",
      carrierDistrictId: "1452",
      carrierWardId: "21014",
    });
    const resources = (await db.select({ resource: carrierMasterData.resource }).from(carrierMasterData))
      .map((r) => r.resource)
      .sort();
    expect(resources).toEqual(["district:202", "province", "ward:1452"]);

    standIn.requests.length = 0;
    await (await ghnGateway(db))?.quote(request);
    expect(standIn.requests.map((r) => r.path)).toEqual(["/v2/shipping-order/fee"]);
  });

  it("the checkout estimate is null (never an error) when GHN is off, slow or refuses", async () => {
    expect(await estimateGhnFee(db, request)).toBeNull();
    await saveGhnAccount(db, form(), null, STAND_IN_HOSTS);
    expect(await estimateGhnFee(db, request)).toBe(36300);
    standIn.mode = "slow";
    standIn.slowMs = 1_000;
    try {
      const started = Date.now();
      expect(await estimateGhnFee(db, request, { timeoutMs: 100 })).toBeNull();
      expect(Date.now() - started).toBeLessThan(900);
    } finally {
      standIn.mode = "normal";
    }
  });
});

describe("GHN webhook secret rotation", () => {
  it("draws a new secret: the old URL is refused, the new one passes; a stale version changes nothing", async () => {
    await saveGhnAccount(db, form(), null, STAND_IN_HOSTS);
    const [before] = await db.select().from(carrierAccounts);
    const view = await rotateGhnWebhookSecret(db, 1);
    const [after] = await db.select().from(carrierAccounts);
    expect(after.webhookSecret).not.toBe(before.webhookSecret);
    expect(after.webhookSecret.length).toBeGreaterThanOrEqual(32);
    expect(view).toMatchObject({ version: 2, webhookPath: `/api/carriers/ghn/webhook/${after.webhookSecret}` });
    expect((await thrownAppError(authenticateGhnWebhook(db, before.webhookSecret))).kind).toBe("unauthorized");
    await expect(authenticateGhnWebhook(db, after.webhookSecret)).resolves.toBeUndefined();
    expect((await thrownAppError(rotateGhnWebhookSecret(db, 1))).kind).toBe("conflict");
    const [still] = await db.select().from(carrierAccounts);
    expect(still.webhookSecret).toBe(after.webhookSecret);
  });
});

describe("GHN webhook authentication", () => {
  it("a wrong or missing secret is unauthorized; a disabled account is not found; the right one passes", async () => {
    expect((await thrownAppError(authenticateGhnWebhook(db, "x"))).kind).toBe("unauthorized");
    await saveGhnAccount(db, form(), null, STAND_IN_HOSTS);
    const [row] = await db.select().from(carrierAccounts);
    expect((await thrownAppError(authenticateGhnWebhook(db, undefined))).kind).toBe("unauthorized");
    expect((await thrownAppError(authenticateGhnWebhook(db, `${row.webhookSecret}x`))).kind).toBe("unauthorized");
    await expect(authenticateGhnWebhook(db, row.webhookSecret)).resolves.toBeUndefined();
    await saveGhnAccount(db, form({ enabled: "" }), 1, STAND_IN_HOSTS);
    expect((await thrownAppError(authenticateGhnWebhook(db, row.webhookSecret))).kind).toBe("not_found");
  });
});

describe("GHN webhook call", () => {
  const body = JSON.stringify({
    OrderCode: "Z82BS",
    Status: "delivered",
    Type: "switch_status",
    Time: "2021-11-14T02:00:00.000Z",
    Warehouse: "Bưu Cục 229 Quan Nhân-Q.Thanh Xuân-HN",
  });

  it("records nothing for a wrong secret, a disabled account or a bad body; records the update otherwise", async () => {
    const recorded: CarrierUpdate[][] = [];
    const record = async (updates: CarrierUpdate[]) => void recorded.push(updates);
    expect((await thrownAppError(receiveGhnWebhook(db, "sai", async () => body, record))).kind).toBe("unauthorized");
    await saveGhnAccount(db, form(), null, STAND_IN_HOSTS);
    const [row] = await db.select().from(carrierAccounts);
    expect((await thrownAppError(receiveGhnWebhook(db, "sai", async () => body, record))).kind).toBe("unauthorized");
    expect(
      (await thrownAppError(receiveGhnWebhook(db, row.webhookSecret, async () => "{not json", record))).message,
    ).toBe("Dữ liệu GHN gửi không hợp lệ");
    expect(
      (
        await thrownAppError(
          receiveGhnWebhook(db, row.webhookSecret, async () => JSON.stringify({ OrderCode: "Z82BS" }), record),
        )
      ).kind,
    ).toBe("invalid");
    expect(
      (await thrownAppError(receiveGhnWebhook(db, row.webhookSecret, async () => "x".repeat(70_000), record))).kind,
    ).toBe("invalid");
    expect(recorded).toEqual([]);

    const { update } = await receiveGhnWebhook(db, row.webhookSecret, async () => body, record);
    expect(update).toMatchObject({
      trackingCode: "Z82BS",
      status: "delivered",
      externalKey: "ghn:Z82BS:delivered:2021-11-14T02:00:00.000Z",
    });
    // A replay carries the same key: the shipping service's unique (shipment, external key) makes it a no-op.
    await receiveGhnWebhook(db, row.webhookSecret, async () => body, record);
    expect(recorded.map(([u]) => u.externalKey)).toEqual([update?.externalKey, update?.externalKey]);

    await saveGhnAccount(db, form({ enabled: "" }), 1, STAND_IN_HOSTS);
    expect((await thrownAppError(receiveGhnWebhook(db, row.webhookSecret, async () => body, record))).kind).toBe(
      "not_found",
    );
    expect(recorded).toHaveLength(2);
  });
});

describe("GHN shipments through the shipping service", () => {
  it("books an order's parcel with GHN (the order's current-structure ward found at GHN), then syncs GHN's log", async () => {
    const product = await insertProduct(db, { name: "Bàn chải UVC", price: 450_000, stock: 5 });
    const customer = await insertCustomer(db, { firstName: "Văn An", lastName: "Nguyễn", phone: "+84901234567" });
    const order = await insertOrder(db, { customer, lines: [{ product, quantity: 1 }], status: "processing" });
    const input = { carrier: "ghn", carrierName: "GHN", weightGrams: 500, lengthCm: 20, widthCm: 15, heightCm: 10 };

    expect((await thrownAppError(carrierGatewayFor(db, "ghn"))).message).toContain("GHN chưa được bật");
    expect(await carrierGatewayFor(db, "manual")).toBeUndefined();
    await saveGhnAccount(db, form(), null, STAND_IN_HOSTS);

    standIn.requests.length = 0;
    const actor = { userId: null, name: "Kho" };
    const shipment = await createShipment(
      db,
      order.id,
      input,
      actor,
      TEST_EMAIL_LINKS,
      await carrierGatewayFor(db, "ghn"),
    );
    expect(shipment).toMatchObject({
      carrier: "ghn",
      carrierName: "GHN",
      trackingCode: "FFFNL9HH",
      carrierFee: 33000,
      service: "2",
    });
    const create = standIn.requests.find((r) => r.path === "/v2/shipping-order/create");
    expect(create?.body).toMatchObject({
      to_phone: "0901234567",
      to_ward_code: "20108",
      to_district_id: 1442,
      cod_amount: shipment.codAmount,
    });

    const synced = await syncGhnShipment(db, "FFFNL9HH", actor, TEST_EMAIL_LINKS);
    expect(synced).toMatchObject({ recorded: 4, replayed: 0, unknownCodes: [] });
    const [row] = await db.select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(row.status).toBe("in_transit");
    // The same log again: nothing new.
    expect(await syncGhnShipment(db, "FFFNL9HH", actor, TEST_EMAIL_LINKS)).toMatchObject({ recorded: 0, replayed: 4 });
  });

  it("an unreachable GHN writes no shipment", async () => {
    const product = await insertProduct(db, { name: "Bàn chải UVC", price: 450_000, stock: 5 });
    const customer = await insertCustomer(db, { firstName: "Bình", lastName: "Trần", phone: "+84912345678" });
    const order = await insertOrder(db, { customer, lines: [{ product, quantity: 1 }], status: "processing" });
    await saveGhnAccount(db, form(), null, STAND_IN_HOSTS);
    standIn.mode = "slow";
    standIn.slowMs = 1_000;
    try {
      const gateway = await carrierGatewayFor(db, "ghn", { timeoutMs: 100 });
      const input = { carrier: "ghn", carrierName: "GHN", weightGrams: 500, lengthCm: 20, widthCm: 15, heightCm: 10 };
      const error = await thrownAppError(
        createShipment(db, order.id, input, { userId: null, name: "Kho" }, TEST_EMAIL_LINKS, gateway),
      );
      expect(error.message).toBe("GHN không phản hồi, vui lòng thử lại sau");
    } finally {
      standIn.mode = "normal";
    }
    expect(await db.select().from(shipments).where(eq(shipments.orderId, order.id))).toEqual([]);
  });
});
