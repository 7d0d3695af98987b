import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blockedPhones, orderCallHolds, orderConfirmationAttempts, orders, settings, user } from "~/db/schema";
import { saveSetting } from "~/features/settings/settings.server";
import { expectAppError } from "~/test/app-error";
import { setUpTestDatabase } from "~/test/database";
import { insertCustomer, insertOrder, insertProduct, TEST_EMAIL_LINKS, versionOf } from "~/test/orders-fixture";
import { CALL_HOLD_MINUTES, getCallHold, heldByMessage, NOT_PENDING_TO_CALL, takeCallHold } from "./call-holds.server";
import { listConfirmationQueue, recordConfirmationCall } from "./confirmation.server";
import { BLOCKED_PHONE_SKIP, bulkSetOrderStatus, shouldCancelSkip } from "./orders-bulk.server";
import { blockPhone } from "./blocked-phones.server";

/*
 * Issue 30 item 5: two staff members working the confirmation queue at once (a call is held by
 * one of them), and the orders list's bulk change following the single order's confirmation rules.
 */

const { db } = await setUpTestDatabase({ resetTables: [blockedPhones, orders, settings] });

const lan = { userId: "staff-lan", name: "Lan" };
const minh = { userId: "staff-minh", name: "Minh" };
await db
  .insert(user)
  .values([
    { id: lan.userId, name: lan.name, email: "lan@shop.vn" },
    { id: minh.userId, name: minh.name, email: "minh@shop.vn" },
  ])
  .onConflictDoNothing();

const minutes = (n: number) => n * 60_000;

async function pendingOrder(phone = `+8490${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`) {
  const product = await insertProduct(db, { stock: 10 });
  const customer = await insertCustomer(db, { phone });
  return insertOrder(db, { customer, lines: [{ product, quantity: 1 }] });
}

async function statusOf(orderId: string) {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row.status;
}

async function callsOf(orderId: string) {
  return db.select().from(orderConfirmationAttempts).where(eq(orderConfirmationAttempts.orderId, orderId));
}

const confirmed = (version: number) => ({ outcome: "confirmed" as const, version, reason: "", note: null, nextTryAt: null });

describe("a confirmation call held by one staff member", () => {
  it("is refused to another while it lasts, shows in the queue, and is released by the outcome", async () => {
    const order = await pendingOrder();
    const now = new Date();
    // Both take it at the same moment: exactly one gets it.
    const attempts = await Promise.allSettled([takeCallHold(db, order.id, lan, now), takeCallHold(db, order.id, minh, now)]);
    const won = attempts.filter((a) => a.status === "fulfilled");
    expect(won).toHaveLength(1);
    const holder = (await getCallHold(db, order.id, now))!;
    const other = holder.userId === lan.userId ? minh : lan;
    const taker = holder.userId === lan.userId ? lan : minh;
    const refusal = attempts.find((a) => a.status === "rejected") as PromiseRejectedResult;
    expect((refusal.reason as Error).message).toBe(heldByMessage(taker.name));
    expect(holder.expiresAt.getTime()).toBe(now.getTime() + minutes(CALL_HOLD_MINUTES));

    // The queue says who is calling.
    const queue = await listConfirmationQueue(db, 1, now);
    expect(queue.rows.find((r) => r.id === order.id)?.heldBy).toEqual({ userId: taker.userId, name: taker.name });

    // The other cannot take it nor record an outcome; nothing is written.
    await expectAppError(takeCallHold(db, order.id, other, new Date(now.getTime() + minutes(1))), "conflict", heldByMessage(taker.name));
    const version = await versionOf(db, order.id);
    await expectAppError(recordConfirmationCall(db, order.id, confirmed(version), other, now), "conflict", heldByMessage(taker.name));
    expect(await statusOf(order.id)).toBe("pending");
    expect(await callsOf(order.id)).toHaveLength(0);
    expect(await getCallHold(db, order.id, now)).not.toBeNull();

    // The holder renews it while working, then records the outcome: the hold is gone.
    const renewed = await takeCallHold(db, order.id, taker, new Date(now.getTime() + minutes(5)));
    expect(renewed.expiresAt.getTime()).toBe(now.getTime() + minutes(5 + CALL_HOLD_MINUTES));
    await recordConfirmationCall(db, order.id, confirmed(version), taker, new Date(now.getTime() + minutes(6)));
    expect(await statusOf(order.id)).toBe("processing");
    expect(await db.select().from(orderCallHolds).where(eq(orderCallHolds.orderId, order.id))).toHaveLength(0);
    // A confirmed order is not taken again.
    await expectAppError(takeCallHold(db, order.id, other), "conflict", NOT_PENDING_TO_CALL);
  });

  it("is free for the next person once it has expired", async () => {
    const order = await pendingOrder();
    const start = new Date();
    await takeCallHold(db, order.id, lan, start);
    const later = new Date(start.getTime() + minutes(CALL_HOLD_MINUTES) + 1000);
    expect(await getCallHold(db, order.id, later)).toBeNull();
    // Minh records a call without taking it: Lan's hold has run out.
    const version = await versionOf(db, order.id);
    await recordConfirmationCall(db, order.id, { ...confirmed(version), outcome: "no_answer" }, minh, later);
    expect((await callsOf(order.id)).map((c) => c.byName)).toEqual([minh.name]);
    // And then takes it himself.
    expect((await takeCallHold(db, order.id, minh, later)).userId).toBe(minh.userId);
  });
});

