import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { session, user, userRoles } from "~/db/schema";
import { createAdminUser } from "~/features/auth/owner-accounts.server";
import { createAuth } from "~/server/auth.server";
import { parseEnv, type Env } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { setUpTestDatabase } from "~/test/database";
import { insertCustomer, insertOrder } from "~/test/orders-fixture";
import { totpFromUri } from "~/test/totp";
import * as layout from "./layout";
import * as login from "./login";
import * as logout from "./logout";
import * as orders from "./orders";
import * as security from "./security";

// The admin routes' loaders and actions, called the way React Router calls them.
const BASE = "http://localhost:3000";
const database = await setUpTestDatabase();
let context: AppLoadContext;
let ip = 1;

beforeAll(async () => {
  const env = parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "admin-routes-")), AUTH_SECRET: "y".repeat(32), PUBLIC_URL: BASE });
  const logger = createLogger("silent");
  const auth = createAuth(database.db, env, { logger });
  context = { env, logger, database, auth } as AppLoadContext;
  await createAdminUser(database.db, auth, { email: "owner@shop.vn", password: "Chong-khuan-2026" });
});

function req(pathname: string, init: { method?: string; cookie?: string; form?: Record<string, string>; origin?: string } = {}) {
  const headers = new Headers({ "x-forwarded-for": `192.0.2.${ip++}` });
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.method && init.method !== "GET") headers.set("origin", init.origin ?? BASE);
  return new Request(`${BASE}${pathname}`, {
    method: init.method ?? "GET",
    headers,
    body: init.form ? new URLSearchParams(init.form) : undefined,
  });
}

const args = (request: Request) => ({ request, context, params: {}, unstable_pattern: "", unstable_url: new URL(request.url) }) as never;

