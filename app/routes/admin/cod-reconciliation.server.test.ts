import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { codRemittanceLines, orders, shipments } from "~/db/schema";
import { codOutstandingTotal } from "~/features/cod/cod-figures.server";
import { resolveRemittanceLines } from "~/features/cod/remittance-resolution.server";
import { importRemittance, recordManualPayout } from "~/features/cod/remittances.server";
import { bulkSetOrderStatus } from "~/features/orders/orders-bulk.server";
import { setPaymentStatus } from "~/features/orders/orders.server";
import { saveSetting } from "~/features/settings/settings.server";
import { markDelivered, setOrderStatusWithShipment } from "~/features/shipping/shipments.server";
import { setUpTestDatabase } from "~/test/database";
import {
  insertCustomer,
  insertOrder,
  insertProduct,
  insertShipment,
  TEST_EMAIL_LINKS,
  versionOf,
} from "~/test/orders-fixture";
import { healPayoutMatching } from "./cod-reconciliation.server";

// Issue 31, Deliver item 6: payout matching that heals (decision 0055). Each test is a finding of
// the issue that failed before: lines stuck at "not delivered", money counted twice, a figure of 0 ₫.

const { db } = await setUpTestDatabase();
const actor = { userId: null, name: "Kế toán Hoa" };
const heal = () => healPayoutMatching(db, actor, TEST_EMAIL_LINKS);
let fileNumber = 0;

/** An order of `total` đồng in `status`, with a shipment of the given code and status. */
async function parcel(
  code: string,
  options: {
    total?: number;
    orderStatus?: "processing" | "shipped" | "delivered";
    shipment?: "booked" | "in_transit" | "delivered";
  } = {},
) {
  const product = await insertProduct(db, { name: "Nôi điện", price: options.total ?? 979_000 });
  const customer = await insertCustomer(db);
  const order = await insertOrder(db, {
    customer,
    lines: [{ product, quantity: 1 }],
    status: options.orderStatus ?? "shipped",
  });
  const shipment = await insertShipment(db, { order, trackingCode: code, status: options.shipment ?? "booked" });
  return { order, shipment };
}

/** A carrier's CSV payout file of (code, COD) rows, each file different. */
function payoutFile(rows: Array<[string, number]>, carrierName = "GHN") {
  fileNumber += 1;
  const csv =
    `Mã vận đơn;Tiền thu hộ;Tổng phí;Ngày đối soát\n` +
    rows.map(([code, amount]) => `${code};${amount};15000;2${fileNumber % 9}/11/2026`).join("\n") +
    "\n";
  return importRemittance(
    db,
    { fileName: `doi-soat-${fileNumber}.csv`, bytes: new TextEncoder().encode(csv), carrierName },
    actor,
  );
}

const paymentOf = async (orderId: string) =>
  (await db.select({ p: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId)))[0].p;
const linesOf = async (shipmentId: string) =>
  (
    await db
      .select({ status: codRemittanceLines.status, remittanceId: codRemittanceLines.remittanceId })
      .from(codRemittanceLines)
      .where(eq(codRemittanceLines.shipmentId, shipmentId))
      .orderBy(codRemittanceLines.id)
  ).map((l) => l.status);

