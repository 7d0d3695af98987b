import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  emailOutbox,
  orderStatusHistory,
  orders,
  products,
  shipmentEvents,
  shipments,
  stockMovements,
} from "~/db/schema";
import { saveSetting } from "~/features/settings/settings.server";
import { AppError } from "~/server/errors.server";
import { setUpTestDatabase } from "~/test/database";
import { insertCustomer, insertOrder, insertProduct, TEST_EMAIL_LINKS } from "~/test/orders-fixture";
import type { CarrierBookingRequest, CarrierGateway, CarrierUpdate } from "./carrier";
import {
  cancelShipment,
  createShipment,
  getOrderShipments,
  getShipmentDefaults,
  getShipmentLabels,
  getShipmentTracking,
  importTrackingCodes,
  listShipments,
  markDelivered,
  markFailed,
  markInTransit,
  markReturning,
  receiveReturn,
  recordShipmentUpdates,
  setTrackingCode,
} from "./shipments.server";
import { expectAppError } from "~/test/app-error";

const { db } = await setUpTestDatabase({ seed: "shop-without-content" });
const actor = { userId: null, name: "Nhân viên kho" };

async function orderOf(id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}
async function shipmentOf(id: string) {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id));
  return row;
}
async function stockOf(id: number) {
  const [row] = await db
    .select({ stock: products.stockQuantity, sold: products.soldCount })
    .from(products)
    .where(eq(products.id, id));
  return row;
}

/** A confirmed order (processing) of two products: 2 × 150.000 + 1 × 200.000, shipping 30.000. */
async function confirmedOrder(extra: { status?: "pending" | "processing" | "shipped" | "cancelled" } = {}) {
  const kettle = await insertProduct(db, { name: "Ấm siêu tốc", price: 150_000, stock: 10, soldCount: 2 });
  const cup = await insertProduct(db, { name: "Cốc sứ", price: 200_000, stock: 5, soldCount: 1 });
  await db
    .update(products)
    .set({ shippingWeightGrams: 800, shippingLengthCm: 25, shippingWidthCm: 20, shippingHeightCm: 18 })
    .where(eq(products.id, kettle.id));
  await db
    .update(products)
    .set({ shippingWeightGrams: 350, shippingLengthCm: 12, shippingWidthCm: 12, shippingHeightCm: 12 })
    .where(eq(products.id, cup.id));
  const customer = await insertCustomer(db, { firstName: "Văn An", lastName: "Nguyễn", phone: "+84901234567" });
  const order = await insertOrder(db, {
    customer,
    lines: [
      { product: kettle, quantity: 2 },
      { product: cup, quantity: 1 },
    ],
    shippingFee: 30_000,
    status: extra.status ?? "processing",
  });
  return { order, kettle, cup };
}

const manual = (extra: Record<string, unknown> = {}) => ({ carrier: "manual", carrierName: "Viettel Post", ...extra });

