import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carrierAccounts, orders, orderStatusHistory, products, session, shipments, user, userRoles } from "~/db/schema";
import { signInAdmin, signOutAdmin } from "~/features/auth/auth-flows.server";
import { createAdminUser } from "~/features/auth/owner-accounts.server";
import { createAuth, type Auth } from "~/server/auth.server";
import { readText } from "~/server/csv.server";
import { parseEnv } from "~/server/env.server";
import { closeEventHub, notifyOrderCreated } from "~/server/events.server";
import { createLogger } from "~/server/logger.server";
import { GHN_PRODUCTION_URL, GHN_SANDBOX_URL } from "~/features/shipping/carrier-accounts.schema";
import { setUpTestDatabase } from "~/test/database";
import { callRoute } from "~/test/route-call";
import { insertCustomer, insertOrder, insertProduct, insertShipment } from "~/test/orders-fixture";
import * as carriers from "./carriers";
import * as cod from "./cod";
import * as customerDetail from "./customer-detail";
import * as customers from "./customers";
import * as customersExport from "./customers-export";
import * as events from "./events";
import * as dashboard from "./index";
import * as orderDetail from "./order-detail";
import * as packingSlip from "./order-packing-slip";
import * as ordersList from "./orders";
import * as reports from "./reports";
import * as reportsExport from "./reports-export";

// The admin operations routes, called the way React Router calls them: every loader, action and
// endpoint refuses anonymous visitors and signed-in non-admins, changes nothing and leaks nothing.
const BASE = "http://localhost:3000";
const database = await setUpTestDatabase();
let auth: Auth;
let context: AppLoadContext;
let ip = 1;
let adminCookie = "";
let shopperCookie = "";
let fixture: { orderId: string; customerId: string; productId: number };

function cookieOf(setCookies: string[]): string {
  return setCookies
    .map((line) => line.split(";")[0])
    .filter((pair) => pair.slice(pair.indexOf("=") + 1) !== "")
    .join("; ");
}