describe("payout matching that heals", () => {
  it("bulk “Đã giao” with shipments still booked: the figure counts them and the payout file matches them", async () => {
    const parcels = [await parcel("HEAL-B1"), await parcel("HEAL-B2", { total: 1_250_000 })];
    const before = await codOutstandingTotal(db);
    const refs = await Promise.all(
      parcels.map(async (p) => ({ id: p.order.id, version: await versionOf(db, p.order.id) })),
    );
    const report = await bulkSetOrderStatus(
      db,
      refs,
      { status: "delivered", reason: "", restock: false },
      actor,
      TEST_EMAIL_LINKS,
      // As the orders list posts it: an order with a shipment is delivered through it (decision 0054).
      setOrderStatusWithShipment,
    );
    expect(report.changed).toHaveLength(2);
    // The finding: "COD chưa đối soát 0 ₫" while these delivered orders were unpaid.
    expect(await codOutstandingTotal(db)).toBe(before + 979_000 + 1_250_000);

    const result = await payoutFile([
      ["HEAL-B1", 979_000],
      ["HEAL-B2", 1_250_000],
    ]);
    expect(result.differences).toEqual([]);
    expect(result.matchedSum).toBe(2_229_000);
    expect(await paymentOf(parcels[0].order.id)).toBe("paid");
    expect(await codOutstandingTotal(db)).toBe(before);
  });

  it("a line for a parcel not delivered yet matches once its shipment is delivered", async () => {
    const { order, shipment } = await parcel("HEAL-L1", { shipment: "in_transit" });
    const result = await payoutFile([["HEAL-L1", 979_000]]);
    expect(result.differences.map((d) => d.status)).toEqual(["not_delivered"]);
    expect(await heal()).toMatchObject({ matched: 0 });

    await markDelivered(db, shipment.id, { version: shipment.version }, actor, TEST_EMAIL_LINKS);
    expect(await heal()).toMatchObject({ matched: 1 });
    expect(await linesOf(shipment.id)).toEqual(["matched"]);
    expect(await paymentOf(order.id)).toBe("paid");
  });

  it("an unknown code matches once a shipment with that code exists", async () => {
    const result = await payoutFile([["HEAL-U1", 979_000]]);
    expect(result.differences.map((d) => d.status)).toEqual(["unknown_code"]);
    const { order } = await parcel("heal-u1", { orderStatus: "delivered", shipment: "delivered" });
    await heal();
    expect(await paymentOf(order.id)).toBe("paid");
  });

  it("a manual payout for a parcel already on an open file line settles that line instead of counting twice", async () => {
    const { order, shipment } = await parcel("HEAL-M1", { shipment: "in_transit" });
    const file = await payoutFile([["HEAL-M1", 979_000]]);
    expect(file.differences.map((d) => d.status)).toEqual(["not_delivered"]);
    await markDelivered(db, shipment.id, { version: shipment.version }, actor, TEST_EMAIL_LINKS);

    // Typed by hand before anything re-matched the file's line.
    const manual = await recordManualPayout(
      db,
      {
        carrierName: "GHN",
        remittedOn: "2026-11-27",
        lines: [{ trackingCode: "HEAL-M1", codAmount: "979000", fee: "" }],
      },
      actor,
    );
    expect(manual.matchedCount).toBe(0);
    expect(manual.differences.map((d) => d.status)).toEqual(["already_remitted"]);
    // The file's line is the one that counts; the money is counted once.
    expect(await linesOf(shipment.id)).toEqual(["matched", "already_remitted"]);
    expect(await paymentOf(order.id)).toBe("paid");
  });

  it("a file line for an order already paid (by a typed payout or by hand) is already remitted", async () => {
    const typed = await parcel("HEAL-R1", { orderStatus: "delivered", shipment: "delivered" });
    await recordManualPayout(
      db,
      {
        carrierName: "GHTK",
        remittedOn: "2026-11-27",
        lines: [{ trackingCode: "HEAL-R1", codAmount: "979000", fee: "0" }],
      },
      actor,
    );
    const byHand = await parcel("HEAL-R2", { orderStatus: "delivered", shipment: "delivered" });
    await setPaymentStatus(
      db,
      byHand.order.id,
      { paymentStatus: "paid", version: await versionOf(db, byHand.order.id) },
      actor,
    );

    const file = await payoutFile(
      [
        ["HEAL-R1", 979_000],
        ["HEAL-R2", 979_000],
      ],
      "GHTK",
    );
    expect(file.matchedCount).toBe(0);
    expect(file.differences.map((d) => d.status)).toEqual(["already_remitted", "already_remitted"]);
    expect(await linesOf(typed.shipment.id)).toEqual(["matched", "already_remitted"]);
  });

  it("with “money received proves delivery” on, a payout line delivers its parcel and pays it; off, it waits", async () => {
    const waiting = await parcel("HEAL-P1");
    await payoutFile([["HEAL-P1", 979_000]]);
    await heal();
    expect(await linesOf(waiting.shipment.id)).toEqual(["not_delivered"]);

    await saveSetting(db, "fulfilment", { payoutProvesDelivery: "on" });
    try {
      const wrongAmount = await parcel("HEAL-P2");
      await payoutFile([["HEAL-P2", 900_000]]);
      expect(await heal()).toMatchObject({ deliveredByPayout: 1, matched: 1 });
      const [moved] = await db.select().from(shipments).where(eq(shipments.id, waiting.shipment.id));
      expect(moved.status).toBe("delivered");
      const [order] = await db.select().from(orders).where(eq(orders.id, waiting.order.id));
      expect([order.status, order.paymentStatus]).toEqual(["delivered", "paid"]);
      // A line of another amount proves nothing: the parcel stays as it was.
      expect(await linesOf(wrongAmount.shipment.id)).toEqual(["not_delivered"]);
    } finally {
      await saveSetting(db, "fulfilment", { payoutProvesDelivery: false });
    }
  });

  it("resolves selected differences together: accepts what can be accepted, reports the rest", async () => {
    const a = await parcel("HEAL-D1", { orderStatus: "delivered", shipment: "delivered" });
    const b = await parcel("HEAL-D2", { orderStatus: "delivered", shipment: "delivered" });
    const file = await payoutFile([
      ["HEAL-D1", 970_000],
      ["HEAL-D2", 969_000],
      ["HEAL-NOPE", 10_000],
    ]);
    const ids = file.differences.map((d) => d.lineId);
    expect(file.differences.map((d) => d.status)).toEqual(["amount_mismatch", "amount_mismatch", "unknown_code"]);

    await expect(
      resolveRemittanceLines(db, { action: "accept", note: " ", lineIds: ids }, actor),
    ).rejects.toMatchObject({
      kind: "invalid",
      message: "Vui lòng ghi chú lý do",
    });
    await expect(
      resolveRemittanceLines(db, { action: "dismiss", note: "x", lineIds: [] }, actor),
    ).rejects.toMatchObject({
      kind: "invalid",
    });

    const outcome = await resolveRemittanceLines(
      db,
      { action: "accept", note: "Hãng trừ phí hoàn", lineIds: ids.map(String) },
      actor,
    );
    expect(outcome.resolved).toEqual([
      { lineId: ids[0], status: "matched" },
      { lineId: ids[1], status: "matched" },
    ]);
    expect(outcome.refused).toEqual([{ lineId: ids[2], message: expect.stringContaining("Chỉ chấp nhận") }]);
    expect([await paymentOf(a.order.id), await paymentOf(b.order.id)]).toEqual(["paid", "paid"]);

    const again = await resolveRemittanceLines(
      db,
      { action: "dismiss", note: "Không phải của shop", lineIds: ids },
      actor,
    );
    expect(again.resolved).toEqual([{ lineId: ids[2], status: "unknown_code" }]);
    expect(again.refused.map((r) => r.message)).toEqual([
      "Chênh lệch này đã được xử lý trước đó",
      "Chênh lệch này đã được xử lý trước đó",
    ]);
  });
});
