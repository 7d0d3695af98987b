import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "~/db/schema";
import { CSV_BOM, parseCsv } from "~/lib/csv";
import { csvStreamResponse } from "~/server/csv.server";
import { setUpTestDatabase } from "~/test/database";
import { hcm, insertCustomer, insertOrder, insertProduct, insertShipment } from "~/test/orders-fixture";
import { orderListQuerySchema } from "./orders.schema";
import { orderCsvBatches, ordersCsvHeader } from "./orders-export.server";

const { db } = await setUpTestDatabase();

describe("orders CSV", () => {
  it("writes one row per order with its items, COD amount, carrier, code and province; phones as text Excel keeps", async () => {
    const sterilizer = await insertProduct(db, { name: "Máy tiệt trùng X (Hồng)", price: 900_000 });
    const bottle = await insertProduct(db, { name: "Bình sữa", price: 100_000 });
    const buyer = await insertCustomer(db, { firstName: "Hồ sơ", lastName: "Khác", phone: "+84912345678" });
    const order = await insertOrder(db, {
      customer: buyer,
      lines: [
        { product: sterilizer, quantity: 2 },
        { product: bottle, quantity: 1 },
      ],
      orderNumber: 701,
      createdAt: hcm("2026-11-20 10:00"),
    });
    await db.update(orders).set({ firstName: "Lan", lastName: "Phạm Thị", phone: "+84912345678" }).where(eq(orders.id, order.id));
    // A cancelled shipment is history: the live one is what the courier carries.
    await insertShipment(db, { order, trackingCode: "OLD1", status: "cancelled", carrierName: "GHTK", createdAt: hcm("2026-11-20 11:00") });
    await insertShipment(db, { order, trackingCode: "GHN5XK7Q", status: "in_transit", carrierName: "GHN", codAmount: 1_850_000 });
    const waiting = await insertOrder(db, { customer: buyer, lines: [{ product: bottle, quantity: 1 }], orderNumber: 702 });

    const response = csvStreamResponse("orders.csv", ordersCsvHeader, orderCsvBatches(db, { ids: [order.id, waiting.id] }));
    // The bytes as sent (Response.text() would drop the BOM it is checking for).
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith(CSV_BOM)).toBe(true);
    // The phone as ="0912345678": no apostrophe, no formula but the text itself.
    expect(text).toContain(',"=""0912345678""",');
    expect(text).not.toContain("'+84");

    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([...ordersCsvHeader]);
    const cell = (row: string[], name: (typeof ordersCsvHeader)[number]) => row[ordersCsvHeader.indexOf(name)];
    const shipped = rows.find((row) => row[0] === "DH000701")!;
    expect(cell(shipped, "Khách hàng")).toBe("Phạm Thị Lan");
    expect(cell(shipped, "Số điện thoại")).toBe('="0912345678"');
    expect(cell(shipped, "Sản phẩm")).toBe("Máy tiệt trùng X (Hồng) ×2; Bình sữa ×1");
    expect(cell(shipped, "Đơn vị vận chuyển")).toBe("GHN");
    expect(cell(shipped, "Mã vận đơn")).toBe("GHN5XK7Q");
    expect(cell(shipped, "Tiền thu hộ COD (đ)")).toBe("1850000");
    expect(cell(shipped, "Tỉnh/Thành phố")).toBe("Thành phố Hồ Chí Minh");
    expect(cell(shipped, "Tổng tiền (đ)")).toBe("1900000");
    const notBooked = rows.find((row) => row[0] === "DH000702")!;
    expect([cell(notBooked, "Đơn vị vận chuyển"), cell(notBooked, "Mã vận đơn"), cell(notBooked, "Tiền thu hộ COD (đ)")]).toEqual(["", "", ""]);

    // The list's new filters select the export too.
    const byCarrier = await csvStreamResponse("o.csv", ordersCsvHeader, orderCsvBatches(db, { query: orderListQuerySchema.parse({ carrier: "GHN" }) })).text();
    expect(parseCsv(byCarrier).slice(1).map((row) => row[0])).toEqual(["DH000701"]);
  });
});
