import { randomBytes } from "node:crypto";
import type { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, beforeEach } from "vitest";
import { seedContent } from "~/features/seed/content-seed.server";
import { openDatabase, type Database, type Db } from "~/server/db.server";
import { seedDatabase } from "~/features/seed/seed.server";

/** Where the PostgreSQL test databases are created (trust auth on the CI machines). */
export const testPostgresUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres:postgres@127.0.0.1:5432/postgres";

export interface TestDatabase extends Database {
  /** The URL of this test's own PostgreSQL database; undefined on PGlite. */
  url?: string;
}

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a new database on the
 * PostgreSQL server (dropped again by close) when the test project is "postgres". With
 * `migrate: false` the database is left empty (a migration's own test applies them).
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  if (process.env.TEST_DB !== "postgres") {
    const database = await openDatabase({ pgliteDir: "memory://" });
    if (migrate) await database.migrate();
    return database;
  }
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
  const url = new URL(testPostgresUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  if (migrate) await database.migrate();
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      await withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

export interface SetUpTestDatabaseOptions {
  /** False leaves the database empty (a migration's own test applies them). */
  migrate?: boolean;
  /**
   * Rows every test of the file starts from: "shop" is what a new shop's first start writes
   * (seedDatabase), "shop-without-content" the same without the page sections, "content" only
   * the page sections.
   */
  seed?: "shop" | "shop-without-content" | "content";
  /** Tables emptied before each test, in this order (rows that others point at last). */
  resetTables?: PgTable[];
}

const seeds: Record<NonNullable<SetUpTestDatabaseOptions["seed"]>, (db: Db) => Promise<unknown>> = {
  shop: (db) => seedDatabase(db),
  "shop-without-content": (db) => seedDatabase(db, async () => {}),
  content: (db) => seedContent(db),
};

/**
 * The test file's own database, on the kind its vitest project names (PGlite in memory, or a
 * new PostgreSQL database with TEST_DB=postgres), migrated and seeded as asked. Call it at the
 * top of the file with top-level await (vitest awaits it while collecting the file), so the tests
 * use the database itself rather than a variable a hook fills in later:
 *
 *     const { db } = await setUpTestDatabase({ resetTables: [orders, customers] });
 *
 * It registers the hooks that empty `resetTables` before each test and close (on PostgreSQL,
 * drop) the database after the file's tests. Hooks the file registers after this call run after
 * the reset and before the close (vitest's default "stack" order).
 */
export async function setUpTestDatabase(options: SetUpTestDatabaseOptions = {}): Promise<TestDatabase> {
  const database = await createTestDatabase({ migrate: options.migrate });
  afterAll(() => database.close());
  try {
    if (options.seed) await seeds[options.seed](database.db);
  } catch (error) {
    // The file fails while being collected, so its hooks never run: do not leave the database behind.
    await database.close();
    throw error;
  }
  const tables = options.resetTables ?? [];
  if (tables.length > 0) {
    beforeEach(async () => {
      for (const table of tables) await database.db.delete(table);
    });
  }
  return database;
}

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testPostgresUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
