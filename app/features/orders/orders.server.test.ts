import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderItems, orderStatusHistory, orders, products, stockMovements } from "~/db/schema";
import { setUpTestDatabase } from "~/test/database";
import { changeStatus, hcm, insertCustomer, insertOrder, insertProduct, versionOf, TEST_EMAIL_LINKS } from "~/test/orders-fixture";
import {
  deleteOrder,
  getOrderDetail,
  getOrderSummary,
  setOrderArchived,
  setOrderStatus,
  setPaymentStatus,
} from "./orders.server";
import { expectAppError } from "~/test/app-error";
import { orderStatusLabels } from "./orders.schema";
import { hasAnyOrder, listOrders } from "./orders-list.server";

const database = await setUpTestDatabase();
const actor = { userId: null, name: "Chủ shop" };

const { db } = database;

async function stockOf(id: number) {
  const [row] = await db.select({ stock: products.stockQuantity, sold: products.soldCount }).from(products).where(eq(products.id, id));
  return row;
}

describe("orders list", () => {
  let ids: Record<string, string> = {};

  it("knows when the shop has no order yet", async () => {
    expect(await hasAnyOrder(db)).toBe(false);
    const empty = await listOrders(db, {});
    expect(empty).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1, pageSize: 25 });
  });

  it("lists newest first with customer name and email, filters by status, searches every form", async () => {
    const product = await insertProduct(db, { name: "Máy tiệt trùng UVC", price: 690_000 });
    const an = await insertCustomer(db, { firstName: "Ánh", lastName: "Nguyễn Thị", email: "anh.nguyen@example.vn", phone: "+84901234567" });
    const binh = await insertCustomer(db, { firstName: "Bình", lastName: "Trần", email: "binh@shop.vn", phone: "+84912000111" });
    const o1 = await insertOrder(db, { customer: an, lines: [{ product, quantity: 1 }], orderNumber: 123, createdAt: hcm("2026-11-01 09:00") });
    const o2 = await insertOrder(db, {
      customer: binh,
      lines: [{ product, quantity: 2 }],
      orderNumber: 124,
      status: "shipped",
      createdAt: hcm("2026-11-02 09:00"),
    });
    const o3 = await insertOrder(db, {
      customer: an,
      lines: [{ product, quantity: 1 }],
      orderNumber: 1230,
      status: "cancelled",
      createdAt: hcm("2026-11-03 09:00"),
    });
    ids = { o1: o1.id, o2: o2.id, o3: o3.id };
    expect(await hasAnyOrder(db)).toBe(true);

    const all = await listOrders(db, {});
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.orderNumber)).toEqual([1230, 124, 123]);
    expect(all.rows[0]).toMatchObject({
      customerName: "Nguyễn Thị Ánh",
      customerEmail: "anh.nguyen@example.vn",
      status: "cancelled",
      total: 690_000,
    });

    expect((await listOrders(db, { status: "shipped" })).rows.map((r) => r.orderNumber)).toEqual([124]);
    expect((await listOrders(db, { status: "delivered" })).total).toBe(0);

    const search = async (q: string, status?: "cancelled") =>
      (await listOrders(db, { q, status })).rows.map((r) => r.orderNumber).sort((a, b) => a - b);
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
    const product = await insertProduct(db, { price: 10_000 });
    const customer = await insertCustomer(db, { firstName: "Phân", lastName: "Trang" });
    for (let i = 0; i < 27; i++) {
      await insertOrder(db, { customer, lines: [{ product, quantity: 1 }], createdAt: new Date(Date.UTC(2026, 9, 1, 0, i)) });
    }
    const first = await listOrders(db, { page: 1 });
    expect(first).toMatchObject({ total: 30, pageCount: 2, page: 1 });
    expect(first.rows).toHaveLength(25);
    const second = await listOrders(db, { page: 2 });
    expect(second.rows).toHaveLength(5);
    // The three November orders first, then October newest first: page 2 ends with the oldest.
    expect(second.rows.at(-1)?.createdAt.toISOString()).toBe(new Date(Date.UTC(2026, 9, 1, 0, 0)).toISOString());
    const seen = new Set([...first.rows, ...second.rows].map((r) => r.id));
    expect(seen.size).toBe(30);
    expect((await listOrders(db, { page: 99 })).page).toBe(2);
    expect((await listOrders(db, { q: "phân trang", page: 2 })).rows).toHaveLength(2);
  });

  it("reads one order with customer, items and history; unknown ids are not found", async () => {
    const detail = await getOrderDetail(db, ids.o2);
    expect(detail.order).toMatchObject({ orderNumber: 124, status: "shipped", subtotal: 1_380_000, total: 1_380_000 });
    expect(detail.customer).toMatchObject({ email: "binh@shop.vn", firstName: "Bình" });
    expect(detail.items).toHaveLength(1);
    expect(detail.items[0]).toMatchObject({ productName: "Máy tiệt trùng UVC", quantity: 2, unitPrice: 690_000, totalPrice: 1_380_000 });
    expect(detail.history).toHaveLength(1);
    expect(detail.history[0]).toMatchObject({ fromStatus: null, toStatus: "shipped" });
    await expectAppError(getOrderDetail(db, "not-a-uuid"), "not_found");
    await expectAppError(getOrderDetail(db, "00000000-0000-4000-8000-000000000000"), "not_found");
    expect(await getOrderSummary(db, ids.o2)).toMatchObject({ orderNumber: 124, total: 1_380_000 });
    expect(await getOrderSummary(db, "x")).toBeNull();
  });
});

