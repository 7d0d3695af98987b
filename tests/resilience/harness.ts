import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { expect } from "vitest";
import { deliveryPromiseFor } from "~/features/checkout/delivery-rules";
import { defaultSettingsFor } from "~/features/settings/settings.schema";
import { createCategory, createProduct } from "~/test/checkout-fixtures";
import type { Db } from "~/server/db.server";
import { testPostgresUrl } from "~/test/database";

/**
 * Shared helpers of the resilience suites: real production server processes (the build under
 * build/, started with scripts/start.mjs), driven over HTTP the way a browser does.
 */

export const projectRoot = path.resolve(import.meta.dirname, "../..");
export const resilienceAdmin = { email: "admin@resilience.vn", password: "Chong-khuan-2026!" };
/** Every instance of one shop shares it (sessions signed on one are valid on the other). */
export const sharedAuthSecret = "resilience-suite-auth-secret-0123456789";

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface InstanceOptions {
  port: number;
  /** The embedded database folder (PGlite mode). */
  dataDir?: string;
  /** PostgreSQL mode. */
  databaseUrl?: string;
  smtpUrl?: string;
  /** More variables for the server (they win over the suite's defaults). */
  env?: Record<string, string>;
}

/** One running `node scripts/start.mjs` process. */
export class ShopInstance {
  readonly url: string;
  readonly origin: string;
  private output = "";

  constructor(
    readonly process: ChildProcess,
    readonly options: InstanceOptions,
  ) {
    // Requests go to the instance's PUBLIC_URL: React Router refuses an action whose Origin is
    // not the request's own host (a CSRF check), and the shop checks Origin against PUBLIC_URL.
    this.url = `http://localhost:${options.port}`;
    this.origin = this.url;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-400_000);
    };
    process.stdout?.on("data", keep);
    process.stderr?.on("data", keep);
  }

  /** The last lines the process wrote (shown when a check fails). */
  get log(): string {
    return this.output;
  }

  get exited(): boolean {
    return this.process.exitCode !== null || this.process.signalCode !== null;
  }

  /** Resolves when /healthz answers 200; throws with the process output if it exits or times out. */
  async waitHealthy(timeoutMs = 60_000): Promise<number> {
    const start = Date.now();
    for (;;) {
      if (this.exited)
        throw new Error(
          `server on ${this.url} exited (${this.process.exitCode ?? this.process.signalCode}):\n${this.log}`,
        );
      if ((await healthStatus(this.url)) === 200) return Date.now() - start;
      if (Date.now() - start > timeoutMs)
        throw new Error(`server on ${this.url} not healthy in ${timeoutMs} ms:\n${this.log}`);
      await sleep(100);
    }
  }

  /** SIGKILL: no shutdown code runs, as in a crash or an OOM kill. */
  async kill(): Promise<void> {
    if (this.exited) return;
    const exit = new Promise((resolve) => this.process.once("exit", resolve));
    this.process.kill("SIGKILL");
    await exit;
  }

  /** SIGTERM: the graceful shutdown (drain, close the database). */
  async stop(): Promise<void> {
    if (this.exited) return;
    const exit = new Promise((resolve) => this.process.once("exit", resolve));
    this.process.kill("SIGTERM");
    await exit;
  }
}

function serverEnv(options: Omit<InstanceOptions, "port"> & { port?: number }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: process.env.RESILIENCE_LOG_LEVEL ?? "warn",
    AUTH_SECRET: sharedAuthSecret,
    // Every simulated shopper comes from 127.0.0.1: lift the per-address order limit.
    ORDER_RATE_LIMIT: "100000/60",
    // …and the per-address share of uncached requests (CLIENT_RATE_LIMIT; its own test sets it).
    CLIENT_RATE_LIMIT: "100000/1",
    CLIENT_CONCURRENCY: "100000",
  };
  // The vitest worker's own variables must not leak into the server.
  delete env.TEST_DB;
  delete env.VITEST;
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  delete env.SMTP_URL;
  if (options.port) env.PORT = String(options.port);
  if (options.dataDir) env.DATA_DIR = options.dataDir;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.port) env.PUBLIC_URL = `http://localhost:${options.port}`;
  if (options.smtpUrl) env.SMTP_URL = options.smtpUrl;
  return { ...env, ...options.env };
}