describe("bulk 'Xác nhận đơn' follows the confirmation rules", () => {
  it("skips a blocked phone, a 'Nên hủy' order and an order someone is calling, lists them, and confirms the rest", async () => {
    await saveSetting(db, "fulfilment", { maxConfirmationAttempts: 3 });
    const blocked = await pendingOrder("+84903111222");
    await blockPhone(db, { phone: "0903 111 222", note: "Bom hàng" }, lan);
    const unanswered = await pendingOrder();
    await db.update(orders).set({ confirmationAttempts: 3 }).where(eq(orders.id, unanswered.id));
    const held = await pendingOrder();
    await takeCallHold(db, held.id, minh);
    const fine = await pendingOrder();
    const refs = await Promise.all(
      [blocked, unanswered, held, fine].map(async (o) => ({ id: o.id, version: await versionOf(db, o.id) })),
    );

    const report = await bulkSetOrderStatus(db, refs, { status: "processing", reason: "", restock: false }, lan, TEST_EMAIL_LINKS);

    expect(report.changed.map((o) => o.id)).toEqual([fine.id]);
    expect(report.refused).toEqual([]);
    expect(report.skipped).toEqual([
      { id: blocked.id, orderNumber: blocked.orderNumber, message: BLOCKED_PHONE_SKIP },
      { id: unanswered.id, orderNumber: unanswered.orderNumber, message: shouldCancelSkip(3) },
      { id: held.id, orderNumber: held.orderNumber, message: heldByMessage(minh.name) },
    ]);
    for (const skipped of [blocked, unanswered, held]) {
      expect(await statusOf(skipped.id)).toBe("pending");
      expect(await callsOf(skipped.id)).toHaveLength(0);
    }
    expect(await statusOf(fine.id)).toBe("processing");

    // Shipping them straight from pending is the same move on from pending: skipped too.
    const [again] = await bulkSetOrderStatus(
      db,
      [{ id: blocked.id, version: await versionOf(db, blocked.id) }],
      { status: "shipped", reason: "", restock: false },
      lan,
      TEST_EMAIL_LINKS,
    ).then((r) => r.skipped);
    expect(again.message).toBe(BLOCKED_PHONE_SKIP);

    // Cancelling a blocked phone's or an unanswered order in bulk is what "Nên hủy" asks for: done.
    const cancelled = await bulkSetOrderStatus(
      db,
      [blocked, unanswered].map((o) => ({ id: o.id, version: refs.find((r) => r.id === o.id)!.version })),
      { status: "cancelled", reason: "Không liên lạc được", restock: true },
      lan,
      TEST_EMAIL_LINKS,
    );
    expect(cancelled.changed).toHaveLength(2);
    expect(cancelled.skipped).toEqual([]);
  });
});