describe("setOrderStatus", () => {
  it("moves only forward, records who, from, to and when, and refuses a step back changing nothing", async () => {
    const product = await insertProduct(db, { stock: 10 });
    const customer = await insertCustomer(db);
    const order = await insertOrder(db, { customer, lines: [{ product, quantity: 1 }] });
    for (const status of ["processing", "shipped", "delivered"] as const) {
      expect(await changeStatus(db, order.id, status, actor)).toMatchObject({ changed: true, to: status });
    }
    // Setting the current status again changes nothing.
    expect(await changeStatus(db, order.id, "delivered", actor)).toMatchObject({ changed: false });
    // Nothing goes back (decision 0054): SPEC's "any transition" ended with the shipments.
    for (const back of ["shipped", "processing", "pending", "cancelled"] as const) {
      await expectAppError(
        changeStatus(db, order.id, back, actor),
        "conflict",
        `Đơn hàng đang "Đã giao": không thể chuyển sang "${orderStatusLabels[back]}"`,
      );
    }
    const { history, order: after } = await getOrderDetail(db, order.id);
    expect(after.status).toBe("delivered");
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, "pending"],
      ["pending", "processing"],
      ["processing", "shipped"],
      ["shipped", "delivered"],
    ]);
    expect(history[1]).toMatchObject({ changedByName: "Chủ shop" });
    expect(history[1].createdAt).toBeInstanceOf(Date);
    // Not cancelled either way: stock untouched.
    expect(await stockOf(product.id)).toMatchObject({ stock: 10 });
  });

  it("moving an order on from pending confirms it: confirmed_at set once, no call back due; a cancel does not", async () => {
    const customer = await insertCustomer(db);
    const confirmedOf = async (id: string) =>
      (await db.select({ at: orders.confirmedAt, next: orders.nextConfirmationAt }).from(orders).where(eq(orders.id, id)))[0];
    const order = await insertOrder(db, { customer, lines: [] });
    await db.update(orders).set({ nextConfirmationAt: new Date(Date.now() + 3_600_000) }).where(eq(orders.id, order.id));
    await changeStatus(db, order.id, "processing", actor);
    const first = await confirmedOf(order.id);
    expect(first.at).toBeInstanceOf(Date);
    expect(first.next).toBeNull();
    // Cancelled, brought back to pending and on again: the first confirmation's time stays.
    await changeStatus(db, order.id, "cancelled", actor);
    await changeStatus(db, order.id, "pending", actor);
    await changeStatus(db, order.id, "shipped", actor);
    expect((await confirmedOf(order.id)).at).toEqual(first.at);

    const cancelled = await insertOrder(db, { customer, lines: [] });
    await changeStatus(db, cancelled.id, "cancelled", actor);
    expect(await confirmedOf(cancelled.id)).toEqual({ at: null, next: null });
  });

  it("puts tracked stock back on cancel and takes it again when un-cancelled", async () => {
    const tracked = await insertProduct(db, { name: "Hộp đựng", stock: 5, soldCount: 7 });
    const untracked = await insertProduct(db, { name: "Combo", stock: 0, trackStock: false, soldCount: 2 });
    const customer = await insertCustomer(db);
    const order = await insertOrder(db, {
      customer,
      lines: [
        { product: tracked, quantity: 2 },
        { product: tracked, quantity: 1 },
        { product: untracked, quantity: 2 },
        { product: null, quantity: 1, unitPrice: 5_000, name: "Sản phẩm cũ" },
      ],
    });
    await changeStatus(db, order.id, "cancelled", actor);
    expect(await stockOf(tracked.id)).toEqual({ stock: 8, sold: 4 });
    expect(await stockOf(untracked.id)).toEqual({ stock: 0, sold: 0 });

    await changeStatus(db, order.id, "processing", actor);
    expect(await stockOf(tracked.id)).toEqual({ stock: 5, sold: 7 });
    expect(await stockOf(untracked.id)).toEqual({ stock: 0, sold: 2 });
  });

  it("refuses to leave cancelled when the stock is gone, naming the product, and changes nothing", async () => {
    const a = await insertProduct(db, { name: "Máy trắng", stock: 10 });
    const b = await insertProduct(db, { name: "Máy hồng", stock: 10 });
    const customer = await insertCustomer(db);
    const order = await insertOrder(db, {
      customer,
      lines: [
        { product: a, quantity: 2 },
        { product: b, quantity: 3 },
      ],
    });
    await changeStatus(db, order.id, "cancelled", actor);
    expect(await stockOf(a.id)).toMatchObject({ stock: 12 });
    // Meanwhile the pink one sold out to 1.
    await db.update(products).set({ stockQuantity: 1 }).where(eq(products.id, b.id));
    await expectAppError(changeStatus(db, order.id, "pending", actor), "conflict", /Máy hồng.*còn 1.*cần 3/);
    // All or nothing: the white one was not taken, the order stays cancelled, no history row.
    expect(await stockOf(a.id)).toMatchObject({ stock: 12 });
    const { order: after, history } = await getOrderDetail(db, order.id);
    expect(after.status).toBe("cancelled");
    expect(history).toHaveLength(2);
  });

  it("refuses unknown orders and statuses", async () => {
    const shipped = { status: "shipped", version: 1, reason: "", restock: false } as const;
    await expectAppError(setOrderStatus(db, "00000000-0000-4000-8000-000000000000", shipped, actor, TEST_EMAIL_LINKS), "not_found");
    await expectAppError(setOrderStatus(db, "nope", shipped, actor, TEST_EMAIL_LINKS), "not_found");
    const customer = await insertCustomer(db);
    const order = await insertOrder(db, { customer, lines: [] });
    await expectAppError(setOrderStatus(db, order.id, { ...shipped, status: "lost" as never }, actor, TEST_EMAIL_LINKS), "invalid");
  });
});