describe("creating a manual shipment", () => {
  it("takes its defaults from the products and the order, and ships the order", async () => {
    const { order } = await confirmedOrder();
    expect(await getShipmentDefaults(db, order.id)).toEqual({
      weightGrams: 2 * 800 + 350,
      lengthCm: 25,
      widthCm: 20,
      heightCm: 18,
      codAmount: 530_000,
      courierNote: "Cho xem hàng, không thử",
    });
    const shipment = await createShipment(db, order.id, manual({ feePayer: "buyer" }), actor, TEST_EMAIL_LINKS);
    expect(shipment).toMatchObject({
      carrier: "manual",
      carrierName: "Viettel Post",
      trackingCode: null,
      status: "booked",
      weightGrams: 1950,
      codAmount: 530_000,
      codChangeReason: null,
      feePayer: "buyer",
      courierNote: "Cho xem hàng, không thử",
    });
    // Booked is not shipped (decision 0054): the order stays confirmed, the buyer is told nothing yet.
    expect((await orderOf(order.id)).status).toBe("processing");
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id))).toEqual([]);
    const [view] = await getOrderShipments(db, order.id);
    expect(view.events.map((e) => e.status)).toEqual(["booked"]);
    const history = await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.map((h) => h.toStatus)).not.toContain("shipped");
  });

  it("uses the shop's defaults when the products have no shipping sizes", async () => {
    const product = await insertProduct(db, { price: 90_000 });
    const customer = await insertCustomer(db);
    const order = await insertOrder(db, { customer, lines: [{ product, quantity: 1 }], status: "processing" });
    expect(await getShipmentDefaults(db, order.id)).toMatchObject({
      weightGrams: 300,
      lengthCm: 20,
      widthCm: 15,
      heightCm: 10,
      codAmount: 90_000,
    });
  });

  it("needs a reason for a COD amount other than the total; keeps a typed code and an empty note", async () => {
    const { order } = await confirmedOrder();
    const error = await expectAppError(
      createShipment(db, order.id, manual({ codAmount: "500.000" }), actor, TEST_EMAIL_LINKS),
      "invalid",
    );
    expect(error.fieldErrors).toHaveProperty("codChangeReason");
    expect((await getOrderShipments(db, order.id)).length).toBe(0);
    const shipment = await createShipment(
      db,
      order.id,
      manual({
        codAmount: "500.000",
        codChangeReason: "Khách đã chuyển khoản trước 30.000đ",
        trackingCode: " vtp123456 ",
        courierNote: "",
      }),
      actor,
      TEST_EMAIL_LINKS,
    );
    expect(shipment).toMatchObject({
      codAmount: 500_000,
      codChangeReason: "Khách đã chuyển khoản trước 30.000đ",
      trackingCode: "vtp123456",
      courierNote: "",
    });
  });

  it("refuses an order not confirmed, a cancelled one, a second live shipment, a code already used, bad input", async () => {
    const { order: pending } = await confirmedOrder({ status: "pending" });
    await expectAppError(
      createShipment(db, pending.id, manual(), actor, TEST_EMAIL_LINKS),
      "conflict",
      /chưa được xác nhận/,
    );
    const { order: cancelled } = await confirmedOrder({ status: "cancelled" });
    await expectAppError(
      createShipment(db, cancelled.id, manual(), actor, TEST_EMAIL_LINKS),
      "conflict",
      /Chỉ tạo được vận đơn/,
    );

    const { order } = await confirmedOrder();
    await createShipment(db, order.id, manual({ trackingCode: "DUP-1" }), actor, TEST_EMAIL_LINKS);
    await expectAppError(createShipment(db, order.id, manual(), actor, TEST_EMAIL_LINKS), "conflict", /đã có vận đơn/);
    const { order: other } = await confirmedOrder();
    const taken = await expectAppError(
      createShipment(db, other.id, manual({ trackingCode: "dup-1" }), actor, TEST_EMAIL_LINKS),
      "conflict",
      /DUP-1|dup-1/,
    );
    expect(taken.fieldErrors).toHaveProperty("trackingCode");
    expect((await orderOf(other.id)).status).toBe("processing");

    await expectAppError(
      createShipment(db, other.id, manual({ carrierName: " " }), actor, TEST_EMAIL_LINKS),
      "invalid",
      /tên hãng/,
    );
    await expectAppError(
      createShipment(db, other.id, manual({ weightGrams: "-3" }), actor, TEST_EMAIL_LINKS),
      "invalid",
      /Khối lượng/,
    );
    await expectAppError(
      createShipment(db, other.id, manual({ trackingCode: "mã có dấu" }), actor, TEST_EMAIL_LINKS),
      "invalid",
      /Mã vận đơn/,
    );
    await expectAppError(
      createShipment(db, other.id, { carrier: "ghn", carrierName: "GHN" }, actor, TEST_EMAIL_LINKS),
      "invalid",
      /chưa được kết nối/,
    );
    await expectAppError(createShipment(db, "not-an-id", manual(), actor, TEST_EMAIL_LINKS), "not_found");
  });

  it("books a pending order when the shop does not require confirmation: the order is confirmed, not shipped", async () => {
    await saveSetting(db, "fulfilment", { requireConfirmation: false });
    try {
      const { order } = await confirmedOrder({ status: "pending" });
      await createShipment(db, order.id, manual(), actor, TEST_EMAIL_LINKS);
      expect((await orderOf(order.id)).status).toBe("processing");
    } finally {
      await saveSetting(db, "fulfilment", { requireConfirmation: true });
    }
  });
});

