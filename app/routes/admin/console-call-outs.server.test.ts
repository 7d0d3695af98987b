import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, shipments, user } from "~/db/schema";
import { signInAdmin } from "~/features/auth/auth-flows.server";
import { createAdminUser } from "~/features/auth/owner-accounts.server";
import { invalidateCatalogCache } from "~/features/catalog/catalog.server";
import { listProducts } from "~/features/catalog/listing.server";
import { saveGhnAccount } from "~/features/shipping/carrier-accounts.server";
import type * as RemittanceFile from "~/features/cod/remittance-file.server";
import { createAuth } from "~/server/auth.server";
import { rowsOf } from "~/server/db.server";
import { parseEnv } from "~/server/env.server";
import { closeEventHub } from "~/server/events.server";
import type * as ImageUpload from "~/server/image-upload.server";
import { createLogger } from "~/server/logger.server";
import { setUpTestDatabase } from "~/test/database";
import { STAND_IN_HOSTS, STAND_IN_SHOP_ID, STAND_IN_TOKEN, startGhnStandIn, type GhnStandIn } from "~/test/ghn-stand-in";
import { createLatch, type Latch } from "~/test/latch";
import { insertCustomer, insertOrder, insertProduct } from "~/test/orders-fixture";
import * as codRoute from "./cod";
import * as orderDetail from "./order-detail";
import * as productEdit from "./product-edit";

/*
 * The console's calls out of the process (GHN booking, cancel and sync; image processing; a payout
 * file's parsing) run outside any transaction (decision 0042). Each intent is called as React Router
 * calls it, against a stand-in that holds its answer until the test releases it; meanwhile a
 * storefront read must answer (on the embedded database one open transaction stops every other
 * query) and, on PostgreSQL, no transaction of ours may be open. Then the write is audited with
 * the staff member as its actor.
 */

// Image processing and the payout file's parsing, held at the latch a test arms (else as they are).
const held = vi.hoisted(() => ({ images: null as Latch | null, parsing: null as Latch | null }));
vi.mock("~/server/image-upload.server", async (importOriginal) => {
  const actual = await importOriginal<typeof ImageUpload>();
  return {
    ...actual,
    storeImageVariants: async (...args: Parameters<typeof actual.storeImageVariants>) => {
      await held.images?.wait();
      return actual.storeImageVariants(...args);
    },
  };
});
vi.mock("~/features/cod/remittance-file.server", async (importOriginal) => {
  const actual = await importOriginal<typeof RemittanceFile>();
  return {
    ...actual,
    parseRemittanceFile: async (...args: Parameters<typeof actual.parseRemittanceFile>) => {
      await held.parsing?.wait();
      return actual.parseRemittanceFile(...args);
    },
  };
});

const BASE = "http://localhost:3000";
const database = await setUpTestDatabase({ seed: "shop-without-content" });
const { db } = database;
let context: AppLoadContext;
let standIn: GhnStandIn;
let cookie = "";
let ownerId = "";
let ip = 1;

beforeAll(async () => {
  const env = parseEnv({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "call-outs-")),
    AUTH_SECRET: "c".repeat(32),
    CARRIER_TEST_HOSTS: STAND_IN_HOSTS.join(","),
    PUBLIC_URL: BASE,
  });
  const logger = createLogger("silent");
  const auth = createAuth(db, env, { logger });
  context = { env, logger, database, auth } as AppLoadContext;
  await createAdminUser(db, auth, { email: "owner@shop.vn", password: "Chong-khuan-2026" });
  [{ id: ownerId }] = await db.select({ id: user.id }).from(user).where(eq(user.email, "owner@shop.vn"));
  const form = new FormData();
  form.set("email", "owner@shop.vn");
  form.set("password", "Chong-khuan-2026");
  const outcome = await signInAdmin(context, request("/admin/login", new URLSearchParams()), form);
  if (outcome.kind !== "signed-in") throw new Error("admin sign-in failed");
  cookie = outcome.setCookies
    .map((line) => line.split(";")[0])
    .filter((pair) => pair.slice(pair.indexOf("=") + 1) !== "")
    .join("; ");
  standIn = await startGhnStandIn();
  await saveGhnAccount(
    db,
    {
      enabled: "on",
      token: STAND_IN_TOKEN,
      shopId: STAND_IN_SHOP_ID,
      environment: "custom",
      customBaseUrl: standIn.baseUrl,
      defaultServiceTypeId: "2",
    },
    null,
    STAND_IN_HOSTS,
  );
});

afterAll(async () => {
  await standIn?.close();
  await closeEventHub(database);
});

function request(pathname: string, body: URLSearchParams | FormData) {
  const headers = new Headers({ "x-forwarded-for": `192.0.2.${ip++}`, cookie, origin: BASE });
  return new Request(`${BASE}${pathname}`, { method: "POST", headers, body });
}

interface Answer {
  ok: boolean;
  error?: string;
  result?: Record<string, unknown>;
}

async function post(
  action: unknown,
  pathname: string,
  params: Record<string, string>,
  body: URLSearchParams | FormData,
) {
  const req = request(pathname, body);
  const answer = await (action as (args: unknown) => Promise<{ data: Answer }>)({
    request: req,
    context,
    params,
    unstable_pattern: "",
    unstable_url: new URL(req.url),
  });
  return answer.data;
}

const postOrder = (orderId: string, form: Record<string, string>) =>
  post(orderDetail.action, `/admin/orders/${orderId}`, { id: orderId }, new URLSearchParams(form));

/** A storefront read on the same database handle: "answered", or "stalled" after 5 s (a generous cap, not a timing). */
async function storefrontRead(): Promise<"answered" | "stalled"> {
  invalidateCatalogCache();
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<"stalled">((resolve) => (timer = setTimeout(() => resolve("stalled"), 5_000)));
  try {
    return await Promise.race([listProducts(db).then(() => "answered" as const), stalled]);
  } finally {
    clearTimeout(timer);
  }
}

