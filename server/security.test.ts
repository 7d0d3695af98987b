import { mkdtempSync } from "node:fs";
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeConfig from "~/routes";
import { createAdminUser } from "~/features/auth/owner-accounts.server";
import { flashCookie } from "~/server/flash.server";
import { createAuth } from "~/server/auth.server";
import { parseEnv } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { CROSS_SITE_MESSAGE } from "~/server/request-guards.server";
import { setUpTestDatabase } from "~/test/database";
import { createApp } from "./app";
import { bodyLimit } from "./guards";

/*
 * The Express layer's refusals, over real HTTP: rate-limit addresses, cross-site posts, body
 * sizes, cookies and headers. Pages are not built in unit tests: a request that gets past the
 * guards reaches the page handler, which this file counts (and which then answers 500).
 */

const ADMIN = { email: "owner@shop.vn", password: "Chong-khuan-2026" };

const database = await setUpTestDatabase();
const servers: Server[] = [];
let pageHandlerCalls = 0;

async function start(vars: Record<string, string>): Promise<string> {
  const env = parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "security-")), AUTH_SECRET: "s".repeat(32), ...vars });
  const logger = createLogger("silent");
  const services = { env, logger, database, auth: createAuth(database.db, env, { logger }) };
  const app = createApp(services, () => {
    pageHandlerCalls++;
    return Promise.reject(new Error("no page build in this test"));
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A raw request, so that Content-Length and Transfer-Encoding are exactly what the test says.
 * The server may answer before reading the body and then drop the connection: the answer counts.
 */
function rawRequest(
  base: string,
  options: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(`${base}${options.path}`, { method: options.method, headers: options.headers }, (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (options.body !== undefined) req.write(options.body);
    // A declared body longer than what is sent: the server must answer without waiting for it.
    if (!options.headers["content-length"] || Number(options.headers["content-length"]) <= (options.body?.length ?? 0)) req.end();
  });
}

function signIn(base: string, origin: string, headers: Record<string, string> = {}, credentials: object = ADMIN) {
  return fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, ...headers },
    body: JSON.stringify(credentials),
  });
}

beforeAll(async () => {
  const env = parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "security-")), AUTH_SECRET: "s".repeat(32) });
  await createAdminUser(database.db, createAuth(database.db, env, { logger: createLogger("silent") }), ADMIN);
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("client address for rate limits", () => {
  it("ignores X-Forwarded-For without a proxy: changing it does not reset the sign-in limit", async () => {
    const base = await start({ PUBLIC_URL: "http://shop.test" });
    const wrong = { email: ADMIN.email, password: "Wrong-password-1" };
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await signIn(base, "http://shop.test", { "x-forwarded-for": `203.0.113.${attempt}` }, wrong);
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const spoofed = await signIn(base, "http://shop.test", { "x-forwarded-for": "198.51.100.77" }, wrong);
    expect(spoofed.status).toBe(429);
    // The right password too: the client is locked out for the window, whatever it claims to be.
    expect((await signIn(base, "http://shop.test", { "x-forwarded-for": "198.51.100.78" })).status).toBe(429);
  });

  it("behind a proxy, counts per client address the proxy appended, whatever the client prepended", async () => {
    const base = await start({ PUBLIC_URL: "http://proxied.test", TRUSTED_PROXY_IP_HEADER: "x-forwarded-for" });
    const wrong = { email: ADMIN.email, password: "Wrong-password-1" };
    for (let attempt = 1; attempt <= 5; attempt++) {
      const forged = `10.9.9.${attempt}, 192.0.2.10`;
      expect((await signIn(base, "http://proxied.test", { "x-forwarded-for": forged }, wrong)).status).toBe(401);
    }
    expect((await signIn(base, "http://proxied.test", { "x-forwarded-for": "10.0.0.1, 192.0.2.10" }, wrong)).status).toBe(429);
    // Another client behind the same proxy is not affected.
    expect((await signIn(base, "http://proxied.test", { "x-forwarded-for": "192.0.2.11" })).status).toBe(200);
  });
});

