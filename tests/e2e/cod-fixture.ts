// `npx tsx tests/e2e/cod-fixture.ts` with DATA_DIR set, before a server opens the folder: a
// delivered COD order with its shipment (as the shipping feature books one), and ten parcels in
// transit, for the reconciliation spec, which runs its own shop so the shared e2e shop stays as the other specs
// expect it. Prints the order's number, id, total and the tracking code as JSON.
import path from "node:path";
import { openDatabase } from "~/server/db.server";
import { parseEnv } from "~/server/env.server";
import { insertCustomer, insertOrder, insertProduct, insertShipment } from "~/test/orders-fixture";

const env = parseEnv(process.env);
const database = await openDatabase({ pgliteDir: path.join(env.DATA_DIR, "pglite"), lock: true });
try {
  await database.migrate();
  const db = database.db;
  const product = await insertProduct(db, { name: "Máy tiệt trùng bình sữa UVC", price: 690_000 });
  const customer = await insertCustomer(db, { firstName: "Hoa", lastName: "Nguyễn Thị", phone: "+84901234567" });
  const order = await insertOrder(db, {
    customer,
    lines: [{ product, quantity: 1 }],
    shippingFee: 30_000,
    status: "delivered",
  });
  const trackingCode = `GHNE2E${Date.now().toString(36).toUpperCase()}`;
  await insertShipment(db, { order, trackingCode, carrierName: "GHN", carrierFee: 22_000 });
  // Ten parcels picked up (five GHN, five GHTK) whose orders staff will mark "Đã giao" in bulk.
  const inTransit = [];
  for (let i = 0; i < 10; i++) {
    const carrierName = i < 5 ? "GHN" : "GHTK";
    const item = await insertProduct(db, { name: `Nôi điện số ${i + 1}`, price: 539_000 + i * 100_000 });
    const buyer = await insertCustomer(db, {
      firstName: "Mười",
      lastName: `Lê Văn ${i + 1}`,
      phone: `+8490555000${i}`,
    });
    const shipped = await insertOrder(db, {
      customer: buyer,
      lines: [{ product: item, quantity: 1 }],
      status: "shipped",
    });
    const code = `${carrierName === "GHN" ? "GHNB" : "S2026B"}${i}${Date.now().toString(36).toUpperCase()}`;
    await insertShipment(db, { order: shipped, trackingCode: code, carrierName, status: "in_transit" });
    inTransit.push({ code, carrierName, total: shipped.total });
  }
  console.log(
    JSON.stringify({ orderId: order.id, orderNumber: order.orderNumber, total: order.total, trackingCode, inTransit }),
  );
} finally {
  await database.close();
}
