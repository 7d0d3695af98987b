import { promisify } from "node:util";
import zlib from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { isAdminCookieName } from "./auth.server";
import { isFlashCookieName } from "./flash.server";
import { pinInlineScripts } from "./content-security-policy.server";

/**
 * Server-side cache of whole storefront responses for anonymous visitors (decision 0009).
 *
 * A GET of a storefront page (the HTML document or its React Router `.data` twin) is rendered
 * once, then served from memory — status, headers and body as rendered, except the render's CSP
 * nonce, which a stored page must not replay to every visitor: its inline scripts are allowed by
 * hash instead (pinnedForEveryone) —
 * precompressed (gzip and brotli made once per entry), until a storefront change drops the
 * whole cache (`clear`, called on every `storefront_changed` notification) or the TTL passes.
 *
 * Never cached: other paths (admin, API, checkout, order confirmation, search), a request that
 * carries a session or flash cookie or an Authorization header, and a response that is not a
 * 200 HTML/`.data` answer, sets a cookie, or says `Cache-Control: private`/`no-store`.
 */

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export const PAGE_CACHE_HEADER = "X-Page-Cache";
/** Safety net for what no notification announces (best-selling order, the quantity cap, the year). */
export const PAGE_CACHE_TTL_MS = 60_000;

/**
 * Storefront pages in either language (/en/…), by path without the `.data` suffix (`/_` is the
 * home page's data). Not
 * /cart: it shows the visitor's own cart (kept on the server, found by its cookie).
 */
const CACHEABLE_PATH = /^\/(?:en(?=\/|$)\/?)?(?:|_|about|blog|technology|shop|collections\/[^/]+(?:\/[^/]+)?)$/;
const CACHEABLE_TYPE = /^(?:text\/html|text\/x-script)\b/;
/** Hop-by-hop or recomputed headers: never replayed from an entry. */
const DROPPED_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "date",
]);

interface Entry {
  status: number;
  headers: Array<[string, string | string[]]>;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  bytes: number;
  expiresAt: number;
}

interface Render {
  generation: number;
  /** Requests for the same page waiting for this render's entry (null: not stored). */
  waiters: Array<(entry: Entry | null) => void>;
  /** The response finished and is being compressed and stored. */
  storing: boolean;
}

export interface PageCacheOptions {
  /** Upper bound of the bodies kept (all three encodings), least recently used dropped first. */
  maxBytes: number;
  ttlMs?: number;
  now?: () => number;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Bumped by every clear: a render that started before a change is not stored after it. */
  private generation = 0;
  /** False until the process listens for storefront changes: nothing is stored before. */
  private storing = false;
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** The render in flight per key: its request stores the page, concurrent requests wait for it. */
  private readonly renders = new Map<string, Render>();
  /** Renders on their way from serve to recordMisses (the same request object in Express). */
  private readonly pendingRenders = new WeakMap<IncomingMessage, { key: string; render: Render }>();
  /** Responses being compressed and stored: awaited by storesSettled. */
  private readonly storesInFlight = new Set<Promise<void>>();
  private hits = 0;
  private misses = 0;