describe("setPaymentStatus", () => {
  it("sets pending, paid, failed, refunded with a history row each", async () => {
    const customer = await insertCustomer(db);
    const order = await insertOrder(db, { customer, lines: [], status: "delivered" });
    const pay = async (paymentStatus: "pending" | "paid" | "failed" | "refunded") =>
      setPaymentStatus(db, order.id, { paymentStatus, version: await versionOf(db, order.id) }, actor);
    for (const value of ["paid", "refunded", "failed", "pending"] as const) {
      expect(await pay(value)).toMatchObject({ changed: true, to: value });
    }
    expect(await pay("pending")).toMatchObject({ changed: false });
    const { order: after, history } = await getOrderDetail(db, order.id);
    expect(after.paymentStatus).toBe("pending");
    expect(history.slice(1).map((h) => [h.fromPaymentStatus, h.toPaymentStatus, h.fromStatus, h.toStatus])).toEqual([
      ["pending", "paid", "delivered", "delivered"],
      ["paid", "refunded", "delivered", "delivered"],
      ["refunded", "failed", "delivered", "delivered"],
      ["failed", "pending", "delivered", "delivered"],
    ]);
    await expectAppError(pay("stolen" as never), "invalid");
    await expectAppError(setPaymentStatus(db, "00000000-0000-4000-8000-000000000000", { paymentStatus: "paid", version: 1 }, actor), "not_found");
  });
});

