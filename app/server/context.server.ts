import path from "node:path";
import { createAuth, type Auth } from "~/server/auth.server";
import { openDatabase, type Database } from "~/server/db.server";
import type { Env } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import { seedDatabase } from "~/features/seed/seed.server";

/**
 * Everything a request needs from the process: handed to loaders and actions as their context.
 * A type alias, not an interface: React Router's load context has a string index signature,
 * which only alias types satisfy implicitly.
 */
export type AppServices = {
  env: Env;
  logger: Logger;
  database: Database;
  auth: Auth;
};

/**
 * Opens the database (embedded unless DATABASE_URL is set), migrates it, seeds it on first start —
 * unless `prepared`: a server worker's primary did that once for all (server/workers.ts).
 */
export async function createServices(env: Env, logger: Logger, { prepared = false } = {}): Promise<AppServices> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(env.DATA_DIR, "pglite"),
    lock: true,
    onListenerError: (error) => logger.warn({ err: error }, "database LISTEN connection failed; reconnecting"),
  });
  try {
    if (!prepared) {
      await database.migrate();
      await seedDatabase(database.db);
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  logger.info({ database: database.kind }, "database ready");
  return { env, logger, database, auth: createAuth(database.db, env) };
}
