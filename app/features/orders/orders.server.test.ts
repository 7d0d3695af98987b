import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orderStatusHistory, orders, products } from "~/db/schema";
import { AppError } from "~/server/errors.server";
import { createTestDatabase, type TestDatabase } from "~/test/database";
import { hcm, insertCustomer, insertOrder, insertProduct } from "~/test/orders-fixture";
import { deleteOrder, getOrderDetail, getOrderSummary, hasAnyOrder, listOrders, setOrderStatus, setPaymentStatus } from "./orders.server";

let database: TestDatabase;
const actor = { userId: null, name: "Chủ shop" };

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const db = () => database.db;

async function stockOf(id: number) {
  const [row] = await db().select({ stock: products.stockQuantity, sold: products.soldCount }).from(products).where(eq(products.id, id));
  return row;
}

async function expectAppError(promise: Promise<unknown>, kind: string, message?: RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).kind).toBe(kind);
  if (message) expect((error as AppError).message).toMatch(message);
}

describe("orders list", () => {
  let ids: Record<string, string> = {};

  it("knows when the shop has no order yet", async () => {
    expect(await hasAnyOrder(db())).toBe(false);
    const empty = await listOrders(db(), {});
    expect(empty).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1, pageSize: 25 });
  });

  it("lists newest first with customer name and email, filters by status, searches every form", async () => {
    const product = await insertProduct(db(), { name: "Máy tiệt trùng UVC", price: 690_000 });
    const an = await insertCustomer(db(), { firstName: "Ánh", lastName: "Nguyễn Thị", email: "anh.nguyen@example.vn", phone: "+84901234567" });
    const binh = await insertCustomer(db(), { firstName: "Bình", lastName: "Trần", email: "binh@shop.vn", phone: "+84912000111" });
    const o1 = await insertOrder(db(), { customer: an, lines: [{ product, quantity: 1 }], orderNumber: 123, createdAt: hcm("2026-11-01 09:00") });
    const o2 = await insertOrder(db(), {
      customer: binh,
      lines: [{ product, quantity: 2 }],
      orderNumber: 124,
      status: "shipped",
      createdAt: hcm("2026-11-02 09:00"),
    });
    const o3 = await insertOrder(db(), {
      customer: an,
      lines: [{ product, quantity: 1 }],
      orderNumber: 1230,
      status: "cancelled",
      createdAt: hcm("2026-11-03 09:00"),
    });
    ids = { o1: o1.id, o2: o2.id, o3: o3.id };
    expect(await hasAnyOrder(db())).toBe(true);

    const all = await listOrders(db(), {});
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.orderNumber)).toEqual([1230, 124, 123]);
    expect(all.rows[0]).toMatchObject({
      customerName: "Ánh Nguyễn Thị",
      customerEmail: "anh.nguyen@example.vn",
      status: "cancelled",
      total: 690_000,
    });

    expect((await listOrders(db(), { status: "shipped" })).rows.map((r) => r.orderNumber)).toEqual([124]);
    expect((await listOrders(db(), { status: "delivered" })).total).toBe(0);

    const search = async (q: string, status?: "cancelled") =>
      (await listOrders(db(), { q, status })).rows.map((r) => r.orderNumber).sort((a, b) => a - b);
    expect(await search("DH000123")).toEqual([123]);
    expect(await search("dh123")).toEqual([123]);
    // A bare number is an order number, and also a phone fragment: 123 is in +84901234567.
    expect(await search("123")).toEqual([123, 1230]);
    expect(await search("124")).toEqual([124]);
    expect(await search("anh nguyen")).toEqual([123, 1230]);
    expect(await search("ÁNH")).toEqual([123, 1230]);
    expect(await search("nguyễn thị")).toEqual([123, 1230]);
    expect(await search("binh@shop")).toEqual([124]);
    expect(await search("BINH@SHOP.VN")).toEqual([124]);
    expect(await search("0912 000 111")).toEqual([124]);
    expect(await search("+84912000111")).toEqual([124]);
    expect(await search("anh", "cancelled")).toEqual([1230]);
    expect(await search("không có ai")).toEqual([]);
    expect(await search("100%_")).toEqual([]);
  });

  it("paginates 25 a page, clamping a page beyond the last", async () => {
    const product = await insertProduct(db(), { price: 10_000 });
    const customer = await insertCustomer(db(), { firstName: "Phân", lastName: "Trang" });
    for (let i = 0; i < 27; i++) {
      await insertOrder(db(), { customer, lines: [{ product, quantity: 1 }], createdAt: new Date(Date.UTC(2026, 9, 1, 0, i)) });
    }
    const first = await listOrders(db(), { page: 1 });
    expect(first).toMatchObject({ total: 30, pageCount: 2, page: 1 });
    expect(first.rows).toHaveLength(25);
    const second = await listOrders(db(), { page: 2 });
    expect(second.rows).toHaveLength(5);
    // The three November orders first, then October newest first: page 2 ends with the oldest.
    expect(second.rows.at(-1)?.createdAt.toISOString()).toBe(new Date(Date.UTC(2026, 9, 1, 0, 0)).toISOString());
    const seen = new Set([...first.rows, ...second.rows].map((r) => r.id));
    expect(seen.size).toBe(30);
    expect((await listOrders(db(), { page: 99 })).page).toBe(2);
    expect((await listOrders(db(), { q: "phân trang", page: 2 })).rows).toHaveLength(2);
  });

  it("reads one order with customer, items and history; unknown ids are not found", async () => {
    const detail = await getOrderDetail(db(), ids.o2);
    expect(detail.order).toMatchObject({ orderNumber: 124, status: "shipped", subtotal: 1_380_000, total: 1_380_000 });
    expect(detail.customer).toMatchObject({ email: "binh@shop.vn", firstName: "Bình" });
    expect(detail.items).toHaveLength(1);
    expect(detail.items[0]).toMatchObject({ productName: "Máy tiệt trùng UVC", quantity: 2, unitPrice: 690_000, totalPrice: 1_380_000 });
    expect(detail.history).toHaveLength(1);
    expect(detail.history[0]).toMatchObject({ fromStatus: null, toStatus: "shipped" });
    await expectAppError(getOrderDetail(db(), "not-a-uuid"), "not_found");
    await expectAppError(getOrderDetail(db(), "00000000-0000-4000-8000-000000000000"), "not_found");
    expect(await getOrderSummary(db(), ids.o2)).toMatchObject({ orderNumber: 124, total: 1_380_000 });
    expect(await getOrderSummary(db(), "x")).toBeNull();
  });
});

