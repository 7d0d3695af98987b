import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, orderStatusHistory, orders, shipmentEvents, shipments } from "~/db/schema";
import { bulkSetOrderStatus } from "~/features/orders/orders-bulk.server";
import { formatOrderNumber } from "~/lib/order-number";
import { expectAppError } from "~/test/app-error";
import { setUpTestDatabase } from "~/test/database";
import { insertCustomer, insertOrder, insertProduct, TEST_EMAIL_LINKS, versionOf } from "~/test/orders-fixture";
import type { CarrierUpdate } from "~/features/shipping/carrier";
import {
  createShipment,
  markDelivered,
  markInTransit,
  recordShipmentUpdates,
  setOrderStatusWithShipment,
} from "~/features/shipping/shipments.server";

// One state for an order and its parcel (issue 31 item 5, decision 0054): an order with a
// shipment moves only through it, nothing moves backwards, and booked is not shipped.

const { db } = await setUpTestDatabase({ seed: "shop-without-content" });
const actor = { userId: null, name: "Nhân viên kho" };

async function orderOf(id: string) {
  return (await db.select().from(orders).where(eq(orders.id, id)))[0];
}
async function shipmentOf(id: string) {
  return (await db.select().from(shipments).where(eq(shipments.id, id)))[0];
}
const mailsOf = (orderId: string) =>
  db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId)).orderBy(emailOutbox.id);

/** A confirmed order (processing) of one product, in the buyer's language. */
async function confirmedOrder(locale: "vi" | "en" = "vi") {
  const product = await insertProduct(db, { name: "Máy tiệt trùng", price: 450_000, stock: 20 });
  const customer = await insertCustomer(db, { firstName: "Bình", lastName: "Trần", phone: "+84907654321" });
  const order = await insertOrder(db, { customer, lines: [{ product, quantity: 1 }], status: "processing" });
  await db.update(orders).set({ locale }).where(eq(orders.id, order.id));
  return order;
}

/** A booked manual shipment (the carrier's name and code as staff type them). */
async function booked(orderId: string, carrierName = "GHN", trackingCode: string | undefined = undefined) {
  const code = trackingCode ?? `GHN${orderId.slice(0, 6).toUpperCase()}`;
  return createShipment(db, orderId, { carrier: "manual", carrierName, trackingCode: code }, actor, TEST_EMAIL_LINKS);
}

const statusInput = async (orderId: string, status: "processing" | "shipped" | "delivered" | "cancelled") => ({
  status,
  version: await versionOf(db, orderId),
  reason: status === "cancelled" ? "Khách đổi ý" : "",
  restock: true,
});

const update = (code: string, status: CarrierUpdate["status"], key: string, hours = 1): CarrierUpdate => ({
  trackingCode: code,
  status,
  carrierStatus: status ?? "note",
  description: `GHN: ${status}`,
  occurredAt: new Date(Date.now() + hours * 3_600_000),
  externalKey: key,
});

describe("booked is not shipped", () => {
  it("creating a shipment leaves the order confirmed and tells the buyer nothing; the hand-over ships it, once", async () => {
    const order = await confirmedOrder("vi");
    const shipment = await booked(order.id, "GHN", "GHNVI0001");
    expect((await orderOf(order.id)).status).toBe("processing");
    expect(await mailsOf(order.id)).toEqual([]);

    await markInTransit(db, shipment.id, { version: shipment.version }, actor, TEST_EMAIL_LINKS);
    expect((await orderOf(order.id)).status).toBe("shipped");
    const [mail] = await mailsOf(order.id);
    expect(mail.template).toBe("order_shipped");
    const lookup = `${TEST_EMAIL_LINKS.publicUrl}/order-lookup?number=${formatOrderNumber(order.orderNumber)}`;
    for (const body of [mail.bodyText, mail.bodyHtml]) {
      expect(body).toContain("Đơn vị vận chuyển: GHN");
      expect(body).toContain("Mã vận đơn: GHNVI0001");
      expect(body).toContain("https://donhang.ghn.vn/?order_code=GHNVI0001");
      expect(body).toContain("Theo dõi trên trang GHN");
      expect(body).toContain(lookup);
    }
    // The carrier's own "picked up" after the staff's hand-over: recorded, the buyer is not told twice.
    await recordShipmentUpdates(db, [update("GHNVI0001", "in_transit", "p1")], "carrier", "GHN", TEST_EMAIL_LINKS);
    expect((await mailsOf(order.id)).map((m) => m.template)).toEqual(["order_shipped"]);
  });

  it("the carrier's pick-up ships the order and e-mails the buyer in the order's language (English)", async () => {
    const order = await confirmedOrder("en");
    await booked(order.id, "GHTK", "S1.GHTK.77");
    const moved = await recordShipmentUpdates(
      db,
      [update("S1.GHTK.77", "in_transit", "pick-1")],
      "carrier",
      "GHTK",
      TEST_EMAIL_LINKS,
    );
    expect(moved.moved).toBe(1);
    expect((await orderOf(order.id)).status).toBe("shipped");
    const [mail] = await mailsOf(order.id);
    expect(mail.template).toBe("order_shipped");
    expect(mail.bodyText).toContain("Carrier: GHTK");
    expect(mail.bodyText).toContain("Tracking code: S1.GHTK.77");
    expect(mail.bodyText).toContain("Track on GHTK's site: https://i.ghtk.vn/S1.GHTK.77");
    expect(mail.bodyText).toContain(`${TEST_EMAIL_LINKS.publicUrl}/en/order-lookup?number=`);
    expect(mail.bodyText).not.toContain("Đơn vị vận chuyển");
  });
});