/** Starts the production server and waits until it is healthy. */
export async function startInstance(options: InstanceOptions): Promise<ShopInstance> {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: projectRoot,
    env: serverEnv(options),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const instance = new ShopInstance(child, options);
  await instance.waitHealthy();
  return instance;
}

/** `npm run admin:create` against the database (before the embedded server starts: it holds the lock). */
export function createAdmin(options: { dataDir?: string; databaseUrl?: string }): void {
  const cli = spawnSync(
    process.execPath,
    [
      "node_modules/tsx/dist/cli.mjs",
      "scripts/admin-create.ts",
      "--email",
      resilienceAdmin.email,
      "--password",
      resilienceAdmin.password,
    ],
    { cwd: projectRoot, env: serverEnv(options), encoding: "utf8" },
  );
  if (cli.status !== 0) throw new Error(`admin:create failed:\n${cli.stdout}\n${cli.stderr}`);
}

/** The /healthz status code, or 0 when the server does not answer within the timeout. */
export async function healthStatus(baseUrl: string, timeoutMs = 10_000): Promise<number> {
  try {
    const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.status;
  } catch {
    return 0;
  }
}

/** Signs in through better-auth's endpoint, as the login form does; returns the Cookie header. */
export async function signInAsAdmin(instance: ShopInstance): Promise<string> {
  const response = await fetch(`${instance.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: instance.origin },
    body: JSON.stringify({ email: resilienceAdmin.email, password: resilienceAdmin.password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const jar = new CookieJar();
  jar.take(response);
  if (!jar.header) throw new Error("sign-in set no cookie");
  return jar.header;
}

export interface CartLine {
  productId: number;
  quantity: number;
}

/**
 * Step 1's fields as its form posts them (a fresh e-mail per shopper): a new shop's form (one
 * "Họ và tên") and SPEC's (first and last name) both, so either layout takes them.
 */
function informationFields(): Record<string, string> {
  return {
    intent: "continue",
    email: `shopper-${randomBytes(3).toString("hex")}@example.vn`,
    fullName: "Nguyễn Lan",
    firstName: "Lan",
    lastName: "Nguyễn",
    address: "12 Lê Lợi",
    postalCode: "700000",
    phone: "0912345678",
    structure: "current",
    provinceCode: "79",
    wardCode: "27316",
  };
}

/** Step 2's fields: delivery on the earliest day the seeded rules allow to Hồ Chí Minh. */
function shippingFields(): Record<string, string> {
  return {
    intent: "continue",
    shippingMethod: "local-delivery",
    shippingDate: deliveryPromiseFor("79", new Date(), defaultSettingsFor("delivery")).earliest,
    shippingTime: "12:00 - 13:00",
    orderInstructions: "",
  };
}

/** How long the attempt took and when it ended (Date.now()). */
interface Timing {
  ms: number;
  endedAt: number;
}

export type OrderAttempt =
  /** The shopper was told the order succeeded (the payment step would navigate to the confirmation). */
  | ({ outcome: "acknowledged"; orderId: string; lines: CartLine[]; status: number } & Timing)
  /** The server answered with a message (out of stock, database unavailable…). */
  | ({ outcome: "refused"; message: string; lines: CartLine[]; status: number } & Timing)
  /** No answer: connection reset, server killed, timeout. */
  | ({ outcome: "no-answer"; error: string; lines: CartLine[] } & Timing);

export type AcknowledgedOrder = Extract<OrderAttempt, { outcome: "acknowledged" }>;

/** A browser's cookies for one shop: what Set-Cookie gave, sent back on the next request. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const at = pair.indexOf("=");
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }

  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/**
 * Places an order the way a browser does on the server cart (issue 17), with plain form posts:
 * the cart (a "merge" of these lines, one request), steps 1 and 2 (each answered 303), then the
 * payment step's "place-order" through the route's single-fetch data URL, as its enhanced form
 * sends it. The order is acknowledged when that answer redirects to its confirmation.
 */
export async function placeOrderOverHttp(
  instance: ShopInstance,
  lines: CartLine[],
  options: { timeoutMs?: number } = {},
): Promise<OrderAttempt> {
  const start = performance.now();
  const timing = (): Timing => ({ ms: Math.round(performance.now() - start), endedAt: Date.now() });
  const signal = AbortSignal.timeout(options.timeoutMs ?? 30_000);
  const jar = new CookieJar();
  const post = async (pathname: string, fields: Record<string, string>) => {
    const response = await fetch(`${instance.url}${pathname}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: instance.origin, Cookie: jar.header },
      body: new URLSearchParams(fields),
      redirect: "manual",
      signal,
    });
    jar.take(response);
    return response;
  };

  try {
    for (const [pathname, fields] of [
      ["/cart", { intent: "merge", lines: JSON.stringify(lines) }],
      ["/checkout/information", informationFields()],
      ["/checkout/shipping", shippingFields()],
    ] as const) {
      const response = await post(pathname, fields);
      const text = await response.text();
      if (response.status !== 303)
        return { outcome: "refused", message: `${pathname}: ${text}`, lines, status: response.status, ...timing() };
    }
  } catch (error) {
    return { outcome: "no-answer", error: String(error), lines, ...timing() };
  }

  let response: Response;
  let result: unknown;
  try {
    response = await post("/checkout/payment.data", { intent: "place-order" });
  } catch (error) {
    return { outcome: "no-answer", error: String(error), lines, ...timing() };
  }
  try {
    const body = await response.arrayBuffer();
    result = (await decodeViaTurboStream(new Response(body).body!, globalThis)).value;
  } catch (error) {
    return {
      outcome: "no-answer",
      error: `unreadable answer (${response.status}): ${String(error)}`,
      lines,
      ...timing(),
    };
  }
  const answer = result as { redirect?: string; data?: unknown; error?: unknown } | null;
  const orderId = /[?&]order_id=([0-9a-f-]{36})/.exec(answer?.redirect ?? "")?.[1];
  if (orderId) return { outcome: "acknowledged", orderId, lines, status: response.status, ...timing() };
  const data = answer?.data as { ok: false; error: string } | undefined;
  const message =
    data && data.ok === false ? data.error : `unexpected answer: ${String(answer?.error ?? JSON.stringify(answer))}`;
  return { outcome: "refused", message, lines, status: response.status, ...timing() };
}