beforeAll(async () => {
  const env = parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "admin-ops-")), AUTH_SECRET: "z".repeat(32), PUBLIC_URL: BASE });
  const logger = createLogger("silent");
  auth = createAuth(database.db, env, { logger });
  context = { env, logger, database, auth } as AppLoadContext;
  await createAdminUser(database.db, auth, { email: "owner@shop.vn", password: "Chong-khuan-2026" });
  const form = new FormData();
  form.set("email", "owner@shop.vn");
  form.set("password", "Chong-khuan-2026");
  const outcome = await signInAdmin(context, req("/admin/login", { method: "POST" }), form);
  if (outcome.kind !== "signed-in") throw new Error("admin sign-in failed");
  adminCookie = cookieOf(outcome.setCookies);

  await auth.api.signUpEmail({ body: { email: "shopper@shop.vn", password: "Shopper-pass-1", name: "Khách" } });
  const signedIn = await auth.handler(
    new Request(`${BASE}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE, "x-forwarded-for": "192.0.2.250" },
      body: JSON.stringify({ email: "shopper@shop.vn", password: "Shopper-pass-1" }),
    }),
  );
  shopperCookie = cookieOf(signedIn.headers.getSetCookie());
  expect(shopperCookie).toMatch(/session_token/);

  const product = await insertProduct(database.db, { name: "Máy tiệt trùng UVC", price: 690_000, stock: 5 });
  const customer = await insertCustomer(database.db, { firstName: "Ánh", lastName: "Nguyễn", email: "anh@example.vn", phone: "+84901234567" });
  const order = await insertOrder(database.db, { customer, lines: [{ product, quantity: 2 }] });
  fixture = { orderId: order.id, customerId: customer.id, productId: product.id };
});

afterAll(async () => {
  if (database) await closeEventHub(database);
});

function req(pathname: string, init: { method?: string; cookie?: string; form?: Record<string, string>; signal?: AbortSignal } = {}) {
  const headers = new Headers({ "x-forwarded-for": `192.0.2.${ip++}` });
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.method && init.method !== "GET") headers.set("origin", BASE);
  return new Request(`${BASE}${pathname}`, {
    method: init.method ?? "GET",
    headers,
    body: init.form ? new URLSearchParams(init.form) : undefined,
    signal: init.signal,
  });
}

async function run(fn: unknown, request: Request, params: Record<string, string> = {}): Promise<unknown> {
  try {
    return await (fn as (a: unknown) => Promise<unknown>)({ request, context, params, unstable_pattern: "" });
  } catch (error) {
    if (error instanceof Response) return error;
    if (error && typeof error === "object" && "type" in error && (error as { type: string }).type === "DataWithResponseInit") return error;
    throw error;
  }
}

const pages = () =>
  [
    ["/admin", dashboard.loader, {}],
    ["/admin/orders", ordersList.loader, {}],
    [`/admin/orders/${fixture.orderId}`, orderDetail.loader, { id: fixture.orderId }],
    [`/admin/orders/${fixture.orderId}/packing-slip`, packingSlip.loader, { id: fixture.orderId }],
    ["/admin/customers", customers.loader, {}],
    [`/admin/customers/${fixture.customerId}`, customerDetail.loader, { id: fixture.customerId }],
    ["/admin/reports", reports.loader, {}],
  ] as const;

const endpoints = () =>
  [
    ["/admin/events", events.loader, {}],
    ["/admin/customers/export", customersExport.loader, {}],
    ["/admin/reports/export/sales?period=7d", reportsExport.loader, { kind: "sales" }],
    ["/admin/reports/export/products?period=7d", reportsExport.loader, { kind: "products" }],
  ] as const;

async function orderState() {
  const [order] = await database.db.select({ status: orders.status, payment: orders.paymentStatus }).from(orders).where(eq(orders.id, fixture.orderId));
  const history = await database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, fixture.orderId));
  const [product] = await database.db.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, fixture.productId));
  return { order, history: history.length, stock: product.stock };
}

describe("admin operations routes: access", () => {
  it("redirects anonymous visitors and signed-in non-admins away from every page, with no data", async () => {
    for (const cookie of [undefined, shopperCookie]) {
      for (const [url, loader, params] of pages()) {
        const response = (await run(loader, req(url, { cookie }), params)) as Response;
        expect(response, url).toBeInstanceOf(Response);
        expect(response.status, url).toBe(302);
        expect(response.headers.get("location")).toBe("/admin/login");
        expect(await response.text()).not.toMatch(/anh@example|Ánh|690/);
      }
    }
  });

  it("redirects anonymous visitors and non-admins away from the events stream and the CSV downloads", async () => {
    for (const cookie of [undefined, shopperCookie]) {
      for (const [url, loader, params] of endpoints()) {
        const response = (await run(loader, req(url, { cookie }), params)) as Response;
        expect(response.status, url).toBe(302);
        expect(response.headers.get("location")).toBe("/admin/login");
        expect(response.headers.get("content-type") ?? "").not.toMatch(/csv|event-stream/);
        expect(await response.text()).not.toMatch(/anh@example|Ánh|690/);
      }
    }
  });

  it("refuses order actions from anonymous visitors, non-admins and other sites, changing nothing", async () => {
    const before = await orderState();
    const attempts = [
      { cookie: undefined, status: 401 },
      { cookie: shopperCookie, status: 403 },
    ];
    for (const { cookie, status } of attempts) {
      const forms: Record<string, string>[] = [
        { intent: "status", status: "cancelled", version: "1", reason: "x", restock: "on" },
        { intent: "payment", paymentStatus: "paid", version: "1" },
        { intent: "archive", version: "1" },
        { intent: "delete", version: "1" },
      ];
      for (const form of forms) {
        const response = (await run(
          orderDetail.action,
          req(`/admin/orders/${fixture.orderId}`, { method: "POST", cookie, form }),
          { id: fixture.orderId },
        )) as Response;
        expect(response.status).toBe(status);
      }
    }
    // An admin's cookie sent from another site (CSRF) is refused too.
    const cross = new Request(`${BASE}/admin/orders/${fixture.orderId}`, {
      method: "POST",
      headers: { cookie: adminCookie, origin: "https://evil.example" },
      body: new URLSearchParams({ intent: "delete" }),
    });
    expect(((await run(orderDetail.action, cross, { id: fixture.orderId })) as Response).status).toBe(403);
    expect(await orderState()).toEqual(before);
  });
});

describe("admin operations routes: for the admin", () => {
  it("serves the dashboard, lists, details and reports", async () => {
    const home = (await run(dashboard.loader, req("/admin", { cookie: adminCookie }))) as Awaited<ReturnType<typeof dashboard.loader>>;
    // The one order is pending: no revenue yet on the shop's default basis (delivered or paid).
    expect(home.dashboard.stats).toMatchObject({ orders: 1, toConfirm: 1, codOutstanding: 0, customers: 1 });
    expect(home.sales).toMatchObject({ revenue: 0 });
    expect(home.dashboard.revenueBasis).toBe("delivered");
    const list = (await run(ordersList.loader, req("/admin/orders?q=DH&status=pending", { cookie: adminCookie }))) as Awaited<
      ReturnType<typeof ordersList.loader>
    >;
    expect(list.anyOrder).toBe(true);
    const searched = (await run(ordersList.loader, req("/admin/orders?q=anh", { cookie: adminCookie }))) as Awaited<
      ReturnType<typeof ordersList.loader>
    >;
    expect(searched.list.rows.map((r) => r.customerEmail)).toEqual(["anh@example.vn"]);
    const people = (await run(customers.loader, req("/admin/customers?q=NGUYEN", { cookie: adminCookie }))) as Awaited<
      ReturnType<typeof customers.loader>
    >;
    expect(people.list.rows).toHaveLength(1);
    const report = (await run(reports.loader, req("/admin/reports?period=bogus", { cookie: adminCookie }))) as Awaited<
      ReturnType<typeof reports.loader>
    >;
    expect(report.report.period).toBe("30d");
    expect(report.report).toMatchObject({ basis: "delivered", summary: { revenue: 0 } });
    const missing = (await run(orderDetail.loader, req("/admin/orders/nope", { cookie: adminCookie }), { id: "nope" })) as {
      init: ResponseInit;
    };
    expect(missing.init.status).toBe(404);
  });

  it("changes status and payment, refuses bad values with the message, deletes", async () => {
    const act = (form: Record<string, string>) =>
      run(orderDetail.action, req(`/admin/orders/${fixture.orderId}`, { method: "POST", cookie: adminCookie, form }), {
        id: fixture.orderId,
      }) as Promise<{ data: unknown; init?: ResponseInit } | Response>;
    const version = async () => String((await database.db.select({ v: orders.version }).from(orders).where(eq(orders.id, fixture.orderId)))[0].v);
    const opened = await version();
    // Cancelling needs a reason, also through a plain status change (issue 13, item 2).
    const noReason = (await act({ intent: "status", status: "cancelled", version: opened })) as { data: unknown; init: ResponseInit };
    expect(noReason.init.status).toBe(400);
    expect(noReason.data).toMatchObject({ ok: false, error: "Vui lòng nhập lý do hủy đơn", fieldErrors: { reason: "Vui lòng nhập lý do hủy đơn" } });
    expect((await orderState()).order.status).toBe("pending");
    expect(
      await act({ intent: "status", status: "cancelled", version: opened, reason: "Khách gọi hủy", restock: "on" }),
    ).toMatchObject({ data: { ok: true, intent: "status", result: { changed: true } } });
    expect((await orderState()).stock).toBe(7);
    // The page opened before the cancellation is stale now (issue 13, item 1).
    const stale = (await act({ intent: "payment", paymentStatus: "paid", version: opened })) as { data: unknown; init: ResponseInit };
    expect(stale.init.status).toBe(409);
    expect(stale.data).toMatchObject({ ok: false, error: "Đơn hàng đã được thay đổi sau khi bạn mở trang, tải lại để xem bản mới nhất" });
    expect(await act({ intent: "payment", paymentStatus: "refunded", version: await version() })).toMatchObject({
      data: { ok: true, intent: "payment" },
    });
    const bad = (await act({ intent: "status", status: "lost", version: await version() })) as { data: unknown; init: ResponseInit };
    expect(bad.init.status).toBe(400);
    expect(bad.data).toMatchObject({ ok: false, error: "Trạng thái đơn hàng không hợp lệ" });
    const unknown = (await act({ intent: "explode" })) as { data: unknown; init: ResponseInit };
    expect(unknown.data).toEqual({ ok: false, intent: "explode", error: "Thao tác không hợp lệ" });
    expect(unknown.init.status).toBe(400);
    const state = await orderState();
    expect(state.order).toEqual({ status: "cancelled", payment: "refunded" });
    expect(state.history).toBe(3);
    const [history] = await database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.toStatus, "cancelled"));
    expect(history).toMatchObject({ changedByName: "owner@shop.vn", restocked: true, note: expect.stringContaining("Khách gọi hủy") });

    // A processed order is archived, not deleted; the refusal is the server's, whatever the page shows.
    const refused = (await act({ intent: "delete", version: await version() })) as { data: unknown; init: ResponseInit };
    expect(refused.init.status).toBe(409);
    expect(refused.data).toMatchObject({ ok: false, error: expect.stringContaining("Hãy lưu trữ đơn hàng này thay vì xóa") });
    expect(await act({ intent: "archive", version: await version() })).toMatchObject({ data: { ok: true, intent: "archive", result: { changed: true } } });
    const archivedList = (await run(ordersList.loader, req("/admin/orders?archived=1", { cookie: adminCookie }))) as Awaited<
      ReturnType<typeof ordersList.loader>
    >;
    expect(archivedList.list.rows.map((r) => r.id)).toEqual([fixture.orderId]);
    const activeList = (await run(ordersList.loader, req("/admin/orders", { cookie: adminCookie }))) as Awaited<ReturnType<typeof ordersList.loader>>;
    expect(activeList.list.rows.map((r) => r.id)).not.toContain(fixture.orderId);
    expect(await act({ intent: "unarchive", version: await version() })).toMatchObject({ data: { ok: true, intent: "unarchive", result: { changed: true } } });

    const other = await insertOrder(database.db, {
      customer: { id: fixture.customerId, email: "anh@example.vn", firstName: "Ánh", lastName: "Nguyễn", phone: null },
      lines: [],
    });
    const deleted = (await run(
      orderDetail.action,
      req(`/admin/orders/${other.id}`, { method: "POST", cookie: adminCookie, form: { intent: "delete", version: "1" } }),
      { id: other.id },
    )) as Response;
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/admin/orders");
    // The list says 'Đã xóa đơn hàng' once (the flash notice).
    expect(deleted.headers.get("set-cookie")).toMatch(/^uvc_admin_flash=order-deleted\./);
  });

  it("status and bulk status on an order with a shipment move the shipment, or are refused with the reason (decision 0054)", async () => {
    const db = database.db;
    const customer = { id: fixture.customerId, email: "anh@example.vn", firstName: "Ánh", lastName: "Nguyễn", phone: null };
    const single = await insertOrder(db, { customer, lines: [], status: "processing" });
    const parcel = await insertShipment(db, { order: single, status: "booked", trackingCode: "ROUTE-ONE" });
    const versionOf = async (id: string) => String((await db.select({ v: orders.version }).from(orders).where(eq(orders.id, id)))[0].v);
    const statusOf = async (table: typeof orders | typeof shipments, id: string) =>
      (await db.select({ s: table.status }).from(table).where(eq(table.id, id)))[0].s;
    const act = async (form: Record<string, string>) =>
      (await run(orderDetail.action, req(`/admin/orders/${single.id}`, { method: "POST", cookie: adminCookie, form }), {
        id: single.id,
      })) as { data: unknown; init?: ResponseInit };

    const cancel = await act({ intent: "status", status: "cancelled", version: await versionOf(single.id), reason: "Khách hủy" });
    expect(cancel.init?.status).toBe(409);
    expect(cancel.data).toMatchObject({ ok: false, error: 'Vận đơn GHN đang "Chờ lấy hàng": hãy hủy vận đơn ở mục Vận chuyển trước khi hủy đơn hàng' });
    expect(await act({ intent: "status", status: "shipped", version: await versionOf(single.id) })).toMatchObject({
      data: { ok: true, intent: "status", result: { changed: true } },
    });
    expect(await statusOf(shipments, parcel.id)).toBe("in_transit");
    expect(await statusOf(orders, single.id)).toBe("shipped");

    // The list's bulk "Đã giao": the shipment is delivered with its order; a delivered order is not moved back.
    const bulk = async (status: string, ids: string[]) => {
      const form = new URLSearchParams({ intent: "bulk-status", status });
      for (const id of ids) form.append("order", `${id}:${await versionOf(id)}`);
      const request = new Request(`${BASE}/admin/orders`, {
        method: "POST",
        headers: { cookie: adminCookie, origin: BASE, "x-forwarded-for": `192.0.2.${ip++}` },
        body: form,
      });
      return (await run(ordersList.action, request)) as { data: { result: { changed: unknown[]; refused: Array<{ message: string }> } } };
    };
    const delivered = await bulk("delivered", [single.id]);
    expect(delivered.data.result.changed).toHaveLength(1);
    expect(await statusOf(shipments, parcel.id)).toBe("delivered");
    expect(await statusOf(orders, single.id)).toBe("delivered");
    const back = await bulk("shipped", [single.id]);
    expect(back.data.result.refused.map((r) => r.message)).toEqual(['Đơn hàng đang "Đã giao": không thể chuyển sang "Đang giao"']);
    expect(await statusOf(shipments, parcel.id)).toBe("delivered");
    // The shipment panel's own "Đang giao" on it: refused, nothing changes.
    const [{ v: shipmentVersion }] = await db.select({ v: shipments.version }).from(shipments).where(eq(shipments.id, parcel.id));
    const transit = await act({ intent: "shipment-transit", shipmentId: parcel.id, version: String(shipmentVersion) });
    expect(transit.init?.status).toBe(409);
    expect(await statusOf(orders, single.id)).toBe("delivered");
  });

  it("downloads the CSV files with their names, BOM and rows", async () => {
    const people = (await run(customersExport.loader, req("/admin/customers/export?q=anh", { cookie: adminCookie }))) as Response;
    expect(people.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(people.headers.get("content-disposition")).toMatch(/^attachment; filename="customers_\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await readText(people);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    // Two orders of this buyer by now (placed by the tests above), none paid.
    expect(text).toContain("anh@example.vn,Ánh,Nguyễn,'+84901234567,,2,0,");

    const sales = (await run(reportsExport.loader, req("/admin/reports/export/sales?period=90d", { cookie: adminCookie }), {
      kind: "sales",
    })) as Response;
    expect(sales.headers.get("content-disposition")).toMatch(/filename="sales_report_90d_\d{4}-\d{2}-\d{2}\.csv"/);
    expect(await readText(sales)).toContain("Kỳ báo cáo,90 ngày");
    const top = (await run(reportsExport.loader, req("/admin/reports/export/products", { cookie: adminCookie }), { kind: "products" })) as Response;
    expect(top.headers.get("content-disposition")).toMatch(/filename="products_report_30d_/);
    const nope = (await run(reportsExport.loader, req("/admin/reports/export/secrets", { cookie: adminCookie }), { kind: "secrets" })) as Response;
    expect(nope.status).toBe(404);
  });

  it("streams server-sent events: heartbeat-ready stream, a new order's number and total, closes on shutdown", async () => {
    const controller = new AbortController();
    const response = (await run(events.loader, req("/admin/events", { cookie: adminCookie, signal: controller.signal }))) as Response;
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toMatch(/no-transform/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = "";
    const readUntil = async (pattern: RegExp) => {
      const deadline = Date.now() + 5000;
      while (!pattern.test(received)) {
        if (Date.now() > deadline) throw new Error(`stream did not say ${pattern}: ${received}`);
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value);
      }
    };
    await readUntil(/: connected/);
    expect(received).toContain("retry: 5000");

    const customer = await insertCustomer(database.db);
    const product = await insertProduct(database.db, { price: 250_000 });
    const orderId = await database.db.transaction(async (tx) => {
      const order = await insertOrder(tx as never, { customer, lines: [{ product, quantity: 2 }] });
      await notifyOrderCreated(tx, order.id);
      return order.id;
    });
    await readUntil(/event: order_created\ndata: .*\n\n/);
    const line = /data: (.*)\n/.exec(received.slice(received.indexOf("event: order_created")))![1];
    // What the console's alert shows, and the order it links to (/admin/orders/<id>).
    expect(JSON.parse(line)).toEqual({ id: orderId, total: 500_000, orderNumber: expect.any(Number) });

    // Shutdown ends the stream.
    await closeEventHub(database);
    const end = await reader.read();
    expect(end.done).toBe(true);
    controller.abort();
  });
});

describe("the live event stream ends with the session", () => {
  /** A fresh admin session of its own (the shared adminCookie must outlive these tests). */
  async function newAdminSession(email = "owner@shop.vn", password = "Chong-khuan-2026"): Promise<string> {
    const form = new FormData();
    form.set("email", email);
    form.set("password", password);
    const outcome = await signInAdmin(context, req("/admin/login", { method: "POST" }), form);
    if (outcome.kind !== "signed-in") throw new Error("admin sign-in failed");
    return cookieOf(outcome.setCookies);
  }

  /** Opens /admin/events and reads it until ": connected". */
  async function openStream(cookie: string) {
    const controller = new AbortController();
    const response = (await run(events.loader, req("/admin/events", { cookie, signal: controller.signal }))) as Response;
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = "";
    /** Reads until the stream ends (true) or 3 s pass with it still open (false). */
    const readToEnd = async (): Promise<boolean> => {
      const timeout = new Promise<"open">((resolve) => setTimeout(() => resolve("open"), 3000));
      for (;;) {
        const next = await Promise.race([reader.read(), timeout]);
        if (next === "open") return false;
        if (next.done) return true;
        received += decoder.decode(next.value);
      }
    };
    while (!received.includes(": connected")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("stream ended before connecting");
      received += decoder.decode(value);
    }
    return { readToEnd, received: () => received, abort: () => controller.abort() };
  }

  async function placeAnnouncedOrder(): Promise<string> {
    const customer = await insertCustomer(database.db);
    const product = await insertProduct(database.db, { price: 120_000 });
    return database.db.transaction(async (tx) => {
      const order = await insertOrder(tx as never, { customer, lines: [{ product, quantity: 1 }] });
      await notifyOrderCreated(tx, order.id);
      return order.id;
    });
  }

  it("delivers no event after sign-out and closes the stream", async () => {
    const cookie = await newAdminSession();
    const stream = await openStream(cookie);
    const signedOut = await signOutAdmin(context, req("/admin/logout", { method: "POST", cookie }));
    expect(signedOut.join(";")).toMatch(/session_token=;/);
    const orderId = await placeAnnouncedOrder();
    expect(await stream.readToEnd()).toBe(true);
    expect(stream.received()).not.toContain("order_created");
    expect(stream.received()).not.toContain(orderId);
    stream.abort();
  });

  it("closes the stream when the admin role is removed, or the session passes the idle timeout", async () => {
    await createAdminUser(database.db, auth, { email: "helper@shop.vn", password: "Chong-khuan-2027" });
    const helperCookie = await newAdminSession("helper@shop.vn", "Chong-khuan-2027");
    const demoted = await openStream(helperCookie);
    const [helper] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, "helper@shop.vn"));
    await database.db.delete(userRoles).where(eq(userRoles.userId, helper.id));
    await placeAnnouncedOrder();
    expect(await demoted.readToEnd()).toBe(true);
    expect(demoted.received()).not.toContain("order_created");
    demoted.abort();

    const idleCookie = await newAdminSession();
    const idle = await openStream(idleCookie);
    const token = decodeURIComponent(/session_token=([^;]+)/.exec(idleCookie)![1]).split(".")[0];
    // Thirteen hours without a request (the default idle timeout is twelve).
    await database.db
      .update(session)
      .set({ lastActiveAt: new Date(Date.now() - 13 * 3600_000) })
      .where(eq(session.token, token));
    await placeAnnouncedOrder();
    expect(await idle.readToEnd()).toBe(true);
    expect(idle.received()).not.toContain("order_created");
    idle.abort();
  });

  it("gives content editors no order events: refused when they open it, ended when a role changes to content", async () => {
    await createAdminUser(database.db, auth, { email: "editor@shop.vn", password: "Bien-tap-2026" });
    const [editor] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, "editor@shop.vn"));
    await database.db.update(userRoles).set({ role: "content" }).where(eq(userRoles.userId, editor.id));
    const editorCookie = await newAdminSession("editor@shop.vn", "Bien-tap-2026");
    const refused = (await run(events.loader, req("/admin/events", { cookie: editorCookie }))) as Response;
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).not.toMatch(/event-stream/);

    // A staff member whose role becomes content while the stream is open hears nothing more.
    await createAdminUser(database.db, auth, { email: "moved@shop.vn", password: "Ban-hang-2026" });
    const [moved] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, "moved@shop.vn"));
    await database.db.update(userRoles).set({ role: "staff" }).where(eq(userRoles.userId, moved.id));
    const stream = await openStream(await newAdminSession("moved@shop.vn", "Ban-hang-2026"));
    await database.db.update(userRoles).set({ role: "content" }).where(eq(userRoles.userId, moved.id));
    const orderId = await placeAnnouncedOrder();
    expect(await stream.readToEnd()).toBe(true);
    expect(stream.received()).not.toContain("order_created");
    expect(stream.received()).not.toContain(orderId);
    stream.abort();
  });

  it("keeps delivering to a live session", async () => {
    const stream = await openStream(await newAdminSession());
    await placeAnnouncedOrder();
    expect(await stream.readToEnd()).toBe(false);
    expect(stream.received()).toContain("event: order_created");
    stream.abort();
  });
});

describe("COD reconciliation route", () => {
  /** A multipart post as the browser sends the upload form. */
  function upload(fields: Record<string, string | File>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return new Request(`${BASE}/admin/cod`, {
      method: "POST",
      headers: { cookie: adminCookie, origin: BASE, "x-forwarded-for": `192.0.2.${ip++}` },
      body: form,
    });
  }
  const answer = (result: unknown) =>
    result as {
      data: { ok: boolean; error?: string; fieldErrors?: Record<string, string>; result?: { matchedCount: number } };
      init: { status: number };
    };

  it("imports an uploaded CSV, refuses the same file again and a post without a file", async () => {
    const product = await insertProduct(database.db, { name: "Hộp du lịch", price: 150_000 });
    const customer = await insertCustomer(database.db, { firstName: "Bình", lastName: "Trần" });
    const order = await insertOrder(database.db, { customer, lines: [{ product, quantity: 1 }], status: "delivered" });
    await insertShipment(database.db, { order, trackingCode: "GHTKROUTE1", carrierName: "GHTK" });
    const csv = () =>
      new File(["\uFEFFMã đơn hàng;Tiền thu hộ;Phí\nGHTKROUTE1;150.000;15.000\n"], "GHTK 25-11.csv", {
        type: "text/csv",
      });

    const first = answer(
      await run(cod.action, upload({ intent: "import", carrierName: "other", carrierOther: "GHTK", file: csv() })),
    );
    expect(first.init.status).toBe(200);
    expect(first.data).toMatchObject({ ok: true, result: { matchedCount: 1, carrierName: "GHTK" } });
    const again = answer(await run(cod.action, upload({ intent: "import", carrierName: "GHTK", file: csv() })));
    expect(again.init.status).toBe(409);
    expect(again.data.error).toMatch(/^Tệp này đã được nhập lúc .+\(GHTK 25-11\.csv\): không có gì thay đổi\.$/);
    const none = answer(await run(cod.action, upload({ intent: "import", carrierName: "GHTK" })));
    expect(none.init.status).toBe(400);
    expect(none.data.fieldErrors).toEqual({ file: "Vui lòng chọn tệp đối soát (CSV hoặc Excel .xlsx)" });

    const page = (await run(cod.loader, req("/admin/cod", { cookie: adminCookie }))) as Awaited<
      ReturnType<typeof cod.loader>
    >;
    expect(page.remittances[0]).toMatchObject({ carrierName: "GHTK", fileName: "GHTK 25-11.csv", matchedCount: 1 });
    expect(page.fees.find((f) => f.carrierName === "GHTK")?.remittedFees).toBe(15_000);
  });

  it("refuses a file over the limit before reading it", async () => {
    const big = new Request(`${BASE}/admin/cod`, {
      method: "POST",
      headers: {
        cookie: adminCookie,
        origin: BASE,
        "content-length": String(6 * 1024 * 1024),
        "content-type": "multipart/form-data; boundary=x",
      },
      body: "--x--",
    });
    const refused = answer(await run(cod.action, big));
    expect(refused.init.status).toBe(400);
    expect(refused.data.error).toBe("Tệp quá lớn: tối đa 5 MB. Hãy chia tệp thành nhiều phần.");
  });
});

describe("carriers route: where the GHN token goes (issue 30)", () => {
  const ghnForm = (values: Record<string, string>) => ({
    intent: "save",
    enabled: "on",
    token: "tok-ghn-1234",
    shopId: "885",
    environment: "production",
    customBaseUrl: "",
    defaultServiceTypeId: "2",
    ...values,
  });
  const save = (form: Record<string, string>) =>
    callRoute(carriers.action, req("/admin/carriers", { method: "POST", cookie: adminCookie, form }), context);
  const savedRow = async () => (await database.db.select().from(carrierAccounts))[0];

  it("refuses any host but GHN's, and asks the owner's password again to change the API address", async () => {
    // The first save on GHN's production API: where the token goes by default, no password asked.
    expect((await save(ghnForm({}))).body).toMatchObject({ ok: true });
    expect(await savedRow()).toMatchObject({ baseUrl: GHN_PRODUCTION_URL, version: 1 });

    // Another host: refused on its field, even with the right password; nothing saved.
    const elsewhere = await save(
      ghnForm({ version: "1", environment: "custom", customBaseUrl: "https://collector.example/shiip/public-api", password: "Chong-khuan-2026" }),
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({
      ok: false,
      fieldErrors: {
        customBaseUrl: "Chỉ dùng được địa chỉ API chính thức của GHN (online-gateway.ghn.vn hoặc dev-online-gateway.ghn.vn, https)",
      },
    });

    // GHN's test environment: the password is asked for, a wrong one saves nothing.
    const noPassword = await save(ghnForm({ version: "1", environment: "sandbox" }));
    expect(noPassword.status).toBe(400);
    expect(noPassword.body).toMatchObject({ ok: false, error: "Vui lòng nhập mật khẩu", fieldErrors: { password: "Vui lòng nhập mật khẩu" } });
    const wrong = await save(ghnForm({ version: "1", environment: "sandbox", password: "Sai-mat-khau-2026" }));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ ok: false, error: "Mật khẩu không đúng", fieldErrors: { password: "Mật khẩu không đúng" } });
    expect(await savedRow()).toMatchObject({ baseUrl: GHN_PRODUCTION_URL, version: 1 });

    const right = await save(ghnForm({ version: "1", environment: "sandbox", password: "Chong-khuan-2026" }));
    expect(right.body).toMatchObject({ ok: true });
    expect(await savedRow()).toMatchObject({ baseUrl: GHN_SANDBOX_URL, version: 2 });

    // A save that keeps the address (the shop id here) needs no password.
    expect((await save(ghnForm({ version: "2", environment: "sandbox", shopId: "886" }))).body).toMatchObject({ ok: true });
    expect(await savedRow()).toMatchObject({ baseUrl: GHN_SANDBOX_URL, shopId: "886", version: 3 });
  });
});