describe("an order with a shipment moves through it", () => {
  it("'Đang giao' and 'Đã giao' on the order's page move its shipment, recorded as staff's event", async () => {
    const order = await confirmedOrder();
    const shipment = await booked(order.id);
    expect(
      await setOrderStatusWithShipment(db, order.id, await statusInput(order.id, "shipped"), actor, TEST_EMAIL_LINKS),
    ).toEqual({
      changed: true,
      from: "processing",
      to: "shipped",
    });
    expect((await shipmentOf(shipment.id)).status).toBe("in_transit");
    await setOrderStatusWithShipment(db, order.id, await statusInput(order.id, "delivered"), actor, TEST_EMAIL_LINKS);
    const after = await shipmentOf(shipment.id);
    expect(after.status).toBe("delivered");
    expect(after.deliveredAt).toBeInstanceOf(Date);
    expect((await orderOf(order.id)).status).toBe("delivered");
    const events = await db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipment.id));
    expect(events.filter((e) => e.status !== "booked").map((e) => [e.status, e.source, e.byName])).toEqual([
      ["in_transit", "staff", "Nhân viên kho"],
      ["delivered", "staff", "Nhân viên kho"],
    ]);
    expect((await mailsOf(order.id)).map((m) => m.template)).toEqual(["order_shipped", "order_delivered"]);
  });

  it("refuses what its shipment cannot do, with the reason, changing nothing", async () => {
    const order = await confirmedOrder();
    const shipment = await booked(order.id, "Viettel Post", "VTP-1");
    await expectAppError(
      setOrderStatusWithShipment(db, order.id, await statusInput(order.id, "cancelled"), actor, TEST_EMAIL_LINKS),
      "conflict",
      'Vận đơn Viettel Post đang "Chờ lấy hàng": hãy hủy vận đơn ở mục Vận chuyển trước khi hủy đơn hàng',
    );
    await markInTransit(db, shipment.id, { version: shipment.version }, actor, TEST_EMAIL_LINKS);
    await expectAppError(
      setOrderStatusWithShipment(db, order.id, await statusInput(order.id, "cancelled"), actor, TEST_EMAIL_LINKS),
      "conflict",
      'Vận đơn Viettel Post đang "Đang giao": không thể hủy đơn hàng khi hàng đã rời shop',
    );
    // A failed delivery on its way back cannot be "Đã giao" by a click on the order.
    await recordShipmentUpdates(db, [update("VTP-1", "returning", "r1")], "carrier", "Viettel Post", TEST_EMAIL_LINKS);
    await expectAppError(
      setOrderStatusWithShipment(db, order.id, await statusInput(order.id, "delivered"), actor, TEST_EMAIL_LINKS),
      "conflict",
      'Vận đơn đang ở trạng thái "Đang hoàn về": không thể chuyển sang "Đã giao"',
    );
    expect((await shipmentOf(shipment.id)).status).toBe("returning");
    expect((await orderOf(order.id)).status).toBe("returning");
  });

  it("bulk 'Đã giao' delivers the shipments of the orders that have one, the others by hand, and lists refusals", async () => {
    const withShipment = await confirmedOrder();
    const parcel = await booked(withShipment.id);
    const inTransit = await confirmedOrder();
    const moving = await booked(inTransit.id);
    await markInTransit(db, moving.id, { version: moving.version }, actor, TEST_EMAIL_LINKS);
    const byHand = await confirmedOrder();
    const goingBack = await confirmedOrder();
    const back = await booked(goingBack.id, "GHN", "BACK-1");
    await recordShipmentUpdates(db, [update("BACK-1", "returning", "b1")], "carrier", "GHN", TEST_EMAIL_LINKS);
    const refs = await Promise.all(
      [withShipment, inTransit, byHand, goingBack].map(async (o) => ({ id: o.id, version: await versionOf(db, o.id) })),
    );
    const report = await bulkSetOrderStatus(
      db,
      refs,
      { status: "delivered", reason: "", restock: false },
      actor,
      TEST_EMAIL_LINKS,
      setOrderStatusWithShipment,
    );
    expect(report.changed.map((o) => o.id)).toEqual([withShipment.id, inTransit.id, byHand.id]);
    expect(report.refused).toEqual([
      {
        id: goingBack.id,
        orderNumber: goingBack.orderNumber,
        message: 'Vận đơn đang ở trạng thái "Đang hoàn về": không thể chuyển sang "Đã giao"',
      },
    ]);
    expect((await shipmentOf(parcel.id)).status).toBe("delivered");
    expect((await shipmentOf(moving.id)).status).toBe("delivered");
    expect((await shipmentOf(back.id)).status).toBe("returning");
    for (const o of [withShipment, inTransit, byHand]) expect((await orderOf(o.id)).status).toBe("delivered");
  });

  it("the orders feature alone refuses to move an order with a shipment (its shipment would be left behind)", async () => {
    const order = await confirmedOrder();
    const shipment = await booked(order.id);
    const report = await bulkSetOrderStatus(
      db,
      [{ id: order.id, version: await versionOf(db, order.id) }],
      { status: "delivered", reason: "", restock: false },
      actor,
      TEST_EMAIL_LINKS,
    );
    expect(report.refused.map((o) => o.message)).toEqual([expect.stringContaining("Đơn hàng đã có vận đơn")]);
    expect((await orderOf(order.id)).status).toBe("processing");
    expect((await shipmentOf(shipment.id)).status).toBe("booked");
  });
});