/** An order's number as the console shows it (#1001), from the database. */
export async function orderNumberOf(db: Db, orderId: string): Promise<number> {
  const { rows } = (await db.execute(sql`select order_number from orders where id = ${orderId}`)) as unknown as {
    rows: Array<{ order_number: number }>;
  };
  if (!rows[0]) throw new Error(`no order ${orderId}`);
  return Number(rows[0].order_number);
}

/**
 * Shoppers placing orders back to back until `stop()` (or until the server stops answering, when
 * `untilNoAnswer`). Every attempt is recorded; acknowledged ones are what must never be lost.
 */
export function startShoppers(
  instances: ShopInstance[],
  shoppers: number,
  cart: () => CartLine[],
  options: { untilNoAnswer?: boolean; pauseMs?: number } = {},
) {
  const attempts: OrderAttempt[] = [];
  let stopped = false;
  const loops = Array.from({ length: shoppers }, async (_, i) => {
    const instance = instances[i % instances.length];
    while (!stopped) {
      const attempt = await placeOrderOverHttp(instance, cart(), { timeoutMs: 20_000 });
      attempts.push(attempt);
      if (attempt.outcome === "no-answer" && options.untilNoAnswer) return;
      if (options.pauseMs) await sleep(options.pauseMs);
    }
  });
  return {
    attempts,
    acknowledged: () => attempts.filter((a): a is AcknowledgedOrder => a.outcome === "acknowledged"),
    /** Resolves when every shopper has finished its current attempt. */
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
    done: () => Promise.all(loops),
  };
}