describe("setOrderStatus", () => {
  it("allows any transition and records who, from, to and when", async () => {
    const product = await insertProduct(db(), { stock: 10 });
    const customer = await insertCustomer(db());
    const order = await insertOrder(db(), { customer, lines: [{ product, quantity: 1 }] });
    for (const status of ["delivered", "pending", "shipped", "processing"] as const) {
      expect(await setOrderStatus(db(), order.id, status, actor)).toMatchObject({ changed: true, to: status });
    }
    // Setting the current status again changes nothing.
    expect(await setOrderStatus(db(), order.id, "processing", actor)).toMatchObject({ changed: false });
    const { history, order: after } = await getOrderDetail(db(), order.id);
    expect(after.status).toBe("processing");
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, "pending"],
      ["pending", "delivered"],
      ["delivered", "pending"],
      ["pending", "shipped"],
      ["shipped", "processing"],
    ]);
    expect(history[1]).toMatchObject({ changedByName: "Chủ shop" });
    expect(history[1].createdAt).toBeInstanceOf(Date);
    // Not cancelled either way: stock untouched.
    expect(await stockOf(product.id)).toMatchObject({ stock: 10 });
  });

  it("puts tracked stock back on cancel and takes it again when un-cancelled", async () => {
    const tracked = await insertProduct(db(), { name: "Hộp đựng", stock: 5, soldCount: 7 });
    const untracked = await insertProduct(db(), { name: "Combo", stock: 0, trackStock: false, soldCount: 2 });
    const customer = await insertCustomer(db());
    const order = await insertOrder(db(), {
      customer,
      lines: [
        { product: tracked, quantity: 2 },
        { product: tracked, quantity: 1 },
        { product: untracked, quantity: 2 },
        { product: null, quantity: 1, unitPrice: 5_000, name: "Sản phẩm cũ" },
      ],
    });
    await setOrderStatus(db(), order.id, "cancelled", actor);
    expect(await stockOf(tracked.id)).toEqual({ stock: 8, sold: 4 });
    expect(await stockOf(untracked.id)).toEqual({ stock: 0, sold: 0 });

    await setOrderStatus(db(), order.id, "processing", actor);
    expect(await stockOf(tracked.id)).toEqual({ stock: 5, sold: 7 });
    expect(await stockOf(untracked.id)).toEqual({ stock: 0, sold: 2 });
  });

  it("refuses to leave cancelled when the stock is gone, naming the product, and changes nothing", async () => {
    const a = await insertProduct(db(), { name: "Máy trắng", stock: 10 });
    const b = await insertProduct(db(), { name: "Máy hồng", stock: 10 });
    const customer = await insertCustomer(db());
    const order = await insertOrder(db(), {
      customer,
      lines: [
        { product: a, quantity: 2 },
        { product: b, quantity: 3 },
      ],
    });
    await setOrderStatus(db(), order.id, "cancelled", actor);
    expect(await stockOf(a.id)).toMatchObject({ stock: 12 });
    // Meanwhile the pink one sold out to 1.
    await db().update(products).set({ stockQuantity: 1 }).where(eq(products.id, b.id));
    await expectAppError(setOrderStatus(db(), order.id, "pending", actor), "conflict", /Máy hồng.*còn 1.*cần 3/);
    // All or nothing: the white one was not taken, the order stays cancelled, no history row.
    expect(await stockOf(a.id)).toMatchObject({ stock: 12 });
    const { order: after, history } = await getOrderDetail(db(), order.id);
    expect(after.status).toBe("cancelled");
    expect(history).toHaveLength(2);
  });

  it("refuses unknown orders and statuses", async () => {
    await expectAppError(setOrderStatus(db(), "00000000-0000-4000-8000-000000000000", "shipped", actor), "not_found");
    await expectAppError(setOrderStatus(db(), "nope", "shipped", actor), "not_found");
    const customer = await insertCustomer(db());
    const order = await insertOrder(db(), { customer, lines: [] });
    await expectAppError(setOrderStatus(db(), order.id, "lost" as never, actor), "invalid");
  });
});