describe("the shop's own address (PUBLIC_URL unset or a list)", () => {
  /** A POST with the Host and headers given (fetch cannot set Host), counted like `post` below. */
  async function postAs(base: string, path: string, headers: Record<string, string>, body: string) {
    const before = pageHandlerCalls;
    const result = await rawRequest(base, {
      method: "POST",
      path,
      headers: { "content-length": String(Buffer.byteLength(body)), ...headers },
      body,
    });
    return { ...result, reachedPages: pageHandlerCalls > before };
  }
  const form = { "content-type": "application/x-www-form-urlencoded" };
  const newsletter = "email=a%40b.vn&source=footer";

  it("unset: accepts a post whose Origin is the address it reached, at 127.0.0.1, localhost or any host name", async () => {
    const base = await start({});
    const port = new URL(base).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `shop.test:${port}`, `192.168.1.20:${port}`]) {
      const own = await postAs(base, "/newsletter", { ...form, host, origin: `http://${host}` }, newsletter);
      expect(own.reachedPages, host).toBe(true);
      for (const origin of [`http://evil.example`, `http://localhost:${port}`.replace(host, "x"), `https://${host}`, `http://${host}0`]) {
        if (origin === `http://${host}`) continue;
        const refused = await postAs(base, "/newsletter", { ...form, host, origin }, newsletter);
        expect(refused.status, `${host} from ${origin}`).toBe(403);
        expect(refused.reachedPages).toBe(false);
      }
    }
  });

  it("unset: signs in at 127.0.0.1 and at a second host name, with a cookie that is not Secure on http", async () => {
    const base = await start({ TRUSTED_PROXY_IP_HEADER: "x-forwarded-for" });
    const port = new URL(base).port;
    const body = JSON.stringify(ADMIN);
    const json = { "content-type": "application/json", cookie: "uvc.session_token=stale" };
    for (const [index, host] of [`127.0.0.1:${port}`, `shop.test:${port}`].entries()) {
      const ip = { "x-forwarded-for": `192.0.2.${100 + index}` };
      const ok = await postAs(base, "/api/auth/sign-in/email", { ...json, ...ip, host, origin: `http://${host}` }, body);
      expect(ok.status, host).toBe(200);
      const refused = await postAs(base, "/api/auth/sign-in/email", { ...json, ...ip, host, origin: "http://evil.example" }, body);
      expect(refused.status, host).toBe(403);
    }
    const response = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, "x-forwarded-for": "192.0.2.102" },
      body,
    });
    const cookies = response.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/uvc\.session_token=[^;]+/);
    expect(cookies).not.toMatch(/Secure/i);
  });

  it("a list: accepts each listed origin (apex and www) and refuses the request's own address", async () => {
    const base = await start({ PUBLIC_URL: "https://shop.vn, https://www.shop.vn/" });
    const port = new URL(base).port;
    for (const origin of ["https://shop.vn", "https://www.shop.vn"]) {
      const accepted = await postAs(base, "/newsletter", { ...form, host: "shop.vn", origin }, newsletter);
      expect(accepted.reachedPages, origin).toBe(true);
    }
    for (const origin of [`http://127.0.0.1:${port}`, "http://shop.vn", "https://evil.shop.vn"]) {
      const refused = await postAs(base, "/newsletter", { ...form, host: `127.0.0.1:${port}`, origin }, newsletter);
      expect(refused.status, origin).toBe(403);
    }
  });

  it("answers a refused plain form post with a page in Vietnamese that leads back, a script's post with JSON", async () => {
    const base = await start({});
    const host = new URL(base).host;
    const navigation = await postAs(
      base,
      "/checkout/information",
      { ...form, host, origin: "http://evil.example", "sec-fetch-mode": "navigate", accept: "text/html", referer: `http://${host}/cart?x=1` },
      "email=a%40b.vn",
    );
    expect(navigation.status).toBe(403);
    expect(navigation.body).toMatch(/^<!doctype html>/);
    expect(navigation.body).toContain("Yêu cầu bị từ chối");
    expect(navigation.body).toContain('href="/cart?x=1"');
    const fetcher = await postAs(base, "/checkout/information.data", { ...form, host, origin: "http://evil.example", "sec-fetch-mode": "cors" }, "a=1");
    expect(fetcher.status).toBe(403);
    expect(JSON.parse(fetcher.body)).toEqual({ error: CROSS_SITE_MESSAGE, code: "cross-site" });
  });
});

