import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  blockedPhones,
  customers,
  orderConfirmationAttempts,
  orderStatusHistory,
  orders,
  products,
  settings,
} from "~/db/schema";
import { saveSetting } from "~/features/settings/settings.server";
import { formatVnd } from "~/lib/money";
import { setUpTestDatabase } from "~/test/database";
import { hcm, insertCustomer, insertOrder, insertProduct, versionOf } from "~/test/orders-fixture";
import { blockPhone, listBlockedPhones, NOT_BLOCKED, unblockPhone } from "./blocked-phones.server";
import { averageOrderValue, getBuyerRisk } from "./buyer-risk.server";
import { confirmationCallInputSchema, PHONE_INVALID } from "./confirmation.schema";
import {
  CONFIRMED_NOTE,
  listConfirmationAttempts,
  listConfirmationQueue,
  NEXT_TRY_IN_PAST,
  recordConfirmationCall,
} from "./confirmation.server";
import { isPhoneBlocked } from "./order-transitions.server";
import { listOrders } from "./orders-list.server";
import { expectAppError } from "~/test/app-error";

const { db } = await setUpTestDatabase({ resetTables: [blockedPhones, orders, customers, products, settings] });
const actor = { userId: null, name: "nhanvien@shop.vn" };
const NOW = hcm("2026-11-25 09:00");

/** A form as the confirmation panel posts it, parsed by the shared schema. */
function call(outcome: string, version: number, extra: Record<string, string> = {}) {
  return confirmationCallInputSchema.parse({ outcome, version: String(version), ...extra });
}

async function pendingOrder(phone = "+84912345678", quantity = 2) {
  const product = await insertProduct(db, { price: 150_000, stock: 10 });
  const customer = await insertCustomer(db, { phone, firstName: "Lan", lastName: "Phạm" });
  const order = await insertOrder(db, { customer, lines: [{ product, quantity }], createdAt: hcm("2026-11-24 20:00") });
  return { product, customer, order };
}

async function orderRow(id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

async function historyOf(id: string) {
  return db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)).orderBy(orderStatusHistory.id);
}

