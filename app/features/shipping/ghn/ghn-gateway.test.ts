import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  REFUSED_PHONE,
  STAND_IN_PRINT_TOKEN,
  STAND_IN_SHOP_ID,
  STAND_IN_TOKEN,
  UNPRINTABLE_ORDER_CODE,
  ghnBookingRequest,
  ghnFixture,
  startGhnStandIn,
  type GhnStandIn,
} from "~/test/ghn-stand-in";
import { GHN_MALFORMED_MESSAGE, GHN_UNAVAILABLE_MESSAGE } from "./ghn-client.server";
import { GHN_PRODUCTION_URL } from "../carrier-accounts.schema";
import {
  checkGhnConnection,
  createGhnGateway,
  ghnLabelUrl,
  ghnPhone,
  ghnRequiredNote,
  ghnStatusToShipment,
} from "./ghn-gateway.server";
import { locateGhnWard, memoryMasterDataStore, placeKey } from "./ghn-locations.server";
import { parseGhnWebhook, webhookSecretMatches } from "./ghn-webhook.server";
import { thrownAppError } from "~/test/app-error";

let standIn: GhnStandIn;
beforeAll(async () => {
  standIn = await startGhnStandIn();
});
afterAll(async () => {
  await standIn.close();
});
beforeEach(() => {
  standIn.mode = "normal";
  standIn.requests.length = 0;
});

const account = () => ({ baseUrl: standIn.baseUrl, token: STAND_IN_TOKEN, shopId: STAND_IN_SHOP_ID });

const request = ghnBookingRequest;