describe("nothing moves backwards", () => {
  it("a delivered order stays delivered whatever staff, a bulk change, a carrier or an import say", async () => {
    const order = await confirmedOrder();
    const shipment = await booked(order.id, "GHN", "DONE-1");
    await markDelivered(db, shipment.id, { version: shipment.version }, actor, TEST_EMAIL_LINKS);
    const delivered = await shipmentOf(shipment.id);
    const historyBefore = await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));

    await expectAppError(
      setOrderStatusWithShipment(db, order.id, await statusInput(order.id, "shipped"), actor, TEST_EMAIL_LINKS),
      "conflict",
      'Đơn hàng đang "Đã giao": không thể chuyển sang "Đang giao"',
    );
    const bulk = await bulkSetOrderStatus(
      db,
      [{ id: order.id, version: await versionOf(db, order.id) }],
      { status: "shipped", reason: "", restock: false },
      actor,
      TEST_EMAIL_LINKS,
      setOrderStatusWithShipment,
    );
    expect(bulk.refused).toHaveLength(1);
    await expectAppError(
      markInTransit(db, shipment.id, { version: delivered.version }, actor, TEST_EMAIL_LINKS),
      "conflict",
      'Vận đơn đang ở trạng thái "Đã giao": không thể chuyển sang "Đang giao"',
    );
    const late = await recordShipmentUpdates(
      db,
      [update("DONE-1", "in_transit", "late-1", -1), update("DONE-1", "failed", "late-2", 2)],
      "carrier",
      "GHN",
      TEST_EMAIL_LINKS,
    );
    expect(late).toMatchObject({ recorded: 2, moved: 0 });
    const imported = await recordShipmentUpdates(
      db,
      [update("DONE-1", "returning", "file-1")],
      "import",
      "Tệp GHN",
      TEST_EMAIL_LINKS,
    );
    expect(imported).toMatchObject({ recorded: 1, moved: 0 });

    expect((await shipmentOf(shipment.id)).status).toBe("delivered");
    expect((await orderOf(order.id)).status).toBe("delivered");
    expect(await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id))).toHaveLength(
      historyBefore.length,
    );
    // The late events are on the shipment's record, moving nothing.
    const events = await db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipment.id));
    expect(events.filter((e) => e.externalKey !== null).map((e) => e.status)).toEqual([null, null, null]);
  });

  it("an order left 'Đã giao' ahead of its shipment (before decision 0054) is not moved back by its shipment", async () => {
    const order = await confirmedOrder();
    const shipment = await booked(order.id, "GHN", "AHEAD-1");
    // What the bulk change used to do: the order delivered, its shipment still waiting for pick-up.
    await db.update(orders).set({ status: "delivered" }).where(eq(orders.id, order.id));
    await markInTransit(db, shipment.id, { version: shipment.version }, actor, TEST_EMAIL_LINKS);
    expect((await shipmentOf(shipment.id)).status).toBe("in_transit");
    expect((await orderOf(order.id)).status).toBe("delivered");
    await recordShipmentUpdates(db, [update("AHEAD-1", "delivered", "d1")], "carrier", "GHN", TEST_EMAIL_LINKS);
    expect((await shipmentOf(shipment.id)).status).toBe("delivered");
    expect((await orderOf(order.id)).status).toBe("delivered");
    expect(await mailsOf(order.id)).toEqual([]);
  });
});
