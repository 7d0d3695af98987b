import { inArray } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { emailOutbox } from "~/db/schema";
import { openDatabase, type Database } from "~/server/db.server";
import {
  createScratchDatabase,
  createTrackedProducts,
  placeOrderOverHttp,
  sleep,
  startInstance,
  type AcknowledgedOrder,
  type ShopInstance,
  type TrackedProduct,
} from "./harness";

// A slow or failing SMTP server never delays or fails an order: placeOrder only writes the
// message to the outbox, and the background sender (every 15 s) deals with SMTP. Each shop here
// has its own database, so one shop's sender never touches another's outbox.

/** Longer than the sender's own 20 s SMTP timeouts (outbox.server.ts): the attempt fails, deterministically. */
const greetingDelayMs = 25_000;

interface Shop {
  server: ShopInstance;
  database: Database;
  product: TrackedProduct;
  drop: () => Promise<unknown>;
}

/** An SMTP server that records connections; `onConnect` decides how it greets. */
function smtpServer(port: number, onConnect: (callback: (error?: Error | null) => void) => void) {
  const connections: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 1000,
    onConnect(_session, callback) {
      connections.push(Date.now());
      onConnect(callback);
    },
  });
  return new Promise<{ connections: number[]; close: () => Promise<void> }>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve({ connections, close: () => new Promise<void>((done) => server.close(() => done())) }),
    );
  });
}

/** Answers nothing for 25 s: the greeting comes after the sender has given up. */
const slowSmtp = smtpServer(2550, (callback) => setTimeout(callback, greetingDelayMs).unref());
/** Refuses every connection with a 554. */
const refusingSmtp = smtpServer(2551, (callback) =>
  callback(Object.assign(new Error("no mail accepted here"), { responseCode: 554 })),
);

async function openShop(port: number, smtpUrl?: string): Promise<Shop> {
  const scratch = await createScratchDatabase();
  const server = await startInstance({ port, databaseUrl: scratch.url, smtpUrl }); // migrates
  const database = await openDatabase({ databaseUrl: scratch.url });
  const [product] = await createTrackedProducts(database.db, [1000]);
  return { server, database, product, drop: scratch.drop };
}

let shops: Shop[] = [];
let plain: Shop;
let slow: Shop;
let refusing: Shop;

beforeAll(async () => {
  await Promise.all([slowSmtp, refusingSmtp]);
  shops = await Promise.all([openShop(4155), openShop(4156, "smtp://127.0.0.1:2550"), openShop(4157, "smtp://127.0.0.1:2551")]);
  [plain, slow, refusing] = shops;
});

afterAll(async () => {
  for (const shop of shops) {
    await shop.server.stop();
    await shop.database.close();
    await shop.drop();
  }
  await Promise.all([(await slowSmtp).close(), (await refusingSmtp).close()]);
});

/** Orders placed one after the other (each timed by itself). */
async function placeOrders(shop: Shop, count: number): Promise<AcknowledgedOrder[]> {
  const placed: AcknowledgedOrder[] = [];
  for (let i = 0; i < count; i++) {
    const attempt = await placeOrderOverHttp(shop.server, [{ productId: shop.product.id, quantity: 1 }]);
    expect(attempt.outcome, JSON.stringify(attempt)).toBe("acknowledged");
    if (attempt.outcome === "acknowledged") placed.push(attempt);
  }
  return placed;
}

async function outboxOf(shop: Shop, orders: AcknowledgedOrder[]) {
  return shop.database.db
    .select({ orderId: emailOutbox.orderId, status: emailOutbox.status, attempts: emailOutbox.attempts, lastError: emailOutbox.lastError })
    .from(emailOutbox)
    .where(
      inArray(
        emailOutbox.orderId,
        orders.map((o) => o.orderId),
      ),
    );
}

async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

it("places orders as fast with a slow or refusing SMTP server as without one, and keeps the e-mails for retry", async () => {
  await placeOrders(plain, 1); // warm-up, like the first order of each shop below
  const baseline = await placeOrders(plain, 5);
  const baselineMax = Math.max(...baseline.map((o) => o.ms));
  // Generous for a busy machine, far below the 20 s an order would wait if it waited for SMTP.
  const bound = baselineMax + 8000;

  // Slow SMTP: wait until the sender is stuck on the greeting, then place orders meanwhile.
  const [firstSlow] = await placeOrders(slow, 1);
  const smtp = await slowSmtp;
  await waitUntil("the sender to connect to the slow SMTP server", () => smtp.connections.length > 0, 30_000);
  const duringSlowSend = await placeOrders(slow, 5);
  const slowMax = Math.max(...duringSlowSend.map((o) => o.ms));
  expect(slowMax).toBeLessThan(bound);

  // Refusing SMTP (after a warm-up order, like the other two shops).
  await placeOrders(refusing, 1);
  const refused = await placeOrders(refusing, 5);
  const refusingMax = Math.max(...refused.map((o) => o.ms));
  expect(refusingMax).toBeLessThan(bound);

  // Every order's e-mail is in the outbox; the ones the sender tried failed and wait for a retry.
  await waitUntil(
    "the refused attempts to be recorded",
    async () => (await outboxOf(refusing, refused)).every((m) => m.attempts === 1 && m.lastError !== null),
    40_000,
  );
  for (const message of await outboxOf(refusing, refused)) {
    expect(message).toMatchObject({ status: "pending", attempts: 1, lastError: expect.stringContaining("554") });
  }
  await waitUntil(
    "the slow attempt to time out",
    async () => (await outboxOf(slow, [firstSlow]))[0]?.lastError != null,
    greetingDelayMs + 15_000,
  );
  const slowOutbox = await outboxOf(slow, [firstSlow, ...duringSlowSend]);
  expect(slowOutbox).toHaveLength(6);
  expect(slowOutbox.every((m) => m.status === "pending")).toBe(true);
  expect(slowOutbox.find((m) => m.orderId === firstSlow.orderId)).toMatchObject({ attempts: 1, lastError: expect.any(String) });

  console.log(
    `SMTP: slowest of 5 orders ${baselineMax} ms without SMTP, ${slowMax} ms while the sender waited on a silent SMTP server, ` +
      `${refusingMax} ms with a refusing one (bound ${bound} ms)`,
  );
});