describe("order changes are version-guarded (issue 13, item 1)", () => {
  it("refuses a status, payment or archive change over a newer order, and writes nothing", async () => {
    const product = await insertProduct(db, { stock: 10 });
    const customer = await insertCustomer(db);
    const order = await insertOrder(db, { customer, lines: [{ product, quantity: 2 }] });
    const opened = await versionOf(db, order.id);
    await changeStatus(db, order.id, "processing", actor); // another tab saved first
    const stale = /Đơn hàng đã được thay đổi sau khi bạn mở trang/;
    await expectAppError(setOrderStatus(db, order.id, { status: "shipped", version: opened, reason: "", restock: false }, actor, TEST_EMAIL_LINKS), "conflict", stale);
    await expectAppError(
      setOrderStatus(db, order.id, { status: "cancelled", version: opened, reason: "Khách đổi ý", restock: true }, actor, TEST_EMAIL_LINKS),
      "conflict",
      stale,
    );
    await expectAppError(setPaymentStatus(db, order.id, { paymentStatus: "paid", version: opened }, actor), "conflict", stale);
    await expectAppError(setOrderArchived(db, order.id, true, opened, actor), "conflict", stale);
    await expectAppError(deleteOrder(db, order.id, opened, actor), "conflict", stale);
    const { order: after, history } = await getOrderDetail(db, order.id);
    expect(after).toMatchObject({ status: "processing", paymentStatus: "pending", archivedAt: null, version: opened + 1 });
    expect(history).toHaveLength(2);
    expect(await stockOf(product.id)).toMatchObject({ stock: 10 });
  });
});

describe("cancelling (issue 13, item 2)", () => {
  it("refuses a cancellation without a reason, whoever calls, and changes nothing", async () => {
    const product = await insertProduct(db, { stock: 5 });
    const customer = await insertCustomer(db);
    const order = await insertOrder(db, { customer, lines: [{ product, quantity: 1 }] });
    for (const reason of ["", "   "]) {
      await expectAppError(
        setOrderStatus(db, order.id, { status: "cancelled", version: await versionOf(db, order.id), reason, restock: true }, actor, TEST_EMAIL_LINKS),
        "invalid",
        /Vui lòng nhập lý do hủy đơn/,
      );
    }
    expect((await getOrderDetail(db, order.id)).order.status).toBe("pending");
    expect(await stockOf(product.id)).toMatchObject({ stock: 5 });
  });

  it("after shipping, cancels without restocking when told so: stock stays, sold count drops, the history says why", async () => {
    const product = await insertProduct(db, { stock: 39, soldCount: 1 });
    const customer = await insertCustomer(db);
    const order = await insertOrder(db, { customer, lines: [{ product, quantity: 1 }], status: "shipped" });
    await changeStatus(db, order.id, "cancelled", actor, { reason: "Khách từ chối nhận", restock: false });
    expect(await stockOf(product.id)).toEqual({ stock: 39, sold: 0 });
    expect(await db.select().from(stockMovements).where(eq(stockMovements.orderId, order.id))).toEqual([]);
    const { history } = await getOrderDetail(db, order.id);
    expect(history.at(-1)).toMatchObject({
      fromStatus: "shipped",
      toStatus: "cancelled",
      restocked: false,
      changedByName: "Chủ shop",
      note: expect.stringContaining("Khách từ chối nhận"),
    });
    expect(history.at(-1)?.note).toContain("Không nhập lại hàng vào kho");

    // Brought back (delivered after all): the goods never came back, so nothing is taken again.
    await changeStatus(db, order.id, "delivered", actor);
    expect(await stockOf(product.id)).toEqual({ stock: 39, sold: 1 });
    expect(await db.select().from(stockMovements).where(eq(stockMovements.orderId, order.id))).toEqual([]);
  });

  it("cancels with restock through the inventory service: a movement with the reason, and un-cancelling takes it again", async () => {
    const product = await insertProduct(db, { stock: 10 });
    const customer = await insertCustomer(db);
    const order = await insertOrder(db, { customer, lines: [{ product, quantity: 3 }] });
    await changeStatus(db, order.id, "cancelled", actor, { reason: "Đặt nhầm", restock: true });
    expect(await stockOf(product.id)).toMatchObject({ stock: 13 });
    await changeStatus(db, order.id, "processing", actor);
    expect(await stockOf(product.id)).toMatchObject({ stock: 10 });
    const movements = await db
      .select({ delta: stockMovements.delta, reason: stockMovements.reason, balance: stockMovements.balanceAfter, note: stockMovements.note, actor: stockMovements.actorName })
      .from(stockMovements)
      .where(eq(stockMovements.orderId, order.id))
      .orderBy(stockMovements.id);
    expect(movements).toEqual([
      { delta: 3, reason: "order_cancelled", balance: 13, note: "Đặt nhầm", actor: "Chủ shop" },
      { delta: -3, reason: "order_reinstated", balance: 10, note: null, actor: "Chủ shop" },
    ]);
    expect((await getOrderDetail(db, order.id)).history.at(-2)).toMatchObject({ toStatus: "cancelled", restocked: true });
  });
});