describe("confirmation call", () => {
  it("confirms a pending order: processing, confirmed_at, a history row and an attempt", async () => {
    const { order } = await pendingOrder();
    const result = await recordConfirmationCall(
      db,
      order.id,
      call("confirmed", await versionOf(db, order.id)),
      actor,
      NOW,
    );
    expect(result).toEqual({ outcome: "confirmed", attempts: 0, nextTryAt: null });
    const row = await orderRow(order.id);
    expect(row.status).toBe("processing");
    expect(row.confirmedAt?.toISOString()).toBe(NOW.toISOString());
    expect(row.version).toBe(order.version + 1);
    const history = await historyOf(order.id);
    expect(history.at(-1)).toMatchObject({
      fromStatus: "pending",
      toStatus: "processing",
      note: CONFIRMED_NOTE,
      changedByName: actor.name,
    });
    expect(await listConfirmationAttempts(db, order.id)).toMatchObject([
      { outcome: "confirmed", byName: actor.name, nextTryAt: null },
    ]);
  });

  it("counts unanswered calls: the settings' retry delay, then a time staff chose", async () => {
    await saveSetting(db, "fulfilment", { retryAfterMinutes: 90 });
    const { order } = await pendingOrder();
    const first = await recordConfirmationCall(
      db,
      order.id,
      call("no_answer", await versionOf(db, order.id)),
      actor,
      NOW,
    );
    expect(first.attempts).toBe(1);
    expect(first.nextTryAt?.toISOString()).toBe(hcm("2026-11-25 10:30").toISOString());

    const chosen = call("no_answer", await versionOf(db, order.id), { nextTryAt: "2026-11-25T18:15", note: "Máy bận" });
    const second = await recordConfirmationCall(db, order.id, chosen, actor, hcm("2026-11-25 10:35"));
    expect(second).toEqual({ outcome: "no_answer", attempts: 2, nextTryAt: hcm("2026-11-25 18:15") });

    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "pending", confirmationAttempts: 2, confirmedAt: null });
    expect(row.nextConfirmationAt?.toISOString()).toBe(hcm("2026-11-25 18:15").toISOString());
    const notes = (await historyOf(order.id)).slice(1).map((h) => [h.fromStatus, h.toStatus, h.note]);
    expect(notes).toEqual([
      ["pending", "pending", "Gọi xác nhận lần 1: người mua không nghe máy · gọi lại lúc 10:30 25/11/2026"],
      ["pending", "pending", "Gọi xác nhận lần 2: người mua không nghe máy · gọi lại lúc 18:15 25/11/2026 · Máy bận"],
    ]);
    const attempts = await listConfirmationAttempts(db, order.id);
    expect(attempts.map((a) => [a.outcome, a.note])).toEqual([
      ["no_answer", null],
      ["no_answer", "Máy bận"],
    ]);

    // Confirmed at the third call: no retry pending any more.
    await recordConfirmationCall(
      db,
      order.id,
      call("confirmed", await versionOf(db, order.id)),
      actor,
      hcm("2026-11-25 18:20"),
    );
    expect(await orderRow(order.id)).toMatchObject({
      status: "processing",
      confirmationAttempts: 2,
      nextConfirmationAt: null,
    });
  });

  it("refuses a next try in the past, and a malformed one, writing nothing", async () => {
    const { order } = await pendingOrder();
    const version = await versionOf(db, order.id);
    await expectAppError(
      recordConfirmationCall(db, order.id, call("no_answer", version, { nextTryAt: "2026-11-25T08:00" }), actor, NOW),
      "invalid",
      NEXT_TRY_IN_PAST,
    );
    expect(
      confirmationCallInputSchema.safeParse({ outcome: "no_answer", version: "1", nextTryAt: "mai" }).success,
    ).toBe(false);
    expect(await listConfirmationAttempts(db, order.id)).toEqual([]);
    expect((await orderRow(order.id)).version).toBe(version);
  });

  it("cancels for the buyer with their reason: the goods go back in stock", async () => {
    const { order, product } = await pendingOrder("+84912345678", 3);
    const input = call("cancelled", await versionOf(db, order.id), { reason: "Đặt nhầm màu" });
    const result = await recordConfirmationCall(db, order.id, input, actor, NOW);
    expect(result.outcome).toBe("cancelled");
    expect((await orderRow(order.id)).status).toBe("cancelled");
    const [stock] = await db
      .select({ stock: products.stockQuantity })
      .from(products)
      .where(eq(products.id, product.id));
    expect(stock.stock).toBe(13);
    expect((await historyOf(order.id)).at(-1)).toMatchObject({
      fromStatus: "pending",
      toStatus: "cancelled",
      restocked: true,
      note: "Lý do hủy: Người mua hủy khi gọi xác nhận: Đặt nhầm màu · Đã nhập lại hàng vào kho",
    });
    expect(await listConfirmationAttempts(db, order.id)).toMatchObject([
      { outcome: "cancelled", note: "Đặt nhầm màu" },
    ]);
  });

  it("refuses a buyer cancellation without a reason (form and service), writing nothing", async () => {
    const { order } = await pendingOrder();
    const version = await versionOf(db, order.id);
    const parsed = confirmationCallInputSchema.safeParse({
      outcome: "cancelled",
      version: String(version),
      reason: "  ",
    });
    expect(parsed.success).toBe(false);
    const input = { outcome: "cancelled" as const, version, reason: "  ", note: null, nextTryAt: null };
    await expectAppError(recordConfirmationCall(db, order.id, input, actor, NOW), "invalid", /lý do/);
    expect(await orderRow(order.id)).toMatchObject({ status: "pending", version });
    expect(await listConfirmationAttempts(db, order.id)).toEqual([]);
  });

  it("refuses a stale page and an order that is not pending", async () => {
    const { order } = await pendingOrder();
    const version = await versionOf(db, order.id);
    await expectAppError(
      recordConfirmationCall(db, order.id, call("no_answer", version + 5), actor, NOW),
      "conflict",
      /Đơn hàng/,
    );
    await recordConfirmationCall(db, order.id, call("confirmed", version), actor, NOW);
    // The same page again: stale.
    await expectAppError(
      recordConfirmationCall(db, order.id, call("confirmed", version), actor, NOW),
      "conflict",
      /Đơn hàng/,
    );
    // Fresh page, but the order is already confirmed.
    for (const outcome of ["confirmed", "no_answer", "cancelled"])
      await expectAppError(
        recordConfirmationCall(db, order.id, call(outcome, await versionOf(db, order.id), { reason: "x" }), actor, NOW),
        "conflict",
        'Chỉ ghi kết quả gọi xác nhận cho đơn hàng đang "Chờ xác nhận" (đơn này đang "Đã xác nhận")',
      );
    expect(await listConfirmationAttempts(db, order.id)).toHaveLength(1);
    await expectAppError(recordConfirmationCall(db, "not-a-uuid", call("confirmed", 1), actor, NOW), "not_found");
  });
});