/** Runs a loader or action; a thrown Response (redirect, 401…) is returned instead. */
async function run(fn: (a: never) => unknown, request: Request): Promise<unknown> {
  try {
    return await fn(args(request));
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

function cookiesOf(response: Response, previous = ""): string {
  const jar = new Map(previous.split(/;\s*/).filter(Boolean).map((p) => [p.split("=")[0], p.slice(p.indexOf("=") + 1)]));
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const name = pair.slice(0, pair.indexOf("="));
    const value = pair.slice(pair.indexOf("=") + 1);
    if (/max-age=0/i.test(line) || !value) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** `data()` results carry their payload in .data and headers in .init. */
function payload(result: unknown): Record<string, unknown> {
  return (result as { data: Record<string, unknown> }).data;
}

/** The owner's session cookies, through the login form's action. */
async function signInOwner(): Promise<string> {
  const signIn = (await run(
    login.action as never,
    req("/admin/login", { method: "POST", form: { intent: "password", email: "owner@shop.vn", password: "Chong-khuan-2026" } }),
  )) as Response;
  return cookiesOf(signIn);
}

describe("admin routes", () => {
  it("guards every admin page: anonymous GET is redirected, anonymous POST is refused", async () => {
    for (const loader of [layout.loader, orders.loader, security.loader, logout.loader]) {
      const response = (await run(loader as never, req("/admin/orders"))) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/admin/login");
    }
    const post = (await run(security.action as never, req("/admin/security", { method: "POST", form: { intent: "enable" } }))) as Response;
    expect(post.status).toBe(401);
  });

  it("signs in through the login form: redirect to /admin with the session and the welcome notice", async () => {
    const failed = await run(
      login.action as never,
      req("/admin/login", { method: "POST", form: { intent: "password", email: "owner@shop.vn", password: "nope-nope-nope" } }),
    );
    expect((failed as { init: ResponseInit }).init.status).toBe(401);
    expect(payload(failed)).toMatchObject({ ok: false, error: "Email hoặc mật khẩu không đúng", result: { step: "password", email: "owner@shop.vn" } });

    const cross = (await run(
      login.action as never,
      req("/admin/login", {
        method: "POST",
        origin: "https://evil.example",
        form: { intent: "password", email: "owner@shop.vn", password: "Chong-khuan-2026" },
      }),
    )) as Response;
    expect(cross.status).toBe(403);

    const ok = (await run(
      login.action as never,
      req("/admin/login", { method: "POST", form: { intent: "password", email: "owner@shop.vn", password: "Chong-khuan-2026" } }),
    )) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/admin");
    const cookie = cookiesOf(ok);
    expect(cookie).toMatch(/uvc\.session_token=/);
    expect(cookie).toMatch(/uvc_admin_flash=welcome\./);

    // The console shows the notice once and clears it.
    const page = await run(layout.loader as never, req("/admin", { cookie }));
    expect(payload(page)).toMatchObject({
      admin: { email: "owner@shop.vn", twoFactorEnabled: false },
      flash: { kind: "welcome" },
      storeName: expect.any(String),
    });
    const cleared = new Headers((page as { init: ResponseInit }).init.headers).get("set-cookie");
    expect(cleared).toMatch(/uvc_admin_flash=;.*Max-Age=0/);

    // An admin who opens the login page again goes to the console.
    const again = (await run(login.loader as never, req("/admin/login", { cookie }))) as Response;
    expect(again.headers.get("location")).toBe("/admin");

    // Sign out: back to the login page, which says goodbye.
    const out = (await run(logout.action as never, req("/admin/logout", { method: "POST", cookie }))) as Response;
    expect(out.headers.get("location")).toBe("/admin/login");
    const afterOut = cookiesOf(out, cookie);
    expect(afterOut).not.toMatch(/session_token/);
    expect(afterOut).toMatch(/uvc_admin_flash=signed-out\./);
    const loginPage = await run(login.loader as never, req("/admin/login", { cookie: afterOut }));
    expect(payload(loginPage)).toMatchObject({ step: "password", flash: { kind: "signed-out" } });
    const guarded = (await run(layout.loader as never, req("/admin", { cookie }))) as Response;
    expect(guarded.headers.get("location")).toBe("/admin/login");
  });

  it("asks for the password again on the security page: a set-up not confirmed within 10 minutes of it is refused", async () => {
    const cookie = await signInOwner();
    const started = await run(
      security.action as never,
      req("/admin/security", { method: "POST", cookie, form: { intent: "enable", password: "Chong-khuan-2026" } }),
    );
    const setup = (payload(started).result as { setup: { totpURI: string } }).setup;
    expect(setup.totpURI).toMatch(/^otpauth:/);

    // Eleven minutes later.
    const token = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]).split(".")[0];
    await database.db
      .update(session)
      .set({ reauthenticatedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(session.token, token));
    const late = await run(
      security.action as never,
      req("/admin/security", { method: "POST", cookie, form: { intent: "confirm", code: totpFromUri(setup.totpURI), totpURI: setup.totpURI } }),
    );
    expect((late as { init: ResponseInit }).init.status).toBe(403);
    expect(payload(late)).toMatchObject({
      intent: "enable",
      error: "Đã quá 10 phút kể từ khi bạn nhập mật khẩu. Vui lòng nhập lại mật khẩu để thiết lập lại.",
    });
    const [owner] = await database.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.email, "owner@shop.vn"));
    expect(owner.on).toBe(false);

    // With the password entered again, the new set-up is confirmed at once.
    const again = await run(
      security.action as never,
      req("/admin/security", { method: "POST", cookie, form: { intent: "enable", password: "Chong-khuan-2026" } }),
    );
    const fresh = (payload(again).result as { setup: { totpURI: string } }).setup;
    const confirmed = (await run(
      security.action as never,
      req("/admin/security", { method: "POST", cookie, form: { intent: "confirm", code: totpFromUri(fresh.totpURI), totpURI: fresh.totpURI } }),
    )) as Response;
    expect(confirmed.status).toBe(302);
    const [after] = await database.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.email, "owner@shop.vn"));
    expect(after.on).toBe(true);
    // Turned off again for the other tests: disabling takes the password too.
    const disabled = (await run(
      security.action as never,
      req("/admin/security", { method: "POST", cookie: cookiesOf(confirmed, cookie), form: { intent: "disable", password: "Chong-khuan-2026" } }),
    )) as Response;
    expect(disabled.status).toBe(302);
  });

  it("counts new orders since this browser opened the orders, recorded by the server as an orders page is served", async () => {
    const session = await signInOwner();
    const shell = async (pathname: string, cookie: string) => {
      const result = (await run(layout.loader as never, req(pathname, { cookie }))) as { data: { live: { newOrders: number } }; init: ResponseInit };
      return { newOrders: result.data.live.newOrders, cookie: cookiesOf(new Response(null, result.init), cookie) };
    };
    const customer = await insertCustomer(database.db);
    const placeOrder = (createdAt: Date) => insertOrder(database.db, { customer, lines: [], createdAt });

    // The first console page ever opened here starts the count: nothing before it is new.
    await placeOrder(new Date(Date.now() - 60_000));
    const first = await shell("/admin/customers", session);
    expect(first.newOrders).toBe(0);
    expect(first.cookie).toMatch(/uvc_orders_seen=/);

    // An order placed since is new on every other page; the cookie is not moved there.
    const seenAt = Number(/uvc_orders_seen=[^;]*?(\d+)(?:;|$)/.exec(decodeURIComponent(first.cookie))?.[1]);
    expect(seenAt).toBeGreaterThan(0);
    await placeOrder(new Date(seenAt + 1));
    const other = await shell("/admin/customers", first.cookie);
    expect(other.newOrders).toBe(1);
    expect(other.cookie).toBe(first.cookie);

    // Opening an order records the visit without any script of the page having run.
    const opened = await shell("/admin/orders/00000000-0000-0000-0000-000000000000", first.cookie);
    expect(opened.newOrders).toBe(0);
    expect(opened.cookie).not.toBe(first.cookie);
    expect((await shell("/admin/customers", opened.cookie)).newOrders).toBe(0);

    // Another admin's cookie counts for nothing: it starts again from now.
    const foreign = opened.cookie.replace(/uvc_orders_seen=[^;]*/, `uvc_orders_seen=${encodeURIComponent("someone-else.1")}`);
    expect((await shell("/admin/customers", foreign)).newOrders).toBe(0);
  });

  it("tells the owner, and only the owner, that e-mail links point at localhost in production without PUBLIC_URL", async () => {
    const cookie = await signInOwner();
    const shell = async () => payload(await run(layout.loader as never, req("/admin", { cookie }))).publicUrlMissing;
    // The tests' shop has a PUBLIC_URL: no banner.
    expect(await shell()).toBe(false);
    const configured = context.env;
    const production = (overrides: Record<string, string>): Env =>
      parseEnv({ DATA_DIR: configured.DATA_DIR, AUTH_SECRET: configured.AUTH_SECRET, NODE_ENV: "production", ...overrides });
    try {
      context.env = production({});
      expect(await shell()).toBe(true);
      const [owner] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, "owner@shop.vn"));
      await database.db.update(userRoles).set({ role: "staff" }).where(eq(userRoles.userId, owner!.id));
      try {
        expect(await shell()).toBe(false);
      } finally {
        await database.db.update(userRoles).set({ role: "owner" }).where(eq(userRoles.userId, owner!.id));
      }
      context.env = production({ PUBLIC_URL: BASE });
      expect(await shell()).toBe(false);
    } finally {
      context.env = configured;
    }
  });
});
