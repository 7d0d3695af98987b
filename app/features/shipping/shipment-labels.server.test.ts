import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { shipments } from "~/db/schema";
import { setUpTestDatabase } from "~/test/database";
import { insertCustomer, insertOrder, insertProduct, insertShipment } from "~/test/orders-fixture";
import { getShipmentLabels } from "./shipments.server";

const { db } = await setUpTestDatabase({ seed: "shop-without-content" });

describe("a shipment's label data (decision 0056)", () => {
  it("carries the carrier's sort code from the booking and the value declared to the carrier", async () => {
    const product = await insertProduct(db, { name: "Bình sữa", price: 450_000 });
    const customer = await insertCustomer(db, { firstName: "Lan", lastName: "Phạm" });
    const order = await insertOrder(db, { customer, lines: [{ product, quantity: 2 }], shippingFee: 30_000 });
    const booked = await insertShipment(db, { order, trackingCode: "FFFNL9HH", status: "booked" });
    const manual = await insertShipment(db, { order, trackingCode: "VTP1", status: "cancelled" });
    // As the GHN adapter keeps its answer at booking.
    await db
      .update(shipments)
      .set({ carrierData: { orderCode: "FFFNL9HH", sortCode: " 19-70-03 " } })
      .where(eq(shipments.id, booked.id));
    const [ghn, hand] = await getShipmentLabels(db, [booked.id, manual.id]);
    expect(ghn.sortCode).toBe("19-70-03");
    expect(hand.sortCode).toBeNull();
    // The goods' value, shipping aside: what booking sends as GHN's insurance_value.
    expect(ghn.declaredValue).toBe(order.subtotal - order.discount);
    expect(ghn.declaredValue).toBe(900_000);
  });
});