describe("confirmation queue", () => {
  it("lists pending orders: due retries first, then never called oldest first, then waiting; marks Nên hủy", async () => {
    await saveSetting(db, "fulfilment", { maxConfirmationAttempts: 2 });
    const product = await insertProduct(db, { price: 100_000 });
    const customer = await insertCustomer(db, { phone: "+84987654321" });
    const make = (createdAt: string, status: "pending" | "processing" = "pending") =>
      insertOrder(db, { customer, lines: [{ product, quantity: 1 }], createdAt: hcm(createdAt), status });
    const old = await make("2026-11-20 08:00");
    const young = await make("2026-11-24 08:00");
    const retryDue = await make("2026-11-23 08:00");
    const retryLater = await make("2026-11-21 08:00");
    await make("2026-11-19 08:00", "processing");
    await db
      .update(orders)
      .set({ confirmationAttempts: 2, nextConfirmationAt: hcm("2026-11-25 08:30") })
      .where(eq(orders.id, retryDue.id));
    await db
      .update(orders)
      .set({ confirmationAttempts: 1, nextConfirmationAt: hcm("2026-11-25 12:00") })
      .where(eq(orders.id, retryLater.id));

    const queue = await listConfirmationQueue(db, 1, NOW);
    expect(queue.total).toBe(4);
    expect(queue.rows.map((r) => [r.id, r.due, r.attempts, r.shouldCancel])).toEqual([
      [retryDue.id, true, 2, true],
      [old.id, false, 0, false],
      [young.id, false, 0, false],
      [retryLater.id, false, 1, false],
    ]);
    // Four open orders of one phone (threshold 2): every row flagged.
    expect(queue.rows.every((r) => r.flagged)).toBe(true);
  });
});

describe("buyer risk", () => {
  it("counts the phone's orders and flags refused deliveries, open orders, a high value and a block", async () => {
    await saveSetting(db, "fulfilment", { riskOpenOrders: 2, riskValueMultiple: 3 });
    const product = await insertProduct(db, { price: 100_000 });
    const buyer = await insertCustomer(db, { phone: "+84903111222" });
    const other = await insertCustomer(db, { phone: "+84903999888" });
    const order = (
      customer: typeof buyer,
      status: "pending" | "processing" | "shipped" | "delivered" | "returning" | "returned" | "cancelled",
      quantity = 1,
    ) => insertOrder(db, { customer, lines: [{ product, quantity }], status });
    // The buyer: 1 delivered, 1 returned, 1 cancelled, and this new order of 1.000.000 đ.
    await order(buyer, "delivered");
    await order(buyer, "returned");
    await order(buyer, "cancelled", 50);
    const current = await order(buyer, "pending", 10);
    // Others: 4 orders of 100.000 đ, one of them cancelled.
    await order(other, "delivered");
    await order(other, "delivered");
    await order(other, "shipped");
    await order(other, "cancelled", 5);

    // Not cancelled: 100.000 + 100.000 + 1.000.000 (buyer) + 3 × 100.000 (other) = 1.500.000 over 6 orders.
    expect(await averageOrderValue(db)).toBe(250_000);
    const risk = await getBuyerRisk(db, current);
    expect(risk).toMatchObject({
      placed: 4,
      delivered: 1,
      refused: 1,
      cancelled: 1,
      open: 1,
      averageOrderValue: 250_000,
      blocked: null,
    });
    expect(risk.flags).toEqual([
      { kind: "refused", text: "Đã từng từ chối nhận hoặc hoàn 1 đơn hàng" },
      {
        kind: "high_value",
        text: `Giá trị đơn ${formatVnd(1_000_000)} gấp 4 lần giá trị đơn trung bình của cửa hàng (${formatVnd(250_000)})`,
      },
    ]);

    // A second open order reaches the threshold; blocking adds its flag first.
    await order(buyer, "processing");
    await blockPhone(db, { phone: "0903 111 222", note: "Bom hàng 2 lần" }, actor);
    const after = await getBuyerRisk(db, current);
    expect(after.open).toBe(2);
    // 1.600.000 over 7 orders now: 228.571 đ, and 1.000.000 is 4,4 times that.
    expect(after.flags[3].text).toBe(
      `Giá trị đơn ${formatVnd(1_000_000)} gấp 4,4 lần giá trị đơn trung bình của cửa hàng (${formatVnd(228_571)})`,
    );
    expect(after.flags.map((f) => f.kind)).toEqual(["blocked", "refused", "open_orders", "high_value"]);
    expect(after.flags[0].text).toBe("Số điện thoại đã bị chặn: Bom hàng 2 lần");
    expect(after.flags[2].text).toBe("Đang có 2 đơn chưa hoàn tất cùng lúc (cảnh báo từ 2 đơn)");

    // The orders list flags the same rows: every one of the buyer's, none of the other phone's
    // (100.000 đ is under 3 × the average, 1 open order, nothing refused).
    const list = await listOrders(db, {});
    const flaggedByPhone = new Map<string, boolean[]>();
    for (const row of list.rows) flaggedByPhone.set(row.phone, [...(flaggedByPhone.get(row.phone) ?? []), row.flagged]);
    expect(flaggedByPhone.get("+84903111222")?.every(Boolean)).toBe(true);
    expect(flaggedByPhone.get("+84903999888")?.some(Boolean)).toBe(false);
  });

  it("flags nothing for a first order of a usual value", async () => {
    const product = await insertProduct(db, { price: 200_000 });
    const buyer = await insertCustomer(db, { phone: "+84903000111" });
    const only = await insertOrder(db, { customer: buyer, lines: [{ product, quantity: 1 }] });
    const risk = await getBuyerRisk(db, only);
    expect(risk).toMatchObject({
      placed: 1,
      delivered: 0,
      refused: 0,
      cancelled: 0,
      open: 1,
      averageOrderValue: 200_000,
      flags: [],
    });
    expect((await listOrders(db, {})).rows[0].flagged).toBe(false);
  });
});