describe("an API carrier's gateway", () => {
  function fakeGateway(options: { book?: "ok" | "down" | "refuse" } = {}) {
    const calls: string[] = [];
    const gateway: CarrierGateway = {
      carrier: "ghn",
      name: "GHN",
      quote: async () => ({ fee: 25_000, service: "2" }),
      book: async (request: CarrierBookingRequest) => {
        calls.push(`book ${request.orderNumber} ${request.codAmount}`);
        if (options.book === "down") throw new TypeError("fetch failed");
        if (options.book === "refuse") throw new AppError("invalid", "GHN: Số điện thoại không hợp lệ");
        return {
          trackingCode: `GHN${calls.length}X`,
          fee: 25_000,
          expectedDeliveryAt: null,
          service: "2",
          carrierData: { sort_code: "A1" },
        };
      },
      cancel: async (code: string) => {
        calls.push(`cancel ${code}`);
      },
      fetchUpdates: async () => [],
      trackingUrl: (code) => `https://donhang.ghn.vn/?order_code=${code}`,
    };
    return { gateway, calls };
  }

  it("books before writing, and writes nothing when the carrier cannot be reached or refuses", async () => {
    const { order } = await confirmedOrder();
    const down = fakeGateway({ book: "down" });
    await expectAppError(
      createShipment(db, order.id, { carrier: "ghn", carrierName: "GHN" }, actor, TEST_EMAIL_LINKS, down.gateway),
      "unavailable",
      /Không kết nối được với GHN/,
    );
    const refuse = fakeGateway({ book: "refuse" });
    await expectAppError(
      createShipment(db, order.id, { carrier: "ghn", carrierName: "GHN" }, actor, TEST_EMAIL_LINKS, refuse.gateway),
      "invalid",
      /Số điện thoại/,
    );
    expect(await getOrderShipments(db, order.id)).toEqual([]);
    expect((await orderOf(order.id)).status).toBe("processing");

    const ok = fakeGateway();
    const shipment = await createShipment(
      db,
      order.id,
      { carrier: "ghn", carrierName: "ignored" },
      actor,
      TEST_EMAIL_LINKS,
      ok.gateway,
    );
    expect(shipment).toMatchObject({
      carrier: "ghn",
      carrierName: "GHN",
      trackingCode: "GHN1X",
      carrierFee: 25_000,
      carrierData: { sort_code: "A1" },
    });
    expect(ok.calls[0]).toMatch(/^book DH\d+ 530000$/);

    await cancelShipment(db, shipment.id, { version: shipment.version }, actor, TEST_EMAIL_LINKS, ok.gateway);
    expect(ok.calls).toContain("cancel GHN1X");
    expect((await shipmentOf(shipment.id)).status).toBe("cancelled");
    expect((await orderOf(order.id)).status).toBe("processing");
  });

  it("cancels the booking again when the transaction fails", async () => {
    const { order } = await confirmedOrder();
    const { order: other } = await confirmedOrder();
    await createShipment(db, other.id, manual({ trackingCode: "GHN1X" }), actor, TEST_EMAIL_LINKS);
    const { gateway, calls } = fakeGateway();
    await expectAppError(
      createShipment(db, order.id, { carrier: "ghn", carrierName: "GHN" }, actor, TEST_EMAIL_LINKS, gateway),
      "conflict",
      /GHN1X/,
    );
    expect(calls).toEqual([expect.stringMatching(/^book /), "cancel GHN1X"]);
    expect(await getOrderShipments(db, order.id)).toEqual([]);
  });
});

