import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import compression from "compression";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/server/db.server";
import { createAdminUser } from "~/features/auth/owner-accounts.server";
import { authCookieName, createAuth } from "~/server/auth.server";
import { contentSecurityPolicy } from "~/server/content-security-policy.server";
import { parseEnv, type Env } from "~/server/env.server";
import { closeEventHub, notify, STOREFRONT_CHANGED_CHANNEL } from "~/server/events.server";
import { createLogger } from "~/server/logger.server";
import { cacheKey, PageCache, pickEncoding } from "~/server/page-cache.server";
import { setUpTestDatabase } from "~/test/database";
import { createPageCache, requestListener } from "./app";

/**
 * A stand-in for the page renderer, mounted like the real one (after compression): each render
 * has a new number, in a header and in the body, as a CSP nonce would be.
 */
let renders = 0;
function testApp(pageCache: PageCache) {
  const app = express();
  app.use(compression());
  app.use(pageCache.recordMisses());
  app.get("/cookie", (_req, res) => {
    res.set("Set-Cookie", "a=b").type("html").send("<p>with cookie</p>");
  });
  app.get("/{*splat}", (req, res) => {
    renders += 1;
    if (req.path === "/collections/gone") return void res.status(404).type("html").send("<p>not found</p>");
    if (req.path === "/about" && req.query.private === "1") res.set("Cache-Control", "private");
    if (req.path === "/shop" && req.query.cookie === "1") res.set("Set-Cookie", "visitor=1; Path=/");
    res.set("X-Render", String(renders));
    if (req.query.csp === "1") {
      // What entry.server.tsx renders: a fresh nonce in the policy and on every script.
      const nonce = `bm9uY2Ut${renders}`;
      res.set("Content-Security-Policy", contentSecurityPolicy({ nonce }));
      return void res
        .type("html")
        .send(
          `<html><head><link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"/></head><body>` +
            `<script nonce="${nonce}">window.__ctx = {"render":${renders}};</script>` +
            `<script type="module" nonce="${nonce}">import "/assets/entry.js";</script>` +
            `<script src="/assets/b.js" nonce="${nonce}"></script></body></html>`,
        );
    }
    res.type(req.path.endsWith(".data") ? "text/x-script" : "html");
    // Written in two chunks, as a streamed render is.
    res.write(`<html><body><p>render ${renders}</p>`);
    res.end(`<p>${"padding ".repeat(200)}</p></body></html>`);
  });
  return app;
}

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; base: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A fetch that stored its response: waits for the entry (compression runs off the request). */
async function get(base: string, url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${url}`, { headers: { "accept-encoding": "identity", ...headers } });
  const body = Buffer.from(await response.arrayBuffer());
  return { response, body, text: body.toString("utf8"), cache: response.headers.get("x-page-cache") };
}

describe("page cache", () => {
  let cache: PageCache;
  let server: Server;
  let base: string;
  let clock = 0;

  beforeAll(async () => {
    cache = new PageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000, now: () => clock });
    cache.startStoring();
    ({ server, base } = await listen(requestListener(testApp(cache), cache)));
  });
  afterEach(() => cache.clear());
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("renders once, then replays the stored status, headers and body together", async () => {
    const first = await get(base, "/shop");
    expect(first.cache).toBe("miss");
    await cache.storesSettled();
    const second = await get(base, "/shop");
    expect(second.cache).toBe("hit");
    expect(second.text).toBe(first.text);
    expect(second.response.headers.get("x-render")).toBe(first.response.headers.get("x-render"));
    expect(second.text).toContain(`render ${first.response.headers.get("x-render")}`);
    expect(second.response.headers.get("content-type")).toBe(first.response.headers.get("content-type"));
  });

  it("serves the precompressed body the client accepts, with Vary: Accept-Encoding", async () => {
    const plain = await get(base, "/");
    await cache.storesSettled();
    const br = await get(base, "/", { "accept-encoding": "gzip, deflate, br" });
    expect(br.cache).toBe("hit");
    expect(br.response.headers.get("content-encoding")).toBe("br");
    expect(br.response.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(br.text).toBe(plain.text); // fetch decodes brotli and gzip
    const gz = await fetch(`${base}/`, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    // Node's fetch decodes the body itself: compare what it decoded with the identity body.
    expect(await gz.text()).toBe(plain.text);
    const raw = await get(base, "/", { "accept-encoding": "identity" });
    expect(raw.response.headers.get("content-encoding")).toBeNull();
    expect(raw.text).toBe(plain.text);
  });

  it("keys by path and query, the query's names sorted", async () => {
    await get(base, "/shop?sort=price&color=black&color=white");
    await cache.storesSettled();
    expect((await get(base, "/shop?color=black&color=white&sort=price")).cache).toBe("hit");
    expect((await get(base, "/shop?color=white&color=black&sort=price")).cache).toBe("miss");
    expect((await get(base, "/shop?sort=name")).cache).toBe("miss");
  });

  it("caches the .data twin of a storefront page separately from its document", async () => {
    await get(base, "/shop.data");
    await cache.storesSettled();
    const data = await get(base, "/shop.data");
    expect(data.cache).toBe("hit");
    expect(data.response.headers.get("content-type")).toMatch(/^text\/x-script/);
    expect((await get(base, "/shop")).cache).toBe("miss");
  });

  it("answers HEAD from the GET entry, without a body", async () => {
    await get(base, "/about");
    await cache.storesSettled();
    const head = await fetch(`${base}/about`, { method: "HEAD" });
    expect(head.headers.get("x-page-cache")).toBe("hit");
    expect(await head.text()).toBe("");
  });

  it("never caches admin, API, checkout, order confirmation or search", async () => {
    for (const url of [
      "/admin",
      "/admin/products",
      "/api/cart",
      "/checkout/information",
      "/order-confirmation?order_id=1",
      "/search?q=uvc",
    ]) {
      const before = renders;
      await get(base, url);
      await cache.storesSettled();
      const again = await get(base, url);
      expect(again.cache, url).toBeNull();
      expect(renders, url).toBe(before + 2);
    }
  });

  it("bypasses a request with a session or flash cookie or an Authorization header", async () => {
    await get(base, "/blog");
    await cache.storesSettled();
    // The names come from the auth configuration (the real cookie of a sign-in: see below).
    const personal: Array<Record<string, string>> = [
      { cookie: `theme=dark; ${authCookieName({ PUBLIC_URL: "http://shop.test" }, "session_token")}=abc` },
      { cookie: `${authCookieName({ PUBLIC_URL: "https://shop.test" }, "session_token")}=abc` },
      { cookie: `${authCookieName({ PUBLIC_URL: "http://shop.test" }, "two_factor")}=abc` },
      { cookie: "uvc_admin_flash=saved.0123456789ab" },
      { authorization: "Bearer x" },
    ];
    for (const headers of personal) {
      const before = renders;
      const response = await get(base, "/blog", headers);
      expect(response.cache).toBe("bypass");
      expect(renders).toBe(before + 1);
    }
    // Other cookies (analytics) do not make a page personal.
    expect((await get(base, "/blog", { cookie: "_ga=GA1.1.1" })).cache).toBe("hit");
  });

  it("does not store what a personal request rendered", async () => {
    await get(base, "/technology", { cookie: `${authCookieName({ PUBLIC_URL: "http://shop.test" }, "session_token")}=abc` });
    await cache.storesSettled();
    expect((await get(base, "/technology")).cache).toBe("miss");
  });

  it("does not store a response with Set-Cookie, Cache-Control: private, or a status other than 200", async () => {
    for (const url of ["/shop?cookie=1", "/about?private=1", "/collections/gone"]) {
      await get(base, url);
      await cache.storesSettled();
      expect((await get(base, url)).cache, url).toBe("miss");
    }
  });

  it("replays no CSP nonce: a stored page allows exactly its inline scripts by hash, on every hit", async () => {
    const miss = await get(base, "/about?csp=1");
    expect(miss.cache).toBe("miss");
    // The first visitor gets the render itself, nonce and all.
    expect(miss.response.headers.get("content-security-policy")).toMatch(/'nonce-/);
    await cache.storesSettled();
    const hits = [await get(base, "/about?csp=1"), await get(base, "/about?csp=1", { "accept-encoding": "br" })];
    for (const hit of hits) {
      expect(hit.cache).toBe("hit");
      const policy = hit.response.headers.get("content-security-policy")!;
      expect(policy).not.toMatch(/nonce/);
      expect(hit.text).not.toMatch(/nonce/);
      const scriptSources = /script-src ([^;]*)/.exec(policy)![1].split(" ");
      const inline = [...hit.text.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
      expect(inline).toHaveLength(2);
      for (const content of inline) {
        expect(scriptSources).toContain(`'sha256-${createHash("sha256").update(content).digest("base64")}'`);
      }
      // Only those two hashes, and scripts from the shop itself.
      expect(scriptSources.sort()).toEqual(["'self'", ...inline.map((c) => `'sha256-${createHash("sha256").update(c).digest("base64")}'`)].sort());
    }
  });

  it("drops an entry after its TTL", async () => {
    await get(base, "/about");
    await cache.storesSettled();
    expect((await get(base, "/about")).cache).toBe("hit");
    clock += 60_001;
    expect((await get(base, "/about")).cache).toBe("miss");
  });

  it("does not store a render that was in flight when the cache was cleared", async () => {
    const slowCache = new PageCache({ maxBytes: 1024 * 1024 });
    slowCache.startStoring();
    const app = express();
    app.use(slowCache.recordMisses());
    app.get("/{*splat}", (_req, res) => {
      res.type("html").write("<p>old</p>");
      slowCache.clear(); // an admin's change lands while the page renders
      res.end("<p>data</p>");
    });
    const slow = await listen(requestListener(app, slowCache));
    try {
      await get(slow.base, "/shop");
      await slowCache.storesSettled();
      expect((await get(slow.base, "/shop")).cache).toBe("miss");
      expect(slowCache.size).toBe(0);
    } finally {
      await new Promise((resolve) => slow.server.close(resolve));
    }
  });

  it("renders a page once for concurrent requests, and serves a page past its TTL while it renders again", async () => {
    let slowRenders = 0;
    // Resolved when the slow handler starts render n: the test acts while that render runs.
    const renderStarted = new Map<number, () => void>();
    const renderNumber = (n: number) => new Promise<void>((resolve) => renderStarted.set(n, resolve));
    let slowClock = 0;
    const slowCache = new PageCache({ maxBytes: 1024 * 1024, ttlMs: 1000, now: () => slowClock });
    slowCache.startStoring();
    const app = express();
    app.use(slowCache.recordMisses());
    app.get("/{*splat}", (_req, res) => {
      slowRenders += 1;
      const n = slowRenders;
      renderStarted.get(n)?.();
      setTimeout(() => res.type("html").send(`<p>render ${n}</p>`), 300);
    });
    const slow = await listen(requestListener(app, slowCache));
    try {
      const cold = await Promise.all(Array.from({ length: 5 }, () => get(slow.base, "/shop")));
      expect(slowRenders).toBe(1);
      expect(cold.map((r) => r.text)).toEqual(Array(5).fill("<p>render 1</p>"));
      expect(cold.filter((r) => r.cache === "miss")).toHaveLength(1);

      slowClock += 1001;
      const secondRender = renderNumber(2);
      const refreshing = get(slow.base, "/shop"); // renders anew…
      await secondRender;
      const meanwhile = await get(slow.base, "/shop"); // …while this one gets the previous page
      expect(meanwhile).toMatchObject({ cache: "hit", text: "<p>render 1</p>" });
      expect(await refreshing).toMatchObject({ cache: "miss", text: "<p>render 2</p>" });
      await slowCache.storesSettled();
      expect(await get(slow.base, "/shop")).toMatchObject({ cache: "hit", text: "<p>render 2</p>" });
      expect(slowRenders).toBe(2);
    } finally {
      await new Promise((resolve) => slow.server.close(resolve));
    }
  });

  it("after a drop, the next requests share one new render while the old one finishes", async () => {
    let slowRenders = 0;
    // Resolved when the slow handler starts render n: the test acts while that render runs.
    const renderStarted = new Map<number, () => void>();
    const renderNumber = (n: number) => new Promise<void>((resolve) => renderStarted.set(n, resolve));
    const slowCache = new PageCache({ maxBytes: 1024 * 1024 });
    slowCache.startStoring();
    const app = express();
    app.use(slowCache.recordMisses());
    app.get("/{*splat}", (_req, res) => {
      slowRenders += 1;
      const n = slowRenders;
      renderStarted.get(n)?.();
      setTimeout(() => res.type("html").send(`<p>render ${n}</p>`), 300);
    });
    const slow = await listen(requestListener(app, slowCache));
    try {
      const firstRender = renderNumber(1);
      const before = get(slow.base, "/shop");
      await firstRender;
      slowCache.clear(); // an admin's change lands while render 1 runs
      const after = await Promise.all(Array.from({ length: 3 }, () => get(slow.base, "/shop")));
      expect((await before).text).toBe("<p>render 1</p>");
      expect(after.map((r) => r.text)).toEqual(Array(3).fill("<p>render 2</p>"));
      expect(slowRenders).toBe(2);
      await slowCache.storesSettled();
      expect(await get(slow.base, "/shop")).toMatchObject({ cache: "hit", text: "<p>render 2</p>" });
    } finally {
      await new Promise((resolve) => slow.server.close(resolve));
    }
  });

  it("keeps the stored bytes under its bound, dropping the least recently used page", async () => {
    const small = new PageCache({ maxBytes: 6000 });
    small.startStoring();
    const app = express();
    app.use(small.recordMisses());
    app.get("/{*splat}", (req, res) => {
      res.type("html").send(`${req.path} ${"x".repeat(1500)}`); // ~1.5 KB plain + two tiny compressed copies
    });
    const bounded = await listen(requestListener(app, small));
    try {
      for (const url of ["/about", "/blog", "/technology"]) {
        await get(bounded.base, url);
        await small.storesSettled();
      }
      expect((await get(bounded.base, "/about")).cache).toBe("hit"); // now the most recently used
      await get(bounded.base, "/shop");
      await small.storesSettled();
      expect(small.storedBytes).toBeLessThanOrEqual(6000);
      expect((await get(bounded.base, "/blog")).cache).toBe("miss"); // the least recently used went
      expect((await get(bounded.base, "/about")).cache).toBe("hit");
    } finally {
      await new Promise((resolve) => bounded.server.close(resolve));
    }
  });
});

describe("cacheKey and pickEncoding", () => {
  it("keys storefront GET and HEAD requests only", () => {
    expect(cacheKey("GET", "/")).toBe("/");
    expect(cacheKey("HEAD", "/_.data?_routes=routes%2Fstore%2Fhome")).toBe(
      "/_.data?_routes=routes%2Fstore%2Fhome",
    );
    expect(cacheKey("GET", "/collections/sterilizers/uvc?")).toBe("/collections/sterilizers/uvc");
    expect(cacheKey("GET", "/en")).toBe("/en");
    expect(cacheKey("GET", "/en.data")).toBe("/en.data");
    expect(cacheKey("GET", "/en/collections/sterilizers/uvc")).toBe("/en/collections/sterilizers/uvc");
    expect(cacheKey("GET", "/enshop")).toBeNull();
    expect(cacheKey("GET", "/en/cart")).toBeNull();
    expect(cacheKey("POST", "/shop")).toBeNull();
    expect(cacheKey("GET", "/collections/a/b/c")).toBeNull();
    expect(cacheKey("GET", "/uploads/products/1.webp")).toBeNull();
    expect(cacheKey("GET", "/admin.data")).toBeNull();
  });

  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});

const database = await setUpTestDatabase();

describe("page cache invalidation through the database", () => {
  let other: Database | null = null;
  let server: Server;
  let base: string;
  let cache: PageCache;
  let env: Env;

  beforeAll(async () => {
    env = parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "page-cache-")), AUTH_SECRET: "t".repeat(32) });
    const services = { env, logger: createLogger("silent"), database, auth: createAuth(database.db, env) };
    cache = (await createPageCache(services))!;
    ({ server, base } = await listen(requestListener(testApp(cache), cache)));
    // On PostgreSQL, "another instance" is another connection to the same database.
    if (database.url) other = await openDatabase({ databaseUrl: database.url });
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await other?.close();
    await closeEventHub(database);
  });

  it("bypasses and never stores a request carrying the real session cookie of a real sign-in", async () => {
    const auth = createAuth(database.db, env, { logger: createLogger("silent") });
    await createAdminUser(database.db, auth, { email: "cache@shop.vn", password: "Chong-khuan-2026" });
    const signedIn = await auth.handler(
      new Request(`${env.PUBLIC_URL}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: env.PUBLIC_URL },
        body: JSON.stringify({ email: "cache@shop.vn", password: "Chong-khuan-2026" }),
      }),
    );
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    expect(cookie).toMatch(/session_token=/);
    expect(await auth.api.getSession({ headers: new Headers({ cookie }) })).not.toBeNull();

    await get(base, "/collections/admin-view", { cookie });
    await cache.storesSettled();
    expect((await get(base, "/collections/admin-view", { cookie })).cache).toBe("bypass");
    expect((await get(base, "/collections/admin-view")).cache).toBe("miss");
  });

  it("drops every cached page when storefront_changed is notified by any instance", async () => {
    await get(base, "/shop");
    await get(base, "/");
    await cache.storesSettled();
    expect((await get(base, "/shop")).cache).toBe("hit");

    // A notification only (no local call): what an admin's change on another instance sends.
    await notify((other ?? database).db, STOREFRONT_CHANGED_CHANNEL, "catalog");
    const deadline = Date.now() + 10_000;
    while (cache.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cache.size).toBe(0);
    expect((await get(base, "/shop")).cache).toBe("miss");
    expect((await get(base, "/")).cache).toBe("miss");
  });
});