describe("blocked phones", () => {
  it("blocks (any way the number is written), replaces the note, lists and searches, unblocks", async () => {
    expect(await blockPhone(db, { phone: "0912.345.678", note: "Từ chối nhận 2 lần" }, actor)).toEqual({
      phone: "+84912345678",
      created: true,
    });
    expect(await isPhoneBlocked(db, "+84912345678")).toBe(true);
    expect(await blockPhone(db, { phone: "+84 912 345 678", note: "Từ chối nhận 3 lần" }, actor)).toEqual({
      phone: "+84912345678",
      created: false,
    });
    await blockPhone(db, { phone: "0987000111", note: "" }, actor);
    // Each blocked number counts its own orders only.
    await pendingOrder("+84987000111");
    await pendingOrder("+84987000111");
    await pendingOrder("+84900000001");

    const all = await listBlockedPhones(db);
    expect(all.total).toBe(2);
    expect(all.rows.find((r) => r.phone === "+84912345678")).toMatchObject({
      note: "Từ chối nhận 3 lần",
      blockedByName: actor.name,
      orderCount: 0,
    });
    expect(all.rows.find((r) => r.phone === "+84987000111")).toMatchObject({ orderCount: 2 });
    expect((await listBlockedPhones(db, { q: "0912 345" })).rows.map((r) => r.phone)).toEqual(["+84912345678"]);
    expect((await listBlockedPhones(db, { q: "từ chối" })).rows.map((r) => r.phone)).toEqual(["+84912345678"]);
    expect((await listBlockedPhones(db, { q: "không có" })).total).toBe(0);

    await unblockPhone(db, "+84912345678");
    expect(await isPhoneBlocked(db, "+84912345678")).toBe(false);
    await expectAppError(unblockPhone(db, "0912345678"), "not_found", NOT_BLOCKED);
  });

  it("refuses a number that is not a Vietnamese mobile, writing nothing", async () => {
    for (const phone of ["12345", "0283 822 1234", "abc", "+1 415 555 0100"])
      await expectAppError(blockPhone(db, { phone, note: "" }, actor), "invalid", PHONE_INVALID);
    expect((await listBlockedPhones(db)).total).toBe(0);
    expect(await db.select().from(orderConfirmationAttempts)).toEqual([]);
  });
});
