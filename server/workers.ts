import cluster, { type Worker } from "node:cluster";
import { openDatabase } from "~/server/db.server";
import type { Env } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import { seedDatabase } from "~/features/seed/seed.server";

/*
 * WEB_CONCURRENCY server processes on one port (node:cluster), with DATABASE_URL only: see
 * docs/decisions/0025-uncached-pages-at-framework-speed.md. What each worker keeps for itself:
 * its page cache and in-memory storefront caches (each listens for `storefront_changed`, so a
 * change made through any worker drops them all), its token buckets (CLIENT_RATE_LIMIT and
 * CLIENT_CONCURRENCY hold per worker: a client may get up to WEB_CONCURRENCY times as much), and
 * the live admin streams of the browsers connected to it (fed by PostgreSQL's LISTEN, so every
 * worker sees every order). Shared through the database: sign-in and order rate limits, TOTP
 * replay, the e-mail outbox (claimed row by row), sessions.
 */

/** How many server processes to run, and why fewer than asked when so. */
export function workerCount(env: Pick<Env, "WEB_CONCURRENCY" | "DATABASE_URL">): {
  workers: number;
  warning: string | null;
} {
  if (env.WEB_CONCURRENCY <= 1) return { workers: 1, warning: null };
  if (!env.DATABASE_URL) {
    // Hosts set WEB_CONCURRENCY by themselves: a shop on the embedded database still starts.
    return {
      workers: 1,
      warning: `WEB_CONCURRENCY=${env.WEB_CONCURRENCY} ignored: the embedded database (no DATABASE_URL) belongs to one process, so the shop runs as one. Set DATABASE_URL to use more.`,
    };
  }
  return { workers: env.WEB_CONCURRENCY, warning: null };
}

/** Whether this process is a worker forked by runPrimary (it skips the migrations and the seed). */
export function isForkedWorker(): boolean {
  return cluster.isWorker;
}

/** A worker that exits within this long of its start is not restarted (a crash loop). */
const CRASH_LOOP_MS = 5_000;

/**
 * The primary process: migrates and seeds the database once, forks `workers` servers (they share
 * the port), forks a replacement for a worker that dies, and on SIGTERM or SIGINT asks every
 * worker to drain (each finishes its requests, then exits) and exits when they all have.
 */
export async function runPrimary(env: Env, logger: Logger, workers: number, prepare = prepareDatabase): Promise<void> {
  await prepare(env, logger);
  let stopping = false;
  const startedAt = new Map<Worker, number>();
  const fork = () => startedAt.set(cluster.fork(), Date.now());
  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) {
        logger.info("every worker stopped");
        process.exit(0);
      }
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, "server worker died");
    if (lived < CRASH_LOOP_MS) {
      logger.error("the worker died at start: not restarting it (see its error above)");
      if (startedAt.size === 0) process.exit(1);
      return;
    }
    fork();
  });
  for (let i = 0; i < workers; i++) fork();
  logger.info({ workers, port: env.PORT }, "server workers started");

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, workers: startedAt.size }, "shutting down: draining every worker");
    for (const worker of startedAt.keys()) worker.process.kill("SIGTERM");
    if (startedAt.size === 0) process.exit(0);
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}

/** Migrations and the demo seed, once, before any worker opens the database. */
async function prepareDatabase(env: Env, logger: Logger): Promise<void> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL });
  try {
    await database.migrate();
    await seedDatabase(database.db);
  } finally {
    await database.close();
  }
  logger.info({ database: database.kind }, "database ready for the workers");
}