describe("tracking codes", () => {
  it("are typed later on a manual shipment (version-guarded, unique)", async () => {
    const { order } = await confirmedOrder();
    const shipment = await createShipment(db, order.id, manual(), actor, TEST_EMAIL_LINKS);
    await expectAppError(
      setTrackingCode(db, shipment.id, { trackingCode: "VTP1", version: shipment.version + 1 }, actor),
      "conflict",
      /đã được thay đổi|tải lại/i,
    );
    await setTrackingCode(db, shipment.id, { trackingCode: "VTP1", version: shipment.version }, actor);
    expect((await shipmentOf(shipment.id)).trackingCode).toBe("VTP1");
    const { order: other } = await confirmedOrder();
    const second = await createShipment(db, other.id, manual(), actor, TEST_EMAIL_LINKS);
    await expectAppError(
      setTrackingCode(db, second.id, { trackingCode: "vtp1", version: second.version }, actor),
      "conflict",
      /đã được dùng/,
    );
  });

  it("import from CSV: creates or fills, all or nothing with per-row errors, re-import changes nothing", async () => {
    const a = (await confirmedOrder()).order;
    const b = (await confirmedOrder()).order;
    const filled = (await confirmedOrder()).order;
    await createShipment(db, filled.id, manual({ carrierName: "GHTK" }), actor, TEST_EMAIL_LINKS);
    const pending = (await confirmedOrder({ status: "pending" })).order;

    const bad = [
      "Mã đơn hàng,Mã vận đơn,Hãng",
      `DH${String(a.orderNumber).padStart(6, "0")},JT0001,J&T Express`,
      `${pending.orderNumber},JT0002,J&T Express`,
      "DH999999,JT0003,J&T Express",
      `${b.orderNumber},,J&T Express`,
      `abc,JT0004,`,
      `${b.orderNumber},JT0001,J&T Express`,
    ].join("\r\n");
    const refused = await importTrackingCodes(db, bad, actor, TEST_EMAIL_LINKS);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.errors.map((e) => e.row)).toEqual([3, 4, 5, 6, 7]);
    expect(refused.errors[0].message).toMatch(/chưa được xác nhận/);
    expect(refused.errors[1].message).toMatch(/Không tìm thấy đơn hàng DH999999/);
    expect(refused.errors[2].message).toMatch(/Thiếu mã vận đơn/);
    expect(refused.errors[3].message).toMatch(/Mã đơn hàng "abc" không hợp lệ/);
    expect(refused.errors[4].message).toMatch(/JT0001 đã có ở dòng 2/);
    expect(await getOrderShipments(db, a.id)).toEqual([]);

    const good = `\uFEFFMã đơn,Mã vận đơn,Hãng\r\n${a.orderNumber},JT0001,J&T Express\r\nDH${b.orderNumber},JT0002\r\n${filled.orderNumber},S1.GHTK.9\r\n`;
    expect(await importTrackingCodes(db, good, actor, TEST_EMAIL_LINKS)).toMatchObject({
      ok: false,
      errors: [{ row: 3, message: expect.stringMatching(/Thiếu tên hãng/) }],
    });
    expect(await importTrackingCodes(db, good, actor, TEST_EMAIL_LINKS, { defaultCarrierName: "GHN" })).toEqual({
      ok: true,
      created: 2,
      updated: 1,
      unchanged: 0,
    });
    expect((await getOrderShipments(db, a.id))[0]).toMatchObject({
      carrierName: "J&T Express",
      trackingCode: "JT0001",
      codAmount: 530_000,
    });
    expect((await getOrderShipments(db, b.id))[0]).toMatchObject({ carrierName: "GHN", trackingCode: "JT0002" });
    expect((await getOrderShipments(db, filled.id))[0]).toMatchObject({
      carrierName: "GHTK",
      trackingCode: "S1.GHTK.9",
    });
    expect((await orderOf(a.id)).status).toBe("processing");

    const eventsBefore = (await db.select().from(shipmentEvents)).length;
    expect(await importTrackingCodes(db, good, actor, TEST_EMAIL_LINKS, { defaultCarrierName: "GHN" })).toEqual({
      ok: true,
      created: 0,
      updated: 0,
      unchanged: 3,
    });
    expect((await db.select().from(shipmentEvents)).length).toBe(eventsBefore);

    expect(await importTrackingCodes(db, "", actor, TEST_EMAIL_LINKS)).toMatchObject({
      ok: false,
      errors: [{ row: 0 }],
    });
    expect(await importTrackingCodes(db, "Mã đơn;Mã vận đơn\n", actor, TEST_EMAIL_LINKS)).toMatchObject({
      ok: false,
      errors: [{ row: 0 }],
    });
  });
});

