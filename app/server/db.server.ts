import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQLWrapper } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "~/db/schema";
import { PgNotificationListener } from "./pg-listener.server";
import { preparePgliteStatements } from "./pglite-statements.server";

export type Schema = typeof schema;
/** The database handle every service takes first: PGlite or node-postgres, same API. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies the migrations of `folder` (./drizzle by default) not yet applied. */
  migrate(folder?: string): Promise<void>;
  /** True when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * Subscribes to a PostgreSQL notification channel (LISTEN): a dedicated connection on
   * PostgreSQL (reconnecting on error), PGlite's own notifications in embedded mode. Returns
   * the unsubscribe function. Send with `notify` (app/server/events.server.ts).
   */
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Calls `handler` each time the listening connection is back after a loss: notifications sent
   * meanwhile are gone, so what they would have dropped or announced must be redone. Never
   * called on PGlite, whose notifications stay in the process. Returns the unregister.
   */
  onListenerReconnect(handler: () => void): () => void;
  close(): Promise<void>;
}

/** The rows of a raw `db.execute` result: an array on PGlite, `{ rows }` on node-postgres. */
export function rowsOf<T>(result: unknown): T[] {
  const r = result as T[] | { rows: T[] };
  return Array.isArray(r) ? r : r.rows;
}

/** Builds raw statements as the handles do (no casing option, see openDatabase). */
const statementDialect = new PgDialect();

/**
 * `db.execute(query)` as a named prepared statement of the connection: PostgreSQL parses and plans
 * it once per connection instead of on every call (an unnamed statement is parsed and planned each
 * time). For the few statements every order sends (decision 0026): their parse and plan were about
 * half of the database's time per order. The name is a hash of the text, so a statement with
 * optional parts is one prepared statement per shape: only for statements with a handful of shapes
 * (every name stays prepared on each pooled connection). PGlite ignores the name: there every
 * statement is prepared by its text (preparePgliteStatements).
 */
export function executePrepared(db: Db | Tx, query: SQLWrapper): Promise<unknown> {
  const built = statementDialect.sqlToQuery(query.getSQL());
  const name = `p_${createHash("sha1").update(built.sql).digest("base64url").slice(0, 27)}`;
  return db._.session.prepareQuery(built, undefined, name, false).execute();
}

/** Migrations live in ./drizzle at the project root, for the server, the CLI and the tests alike. */
export const migrationsFolder = path.resolve(process.cwd(), "drizzle");

export class DatabaseLockedError extends Error {}

export interface OpenOptions {
  /** A PostgreSQL URL; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** The embedded database folder, or "memory://" for tests. */
  pgliteDir?: string;
  /** Take the folder's lock (servers and the CLI do; tests on memory:// do not need it). */
  lock?: boolean;
  /** Told when the PostgreSQL LISTEN connection fails (it reconnects by itself). */
  onListenerError?: (error: unknown) => void;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.onListenerError);
  return openPglite(options.pgliteDir ?? "memory://", options.lock ?? false);
}

async function openPostgres(url: string, onListenerError?: (error: unknown) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // A client losing its connection (server restart, failover) must not crash the process. The
  // pool handles idle clients ("error" below); a checked-out client has no listener of the
  // pool's, and an unhandled "error" event would kill the server. The query running on it
  // fails by itself, and the pool drops the broken client when it is released.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  let listener: PgNotificationListener | null = null;
  const getListener = () => (listener ??= new PgNotificationListener(url, onListenerError));
  return {
    db,
    kind: "postgres",
    migrate: (folder = migrationsFolder) => migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder: folder }),
    ping: (timeoutMs = 2000) => pingWithTimeout(db, timeoutMs),
    listen: (channel, callback) => getListener().listen(channel, callback),
    onListenerReconnect: (handler) => getListener().onReconnect(handler),
    close: async () => {
      await listener?.close();
      await pool.end();
    },
  };
}

async function openPglite(dir: string, lock: boolean): Promise<Database> {
  const inMemory = dir.startsWith("memory://");
  let releaseLock = () => {};
  if (!inMemory) {
    // PGlite does not create parent folders, and one process only may own a folder.
    mkdirSync(dir, { recursive: true });
    if (lock) releaseLock = takeLock(dir);
  }
  try {
    // pg_trgm: the trigram indexes of the admin searches (migration 0001).
    const client = await PGlite.create(inMemory ? undefined : dir, { extensions: { pg_trgm } });
    preparePgliteStatements(client);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: "pglite",
      migrate: (folder = migrationsFolder) => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: folder }),
      ping: (timeoutMs = 2000) => pingWithTimeout(db, timeoutMs),
      listen: async (channel, callback) => {
        const unlisten = await client.listen(channel, callback);
        return async () => {
          if (!client.closed) await unlisten();
        };
      },
      onListenerReconnect: () => () => {},
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

async function pingWithTimeout(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A pid file beside the embedded database. A second process (another server, the admin CLI)
 * gets a clear message instead of PGlite's opaque failures on a shared folder.
 */
function takeLock(dir: string): () => void {
  const lockFile = path.join(dir, "..", `${path.basename(dir)}.lock`);
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, "utf8").trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DatabaseLockedError(
        `The embedded database in ${dir} is in use by another process (pid ${pid}), probably the running shop server. ` +
          `Stop that server first, or point both at PostgreSQL with DATABASE_URL.`,
      );
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