describe("setPaymentStatus", () => {
  it("sets pending, paid, failed, refunded with a history row each", async () => {
    const customer = await insertCustomer(db());
    const order = await insertOrder(db(), { customer, lines: [], status: "delivered" });
    for (const value of ["paid", "refunded", "failed", "pending"] as const) {
      expect(await setPaymentStatus(db(), order.id, value, actor)).toMatchObject({ changed: true, to: value });
    }
    expect(await setPaymentStatus(db(), order.id, "pending", actor)).toMatchObject({ changed: false });
    const { order: after, history } = await getOrderDetail(db(), order.id);
    expect(after.paymentStatus).toBe("pending");
    expect(history.slice(1).map((h) => [h.fromPaymentStatus, h.toPaymentStatus, h.fromStatus, h.toStatus])).toEqual([
      ["pending", "paid", "delivered", "delivered"],
      ["paid", "refunded", "delivered", "delivered"],
      ["refunded", "failed", "delivered", "delivered"],
      ["failed", "pending", "delivered", "delivered"],
    ]);
    await expectAppError(setPaymentStatus(db(), order.id, "stolen" as never, actor), "invalid");
    await expectAppError(setPaymentStatus(db(), "00000000-0000-4000-8000-000000000000", "paid", actor), "not_found");
  });
});

describe("deleteOrder", () => {
  it("removes the order with its items and history, giving tracked stock back when not cancelled", async () => {
    const product = await insertProduct(db(), { stock: 4, soldCount: 10 });
    const customer = await insertCustomer(db());
    const active = await insertOrder(db(), { customer, lines: [{ product, quantity: 3 }] });
    expect(await deleteOrder(db(), active.id)).toEqual({ orderNumber: active.orderNumber });
    expect(await stockOf(product.id)).toEqual({ stock: 7, sold: 7 });
    expect(await db().select().from(orders).where(eq(orders.id, active.id))).toEqual([]);
    expect(await db().select().from(orderItems).where(eq(orderItems.orderId, active.id))).toEqual([]);
    expect(await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, active.id))).toEqual([]);

    // A cancelled order already gave its stock back: deleting it does not give it twice.
    const cancelled = await insertOrder(db(), { customer, lines: [{ product, quantity: 2 }] });
    await setOrderStatus(db(), cancelled.id, "cancelled", actor);
    expect(await stockOf(product.id)).toEqual({ stock: 9, sold: 5 });
    await deleteOrder(db(), cancelled.id);
    expect(await stockOf(product.id)).toEqual({ stock: 9, sold: 5 });

    await expectAppError(deleteOrder(db(), cancelled.id), "not_found");
  });
});
