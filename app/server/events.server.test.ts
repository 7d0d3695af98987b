import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~/test/database";
import { insertCustomer, insertOrder } from "~/test/orders-fixture";
import { openDatabase, type Database } from "./db.server";
import { EventHub, getEventHub, notifyOrderCreated, ORDER_CREATED_CHANNEL } from "./events.server";

const database = await setUpTestDatabase();

function nextPayload(hub: EventHub): Promise<{ payload: Promise<string>; ready: Promise<() => void> }> {
  let resolve!: (payload: string) => void;
  const payload = new Promise<string>((r) => (resolve = r));
  const ready = hub.subscribe(ORDER_CREATED_CHANNEL, resolve);
  return Promise.resolve({ payload, ready });
}

const within = <T>(promise: Promise<T>, ms = 5000) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no notification in ${ms} ms`)), ms))]);

describe("live order notifications", () => {
  it("delivers a NOTIFY sent inside the order's transaction once it commits", async () => {
    const hub = new EventHub(database);
    const received: string[] = [];
    const unsubscribe = await hub.subscribe(ORDER_CREATED_CHANNEL, (p) => received.push(p));
    const { payload, ready } = await nextPayload(hub);
    await ready;

    const customer = await insertCustomer(database.db);
    const orderId = await database.db.transaction(async (tx) => {
      const order = await insertOrder(tx as never, { customer, lines: [] });
      await notifyOrderCreated(tx, order.id);
      return order.id;
    });
    expect(await within(payload)).toBe(orderId);
    expect(received).toEqual([orderId]);

    // A rolled-back transaction announces nothing.
    await database.db
      .transaction(async (tx) => {
        await notifyOrderCreated(tx, "rolled-back");
        throw new Error("rollback");
      })
      .catch(() => {});
    unsubscribe();
    await notifyOrderCreated(database.db, "after-unsubscribe");
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toEqual([orderId]);
    await hub.close();
  });

  it("closing the hub ends its streams and refuses new subscribers", async () => {
    const hub = getEventHub(database);
    expect(getEventHub(database)).toBe(hub);
    let closed = 0;
    hub.onClose(() => closed++);
    await hub.subscribe(ORDER_CREATED_CHANNEL, () => {});
    await hub.close();
    expect(closed).toBe(1);
    expect(hub.isClosed).toBe(true);
    await expect(hub.subscribe(ORDER_CREATED_CHANNEL, () => {})).rejects.toThrow(/closed/);
  });

  it("reaches a second instance (on PostgreSQL: another pool and listener) and survives a lost connection", async () => {
    const other: Database = database.url ? await openDatabase({ databaseUrl: database.url }) : database;
    try {
      const hub = new EventHub(other);
      const first = await nextPayload(hub);
      await first.ready;
      await notifyOrderCreated(database.db, "from-instance-a");
      expect(await within(first.payload)).toBe("from-instance-a");

      if (database.url) {
        // The listening connection is killed (server restart, network): it reconnects and LISTENs again.
        await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
        );
        const second = await nextPayload(hub);
        await second.ready;
        const deadline = Date.now() + 8000;
        let delivered = false;
        second.payload.then(() => (delivered = true));
        while (!delivered && Date.now() < deadline) {
          await notifyOrderCreated(database.db, "after-reconnect");
          await new Promise((r) => setTimeout(r, 200));
        }
        expect(await within(second.payload)).toBe("after-reconnect");
      }
      await hub.close();
    } finally {
      if (other !== database) await other.close();
    }
  });
});