/** One server-sent event of /admin/events. */
export interface ServerEvent {
  event: string;
  data: string;
}

/** Reads the admin's live event stream (/admin/events) the way EventSource does. */
export async function openAdminEvents(instance: ShopInstance, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${instance.url}/admin/events`, {
    headers: { Cookie: cookie, Accept: "text/event-stream" },
    signal: controller.signal,
    redirect: "manual",
  });
  if (response.status !== 200 || !response.headers.get("content-type")?.startsWith("text/event-stream")) {
    throw new Error(`/admin/events answered ${response.status} ${response.headers.get("content-type")}`);
  }
  const events: ServerEvent[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith("event:")) event = line.slice(6).trim();
            else if (line.startsWith("data:")) data.push(line.slice(5).trim());
          }
          if (data.length > 0) events.push({ event, data: data.join("\n") });
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // aborted by close() or by the server going away
    } finally {
      ended = true;
      for (const wake of waiters) wake();
    }
  })();

  return {
    events,
    get ended() {
      return ended;
    },
    /** Resolves with the first event matching `match`, or rejects after the timeout. */
    async waitFor(match: (event: ServerEvent) => boolean, timeoutMs = 10_000): Promise<ServerEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (ended) throw new Error("the event stream ended");
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event in ${timeoutMs} ms (got ${JSON.stringify(events)})`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            waiters.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    close: () => controller.abort(),
  };
}

/** A fresh database on the shared test PostgreSQL server (TEST_DATABASE_URL), dropped by `drop`. */
export async function createScratchDatabase(serverUrl: string = testPostgresUrl) {
  const name = `shop_resilience_${randomBytes(5).toString("hex")}`;
  await withClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}

export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface TrackedProduct {
  id: number;
  initialStock: number;
}

/**
 * The "nothing lost, nothing half-written" checks, on the database after the fault:
 * - every acknowledged order exists, with the items the shopper sent, its status history and
 *   its confirmation e-mail in the outbox (all written by the order's one transaction);
 * - no order exists without items, and every order's subtotal is the sum of its items;
 * - each tracked product's stock is its initial stock minus what the existing orders hold, and
 *   its sold count went up by the same amount (orders in flight when the fault hit may or may
 *   not exist, but stock always matches the orders that do).
 * Returns the number of orders found.
 */
export async function expectNothingLost(
  db: Db,
  acknowledged: Array<AcknowledgedOrder>,
  tracked: TrackedProduct[],
): Promise<{ orders: number }> {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const orderRows = rowsOf<{
    id: string;
    subtotal: number;
    items: number;
    items_total: number;
    history: number;
    emails: number;
  }>(
    await db.execute(sql`
      select o.id, o.subtotal,
        (select count(*)::int from order_items i where i.order_id = o.id) as items,
        (select coalesce(sum(i.total_price), 0)::bigint from order_items i where i.order_id = o.id) as items_total,
        (select count(*)::int from order_status_history h where h.order_id = o.id) as history,
        (select count(*)::int from email_outbox e where e.order_id = o.id) as emails
      from orders o`),
  );
  const byId = new Map(orderRows.map((row) => [row.id, row]));
  const itemRows = rowsOf<{ order_id: string; product_id: number; quantity: number }>(
    await db.execute(sql`select order_id, product_id, quantity from order_items`),
  );

  const missing = acknowledged.filter((a) => !byId.has(a.orderId)).map((a) => a.orderId);
  expect(missing, "acknowledged orders missing after the fault").toEqual([]);
  for (const ack of acknowledged) {
    const items = itemRows
      .filter((row) => row.order_id === ack.orderId)
      .map((row) => ({ productId: row.product_id, quantity: row.quantity }))
      .sort((a, b) => a.productId - b.productId);
    expect(items, `items of acknowledged order ${ack.orderId}`).toEqual(mergeLines(ack.lines));
  }
  const halfWritten = orderRows.filter(
    (row) =>
      row.items === 0 || Number(row.items_total) !== Number(row.subtotal) || row.history === 0 || row.emails === 0,
  );
  expect(halfWritten, "orders without items, history or e-mail, or with a subtotal that is not their items'").toEqual(
    [],
  );

  for (const product of tracked) {
    const [row] = rowsOf<{ stock_quantity: number; sold_count: number }>(
      await db.execute(sql`select stock_quantity, sold_count from products where id = ${product.id}`),
    );
    const held = itemRows
      .filter((item) => item.product_id === product.id)
      .reduce((sum, item) => sum + item.quantity, 0);
    expect(row.stock_quantity, `stock of product ${product.id} = initial − quantities in existing orders`).toBe(
      product.initialStock - held,
    );
    expect(row.sold_count, `sold count of product ${product.id}`).toBe(held);
  }
  return { orders: orderRows.length };
}

