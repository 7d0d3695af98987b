import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { rateLimit, session, settings, twoFactor, user, userRoles } from "~/db/schema";
import { getSetting, saveSetting } from "~/features/settings/settings.server";
import { createAuth, type Auth } from "~/server/auth.server";
import { parseEnv, type Env } from "~/server/env.server";
import { AppError } from "~/server/errors.server";
import { createLogger } from "~/server/logger.server";
import { setUpTestDatabase } from "~/test/database";
import { totpFromUri } from "~/test/totp";
import {
  confirmTotpSetup,
  disableTotp,
  hasPendingSecondFactor,
  NOT_ADMIN_MESSAGE,
  RATE_LIMITED_MESSAGE,
  signInAdmin,
  signOutAdmin,
  startTotpSetup,
  verifyAdminSecondFactor,
} from "./auth-flows.server";
import { getAdminSession, requireAdmin, type AuthContext } from "./auth.server";
import { createAdminUser } from "./owner-accounts.server";

const BASE = "http://localhost:3000";

const database = await setUpTestDatabase();
let env: Env;
let auth: Auth;
let context: AuthContext;

// Every sign-in in this file comes from its own address, so the strict per-IP sign-in limit
// (5 per minute) only bites where a test means it to.
let ipCounter = 1;
const nextIp = () => `198.51.100.${ipCounter++}`;

beforeAll(async () => {
  env = parseEnv({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "auth-test-")),
    AUTH_SECRET: "x".repeat(32),
    PUBLIC_URL: BASE,
  });
  const logger = createLogger("silent");
  auth = createAuth(database.db, env, { logger });
  context = { env, logger, auth, database };
});