describe("GHN gateway against the local stand-in", () => {
  it("books an order with GHN's documented fields and headers, and keeps GHN's answer", async () => {
    const gateway = createGhnGateway(account());
    const booking = await gateway.book(request());
    expect(booking).toMatchObject({ trackingCode: "FFFNL9HH", fee: 33000, service: "2" });
    expect(booking.expectedDeliveryAt?.toISOString()).toBe("2020-06-03T16:00:00.000Z");
    expect(booking.carrierData).toMatchObject({ sortCode: "19-70-03", districtId: 1452, wardCode: "21014" });

    const create = standIn.requests.find((r) => r.path === "/v2/shipping-order/create");
    expect(create?.headers.token).toBe(STAND_IN_TOKEN);
    expect(create?.headers.shopid).toBe(STAND_IN_SHOP_ID);
    expect(create?.body).toMatchObject({
      payment_type_id: 1,
      required_note: "CHOXEMHANGKHONGTHU",
      client_order_code: "DH000123",
      to_name: "Nguyễn Văn An",
      to_phone: "0987654321",
      to_ward_code: "21014",
      to_district_id: 1452,
      cod_amount: 450_000,
      weight: 500,
      length: 20,
      width: 15,
      height: 10,
      service_type_id: 2,
      insurance_value: 450_000,
      items: [{ name: "Bàn chải UVC", code: "UVC-01", quantity: 2 }],
    });
  });

  it("buyer pays the fee: payment type 2; a service asked for is used", async () => {
    await createGhnGateway(account()).book(request({ feePayer: "buyer", service: "5" }));
    const create = standIn.requests.find((r) => r.path === "/v2/shipping-order/create");
    expect(create?.body).toMatchObject({ payment_type_id: 2, service_type_id: 5 });
  });

  it("quotes GHN's total fee", async () => {
    const quote = await createGhnGateway(account()).quote(request());
    expect(quote).toEqual({ fee: 36300, service: "2" });
    const fee = standIn.requests.find((r) => r.path === "/v2/shipping-order/fee");
    expect(fee?.body).toMatchObject({
      to_district_id: 1452,
      to_ward_code: "21014",
      weight: 500,
      insurance_value: 450_000,
    });
  });

  it("cancels by order code and reads the order's log as our updates", async () => {
    const gateway = createGhnGateway(account());
    await gateway.cancel("FFFNL9HH");
    expect(standIn.requests.at(-1)?.body).toEqual({ order_codes: ["FFFNL9HH"] });

    const updates = await gateway.fetchUpdates("FFFNL9HH");
    expect(updates.map((u) => [u.carrierStatus, u.status])).toEqual([
      ["ready_to_pick", "booked"],
      ["picking", "booked"],
      ["picked", "in_transit"],
      ["delivering", "in_transit"],
    ]);
    expect(updates[2]).toMatchObject({
      trackingCode: "FFFNL9HH",
      description: "GHN đã lấy hàng",
      externalKey: "ghn:FFFNL9HH:picked:2020-05-29T14:15:45.201Z",
    });
    // The same log read again gives the same keys (a second fetch records nothing new).
    expect((await gateway.fetchUpdates("FFFNL9HH")).map((u) => u.externalKey)).toEqual(
      updates.map((u) => u.externalKey),
    );
    expect(gateway.trackingUrl("FFFNL9HH")).toBe("https://donhang.ghn.vn/?order_code=FFFNL9HH");
  });

  it("GHN's refusal (400) is quoted in Vietnamese", async () => {
    const error = await thrownAppError(
      createGhnGateway(account()).book(request({ recipient: { ...request().recipient, phone: REFUSED_PHONE } })),
    );
    expect(error.kind).toBe("invalid");
    expect(error.message).toBe("GHN từ chối: Số điện thoại người nhận không hợp lệ");
  });

  it("a wrong token is GHN's 401, said plainly", async () => {
    const error = await thrownAppError(createGhnGateway({ ...account(), token: "sai-token" }).quote(request()));
    expect(error.kind).toBe("invalid");
    expect(error.message).toContain("GHN từ chối: token hoặc mã cửa hàng không đúng");
  });

  it("a slow GHN times out with a clear message", async () => {
    standIn.mode = "slow";
    standIn.slowMs = 2_000;
    const started = Date.now();
    const error = await thrownAppError(createGhnGateway(account(), { timeoutMs: 150 }).book(request()));
    expect(error).toMatchObject({ kind: "unavailable", message: GHN_UNAVAILABLE_MESSAGE });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("malformed JSON and a 502 page are unavailable, never a raw stack", async () => {
    standIn.mode = "malformed";
    expect(await thrownAppError(createGhnGateway(account()).quote(request()))).toMatchObject({
      kind: "unavailable",
      message: GHN_MALFORMED_MESSAGE,
    });
    standIn.mode = "server-error";
    expect(await thrownAppError(createGhnGateway(account()).quote(request()))).toMatchObject({
      kind: "unavailable",
      message: GHN_UNAVAILABLE_MESSAGE,
    });
  });

  it("an unreachable GHN (connection refused) is unavailable", async () => {
    const error = await thrownAppError(
      createGhnGateway({ ...account(), baseUrl: "http://127.0.0.1:1/shiip/public-api" }).quote(request()),
    );
    expect(error).toMatchObject({ kind: "unavailable", message: GHN_UNAVAILABLE_MESSAGE });
  });

  it("connection test names the shop, or says the shop id is not the token's", async () => {
    expect(await checkGhnConnection(account())).toEqual({ shopName: "UVC Care" });
    expect(standIn.requests.at(-1)?.path).toBe("/v2/shop/all");
    const error = await thrownAppError(checkGhnConnection({ ...account(), shopId: "999" }));
    expect(error.message).toContain("không có cửa hàng mã 999");
  });
});

describe("GHN's own label (print token, then GHN's print page)", () => {
  it("asks a print token for the order code with the API token; the print page opens with the print token alone", async () => {
    const url = await ghnLabelUrl(account(), "FFFNL9HH", "a5");
    const origin = new URL(standIn.baseUrl).origin;
    expect(url).toBe(`${origin}/a5/public-api/printA5?token=${STAND_IN_PRINT_TOKEN}`);
    expect(url).not.toContain(STAND_IN_TOKEN);
    const genToken = standIn.requests.at(-1);
    expect(genToken).toMatchObject({ method: "POST", path: "/v2/a5/gen-token", body: { order_codes: ["FFFNL9HH"] } });
    expect(genToken?.headers.token).toBe(STAND_IN_TOKEN);
    expect(genToken?.headers.shopid).toBe(STAND_IN_SHOP_ID);
    // As the staff browser opens it: no API token, no shop id.
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Phiếu gửi GHN (printA5)");
    expect(standIn.requests.at(-1)?.headers.token).toBeUndefined();

    expect(await ghnLabelUrl(account(), "FFFNL9HH", "80x80")).toBe(
      `${origin}/a5/public-api/print80x80?token=${STAND_IN_PRINT_TOKEN}`,
    );
    expect(await ghnLabelUrl(account(), "FFFNL9HH", "52x70")).toBe(
      `${origin}/a5/public-api/print52x70?token=${STAND_IN_PRINT_TOKEN}`,
    );
  });

  it("on GHN's own host the print page sits at the root, beside /shiip/public-api", async () => {
    const answered: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      answered.push(String(input));
      return new Response(JSON.stringify(ghnFixture("gen-token")), { status: 200 });
    };
    const url = await ghnLabelUrl({ ...account(), baseUrl: GHN_PRODUCTION_URL }, "LK7GT9", "a5", { fetch: fakeFetch });
    expect(answered).toEqual(["https://online-gateway.ghn.vn/shiip/public-api/v2/a5/gen-token"]);
    expect(url).toBe(`https://online-gateway.ghn.vn/a5/public-api/printA5?token=${STAND_IN_PRINT_TOKEN}`);
  });

  it("GHN's refusal is quoted; a slow GHN times out; an answer without a token is malformed", async () => {
    const refused = await thrownAppError(ghnLabelUrl(account(), UNPRINTABLE_ORDER_CODE, "a5"));
    expect(refused).toMatchObject({ kind: "invalid", message: "GHN từ chối: Không tìm thấy đơn hàng để in" });

    standIn.mode = "slow";
    standIn.slowMs = 2_000;
    const started = Date.now();
    const slow = await thrownAppError(ghnLabelUrl(account(), "FFFNL9HH", "a5", { timeoutMs: 150 }));
    expect(slow).toMatchObject({ kind: "unavailable", message: GHN_UNAVAILABLE_MESSAGE });
    expect(Date.now() - started).toBeLessThan(1_500);

    const noToken: typeof fetch = async () =>
      new Response(JSON.stringify({ code: 200, message: "Success", data: {} }), { status: 200 });
    expect(await thrownAppError(ghnLabelUrl(account(), "FFFNL9HH", "a5", { fetch: noToken }))).toMatchObject({
      kind: "unavailable",
      message: GHN_MALFORMED_MESSAGE,
    });
  });
});

describe("GHN ward mapping", () => {
  it("matches names without accents or prefixes, with GHN's NameExtension spellings", () => {
    expect(placeKey("Thành phố Hồ Chí Minh")).toBe(placeKey("TP.Hồ Chí Minh"));
    expect(placeKey("Phường 05")).toBe("5");
    expect(placeKey("Quận 10")).toBe(placeKey("Q.10"));
    expect(placeKey("Thị trấn Củ Chi")).toBe("cu chi");
  });

  it("legacy: province → district → ward, then from the cache without calling GHN", async () => {
    const store = memoryMasterDataStore();
    const gateway = createGhnGateway(account(), { store });
    await gateway.quote(request());
    const calls = standIn.requests.length;
    await gateway.quote(request());
    expect(standIn.requests.length).toBe(calls + 1); // only the fee call
    expect(await store.readWard("legacy", "27160")).toEqual({ provinceId: 202, districtId: 1452, wardCode: "21014" });
  });

  it("current (no district): looks in every district of the province", async () => {
    const store = memoryMasterDataStore();
    const { createGhnClient } = await import("./ghn-client.server");
    const client = createGhnClient(account());
    const place = await locateGhnWard(client, store, {
      wardName: "Phường Bến Thành",
      wardCode: "26743",
      districtName: null,
      provinceName: "Thành phố Hồ Chí Minh",
      addressStructure: "current",
    });
    expect(place).toEqual({ provinceId: 202, districtId: 1442, wardCode: "20108" });
  });

  it("a ward GHN lacks, or one that matches in two districts, is refused by name", async () => {
    const { createGhnClient } = await import("./ghn-client.server");
    const client = createGhnClient(account());
    const base = { districtName: null, provinceName: "Hồ Chí Minh", addressStructure: "current" as const };
    const missing = await thrownAppError(
      locateGhnWard(client, memoryMasterDataStore(), { ...base, wardName: "Phường Sài Gòn", wardCode: "26740" }),
    );
    expect(missing.message).toBe("Không tìm thấy Phường Sài Gòn ở GHN: hãy tạo vận đơn thủ công");
    const twice = await thrownAppError(
      locateGhnWard(client, memoryMasterDataStore(), { ...base, wardName: "Phường 14", wardCode: "27160" }),
    );
    expect(twice.message).toBe("Phường 14 khớp nhiều nơi ở GHN: hãy tạo vận đơn thủ công");
    const noProvince = await thrownAppError(
      locateGhnWard(client, memoryMasterDataStore(), {
        ...base,
        provinceName: "Tỉnh Cà Mau",
        wardName: "Phường 1",
        wardCode: "32002",
      }),
    );
    expect(noProvince.message).toBe("Không tìm thấy Tỉnh Cà Mau ở GHN: hãy tạo vận đơn thủ công");
  });
});

describe("GHN statuses, notes and webhook", () => {
  it("maps GHN statuses to ours (returned at GHN is news: staff receive the parcel)", () => {
    expect(ghnStatusToShipment("ready_to_pick")).toBe("booked");
    expect(ghnStatusToShipment("sorting")).toBe("in_transit");
    expect(ghnStatusToShipment("delivered")).toBe("delivered");
    expect(ghnStatusToShipment("delivery_fail")).toBeNull();
    expect(ghnStatusToShipment("delivery_fail", "waiting_to_return")).toBe("failed");
    expect(ghnStatusToShipment("return_transporting")).toBe("returning");
    expect(ghnStatusToShipment("returned")).toBeNull();
    expect(ghnStatusToShipment("cancel")).toBe("cancelled");
    expect(ghnStatusToShipment("lost")).toBeNull();
  });

  it("sends phones in GHN's national form", () => {
    expect(ghnPhone("+84901234567")).toBe("0901234567");
    expect(ghnPhone("0901 234 567")).toBe("0901234567");
  });

  it("maps the courier note to GHN's required_note", () => {
    expect(ghnRequiredNote("Cho xem hàng, không thử")).toBe("CHOXEMHANGKHONGTHU");
    expect(ghnRequiredNote("Không cho xem hàng")).toBe("KHONGCHOXEMHANG");
    expect(ghnRequiredNote("Cho thử hàng")).toBe("CHOTHUHANG");
    expect(ghnRequiredNote("Gọi trước khi giao")).toBe("CHOXEMHANGKHONGTHU");
  });

  it("parses GHN's documented callback into one update with a stable key", () => {
    const update = parseGhnWebhook(ghnFixture("webhook-create"));
    expect(update).toEqual({
      trackingCode: "Z82BS",
      status: "booked",
      carrierStatus: "ready_to_pick",
      description: "GHN đã nhận đơn, chờ lấy hàng (Bưu Cục 229 Quan Nhân-Q.Thanh Xuân-HN)",
      occurredAt: new Date("2021-11-11T03:52:50.158Z"),
      externalKey: "ghn:Z82BS:ready_to_pick:2021-11-11T03:52:50.158Z",
    });
    const fail = parseGhnWebhook(ghnFixture("webhook-delivery-fail"));
    expect(fail).toMatchObject({ status: null, description: expect.stringContaining("Khách hàng từ chối nhận hàng") });
    expect(parseGhnWebhook({ ...ghnFixture("webhook-create"), Type: "update_weight" })).toBeNull();
  });

  it("refuses bodies that are not GHN's", () => {
    for (const body of [
      null,
      "x",
      {},
      { ...ghnFixture("webhook-create"), Time: "hôm qua" },
      { ...ghnFixture("webhook-create"), OrderCode: "<script>" },
    ]) {
      expect(() => parseGhnWebhook(body)).toThrowError("Dữ liệu GHN gửi không hợp lệ");
    }
  });

  it("compares webhook secrets", () => {
    expect(webhookSecretMatches("abc", "abc")).toBe(true);
    expect(webhookSecretMatches("abd", "abc")).toBe(false);
    expect(webhookSecretMatches(undefined, "abc")).toBe(false);
    expect(webhookSecretMatches("", "")).toBe(false);
  });
});