  constructor(private readonly options: PageCacheOptions) {
    this.ttlMs = options.ttlMs ?? PAGE_CACHE_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /** Starts storing responses (once the storefront-change subscription is in place). */
  startStoring(): void {
    this.storing = true;
  }

  /** Drops every entry; renders in flight are not stored. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get storedBytes(): number {
    return this.bytes;
  }

  /**
   * Answers a request from the cache, or calls `next` to have the app render it. Called by the
   * HTTP server before Express: a hit costs no middleware at all. One request per page renders
   * at a time: the others wait for its result instead of rendering the same page again, and a
   * page past its TTL is still served while one request renders it anew. A page dropped by a
   * storefront change is never served again.
   */
  serve(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const pathKey = cacheKey(req.method, req.url);
    if (pathKey === null) return next();
    // Pages carry absolute links to the address they were reached at when PUBLIC_URL is unset
    // (publicOrigin): one entry per Host, so no request can plant another host's links for all.
    const key = `${req.headers.host ?? ""} ${pathKey}`;
    if (isPrivateRequest(req)) {
      res.setHeader(PAGE_CACHE_HEADER, "bypass");
      return next();
    }
    const entry = this.entries.get(key);
    const render = this.renders.get(key);
    const current = render !== undefined && render.generation === this.generation;
    if (entry && (entry.expiresAt > this.now() || current || req.method === "HEAD")) {
      this.touch(key, entry);
      this.hits += 1;
      return sendEntry(req, res, entry);
    }
    if (current) {
      render.waiters.push((stored) => {
        if (stored === null) return this.renderNow(key, req, res, next);
        this.hits += 1;
        sendEntry(req, res, stored);
      });
      return;
    }
    this.renderNow(key, req, res, next);
  }

  private renderNow(key: string, req: IncomingMessage, res: ServerResponse, next: () => void): void {
    this.misses += 1;
    res.setHeader(PAGE_CACHE_HEADER, "miss");
    // A render that began before the last drop is not stored: this one replaces it.
    if (req.method === "GET" && this.storing && this.renders.get(key)?.generation !== this.generation) {
      const render: Render = { generation: this.generation, waiters: [], storing: false };
      this.renders.set(key, render);
      this.pendingRenders.set(req, { key, render });
      // Whatever happens to this response (an error page, a closed connection), the waiters go on.
      res.once("close", () => {
        if (!render.storing) this.settle(key, render, null);
      });
    }
    next();
  }

  /**
   * Keeps a copy of a missed response to store it. Mount it after compression, just before the
   * page renderer: it must see the body before compression does.
   */
  recordMisses() {
    return (req: Request, res: Response, next: NextFunction) => {
      const pending = this.pendingRenders.get(req);
      if (pending) this.record(pending.key, pending.render, res);
      next();
    };
  }

  /** Resolves once every finished response is stored (or refused): what a test waits for, not a delay. */
  async storesSettled(): Promise<void> {
    await Promise.all(this.storesInFlight);
  }

  /** Hits and misses since the last call (for a periodic log line instead of one per hit). */
  takeCounts(): { hits: number; misses: number } {
    const counts = { hits: this.hits, misses: this.misses };
    this.hits = 0;
    this.misses = 0;
    return counts;
  }

  /** Most recently used last: eviction takes from the front. */
  private touch(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  /** Ends a render: its waiters get the stored entry, or render themselves (null). */
  private settle(key: string, render: Render, entry: Entry | null): void {
    if (this.renders.get(key) === render) this.renders.delete(key);
    const waiters = render.waiters.splice(0);
    for (const waiter of waiters) waiter(entry);
  }

  /** Wraps write/end (inside compression's wrappers) to keep a copy of the uncompressed body. */
  private record(key: string, render: Render, res: Response): void {
    const chunks: Buffer[] = [];
    let headers: Array<[string, string | string[]]> | null = null;
    let cacheable = true;
    const snapshot = () => {
      if (headers !== null || !cacheable) return;
      cacheable = isCacheableResponse(res);
      if (cacheable) headers = storedHeaders(res);
    };
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (!cacheable || chunk === undefined || chunk === null || typeof chunk === "function") return;
      if (typeof chunk === "string")
        chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      snapshot();
      keep(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response["write"];
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      snapshot();
      keep(chunk, rest[0]);
      return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
    } as Response["end"];
    res.once("finish", () => {
      if (!cacheable || headers === null || res.statusCode !== 200) return this.settle(key, render, null);
      render.storing = true;
      const page = pinnedForEveryone(headers, Buffer.concat(chunks));
      const storing = this.store(key, render, res.statusCode, page.headers, page.body);
      this.storesInFlight.add(storing);
      void storing.finally(() => this.storesInFlight.delete(storing));
    });
  }

  private async store(key: string, render: Render, status: number, headers: Entry["headers"], identity: Buffer) {
    let stored: Entry | null = null;
    try {
      const [gz, br] = await Promise.all([
        gzip(identity),
        brotli(identity, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          },
        }),
      ]);
      const bytes = identity.length + gz.length + br.length + key.length;
      // A page rendered before a storefront change is not kept (nor given to the waiters).
      if (render.generation !== this.generation || bytes > this.options.maxBytes) return;
      const previous = this.entries.get(key);
      if (previous) this.remove(key, previous);
      stored = { status, headers, identity, gzip: gz, br, bytes, expiresAt: this.now() + this.ttlMs };
      this.entries.set(key, stored);
      this.bytes += bytes;
      for (const [oldKey, old] of this.entries) {
        if (this.bytes <= this.options.maxBytes) break;
        this.remove(oldKey, old);
      }
    } catch {
      // A body that cannot be compressed is simply not cached.
    } finally {
      this.settle(key, render, stored);
    }
  }