describe("archiving (issue 13, item 2)", () => {
  it("hides an order from the list, shows it under archived, keeps everything, and brings it back", async () => {
    const product = await insertProduct(db, { stock: 10 });
    const customer = await insertCustomer(db, { firstName: "Lưu", lastName: "Trữ" });
    const order = await insertOrder(db, { customer, lines: [{ product, quantity: 1 }], status: "delivered", paymentStatus: "paid" });
    const admin = { userId: null, name: "owner@shop.vn" };
    expect(await setOrderArchived(db, order.id, true, await versionOf(db, order.id), admin)).toEqual({ changed: true });
    const search = { q: "Lưu Trữ" };
    expect((await listOrders(db, search)).rows.map((r) => r.id)).not.toContain(order.id);
    expect((await listOrders(db, { ...search, archived: true })).rows.map((r) => r.id)).toEqual([order.id]);
    const detail = await getOrderDetail(db, order.id);
    expect(detail.order).toMatchObject({ status: "delivered", paymentStatus: "paid", total: order.total, archivedByName: "owner@shop.vn" });
    expect(detail.order.archivedAt).toBeInstanceOf(Date);
    expect(detail.items).toHaveLength(1);
    expect(await stockOf(product.id)).toMatchObject({ stock: 10 });
    // Archiving twice changes nothing; unarchiving brings it back to the list.
    expect(await setOrderArchived(db, order.id, true, await versionOf(db, order.id), admin)).toEqual({ changed: false });
    await setOrderArchived(db, order.id, false, await versionOf(db, order.id), admin);
    expect((await listOrders(db, search)).rows.map((r) => r.id)).toContain(order.id);
    expect((await getOrderDetail(db, order.id)).order).toMatchObject({ archivedAt: null, archivedByName: null });
  });
});

describe("deleteOrder (issue 13, item 2)", () => {
  it("refuses to delete a delivered, paid, cancelled or once-processed order, and changes nothing", async () => {
    const product = await insertProduct(db, { stock: 39, soldCount: 1 });
    const customer = await insertCustomer(db);
    const delivered = await insertOrder(db, { customer, lines: [{ product, quantity: 1 }], status: "delivered" });
    const paid = await insertOrder(db, { customer, lines: [{ product, quantity: 1 }], paymentStatus: "paid" });
    const cancelled = await insertOrder(db, { customer, lines: [{ product, quantity: 1 }] });
    await changeStatus(db, cancelled.id, "cancelled", actor, { restock: false });
    const backToPending = await insertOrder(db, { customer, lines: [{ product, quantity: 1 }] });
    await changeStatus(db, backToPending.id, "processing", actor);
    await changeStatus(db, backToPending.id, "cancelled", actor);
    await changeStatus(db, backToPending.id, "pending", actor);
    const paymentChanged = await insertOrder(db, { customer, lines: [{ product, quantity: 1 }] });
    await setPaymentStatus(db, paymentChanged.id, { paymentStatus: "failed", version: await versionOf(db, paymentChanged.id) }, actor);
    const before = await stockOf(product.id);
    for (const order of [delivered, paid, cancelled, backToPending, paymentChanged]) {
      await expectAppError(deleteOrder(db, order.id, await versionOf(db, order.id), actor), "conflict", /Hãy lưu trữ đơn hàng này thay vì xóa/);
      expect(await db.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id))).toHaveLength(1);
    }
    expect(await stockOf(product.id)).toEqual(before);
  });

  it("deletes an order that never left pending, with its items and history, putting its stock back with a movement", async () => {
    const product = await insertProduct(db, { stock: 4, soldCount: 10 });
    const customer = await insertCustomer(db);
    const pending = await insertOrder(db, { customer, lines: [{ product, quantity: 3 }] });
    expect(await deleteOrder(db, pending.id, await versionOf(db, pending.id), actor)).toEqual({ orderNumber: pending.orderNumber });
    expect(await stockOf(product.id)).toEqual({ stock: 7, sold: 7 });
    expect(await db.select().from(orders).where(eq(orders.id, pending.id))).toEqual([]);
    expect(await db.select().from(orderItems).where(eq(orderItems.orderId, pending.id))).toEqual([]);
    expect(await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, pending.id))).toEqual([]);
    const [movement] = await db.select().from(stockMovements).where(eq(stockMovements.productId, product.id));
    expect(movement).toMatchObject({ delta: 3, reason: "order_deleted", balanceAfter: 7, orderId: null, actorName: "Chủ shop" });
    expect(movement.note).toMatch(/^Xóa đơn DH\d+$/);

    await expectAppError(deleteOrder(db, pending.id, 1, actor), "not_found");
  });
});