describe("cross-site requests", () => {
  let base: string;
  beforeAll(async () => {
    base = await start({ PUBLIC_URL: "http://csrf.test", TRUSTED_PROXY_IP_HEADER: "x-forwarded-for" });
  });

  async function post(headers: Record<string, string>) {
    const before = pageHandlerCalls;
    const response = await fetch(`${base}/newsletter`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: "email=a%40b.vn&source=footer",
    });
    return { status: response.status, body: await response.text(), reachedPages: pageHandlerCalls > before };
  }

  it("refuses form posts from another site before any action runs", async () => {
    const crossSite: Array<Record<string, string>> = [
      { origin: "https://evil.example" },
      { origin: "http://sub.csrf.test" },
      { origin: "null", "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
    ];
    for (const headers of crossSite) {
      const result = await post(headers);
      expect(result.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(result.body)).toEqual({ error: CROSS_SITE_MESSAGE, code: "cross-site" });
      expect(result.reachedPages).toBe(false);
    }
  });

  it("lets the shop's own posts, and requests from non-browsers (no Origin, no Fetch Metadata), through", async () => {
    const sameSite: Array<Record<string, string>> = [{ origin: "http://csrf.test" }, { origin: "http://csrf.test", "sec-fetch-site": "same-origin" }, {}];
    for (const headers of sameSite) {
      const result = await post(headers);
      expect(result.reachedPages, JSON.stringify(headers)).toBe(true);
    }
    const before = pageHandlerCalls;
    await fetch(`${base}/shop`, { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect(pageHandlerCalls, "a cross-site GET is a normal link").toBe(before + 1);
  });

  it("better-auth refuses a sign-in posted from another site: no session cookie", async () => {
    const response = await signIn(base, "https://evil.example", { "x-forwarded-for": "192.0.2.50", cookie: "uvc.session_token=x" });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie().join()).not.toMatch(/session_token=[^;]/);
    const ok = await signIn(base, "http://csrf.test", { "x-forwarded-for": "192.0.2.51", cookie: "uvc.session_token=x" });
    expect(ok.status).toBe(200);
  });
});

describe("request bodies", () => {
  let base: string;
  beforeAll(async () => {
    base = await start({ PUBLIC_URL: "http://limits.test" });
  });

  it("answers 413 to a body over 1 MB without reading it, and 411 to one without a length", async () => {
    // (A body over 1 MB makes the guard ask for the build, to read the route's own limit: no build
    // here, so the default; the answer is the guard's own 413, not the page handler's 500.)
    const big = await rawRequest(base, {
      method: "POST",
      path: "/newsletter",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(1024 * 1024 + 1) },
      body: "email=",
    });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body)).toEqual({ error: "Dữ liệu gửi lên quá lớn (tối đa 1 MB)" });

    const before = pageHandlerCalls;
    const chunked = await rawRequest(base, {
      method: "POST",
      path: "/checkout/payment",
      headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      body: "{}",
    });
    expect(chunked.status).toBe(411);
    expect(pageHandlerCalls).toBe(before);

    const auth = await rawRequest(base, {
      method: "POST",
      path: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json", "content-length": String(5 * 1024 * 1024) },
      body: "{",
    });
    expect(auth.status).toBe(413);
  });

  it("answers 400 to a NUL character in the URL before any loader reads it", async () => {
    const before = pageHandlerCalls;
    for (const url of ["/collections/%00", "/search?q=a%00b", "/admin/orders/%00/packing-slip"]) {
      const response = await fetch(`${base}${url}`);
      expect(response.status, url).toBe(400);
      expect(await response.json()).toEqual({ error: "Địa chỉ không hợp lệ" });
    }
    expect(pageHandlerCalls).toBe(before);
  });

  it("lets a 1 MB form through, and uploads up to the limit their route's action declares", async () => {
    // The guard alone in front of a handler that reads the whole body, over the real route tree
    // with the real modules of the routes posted to (the page build is not made in unit tests).
    const build = await routeBuild(["routes/admin/product-edit", "routes/admin/product-new", "routes/admin/cod", "routes/store/review-new"]);
    const app = express();
    app.use(bodyLimit(() => Promise.resolve(build)));
    app.use((req, res) => {
      let bytes = 0;
      req.on("data", (chunk: Buffer) => (bytes += chunk.length));
      req.on("end", () => res.json({ bytes }));
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    servers.push(server);
    const guarded = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const post = (path: string, bytes: number, body = "--x\r\n") =>
      rawRequest(guarded, {
        method: "POST",
        path,
        headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(bytes) },
        body,
      });

    const form = `email=${"a".repeat(1024 * 1024 - 6)}`;
    const atLimit = await rawRequest(guarded, {
      method: "POST",
      path: "/newsletter",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(form.length) },
      body: form,
    });
    expect(atLimit).toEqual({ status: 200, body: JSON.stringify({ bytes: 1024 * 1024 }) });

    const sixMegabytes = `--x\r\n${"a".repeat(6 * 1024 * 1024)}`;
    // The new product's page takes images too: the path list this replaced had left it at 1 MB.
    for (const path of ["/admin/products/12", "/admin/products/12.data", "/admin/products/new", "/admin/cod", "/en/reviews/new.data"]) {
      expect((await post(path, sixMegabytes.length, sixMegabytes)).status, path).toBe(200);
    }
    for (const path of ["/admin/categories", "/admin/products/12/variants", "/reviews", "/admin/products/12/x"]) {
      expect((await post(path, sixMegabytes.length)).status, path).toBe(413);
    }
    const tooBigUpload = await post("/admin/products/12.data", 60 * 1024 * 1024);
    expect(tooBigUpload.status).toBe(413);
    expect(JSON.parse(tooBigUpload.body)).toEqual({ error: "Dữ liệu gửi lên quá lớn (tối đa 52 MB)" });
    expect((await post("/admin/cod", 7 * 1024 * 1024)).status).toBe(413);
  });
});