  private remove(key: string, entry: Entry): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/**
 * The cache key of a request, or null when its path is not a cached storefront page: path plus
 * query, the query's parameters sorted by name (repeated names keep their order) so that
 * `?a=1&b=2` and `?b=2&a=1` share an entry. HEAD is answered from the GET entry.
 */
export function cacheKey(method: string | undefined, url: string | undefined): string | null {
  if ((method !== "GET" && method !== "HEAD") || url === undefined) return null;
  const q = url.indexOf("?");
  const rawPath = q === -1 ? url : url.slice(0, q);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  const dataPath = path.endsWith(".data") ? path.slice(0, -".data".length) : null;
  if (!CACHEABLE_PATH.test(dataPath ?? path)) return null;
  if (q === -1) return path;
  const params = [...new URLSearchParams(url.slice(q + 1))].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (params.length === 0) return path;
  return `${path}?${new URLSearchParams(params).toString()}`;
}

/**
 * A signed-in admin (or anyone sending credentials) gets a fresh render, never stored. The
 * cookie names come from the auth configuration (isAdminCookieName): better-auth's session and
 * second-factor cookies, and the console's flash notice; a storefront flash notice is personal too.
 */
export function isPrivateRequest(req: Pick<IncomingMessage, "headers">): boolean {
  if (req.headers.authorization !== undefined) return true;
  const cookie = req.headers.cookie;
  if (cookie === undefined) return false;
  return cookie.split(";").some((pair) => {
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq).trim();
    return eq !== -1 && (isAdminCookieName(name) || isFlashCookieName(name));
  });
}

function isCacheableResponse(res: Response): boolean {
  if (res.statusCode !== 200) return false;
  if (res.getHeader("set-cookie") !== undefined) return false;
  if (!CACHEABLE_TYPE.test(String(res.getHeader("content-type") ?? ""))) return false;
  const cacheControl = String(res.getHeader("cache-control") ?? "");
  return !/\b(?:private|no-store)\b/i.test(cacheControl);
}

/**
 * What a stored page must not replay: the CSP nonce of the render that made it (one nonce for
 * every visitor is no nonce). Its policy names the page's inline scripts by hash instead, and the
 * nonce attributes go (pinInlineScripts).
 */
function pinnedForEveryone(headers: Entry["headers"], body: Buffer): { headers: Entry["headers"]; body: Buffer } {
  const index = headers.findIndex(([name]) => name === "content-security-policy");
  if (index === -1) return { headers, body };
  const [, value] = headers[index];
  const policies = Array.isArray(value) ? value : [value];
  let html = body.toString("utf8");
  let changed = false;
  const pinnedPolicies = policies.map((policy) => {
    const pinned = pinInlineScripts(policy, html);
    if (!pinned) return policy;
    changed = true;
    html = pinned.html;
    return pinned.policy;
  });
  if (!changed) return { headers, body };
  const pinnedHeaders = [...headers];
  pinnedHeaders[index] = ["content-security-policy", Array.isArray(value) ? pinnedPolicies : pinnedPolicies[0]];
  return { headers: pinnedHeaders, body: Buffer.from(html, "utf8") };
}

function storedHeaders(res: Response): Entry["headers"] {
  const headers: Entry["headers"] = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || DROPPED_HEADERS.has(name) || name === PAGE_CACHE_HEADER.toLowerCase()) continue;
    headers.push([name, typeof value === "number" ? String(value) : value]);
  }
  return headers;
}

/** The best encoding the client accepts among brotli, gzip and none (`q=0` refuses). */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return null;
}

function sendEntry(req: IncomingMessage, res: ServerResponse, entry: Entry): void {
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.identity;
  res.statusCode = entry.status;
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  const vary = String(res.getHeader("vary") ?? "");
  if (!/\baccept-encoding\b/i.test(vary)) res.setHeader("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.setHeader(PAGE_CACHE_HEADER, "hit");
  res.end(req.method === "HEAD" ? undefined : body);
}
