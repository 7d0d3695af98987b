import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase } from "~/server/db.server";
import {
  createAdmin,
  createTrackedProducts,
  expectNothingLost,
  sleep,
  startInstance,
  startShoppers,
  type AcknowledgedOrder,
  type ShopInstance,
  type TrackedProduct,
} from "./harness";

// Embedded mode (PGlite): the server is SIGKILLed while shoppers place orders, then restarted on
// the same data folder (its lock file left behind). Every order a shopper was told succeeded must
// be there, complete; no order is half-written; stock matches the orders that exist.

const port = 4150;
const rounds = 3;
const shoppers = 6;
let dataDir: string;
let tracked: TrackedProduct[];
let server: ShopInstance | null = null;

/** The data folder opened by the test itself, the server stopped (the embedded database has one owner). */
async function withDatabase<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>): Promise<T> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite"), lock: true });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "shop-kill-"));
  createAdmin({ dataDir }); // migrates the new folder
  tracked = await withDatabase((db) => createTrackedProducts(db, [100_000, 100_000]));
});

afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

it(`loses no acknowledged order when the server is SIGKILLed under load (${rounds} rounds)`, async () => {
  const [first, second] = tracked;
  const acknowledged: AcknowledgedOrder[] = [];
  const perRound: string[] = [];
  for (let round = 1; round <= rounds; round++) {
    server = await startInstance({ port, dataDir });
    const load = startShoppers([server], shoppers, () => [
      { productId: first.id, quantity: 1 + Math.floor(Math.random() * 3) },
      ...(Math.random() < 0.5 ? [{ productId: second.id, quantity: 1 }] : []),
    ], { untilNoAnswer: true });

    // Kill at a moment unrelated to the orders' progress, once some orders (6 to 17) are through.
    const threshold = 6 + Math.floor(Math.random() * 12);
    const deadline = Date.now() + 60_000;
    while (load.acknowledged().length < threshold && Date.now() < deadline && !server.exited) await sleep(20);
    await sleep(Math.random() * 600);
    await server.kill();
    await load.done();
    const roundAcks = load.acknowledged();
    acknowledged.push(...roundAcks);
    const inFlight = load.attempts.filter((a) => a.outcome === "no-answer").length;
    const refused = load.attempts.filter((a) => a.outcome === "refused");
    expect(refused.slice(0, 3), "orders refused before the kill").toEqual([]);

    // The restart after the kill: the stale lock and PGlite's own recovery must not stop it.
    const restartStart = Date.now();
    server = await startInstance({ port, dataDir });
    const restartMs = Date.now() - restartStart;
    await server.stop();
    server = null;

    const { orders } = await withDatabase((db) => expectNothingLost(db, acknowledged, tracked));
    perRound.push(
      `round ${round}: ${roundAcks.length} acknowledged, ${inFlight} in flight at the kill, ${orders} orders in the database, restart ${restartMs} ms`,
    );
  }
  console.log(`embedded SIGKILL:\n  ${perRound.join("\n  ")}`);
  expect(acknowledged.length).toBeGreaterThan(0);
});
