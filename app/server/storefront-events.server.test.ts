import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database, type Db } from "~/server/db.server";
import { getEventHub, STOREFRONT_CHANGED_CHANNEL } from "~/server/events.server";
import { createTestDatabase, type TestDatabase } from "~/test/database";
import { isStockChangeShown, listenForStorefrontChanges, onStorefrontChange } from "./storefront-events.server";

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await getEventHub(database).close();
  await database?.close();
});

describe("listenForStorefrontChanges", () => {
  it("drops every storefront cache when the listening connection comes back, since what was announced meanwhile is lost", async () => {
    // Another instance: its own pool and listening connection on the same database.
    const other: Database = database.url ? await openDatabase({ databaseUrl: database.url }) : database;
    let drops = 0;
    const unregisterDrop = onStorefrontChange(() => drops++);
    const stopListening = await listenForStorefrontChanges(other);
    try {
      await db.execute(`select pg_notify('${STOREFRONT_CHANGED_CHANNEL}', 'settings')`);
      const deadline = Date.now() + 8000;
      while (drops === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(drops).toBeGreaterThan(0);
      if (database.url) {
        // The listening connections are killed (PostgreSQL restart, network) and nothing is announced.
        drops = 0;
        await db.execute(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
        );
        const reconnectDeadline = Date.now() + 8000;
        while (drops === 0 && Date.now() < reconnectDeadline) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(drops).toBeGreaterThan(0);
      }
    } finally {
      stopListening();
      unregisterDrop();
      if (other !== database) {
        await getEventHub(other).close();
        await other.close();
      }
    }
  });
});

describe("isStockChangeShown", () => {
  it("is true when either side is at or below the low-stock threshold", () => {
    expect(isStockChangeShown(100, 98, 5)).toBe(false);
    expect(isStockChangeShown(6, 5, 5)).toBe(true);
    expect(isStockChangeShown(5, 6, 5)).toBe(true);
    expect(isStockChangeShown(1, 0, 0)).toBe(true);
    expect(isStockChangeShown(3, 3, 5)).toBe(false);
  });
});