/** "name=value" pairs of the cookies a response sets (cleared cookies left out). */
function cookieHeader(setCookies: string[], previous = ""): string {
  const jar = new Map<string, string>();
  for (const pair of previous.split(/;\s*/).filter(Boolean)) {
    const i = pair.indexOf("=");
    jar.set(pair.slice(0, i), pair.slice(i + 1));
  }
  for (const line of setCookies) {
    const [pair] = line.split(";");
    const i = pair.indexOf("=");
    const name = pair.slice(0, i).trim();
    const value = pair.slice(i + 1).trim();
    if (/max-age=0/i.test(line) || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

function request(
  pathname: string,
  options: { method?: string; cookie?: string; ip?: string; origin?: string | null; form?: Record<string, string> } = {},
): Request {
  const headers = new Headers();
  if (options.cookie) headers.set("cookie", options.cookie);
  if (options.ip) headers.set("x-forwarded-for", options.ip);
  if (options.origin !== null && (options.method ?? "GET") !== "GET") headers.set("origin", options.origin ?? BASE);
  const body = options.form ? new URLSearchParams(options.form) : undefined;
  return new Request(`${BASE}${pathname}`, { method: options.method ?? "GET", headers, body });
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

/** A POST to better-auth's HTTP handler, as a browser would send it. */
async function callHandler(pathname: string, body: unknown, options: { cookie?: string; ip?: string } = {}) {
  const headers = new Headers({ "content-type": "application/json", origin: BASE });
  if (options.cookie) headers.set("cookie", options.cookie);
  headers.set("x-forwarded-for", options.ip ?? nextIp());
  const response = await auth.handler(
    new Request(`${BASE}/api/auth${pathname}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return { status: response.status, json, setCookies: response.headers.getSetCookie() };
}

/** Signs in through the login flow and returns the cookie header of the new session. */
async function signInCookie(email: string, password: string, options: { staySignedIn?: boolean } = {}): Promise<string> {
  const fields: Record<string, string> = options.staySignedIn ? { email, password, staySignedIn: "on" } : { email, password };
  const outcome = await signInAdmin(context, request("/admin/login", { method: "POST", ip: nextIp() }), form(fields));
  if (outcome.kind !== "signed-in") throw new Error(`sign-in failed: ${JSON.stringify(outcome)}`);
  return cookieHeader(outcome.setCookies);
}

async function userIdOf(email: string): Promise<string> {
  const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row.id;
}

async function sessionsOf(email: string): Promise<number> {
  const [row] = await database.db
    .select({ n: count() })
    .from(session)
    .where(eq(session.userId, await userIdOf(email)));
  return row.n;
}

/** A 6-digit code that is not valid now (nor in the neighbouring 30 s windows). */
function wrongCode(uri: string): string {
  const valid = new Set([-30_000, 0, 30_000].map((shift) => totpFromUri(uri, Date.now() + shift)));
  let candidate = 123456;
  while (valid.has(String(candidate))) candidate++;
  return String(candidate);
}

/**
 * Forgets the last accepted TOTP step of a user, as if the next 30-second window had begun: the
 * tests below use the current code more than once and must not wait for the clock.
 */
async function startNewTotpWindow(email: string): Promise<void> {
  await database.db.update(twoFactor).set({ lastTotpStep: null }).where(eq(twoFactor.userId, await userIdOf(email)));
}

async function expectThrownResponse(promise: Promise<unknown>): Promise<Response> {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  return thrown as Response;
}

describe("createAdminUser", () => {
  it("creates a user with the owner role, who can then sign in", async () => {
    const result = await createAdminUser(database.db, auth, { email: " Owner@Shop.VN ", password: "Chong-khuan-2026" });
    expect(result).toMatchObject({ status: "created", email: "owner@shop.vn" });
    const roles = await database.db.select().from(userRoles).where(eq(userRoles.userId, result.userId));
    expect(roles.map((r) => r.role)).toEqual(["owner"]);
    // No stray session from the sign-up.
    expect(await sessionsOf("owner@shop.vn")).toBe(0);
    expect(await signInCookie("owner@shop.vn", "Chong-khuan-2026")).toMatch(/uvc\.session_token=/);
  });

  it("promotes an existing user without changing its password, and says when nothing changed", async () => {
    await auth.api.signUpEmail({ body: { email: "staff@shop.vn", password: "Original-pass-1", name: "Staff" } });
    const promoted = await createAdminUser(database.db, auth, { email: "staff@shop.vn", password: "Another-pass-22" });
    expect(promoted.status).toBe("promoted");
    expect(await signInCookie("staff@shop.vn", "Original-pass-1")).toMatch(/uvc\.session_token=/);
    const again = await createAdminUser(database.db, auth, { email: "staff@shop.vn", password: "Another-pass-22" });
    expect(again.status).toBe("already-admin");
  });

  it("refuses a bad email or a weak password and writes nothing", async () => {
    const [before] = await database.db.select({ n: count() }).from(user);
    const cases = [
      { email: "not-an-email", password: "Chong-khuan-2026" },
      { email: "weak@shop.vn", password: "short1A" },
      { email: "weak@shop.vn", password: "alllowercaseletters" },
      { email: "weak@shop.vn", password: "12345678901234" },
      { email: "weak@shop.vn", password: "x".repeat(129) + "A" },
    ];
    for (const input of cases) {
      const error = await createAdminUser(database.db, auth, input).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).kind).toBe("invalid");
    }
    const badEmail = (await createAdminUser(database.db, auth, cases[0]).catch((e: unknown) => e)) as AppError;
    expect(badEmail.fieldErrors?.email).toMatch(/valid email/);
    const weak = (await createAdminUser(database.db, auth, cases[2]).catch((e: unknown) => e)) as AppError;
    expect(weak.fieldErrors?.password).toMatch(/two kinds of characters/);
    const [after] = await database.db.select({ n: count() }).from(user);
    expect(after.n).toBe(before.n);
  });
});

describe("requireAdmin", () => {
  let adminCookie: string;
  let customerCookie: string;

  beforeAll(async () => {
    await createAdminUser(database.db, auth, { email: "guard@shop.vn", password: "Guard-password-1" });
    await auth.api.signUpEmail({ body: { email: "customer@shop.vn", password: "Customer-pass-1", name: "Khách" } });
    adminCookie = await signInCookie("guard@shop.vn", "Guard-password-1");
    const signedIn = await callHandler("/sign-in/email", { email: "customer@shop.vn", password: "Customer-pass-1" });
    expect(signedIn.status).toBe(200);
    customerCookie = cookieHeader(signedIn.setCookies);
  });

  it("redirects an anonymous page request to /admin/login and refuses an anonymous action with 401", async () => {
    const page = await expectThrownResponse(requireAdmin(request("/admin/orders"), context));
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/login");
    const post = await expectThrownResponse(requireAdmin(request("/admin/orders", { method: "POST" }), context));
    expect(post.status).toBe(401);
    expect(await post.text()).not.toMatch(/@shop\.vn/);
    const api = await expectThrownResponse(requireAdmin(request("/api/admin/x"), context, { onDenied: "status" }));
    expect(api.status).toBe(401);
  });

  it("refuses a signed-in user without the admin role (redirect for pages, 403 for actions)", async () => {
    const page = await expectThrownResponse(requireAdmin(request("/admin", { cookie: customerCookie }), context));
    expect(page.headers.get("location")).toBe("/admin/login");
    const post = await expectThrownResponse(
      requireAdmin(request("/admin/orders", { method: "POST", cookie: customerCookie }), context),
    );
    expect(post.status).toBe(403);
    expect(await getAdminSession(request("/admin", { cookie: customerCookie }), context)).toBeNull();
  });

  it("lets an admin through, and refuses an admin's cross-site POST", async () => {
    const admin = await requireAdmin(request("/admin", { cookie: adminCookie }), context);
    expect(admin.user).toMatchObject({ email: "guard@shop.vn", twoFactorEnabled: false });
    await expect(requireAdmin(request("/admin/orders", { method: "POST", cookie: adminCookie }), context)).resolves.toBeTruthy();
    const forged = await expectThrownResponse(
      requireAdmin(request("/admin/orders", { method: "POST", cookie: adminCookie, origin: "https://evil.example" }), context),
    );
    expect(forged.status).toBe(403);
  });

  it("stops accepting a session once it is signed out", async () => {
    const cookie = await signInCookie("guard@shop.vn", "Guard-password-1");
    const cleared = await signOutAdmin(context, request("/admin/logout", { method: "POST", cookie }));
    expect(cleared.join("\n")).toMatch(/uvc\.session_token=;/);
    const page = await expectThrownResponse(requireAdmin(request("/admin", { cookie }), context));
    expect(page.headers.get("location")).toBe("/admin/login");
  });
});

describe("admin session policy: idle timeout and absolute lifetime", () => {
  const email = "policy@shop.vn";
  const password = "Policy-password-1";

  beforeAll(async () => {
    await createAdminUser(database.db, auth, { email, password });
  });

  afterEach(async () => {
    await database.db.delete(settings).where(eq(settings.key, "admin_sessions"));
  });

  /** The session row of a cookie header. */
  async function sessionOf(cookie: string) {
    const token = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]).split(".")[0];
    const [row] = await database.db.select().from(session).where(eq(session.token, token));
    return row;
  }

  async function age(cookie: string, times: { createdHoursAgo?: number; lastActiveMinutesAgo?: number }) {
    const row = await sessionOf(cookie);
    await database.db
      .update(session)
      .set({
        ...(times.createdHoursAgo !== undefined ? { createdAt: new Date(Date.now() - times.createdHoursAgo * 3600_000) } : {}),
        ...(times.lastActiveMinutesAgo !== undefined
          ? { lastActiveAt: new Date(Date.now() - times.lastActiveMinutesAgo * 60_000) }
          : {}),
      })
      .where(eq(session.id, row.id));
  }

  async function expectEnded(cookie: string) {
    const id = (await sessionOf(cookie)).id;
    const page = await expectThrownResponse(requireAdmin(request("/admin/orders", { cookie }), context));
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/login");
    const setCookies = page.headers.getSetCookie().join("\n");
    expect(setCookies).toMatch(/uvc\.session_token=;.*Max-Age=0/);
    expect(setCookies).toMatch(/uvc_admin_flash=session-expired\./);
    // Deleted: the cookie is worth nothing anywhere now, even to better-auth itself.
    expect(await database.db.select().from(session).where(eq(session.id, id))).toHaveLength(0);
    expect(await auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
  }

  it("records each admin request as activity", async () => {
    const cookie = await signInCookie(email, password);
    await age(cookie, { lastActiveMinutesAgo: 20 });
    await requireAdmin(request("/admin", { cookie }), context);
    const row = await sessionOf(cookie);
    expect(Date.now() - row.lastActiveAt!.getTime()).toBeLessThan(60_000);
  });

  it("ends a session after 30 minutes without a request (the default, ASVS level 2), not before", async () => {
    const cookie = await signInCookie(email, password);
    await age(cookie, { createdHoursAgo: 2, lastActiveMinutesAgo: 29 });
    await expect(requireAdmin(request("/admin", { cookie }), context)).resolves.toBeTruthy();
    await age(cookie, { lastActiveMinutesAgo: 31 });
    await expectEnded(cookie);
  });

  it("ends a session 12 hours after sign-in (the default) however active it was", async () => {
    const cookie = await signInCookie(email, password);
    await age(cookie, { createdHoursAgo: 11, lastActiveMinutesAgo: 1 });
    await expect(requireAdmin(request("/admin", { cookie }), context)).resolves.toBeTruthy();
    await age(cookie, { createdHoursAgo: 12 + 0.1 });
    await expectEnded(cookie);
  });

  it("'stay signed in on this device': idle for hours while the owner allows it, still ended at 12 hours", async () => {
    const staying = await signInCookie(email, password, { staySignedIn: true });
    expect((await sessionOf(staying)).staySignedIn).toBe(true);
    const plain = await signInCookie(email, password);
    expect((await sessionOf(plain)).staySignedIn).toBe(false);
    await age(staying, { createdHoursAgo: 10, lastActiveMinutesAgo: 9 * 60 });
    await expect(requireAdmin(request("/admin", { cookie: staying }), context)).resolves.toBeTruthy();
    await age(plain, { lastActiveMinutesAgo: 31 });
    await expectEnded(plain);
    // The lifetime still holds.
    await age(staying, { createdHoursAgo: 12 + 0.1, lastActiveMinutesAgo: 1 });
    await expectEnded(staying);

    // Forbidden by the owner: the box is ignored at sign-in, and earlier sessions go idle like any other.
    const earlier = await signInCookie(email, password, { staySignedIn: true });
    await saveSetting(database.db, "admin_sessions", { idleTimeoutMinutes: 30, absoluteLifetimeHours: 12, allowStaySignedIn: false });
    const refusedChoice = await signInCookie(email, password, { staySignedIn: true });
    expect((await sessionOf(refusedChoice)).staySignedIn).toBe(false);
    await age(earlier, { lastActiveMinutesAgo: 31 });
    await expectEnded(earlier);
  });

  it("follows the settings at once, and answers an action on an ended session with 401 and the reason", async () => {
    const cookie = await signInCookie(email, password);
    await age(cookie, { createdHoursAgo: 3, lastActiveMinutesAgo: 25 });
    await expect(requireAdmin(request("/admin", { cookie }), context)).resolves.toBeTruthy();
    await age(cookie, { lastActiveMinutesAgo: 25 });
    await saveSetting(database.db, "admin_sessions", { idleTimeoutMinutes: 20, absoluteLifetimeHours: 8 });
    const post = await expectThrownResponse(requireAdmin(request("/admin/orders", { method: "POST", cookie }), context));
    expect(post.status).toBe(401);
    expect(await post.json()).toEqual({ error: "Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại" });

    const other = await signInCookie(email, password);
    await age(other, { createdHoursAgo: 9 });
    expect(await getAdminSession(request("/admin", { cookie: other }), context)).toBeNull();
  });

  it("refuses settings out of bounds, in Vietnamese, and keeps the stored ones", async () => {
    const bad = [
      [{ idleTimeoutMinutes: 2, absoluteLifetimeHours: 8 }, "idleTimeoutMinutes", "Tối thiểu 5 phút"],
      [{ idleTimeoutMinutes: 60, absoluteLifetimeHours: 200 }, "absoluteLifetimeHours", "Tối đa 168 giờ"],
      [{ idleTimeoutMinutes: 60, absoluteLifetimeHours: 0 }, "absoluteLifetimeHours", "Tối thiểu 1 giờ"],
      [{ idleTimeoutMinutes: 600, absoluteLifetimeHours: 8 }, "idleTimeoutMinutes", "Thời gian chờ không được dài hơn thời hạn tối đa của phiên"],
      [{ idleTimeoutMinutes: "abc", absoluteLifetimeHours: 8 }, "idleTimeoutMinutes", "Vui lòng nhập một số"],
    ] as const;
    for (const [value, field, message] of bad) {
      const error = await saveSetting(database.db, "admin_sessions", value).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, JSON.stringify(value)).toBeInstanceOf(AppError);
      expect((error as AppError).fieldErrors?.[field]).toBe(message);
    }
    expect(await getSetting(database.db, "admin_sessions")).toEqual({
      idleTimeoutMinutes: 30,
      absoluteLifetimeHours: 12,
      allowStaySignedIn: true,
    });
    expect(await saveSetting(database.db, "admin_sessions", { idleTimeoutMinutes: "20", absoluteLifetimeHours: "8" })).toEqual({
      idleTimeoutMinutes: 20,
      absoluteLifetimeHours: 8,
      allowStaySignedIn: true,
    });
  });
});

describe("sign-in through better-auth's handler", () => {
  beforeAll(async () => {
    await createAdminUser(database.db, auth, { email: "login@shop.vn", password: "Login-password-1" });
    await auth.api.signUpEmail({ body: { email: "shopper@shop.vn", password: "Shopper-pass-1", name: "Shopper" } });
  });

  it("signs an admin in with httpOnly SameSite=Lax cookies", async () => {
    const outcome = await signInAdmin(
      context,
      request("/admin/login", { method: "POST", ip: nextIp() }),
      form({ email: "Login@Shop.vn", password: "Login-password-1" }),
    );
    expect(outcome.kind).toBe("signed-in");
    const cookie = (outcome as { setCookies: string[] }).setCookies.find((c) => c.startsWith("uvc.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it("refuses a wrong password with a Vietnamese message", async () => {
    const direct = await callHandler("/sign-in/email", { email: "login@shop.vn", password: "Wrong-password-1" });
    expect(direct.status).toBe(401);
    expect(direct.json?.code).toBe("INVALID_EMAIL_OR_PASSWORD");
    const outcome = await signInAdmin(
      context,
      request("/admin/login", { method: "POST", ip: nextIp() }),
      form({ email: "login@shop.vn", password: "Wrong-password-1" }),
    );
    expect(outcome).toMatchObject({ kind: "error", status: 401, message: "Email hoặc mật khẩu không đúng" });
  });

  it("requires both fields", async () => {
    const outcome = await signInAdmin(context, request("/admin/login", { method: "POST" }), form({ email: "", password: "" }));
    expect(outcome).toMatchObject({
      kind: "error",
      status: 400,
      fieldErrors: { email: "Vui lòng nhập email", password: "Vui lòng nhập mật khẩu" },
    });
  });

  it("signs a valid non-admin out again and says why", async () => {
    const outcome = await signInAdmin(
      context,
      request("/admin/login", { method: "POST", ip: nextIp() }),
      form({ email: "shopper@shop.vn", password: "Shopper-pass-1" }),
    );
    expect(outcome).toMatchObject({ kind: "error", status: 403, message: NOT_ADMIN_MESSAGE });
    expect(await sessionsOf("shopper@shop.vn")).toBe(0);
  });

  it("refuses a cookie-bearing request whose Origin is not PUBLIC_URL", async () => {
    const response = await auth.handler(
      new Request(`${BASE}/api/auth/sign-out`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://evil.example", cookie: "uvc.session_token=x" },
        body: "{}",
      }),
    );
    expect(response.status).toBe(403);
  });

  it("has no public sign-up endpoint", async () => {
    const result = await callHandler("/sign-up/email", { email: "self@shop.vn", password: "Self-signup-1", name: "x" });
    expect(result.status).toBe(404);
  });

  it("rate-limits sign-in attempts per client IP, with the counters in the database", async () => {
    const ip = "203.0.113.7";
    const attempt = () =>
      signInAdmin(
        context,
        request("/admin/login", { method: "POST", ip }),
        form({ email: "login@shop.vn", password: "Not-the-password-1" }),
      );
    for (let i = 0; i < 5; i++) expect(await attempt()).toMatchObject({ kind: "error", status: 401 });
    expect(await attempt()).toMatchObject({ kind: "error", status: 429, message: RATE_LIMITED_MESSAGE });
    // Even the right password is refused from that address until the window passes…
    const right = await signInAdmin(
      context,
      request("/admin/login", { method: "POST", ip }),
      form({ email: "login@shop.vn", password: "Login-password-1" }),
    );
    expect(right).toMatchObject({ kind: "error", status: 429 });
    // …while another address is not affected.
    expect(await signInCookie("login@shop.vn", "Login-password-1")).toMatch(/uvc\.session_token=/);
    const rows = await database.db.select().from(rateLimit).where(eq(rateLimit.key, `${ip}|/sign-in/email`));
    expect(rows).toHaveLength(1);
  });
});

describe("TOTP second factor", () => {
  const email = "totp@shop.vn";
  const password = "Totp-password-1";
  let totpURI: string;

  beforeAll(async () => {
    await createAdminUser(database.db, auth, { email, password });
  });

  it("is set up with the password, a QR code, and a code from the app", async () => {
    let cookie = await signInCookie(email, password);
    const wrongPassword = await startTotpSetup(context, request("/admin/security", { method: "POST", cookie, ip: nextIp() }), {
      password: "Not-my-password-1",
      issuer: "UVC Care",
    });
    expect(wrongPassword).toMatchObject({ ok: false, message: "Mật khẩu không đúng" });

    const started = await startTotpSetup(context, request("/admin/security", { method: "POST", cookie, ip: nextIp() }), {
      password,
      issuer: "Cửa hàng UVC",
    });
    if (!started.ok) throw new Error(started.message);
    totpURI = started.setup.totpURI;
    expect(totpURI).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(totpURI).searchParams.get("issuer")).toBe("Cửa hàng UVC");
    expect(started.setup.qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(started.setup.manualKey.replace(/ /g, "")).toBe(new URL(totpURI).searchParams.get("secret"));
    expect(started.setup.backupCodes.length).toBeGreaterThan(0);

    // Not on until confirmed.
    expect((await requireAdmin(request("/admin", { cookie }), context)).user.twoFactorEnabled).toBe(false);
    const wrong = await confirmTotpSetup(context, request("/admin/security", { method: "POST", cookie, ip: nextIp() }), wrongCode(totpURI));
    expect(wrong).toMatchObject({ ok: false, message: "Mã xác thực không đúng" });

    const confirmed = await confirmTotpSetup(
      context,
      request("/admin/security", { method: "POST", cookie, ip: nextIp() }),
      totpFromUri(totpURI),
    );
    if (!confirmed.ok) throw new Error(confirmed.message);
    // better-auth replaced the session: the new cookie works.
    cookie = cookieHeader(confirmed.setCookies, cookie);
    expect((await requireAdmin(request("/admin", { cookie }), context)).user.twoFactorEnabled).toBe(true);
  });

  it("gives no session after the password alone; the code completes the sign-in", async () => {
    await startNewTotpWindow(email);
    const sessionsBefore = await sessionsOf(email);
    const ip = nextIp();
    const step1 = await signInAdmin(context, request("/admin/login", { method: "POST", ip }), form({ email, password }));
    expect(step1.kind).toBe("second-factor");
    const pending = cookieHeader((step1 as { setCookies: string[] }).setCookies);
    expect(pending).toMatch(/uvc\.two_factor=/);
    expect(pending).not.toMatch(/session_token/);
    expect(await sessionsOf(email)).toBe(sessionsBefore);
    expect(await auth.api.getSession({ headers: new Headers({ cookie: pending }) })).toBeNull();
    const page = await expectThrownResponse(requireAdmin(request("/admin", { cookie: pending }), context));
    expect(page.headers.get("location")).toBe("/admin/login");
    expect(hasPendingSecondFactor(context, request("/admin/login?step=2fa", { cookie: pending }))).toBe(true);

    const wrong = await verifyAdminSecondFactor(
      context,
      request("/admin/login", { method: "POST", cookie: pending, ip }),
      form({ code: wrongCode(totpURI) }),
    );
    expect(wrong).toMatchObject({ kind: "error", message: "Mã xác thực không đúng" });

    const step2 = await verifyAdminSecondFactor(
      context,
      request("/admin/login", { method: "POST", cookie: pending, ip }),
      form({ code: totpFromUri(totpURI) }),
    );
    expect(step2.kind).toBe("signed-in");
    const cookie = cookieHeader((step2 as { setCookies: string[] }).setCookies, pending);
    const admin = await requireAdmin(request("/admin", { cookie }), context);
    expect(admin.user.email).toBe(email);
  });

  it("accepts a code once: the same code, or an older one, is refused afterwards (also straight over HTTP)", async () => {
    await startNewTotpWindow(email);
    const code = totpFromUri(totpURI);
    const previousCode = totpFromUri(totpURI, Date.now() - 30_000);
    const pendingChallenge = async () => {
      const step1 = await signInAdmin(context, request("/admin/login", { method: "POST", ip: nextIp() }), form({ email, password }));
      expect(step1.kind).toBe("second-factor");
      return cookieHeader((step1 as { setCookies: string[] }).setCookies);
    };
    const first = await verifyAdminSecondFactor(
      context,
      request("/admin/login", { method: "POST", cookie: await pendingChallenge(), ip: nextIp() }),
      form({ code }),
    );
    expect(first.kind).toBe("signed-in");

    const sessionsBefore = await sessionsOf(email);
    const replay = await verifyAdminSecondFactor(
      context,
      request("/admin/login", { method: "POST", cookie: await pendingChallenge(), ip: nextIp() }),
      form({ code }),
    );
    expect(replay).toMatchObject({ kind: "error", status: 401, message: "Mã này đã được dùng. Vui lòng đợi mã mới trong ứng dụng xác thực" });
    const older = await verifyAdminSecondFactor(
      context,
      request("/admin/login", { method: "POST", cookie: await pendingChallenge(), ip: nextIp() }),
      form({ code: previousCode }),
    );
    expect(older).toMatchObject({ kind: "error" });
    // better-auth's own endpoint, called directly, refuses it too.
    const direct = await callHandler("/two-factor/verify-totp", { code }, { cookie: await pendingChallenge() });
    expect(direct.status).toBe(401);
    expect(direct.json?.code).toBe("TOTP_CODE_ALREADY_USED");
    expect(await sessionsOf(email)).toBe(sessionsBefore);

    // The next window's code still works.
    const next = await verifyAdminSecondFactor(
      context,
      request("/admin/login", { method: "POST", cookie: await pendingChallenge(), ip: nextIp() }),
      form({ code: totpFromUri(totpURI, Date.now() + 30_000) }),
    );
    expect(next.kind).toBe("signed-in");
  });

  it("lets only one of two simultaneous sign-ins with the same code through", async () => {
    await startNewTotpWindow(email);
    const challenges = await Promise.all(
      [nextIp(), nextIp()].map(async (ip) => {
        const step1 = await signInAdmin(context, request("/admin/login", { method: "POST", ip }), form({ email, password }));
        return { ip, cookie: cookieHeader((step1 as { setCookies: string[] }).setCookies) };
      }),
    );
    const code = totpFromUri(totpURI);
    const outcomes = await Promise.all(
      challenges.map(({ ip, cookie }) =>
        verifyAdminSecondFactor(context, request("/admin/login", { method: "POST", cookie, ip }), form({ code })),
      ),
    );
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(["error", "signed-in"]);
  });

  it("can be turned off with the password", async () => {
    await startNewTotpWindow(email);
    const step1 = await signInAdmin(context, request("/admin/login", { method: "POST", ip: nextIp() }), form({ email, password }));
    const pending = cookieHeader((step1 as { setCookies: string[] }).setCookies);
    const step2 = await verifyAdminSecondFactor(
      context,
      request("/admin/login", { method: "POST", cookie: pending, ip: nextIp() }),
      form({ code: totpFromUri(totpURI) }),
    );
    let cookie = cookieHeader((step2 as { setCookies: string[] }).setCookies, pending);
    const refused = await disableTotp(context, request("/admin/security", { method: "POST", cookie, ip: nextIp() }), "Wrong-password-9");
    expect(refused).toMatchObject({ ok: false, message: "Mật khẩu không đúng" });
    const disabled = await disableTotp(context, request("/admin/security", { method: "POST", cookie, ip: nextIp() }), password);
    if (!disabled.ok) throw new Error(disabled.message);
    cookie = cookieHeader(disabled.setCookies, cookie);
    expect((await requireAdmin(request("/admin", { cookie }), context)).user.twoFactorEnabled).toBe(false);
    expect(await signInCookie(email, password)).toMatch(/uvc\.session_token=/);
  });
});
