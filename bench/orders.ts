/**
 * Orders benchmark: N concurrent shoppers placing orders through placeOrder (the same
 * transaction the checkout uses) against a real PostgreSQL or the embedded PGlite. Each order
 * has two lines of tracked-stock products (so every order contends on the same product rows)
 * and half of them use a discount code (contending on the code's row).
 *
 *   npx tsx bench/orders.ts [--shoppers 1,8,32] [--orders 400] [--db postgres|pglite]
 *
 * PostgreSQL: TEST_DATABASE_URL (default postgres://postgres:postgres@127.0.0.1:5432/postgres)
 * is used to create and drop a scratch database. PGlite: a database in a temporary folder on
 * disk, as the server keeps it in DATA_DIR. The last line is `JSON [...]`, one object per run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { checkoutInput, createCategory, createDiscount, createProduct } from "~/test/checkout-fixtures";
import { placeOrder } from "~/features/checkout/place-order.server";
import { openDatabase } from "~/server/db.server";
import { createTestDatabase, type TestDatabase } from "~/test/database";
import { TEST_EMAIL_LINKS } from "~/test/orders-fixture";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const shopperCounts = arg("shoppers", "1,8,32").split(",").map(Number);
const ordersPerRun = Number(arg("orders", "400"));
const kind = arg("db", "postgres");
if (kind !== "postgres" && kind !== "pglite") throw new Error("--db must be postgres or pglite");

async function openBenchDatabase(): Promise<TestDatabase> {
  if (kind === "postgres") {
    process.env.TEST_DB = "postgres";
    return createTestDatabase();
  }
  const dir = mkdtempSync(path.join(tmpdir(), "bench-orders-"));
  const database = await openDatabase({ pgliteDir: path.join(dir, "pglite") });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const database = await openBenchDatabase();
const results: Array<{ shoppers: number; ordersPerSecond: number; p50: number; p99: number; failed: number }> = [];
const { db } = database;
try {
  const category = await createCategory(db, "bench");
  const a = await createProduct(db, category, { price: 690_000, stockQuantity: 1_000_000 });
  const b = await createProduct(db, category, { price: 290_000, stockQuantity: 1_000_000 });
  await createDiscount(db, { code: "BENCH10", type: "percent", value: 10 });

  const input = (i: number) =>
    checkoutInput(
      [
        { productId: a, quantity: 1 },
        { productId: b, quantity: 1 },
      ],
      { email: `shopper${i % 500}@bench.vn`, discountCode: i % 2 === 0 ? "BENCH10" : null },
    );

  // Warm-up (connections, plans).
  for (let i = 0; i < 20; i++) await placeOrder(db, input(i), { links: TEST_EMAIL_LINKS });

  console.log(
    kind === "postgres"
      ? `PostgreSQL (${database.url?.replace(/\/\/[^@]*@/, "//")}), ${ordersPerRun} orders per run, pool of 10 connections`
      : `PGlite on disk (one connection), ${ordersPerRun} orders per run`,
  );
  console.log("shoppers | orders/s | p50 ms | p99 ms | failed");
  for (const shoppers of shopperCounts) {
    const latencies: number[] = [];
    let failed = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: shoppers }, async () => {
        while (next < ordersPerRun) {
          const i = next++;
          const t0 = performance.now();
          try {
            await placeOrder(db, input(i), { links: TEST_EMAIL_LINKS });
            latencies.push(performance.now() - t0);
          } catch (error) {
            failed += 1;
            console.error(error);
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((x, y) => x - y);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
    results.push({ shoppers, ordersPerSecond: latencies.length / seconds, p50: pct(50), p99: pct(99), failed });
    console.log(
      `${String(shoppers).padStart(8)} | ${(latencies.length / seconds).toFixed(0).padStart(8)} | ${pct(50).toFixed(1).padStart(6)} | ${pct(99).toFixed(1).padStart(6)} | ${failed}`,
    );
  }
  console.log(`JSON ${JSON.stringify(results)}`);
} finally {
  await database.close();
}