/** PostgreSQL: the other sessions on the test database with a transaction open, and the locks they hold. */
async function openTransactions() {
  if (database.kind !== "postgres") return [];
  return rowsOf<{ state: string; query: string; locks: string[] | null }>(
    await db.execute(sql`
      select a.state, a.query,
        (select array_agg(l.locktype || ' ' || l.mode) from pg_locks l where l.pid = a.pid and l.granted) as locks
      from pg_stat_activity a
      where a.datname = current_database() and a.pid <> pg_backend_pid()
        and a.backend_type = 'client backend' and a.xact_start is not null`),
  );
}

/**
 * Starts the intent, waits until it is held at the latch, checks the shop meanwhile, releases it,
 * and returns the intent's answer.
 */
async function whileHeld(latch: Latch, start: () => Promise<Answer>): Promise<Answer> {
  const answer = start();
  await Promise.race([
    latch.reached,
    answer.then((early) => {
      throw new Error(`answered before reaching the held call: ${JSON.stringify(early)}`);
    }),
  ]);
  try {
    expect(await storefrontRead()).toBe("answered");
    expect(await openTransactions()).toEqual([]);
  } finally {
    latch.release();
  }
  return answer;
}

async function auditedBy(entityType: string, entityId: string, action: "insert" | "update") {
  const rows = await db
    .select({ actor: auditLog.actorUserId })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId), eq(auditLog.action, action)));
  return rows.map((row) => row.actor);
}

async function confirmedOrder(phone: string) {
  const product = await insertProduct(db, { name: "Bàn chải UVC", price: 450_000, stock: 5 });
  const customer = await insertCustomer(db, { firstName: "Văn An", lastName: "Nguyễn", phone });
  return insertOrder(db, { customer, lines: [{ product, quantity: 1 }], status: "processing" });
}

/** The stand-in gives every booking the same code: earlier shipments give it up. */
const freeStandInCode = () =>
  db
    .update(shipments)
    .set({
      trackingCode: sql`${shipments.trackingCode} || '-' || ${shipments.version}::text || substr(${shipments.id}::text, 1, 8)`,
    })
    .where(eq(shipments.trackingCode, "FFFNL9HH"));

const shipmentOf = async (orderId: string) =>
  (await db.select().from(shipments).where(eq(shipments.orderId, orderId)))[0];

describe("console calls out of the process with no transaction open", () => {
  it("GHN booking, then cancelling at GHN", async () => {
    await freeStandInCode();
    const order = await confirmedOrder("+84901234567");
    const booked = await whileHeld(standIn.hold(), () =>
      postOrder(order.id, { intent: "shipment-create", carrier: "ghn" }),
    );
    expect(booked).toMatchObject({ ok: true, result: { trackingCode: "FFFNL9HH" } });
    const shipment = await shipmentOf(order.id);
    expect(await auditedBy("shipments", shipment.id, "insert")).toEqual([ownerId]);

    const cancelled = await whileHeld(standIn.hold(), () =>
      postOrder(order.id, { intent: "shipment-cancel", shipmentId: shipment.id, version: String(shipment.version) }),
    );
    expect(cancelled.ok).toBe(true);
    expect((await shipmentOf(order.id)).status).toBe("cancelled");
    expect(await auditedBy("shipments", shipment.id, "update")).toEqual([ownerId]);
  });

  it("GHN sync", async () => {
    await freeStandInCode();
    const order = await confirmedOrder("+84912345678");
    expect((await postOrder(order.id, { intent: "shipment-create", carrier: "ghn" })).ok).toBe(true);
    const shipment = await shipmentOf(order.id);
    const synced = await whileHeld(standIn.hold(), () =>
      postOrder(order.id, { intent: "shipment-sync", shipmentId: shipment.id }),
    );
    expect(synced).toMatchObject({ ok: true, result: { moved: 1 } });
    expect((await shipmentOf(order.id)).status).toBe("in_transit");
    expect(await auditedBy("shipments", shipment.id, "update")).toEqual([ownerId]);
  });

  it("product image upload", async () => {
    const product = await insertProduct(db, { name: "Hộp tiệt trùng", price: 300_000, stock: 3 });
    const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 58, g: 175, b: 169 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("intent", "image-upload");
    form.append("images", new File([new Uint8Array(png)], "hop.png", { type: "image/png" }));
    const id = String(product.id);
    held.images = createLatch();
    try {
      const uploaded = await whileHeld(held.images, () =>
        post(productEdit.action, `/admin/products/${id}`, { id }, form),
      );
      expect(uploaded.ok).toBe(true);
    } finally {
      held.images = null;
    }
    const audited = await db
      .select({ actor: auditLog.actorUserId, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "product_images"), eq(auditLog.action, "insert")));
    expect(audited).toEqual([{ actor: ownerId, after: expect.objectContaining({ product_id: product.id }) }]);
  });

  it("COD payout file import", async () => {
    const form = new FormData();
    form.set("intent", "import");
    form.set("carrierName", "GHN");
    form.append("file", new File(["Mã vận đơn,COD,Phí\nGHNA0001,450000,0\n"], "GHN 26-11.csv", { type: "text/csv" }));
    held.parsing = createLatch();
    try {
      const imported = await whileHeld(held.parsing, () => post(codRoute.action, "/admin/cod", {}, form));
      expect(imported.ok).toBe(true);
    } finally {
      held.parsing = null;
    }
    const audited = await db
      .select({ actor: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "cod_remittances"), eq(auditLog.action, "insert")));
    expect(audited).toEqual([{ actor: ownerId }]);
  });
});