/**
 * The page build's route manifest made from app/routes.ts, with ids as React Router names them,
 * and the real modules of the routes in `loaded` (the others have none: nothing reads them here).
 */
async function routeBuild(loaded: string[]): Promise<ServerBuild> {
  const routes: ServerBuild["routes"] = { root: { id: "root", path: "", module: {} as never } };
  const add = async (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      const module = loaded.includes(id) ? await import(/* @vite-ignore */ path.resolve("app", entry.file)) : {};
      routes[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive, module };
      if (entry.children) await add(entry.children, id);
    }
  };
  await add(routeConfig, "root");
  // Only the routes are read by the guard; the rest of a build (assets, entry) is not there.
  return { routes } as unknown as ServerBuild;
}

describe("cookies and headers", () => {
  it("in production over https: session cookie httpOnly, SameSite=Lax, Secure (with the __Secure- prefix), and HSTS", async () => {
    // Sign-ins from this test's own address are locked out by the first test: say who we are through a proxy.
    const base = await start({ PUBLIC_URL: "https://shop.example", TRUSTED_PROXY_IP_HEADER: "x-real-ip" });
    const response = await signIn(base, "https://shop.example", { "x-real-ip": "192.0.2.60" });
    expect(response.status).toBe(200);
    const session = response.headers.getSetCookie().find((line) => line.startsWith("__Secure-uvc.session_token="));
    expect(session).toBeDefined();
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).toMatch(/; Secure/i);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(flashCookie("welcome", { PUBLIC_URL: "https://shop.example" })).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
  });

  it("over plain http (development): the same cookies without Secure, and no HSTS", async () => {
    const base = await start({ PUBLIC_URL: "http://plain.test", TRUSTED_PROXY_IP_HEADER: "x-real-ip" });
    const response = await signIn(base, "http://plain.test", { "x-real-ip": "192.0.2.61" });
    const session = response.headers.getSetCookie().find((line) => line.startsWith("uvc.session_token="));
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).not.toMatch(/; Secure/i);
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(flashCookie("welcome", { PUBLIC_URL: "http://plain.test" })).toMatch(/; HttpOnly; SameSite=Lax$/);

    const health = await fetch(`${base}/healthz`);
    expect(health.headers.get("x-content-type-options")).toBe("nosniff");
    expect(health.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(health.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(health.headers.get("content-security-policy")).toBe("frame-ancestors 'self'; base-uri 'self'; object-src 'none'");
  });
});