/** Cart lines as placeOrder stores them: one per product, in product-id order. */
function mergeLines(lines: CartLine[]): CartLine[] {
  const quantities = new Map<number, number>();
  for (const line of lines) quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  return [...quantities]
    .map(([productId, quantity]) => ({ productId, quantity }))
    .sort((a, b) => a.productId - b.productId);
}

/** A category and tracked-stock products written straight to the database (sold count 0). */
export async function createTrackedProducts(db: Db, stocks: number[], price = 150_000): Promise<TrackedProduct[]> {
  const categoryId = await createCategory(db, `resilience-${randomBytes(3).toString("hex")}`);
  const tracked: TrackedProduct[] = [];
  for (const stock of stocks) {
    tracked.push({
      id: await createProduct(db, categoryId, { stockQuantity: stock, trackStock: true, price }),
      initialStock: stock,
    });
  }
  return tracked;
}

/**
 * A PostgreSQL cluster of the suite's own (initdb in a temporary folder), so it can be stopped and
 * restarted without disturbing the shared server. As root, the server runs as the `postgres` user.
 */
export async function startPostgresCluster(port: number) {
  const versions = readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error("PostgreSQL binaries not found under /usr/lib/postgresql");
  const bin = `/usr/lib/postgresql/${versions[0]}/bin`;
  const dir = mkdtempSync(path.join(tmpdir(), "shop-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) spawnSync("chown", ["postgres:postgres", dir]);
  // Asynchronous: the shoppers and probes of the test keep running while pg_ctl waits.
  const run = (command: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const quoted = [command, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(" ");
      const child = asRoot
        ? spawn("su", ["postgres", "-s", "/bin/sh", "-c", quoted], { stdio: ["ignore", "pipe", "pipe"] })
        : spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.on("error", reject);
      child.on("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} failed (${code}):\n${output}`)),
      );
    });
  const data = path.join(dir, "data");
  await run(`${bin}/initdb`, ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const pgCtl = (...args: string[]) => run(`${bin}/pg_ctl`, ["-D", data, "-l", path.join(dir, "log"), ...args]);
  const start = () => pgCtl("-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "-w", "start");
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    /** Fast shutdown: open sessions are ended, as in a restart for maintenance or a failover. */
    stop: () => pgCtl("-m", "fast", "-w", "stop"),
    destroy: async () => {
      await pgCtl("-m", "immediate", "-w", "stop").catch(() => {}); // may be stopped already
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Posts an admin form the way the console's <Form> does with JavaScript on: urlencoded fields to
 * the route's single-fetch data URL, with the session cookie and the shop's Origin. Returns the
 * status and the action's data.
 */
export async function postAdminForm(
  instance: ShopInstance,
  cookie: string,
  routePath: string,
  fields: Record<string, string>,
): Promise<{ status: number; data: unknown }> {
  const response = await fetch(`${instance.url}${routePath}.data`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: instance.origin },
    body: new URLSearchParams(fields),
  });
  const body = await response.arrayBuffer();
  const decoded = (await decodeViaTurboStream(new Response(body).body!, globalThis)).value as {
    data?: unknown;
    error?: unknown;
  };
  return { status: response.status, data: decoded?.data ?? decoded?.error };
}