describe("importing tracking codes from a hostile or odd CSV (decision 0044)", () => {
  it("names rows as Excel shows them: blank lines count, a quoted field over several lines is one row", async () => {
    const a = (await confirmedOrder()).order;
    const csv = `Mã đơn,Mã vận đơn,Hãng\n${a.orderNumber},JT0101,"J&T\nExpress"\n\nDH999999,JT0102,GHN\n`;
    expect(await importTrackingCodes(db, csv, actor, TEST_EMAIL_LINKS)).toEqual({
      ok: false,
      errors: [{ row: 4, message: "Không tìm thấy đơn hàng DH999999" }],
    });
    expect(await getOrderShipments(db, a.id)).toEqual([]);
  });

  it("answers a million-column line, a quote never closed and too many rows with a message, quickly, writing nothing", async () => {
    const a = (await confirmedOrder()).order;
    const files: Array<[string, RegExp]> = [
      [
        `Mã đơn,Mã vận đơn\n${a.orderNumber},JT0201${",x".repeat(400_000)}\n`,
        /^Dòng 2 có dữ liệu ở cột BM: tệp chỉ được có tối đa 64 cột/,
      ],
      [
        `Mã đơn,Mã vận đơn\n"${a.orderNumber},JT0202\n${"1,JT\n".repeat(190_000)}`,
        /^Dòng 2 có ô dài hơn 32\.767 ký tự \(có thể thiếu dấu ngoặc kép/,
      ],
      [`Mã đơn,Mã vận đơn\n${a.orderNumber},JT0203\n"2,JT0204\n`, /^Dòng 3: dấu ngoặc kép/],
      [
        `Mã đơn,Mã vận đơn\n${Array.from({ length: 2001 }, (_, i) => `${i + 1},JT${i}`).join("\n")}`,
        /^Tối đa 2000 dòng mỗi lần nhập$/,
      ],
    ];
    const shipmentsBefore = (await db.select().from(shipments)).length;
    for (const [csv, message] of files) {
      const cpu = process.cpuUsage();
      const result = await importTrackingCodes(db, csv, actor, TEST_EMAIL_LINKS);
      const used = process.cpuUsage(cpu);
      expect(result).toEqual({ ok: false, errors: [{ row: 0, message: expect.stringMatching(message) }] });
      expect((used.user + used.system) / 1000).toBeLessThan(1000);
    }
    expect((await db.select().from(shipments)).length).toBe(shipmentsBefore);
  });
});

describe("shipment transitions", () => {
  it("staff move it forward; the order follows; nothing goes backwards; stale versions are refused", async () => {
    const { order } = await confirmedOrder();
    let shipment = await createShipment(db, order.id, manual({ trackingCode: "VTP-T1" }), actor, TEST_EMAIL_LINKS);
    await expectAppError(
      markInTransit(db, shipment.id, { version: shipment.version + 5 }, actor, TEST_EMAIL_LINKS),
      "conflict",
    );
    await markInTransit(db, shipment.id, { version: shipment.version }, actor, TEST_EMAIL_LINKS);
    shipment = await shipmentOf(shipment.id);
    expect(shipment.status).toBe("in_transit");
    expect((await orderOf(order.id)).status).toBe("shipped");
    await expectAppError(
      cancelShipment(db, shipment.id, { version: shipment.version }, actor, TEST_EMAIL_LINKS),
      "conflict",
      /không thể chuyển sang "Đã hủy"/,
    );
    await markDelivered(db, shipment.id, { version: shipment.version }, actor, TEST_EMAIL_LINKS);
    shipment = await shipmentOf(shipment.id);
    expect(shipment.status).toBe("delivered");
    expect(shipment.deliveredAt).toBeInstanceOf(Date);
    expect((await orderOf(order.id)).status).toBe("delivered");
    await expectAppError(
      markInTransit(db, shipment.id, { version: shipment.version }, actor, TEST_EMAIL_LINKS),
      "conflict",
    );
    await expectAppError(
      markFailed(
        db,
        shipment.id,
        { version: shipment.version, reason: "Không liên lạc được" },
        actor,
        TEST_EMAIL_LINKS,
      ),
      "conflict",
    );
  });

  it("cancelling a booked shipment puts the order back to confirmed, and another may be created", async () => {
    const { order } = await confirmedOrder();
    const shipment = await createShipment(db, order.id, manual({ trackingCode: "RE-USE" }), actor, TEST_EMAIL_LINKS);
    await cancelShipment(db, shipment.id, { version: shipment.version }, actor, TEST_EMAIL_LINKS);
    expect((await orderOf(order.id)).status).toBe("processing");
    const again = await createShipment(db, order.id, manual({ trackingCode: "RE-USE" }), actor, TEST_EMAIL_LINKS);
    expect(again.status).toBe("booked");
    expect((await getOrderShipments(db, order.id)).map((s) => s.status)).toEqual(["booked", "cancelled"]);
  });

  it("failed needs a reason", async () => {
    const { order } = await confirmedOrder();
    const shipment = await createShipment(db, order.id, manual(), actor, TEST_EMAIL_LINKS);
    const error = await expectAppError(
      markFailed(
        db,
        shipment.id,
        { version: shipment.version, reason: "other", otherReason: "" },
        actor,
        TEST_EMAIL_LINKS,
      ),
      "invalid",
    );
    expect(error.fieldErrors).toHaveProperty("otherReason");
    await markFailed(
      db,
      shipment.id,
      { version: shipment.version, reason: "other", otherReason: "Sai địa chỉ" },
      actor,
      TEST_EMAIL_LINKS,
    );
    expect((await getOrderShipments(db, order.id))[0].events.at(-1)).toMatchObject({
      status: "failed",
      description: "Giao thất bại: Sai địa chỉ",
    });
    expect((await orderOf(order.id)).status).toBe("returning");
  });
});

describe("carrier updates", () => {
  // Hours after now: the shipment's own "booked" event is now.
  const later = (hours: number) => new Date(Date.now() + hours * 3_600_000);
  const update = (code: string, status: CarrierUpdate["status"], key: string, at = later(1)): CarrierUpdate => ({
    trackingCode: code,
    status,
    carrierStatus: status ?? "note",
    description: `Trạng thái ${status ?? "ghi chú"}`,
    occurredAt: at,
    externalKey: key,
  });

  it("move forward once per event, ignore replays and late events, report unknown codes", async () => {
    const { order } = await confirmedOrder();
    const shipment = await createShipment(
      db,
      order.id,
      manual({ carrierName: "GHN", trackingCode: "LBK7XN" }),
      actor,
      TEST_EMAIL_LINKS,
    );
    const first = await recordShipmentUpdates(
      db,
      [update("lbk7xn", "in_transit", "e1"), update("NOPE", "delivered", "x1")],
      "carrier",
      "GHN",
      TEST_EMAIL_LINKS,
    );
    expect(first).toEqual({ recorded: 1, moved: 1, replayed: 0, unknownCodes: ["NOPE"] });
    expect((await orderOf(order.id)).status).toBe("shipped");

    const replay = await recordShipmentUpdates(
      db,
      [update("LBK7XN", "in_transit", "e1")],
      "carrier",
      "GHN",
      TEST_EMAIL_LINKS,
    );
    expect(replay).toEqual({ recorded: 0, moved: 0, replayed: 1, unknownCodes: [] });

    await recordShipmentUpdates(db, [update("LBK7XN", "failed", "e2", later(2))], "carrier", "GHN", TEST_EMAIL_LINKS);
    expect((await shipmentOf(shipment.id)).status).toBe("failed");
    expect((await orderOf(order.id)).status).toBe("returning");

    // A late "in transit" is recorded but moves nothing back.
    const late = await recordShipmentUpdates(
      db,
      [update("LBK7XN", "in_transit", "e0", later(0.5)), update("LBK7XN", null, "n1")],
      "carrier",
      "GHN",
      TEST_EMAIL_LINKS,
    );
    expect(late).toEqual({ recorded: 2, moved: 0, replayed: 0, unknownCodes: [] });
    expect((await shipmentOf(shipment.id)).status).toBe("failed");

    // The carrier's "returned" stops at returning: the goods count when staff receive them.
    await recordShipmentUpdates(db, [update("LBK7XN", "returned", "e3", later(3))], "carrier", "GHN", TEST_EMAIL_LINKS);
    expect((await shipmentOf(shipment.id)).status).toBe("returning");
    expect((await orderOf(order.id)).status).toBe("returning");

    const events = (await getOrderShipments(db, order.id))[0].events;
    expect(events.map((e) => [e.carrierStatus, e.status])).toEqual([
      [null, "booked"],
      ["in_transit", null],
      ["in_transit", "in_transit"],
      ["note", null],
      ["failed", "failed"],
      ["returned", "returning"],
    ]);
  });

  it("delivered sets the delivery time and the order delivered; the buyer's tracking shows it", async () => {
    const { order } = await confirmedOrder();
    const shipment = await createShipment(
      db,
      order.id,
      manual({ carrierName: "J&T Express", trackingCode: "JT777" }),
      actor,
      TEST_EMAIL_LINKS,
    );
    const at = later(4);
    await recordShipmentUpdates(
      db,
      [update("JT777", "delivered", "d1", at)],
      "import",
      "Tệp trạng thái",
      TEST_EMAIL_LINKS,
    );
    expect((await shipmentOf(shipment.id)).deliveredAt?.toISOString()).toBe(at.toISOString());
    expect((await orderOf(order.id)).status).toBe("delivered");
    const tracking = await getShipmentTracking(db, order.id);
    expect(tracking).toMatchObject({
      carrierName: "J&T Express",
      trackingCode: "JT777",
      trackingUrl: "https://jtexpress.vn/vi/tracking?type=track&billcode=JT777",
      status: "delivered",
    });
    expect(tracking?.events.map((e) => e.status)).toEqual(["booked", "delivered"]);
    expect(tracking?.events[0].description).toBe("");
  });
});

describe("receiving a returned parcel", () => {
  it("restocks the sellable units, not the damaged ones, closes the order as returned, once only", async () => {
    const { order, kettle, cup } = await confirmedOrder();
    // Placement took the stock in real life; the fixture inserted the order directly: start from known numbers.
    expect(await stockOf(kettle.id)).toEqual({ stock: 10, sold: 2 });
    const shipment = await createShipment(db, order.id, manual({ trackingCode: "HOAN1" }), actor, TEST_EMAIL_LINKS);
    await expectAppError(
      receiveReturn(db, shipment.id, { version: shipment.version, lines: [] }, actor, TEST_EMAIL_LINKS),
      "conflict",
      /không thể chuyển/,
    );
    await markFailed(
      db,
      shipment.id,
      { version: shipment.version, reason: "Người mua từ chối nhận" },
      actor,
      TEST_EMAIL_LINKS,
    );
    let current = await shipmentOf(shipment.id);
    await markReturning(db, shipment.id, { version: current.version }, actor, TEST_EMAIL_LINKS);
    current = await shipmentOf(shipment.id);
    expect((await orderOf(order.id)).status).toBe("returning");

    const items = await db.query.orderItems.findMany({ where: (t, { eq: is }) => is(t.orderId, order.id) });
    const kettleLine = items.find((i) => i.productId === kettle.id)!;
    const cupLine = items.find((i) => i.productId === cup.id)!;
    const tooMany = { version: current.version, lines: [{ itemId: kettleLine.id, restock: 2, damaged: 1 }] };
    await expectAppError(receiveReturn(db, shipment.id, tooMany, actor, TEST_EMAIL_LINKS), "invalid", /vượt quá 2/);

    const input = {
      version: current.version,
      lines: [
        { itemId: String(kettleLine.id), restock: "1", damaged: "1" },
        { itemId: String(cupLine.id), restock: "1", damaged: "0" },
      ],
    };
    expect(await receiveReturn(db, shipment.id, input, actor, TEST_EMAIL_LINKS)).toEqual({
      restocked: 2,
      damaged: 1,
      missing: 0,
    });
    expect(await stockOf(kettle.id)).toEqual({ stock: 11, sold: 0 });
    expect(await stockOf(cup.id)).toEqual({ stock: 6, sold: 0 });
    const movements = await db.select().from(stockMovements).where(eq(stockMovements.orderId, order.id));
    expect(movements.map((m) => [m.productId, m.delta, m.reason, m.balanceAfter]).sort()).toEqual(
      [
        [kettle.id, 1, "return", 11],
        [cup.id, 1, "return", 6],
      ].sort(),
    );
    expect(movements.find((m) => m.productId === kettle.id)?.note).toMatch(/1 sản phẩm hư hỏng/);
    const returned = await shipmentOf(shipment.id);
    expect(returned.status).toBe("returned");
    expect(returned.returnedAt).toBeInstanceOf(Date);
    expect((await orderOf(order.id)).status).toBe("returned");

    await expectAppError(
      receiveReturn(db, shipment.id, { ...input, version: returned.version }, actor, TEST_EMAIL_LINKS),
      "conflict",
      /đã được nhận/,
    );
    expect(await stockOf(kettle.id)).toEqual({ stock: 11, sold: 0 });
  });
});

describe("lists and labels", () => {
  it("lists by status and searches by code or order number; labels read the order and its items", async () => {
    const { order } = await confirmedOrder();
    const shipment = await createShipment(db, order.id, manual({ trackingCode: "FINDME42" }), actor, TEST_EMAIL_LINKS);
    const byCode = await listShipments(db, { q: "findme" });
    expect(byCode.rows.map((r) => r.id)).toEqual([shipment.id]);
    expect(byCode.rows[0]).toMatchObject({
      recipientName: "Nguyễn Văn An",
      orderNumber: order.orderNumber,
      codAmount: 530_000,
    });
    expect((await listShipments(db, { q: `DH${order.orderNumber}` })).rows.map((r) => r.id)).toContain(shipment.id);
    expect((await listShipments(db, { status: "returned", q: "FINDME42" })).total).toBe(0);

    const [label] = await getShipmentLabels(db, [shipment.id]);
    expect(label.order.id).toBe(order.id);
    expect(label.items.map((i) => i.quantity)).toEqual([2, 1]);
    await expectAppError(getShipmentLabels(db, ["nope"]), "not_found");
  });
});
