import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderStatusHistory, orders, products } from "~/db/schema";
import { listCustomers } from "~/features/customers/customers.server";
import { parseCsv } from "~/lib/csv";
import { formatOrderNumber } from "~/lib/order-number";
import { csvStreamResponse, readText } from "~/server/csv.server";
import { setUpTestDatabase } from "~/test/database";
import {
  changeStatus,
  hcm,
  insertCustomer,
  insertOrder,
  insertProduct,
  versionOf,
  TEST_EMAIL_LINKS,
} from "~/test/orders-fixture";
import {
  bulkSetOrderStatus,
  orderIdsOf,
  orderNeighbours,
} from "./orders-bulk.server";
import { bulkOrderRefsSchema, BULK_LIMIT_MESSAGE, orderListQuerySchema } from "./orders.schema";
import { listOrders } from "./orders-list.server";
import { orderCsvBatches, ordersCsvHeader } from "./orders-export.server";

const database = await setUpTestDatabase();
const { db } = database;
const actor = { userId: null, name: "Nhân viên kho" };

async function historyCount(orderId: string) {
  return (await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId))).length;
}

async function statusOf(orderId: string) {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row.status;
}

describe("orders at volume", () => {
  let hoa: Awaited<ReturnType<typeof insertCustomer>>;
  let product: Awaited<ReturnType<typeof insertProduct>>;
  const ids: Record<string, string> = {};

  it("filters by shop-day range, payment and delivery method, and searches a name in either word order", async () => {
    product = await insertProduct(db, { name: "Đèn UVC", price: 500_000, stock: 10 });
    // The checkout's "Họ" is the family name: Nguyễn; "Tên" the given names: Thị Hoa.
    hoa = await insertCustomer(db, {
      firstName: "Thị Hoa",
      lastName: "Nguyễn",
      email: "hoa@example.vn",
      phone: "+84903000111",
    });
    const nam = await insertCustomer(db, {
      firstName: "Văn Nam",
      lastName: "Trần",
      email: "nam@example.vn",
      phone: "+84903000222",
    });
    // 23:30 and 00:30 in Hồ Chí Minh City: two shop days, one UTC day.
    const late = await insertOrder(db, {
      customer: hoa,
      lines: [{ product, quantity: 1 }],
      createdAt: hcm("2026-11-20 23:30"),
    });
    const early = await insertOrder(db, {
      customer: nam,
      lines: [{ product, quantity: 1 }],
      paymentStatus: "paid",
      status: "processing",
      createdAt: hcm("2026-11-21 00:30"),
    });
    const cancelled = await insertOrder(db, {
      customer: nam,
      lines: [{ product, quantity: 1 }],
      status: "cancelled",
      createdAt: hcm("2026-11-22 10:00"),
    });
    await db.update(orders).set({ shippingMethod: "express" }).where(eq(orders.id, early.id));
    Object.assign(ids, { late: late.id, early: early.id, cancelled: cancelled.id });

    const numbersOf = async (params: Record<string, string>) =>
      (await listOrders(db, orderListQuerySchema.parse(params))).rows.map((row) => row.id);

    expect(await numbersOf({ from: "2026-11-21", to: "2026-11-21" })).toEqual([early.id]);
    expect(await numbersOf({ to: "2026-11-20" })).toEqual([late.id]);
    expect(await numbersOf({ from: "2026-11-21" })).toEqual([cancelled.id, early.id]);
    expect(await numbersOf({ payment: "paid" })).toEqual([early.id]);
    // "Chưa thu tiền": payment still due on an order that stands (the cancelled one is not).
    expect(await numbersOf({ payment: "unpaid" })).toEqual([late.id]);
    expect(await numbersOf({ delivery: "express" })).toEqual([early.id]);
    expect(await numbersOf({ delivery: "local-delivery", status: "cancelled" })).toEqual([cancelled.id]);
    // A value that is no filter is dropped, not an error.
    expect(orderListQuerySchema.parse({ from: "2026-02-30", payment: "x", delivery: "drone" })).toMatchObject({
      from: undefined,
      payment: undefined,
      delivery: undefined,
    });

    for (const q of ["Nguyễn Thị Hoa", "nguyen thi hoa", "hoa nguyen", "NGUYEN hoa"]) {
      expect(await numbersOf({ q }), q).toEqual([late.id]);
      expect(
        (await listCustomers(db, { q })).rows.map((row) => row.id),
        q,
      ).toEqual([hoa.id]);
    }
    expect(await numbersOf({ q: "nguyen nam" })).toEqual([]);
    // The list shows the family name first.
    expect((await listOrders(db, { q: "hoa" })).rows[0].customerName).toBe("Nguyễn Thị Hoa");
  });

  it("finds an order by the name it was placed under, accents or not, when the customer's differs", async () => {
    const order = await insertOrder(db, {
      customer: { ...hoa, firstName: "Thị Đào", lastName: "Lê" },
      lines: [{ product, quantity: 1 }],
      createdAt: hcm("2026-11-19 08:00"),
    });
    ids.dao = order.id;
    expect((await listOrders(db, { q: "le thi dao" })).rows.map((row) => row.id)).toEqual([order.id]);
    expect((await listOrders(db, { q: "ĐÀO LÊ" })).rows.map((row) => row.id)).toEqual([order.id]);
  });

  it("changes many orders' status with each order's own rules, and says which were refused and why", async () => {
    const scarce = await insertProduct(db, { name: "Bình lọc", price: 200_000, stock: 1 });
    const gone = await insertOrder(db, {
      customer: hoa,
      lines: [{ product: scarce, quantity: 1 }],
      createdAt: hcm("2026-11-18 08:00"),
    });
    // Cancelled with its goods back in stock, then the last unit sold elsewhere: reinstating it is refused.
    await changeStatus(db, gone.id, "cancelled", actor, { reason: "Khách đổi ý", restock: true });
    await db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, scarce.id));

    const staleVersion = await versionOf(db, ids.late);
    // Someone else changes this order after the list was read.
    await changeStatus(db, ids.late, "processing", actor);
    const refs = bulkOrderRefsSchema.parse([
      `${ids.dao}:${await versionOf(db, ids.dao)}`,
      `${ids.early}:${await versionOf(db, ids.early)}`,
      `${ids.late}:${staleVersion}`,
      `${gone.id}:${await versionOf(db, gone.id)}`,
      "00000000-0000-4000-8000-000000000000:1",
    ]);
    const before = { late: await historyCount(ids.late), gone: await historyCount(gone.id) };

    const report = await bulkSetOrderStatus(
      db,
      refs,
      { status: "processing", reason: "", restock: false },
      actor,
      TEST_EMAIL_LINKS,
    );

    expect(report.changed.map((o) => o.id)).toEqual([ids.dao]);
    expect(report.unchanged.map((o) => o.id)).toEqual([ids.early]);
    expect(report.refused).toEqual([
      { id: ids.late, orderNumber: expect.any(Number), message: expect.stringContaining("thay đổi") },
      { id: gone.id, orderNumber: gone.orderNumber, message: expect.stringContaining("Không đủ hàng") },
      { id: "00000000-0000-4000-8000-000000000000", orderNumber: null, message: "Không tìm thấy đơn hàng" },
    ]);
    // Refused orders are untouched: status, history, stock.
    expect(await statusOf(gone.id)).toBe("cancelled");
    expect(await historyCount(gone.id)).toBe(before.gone);
    expect(await historyCount(ids.late)).toBe(before.late);
    const [{ stock }] = await db
      .select({ stock: products.stockQuantity })
      .from(products)
      .where(eq(products.id, scarce.id));
    expect(stock).toBe(0);
    expect(await statusOf(ids.dao)).toBe("processing");
  });

  it("refuses a bulk cancellation without a reason, an empty selection and more than 200 orders", async () => {
    const { bulkStatusInputSchema } = await import("./orders.schema");
    expect(bulkStatusInputSchema.safeParse({ status: "cancelled", reason: "" }).success).toBe(false);
    expect(bulkOrderRefsSchema.safeParse([]).error?.issues[0].message).toBe("Chưa chọn đơn hàng nào");
    const many = Array.from({ length: 201 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}:1`);
    expect(bulkOrderRefsSchema.safeParse(many).error?.issues[0].message).toBe(BULK_LIMIT_MESSAGE);
    // The same order twice (table and card on a phone) counts once.
    expect(bulkOrderRefsSchema.parse([`${ids.dao}:3`, `${ids.dao}:3`])).toHaveLength(1);
    expect(orderIdsOf([`${ids.dao}:3`, ids.dao.toUpperCase(), "x", "1;drop"])).toEqual([ids.dao]);
  });

  it("exports the selection or the filtered list as Excel-safe CSV, newest first, family name first", async () => {
    const attacker = await insertCustomer(db, { firstName: '=HYPERLINK("x")', lastName: "", email: "x@example.vn" });
    const injected = await insertOrder(db, {
      customer: attacker,
      lines: [{ product, quantity: 2 }],
      createdAt: hcm("2026-11-23 09:00"),
    });

    const read = async (scope: Parameters<typeof orderCsvBatches>[1]) =>
      parseCsv(await readText(csvStreamResponse("orders.csv", ordersCsvHeader, orderCsvBatches(db, scope, 2))));

    const selected = await read({ ids: [ids.late, injected.id, "not-an-id"] });
    expect(selected[0]).toEqual([...ordersCsvHeader]);
    expect(selected.slice(1).map((row) => row[2])).toEqual(['\'=HYPERLINK("x")', "Nguyễn Thị Hoa"]);
    expect(selected[2]).toContain("Đã xác nhận");
    expect(selected[1].at(-1)).toBe("1000000");

    // Every order of a filter, across several batches (of 2), none skipped or repeated.
    const all = await read({ query: {} });
    const listed = await listOrders(db, {});
    expect(all.slice(1).map((row) => row[0])).toEqual(listed.rows.map((row) => formatOrderNumber(row.orderNumber)));
    const express = await read({ query: orderListQuerySchema.parse({ delivery: "express" }) });
    expect(express).toHaveLength(2);
    expect(express[1]).toContain("Giao hàng nhanh");
    expect(await read({ ids: [] })).toEqual([[...ordersCsvHeader]]);
  });

  it("finds the previous and next order of the list an order was opened from", async () => {
    const list = (await listOrders(db, {})).rows.map((row) => row.id);
    const middle = list[1];
    expect(await orderNeighbours(db, {}, middle)).toEqual({ previousId: list[0], nextId: list[2] });
    expect(await orderNeighbours(db, {}, list[0])).toEqual({ previousId: null, nextId: list[1] });
    const paid = orderListQuerySchema.parse({ payment: "paid" });
    expect(await orderNeighbours(db, paid, ids.early)).toEqual({ previousId: null, nextId: null });
    expect(await orderNeighbours(db, {}, "nope")).toEqual({ previousId: null, nextId: null });
  });
});
