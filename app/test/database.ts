import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "~/server/db.server";

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

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testPostgresUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
