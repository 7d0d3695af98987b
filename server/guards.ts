import type { NextFunction, Request, Response } from "express";
import { data, matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { Env } from "~/server/env.server";
import { requestBodyLimitOf } from "~/server/form-action.server";
import type { RateLimitOutcome } from "~/server/rate-limit.server";
import type { TokenBuckets } from "~/server/token-bucket.server";
import {
  BODY_TOO_LARGE_MESSAGE,
  CLIENT_IP_HEADER,
  CROSS_SITE_CODE,
  CROSS_SITE_MESSAGE,
  isCrossSiteRequest,
  MAX_BODY_BYTES,
  trustedClientIp,
} from "~/server/request-guards.server";

/*
 * Express middleware that refuses hostile requests before any route runs
 * (docs/decisions/0011-attacks-refused.md).
 */

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Replaces whatever the client put in CLIENT_IP_HEADER with the one address we trust. */
export function clientAddress(env: Pick<Env, "TRUSTED_PROXY_IP_HEADER">) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const ip = trustedClientIp(env, req.headers, req.socket.remoteAddress);
    if (ip) req.headers[CLIENT_IP_HEADER] = ip;
    else delete req.headers[CLIENT_IP_HEADER];
    next();
  };
}

/** Above a route's own limit, so its friendlier check (a message on the form) answers first. */
const UPLOAD_MARGIN_BYTES = 1024 * 1024;

/**
 * Request bodies: 413 above MAX_BODY_BYTES, judged by Content-Length before a byte is read. A route
 * whose action takes uploads (product images, the sections editor, payout files, a review's
 * photos) declares its limit beside its intents (`maxBytes`, app/server/form-action.server.ts); the
 * guard reads it from the build's route for the path, plus a margin. Node reads no more than
 * Content-Length says, so the count cannot be exceeded; a body without a length (chunked) gets
 * 411: browsers always send one.
 */
export function bodyLimit(getBuild: () => Promise<ServerBuild>) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (READ_METHODS.has(req.method)) return next();
    const declared = req.headers["content-length"];
    if (declared === undefined) {
      if (req.headers["transfer-encoding"] === undefined) return next();
      return refuse(res, 411, "Thiếu độ dài dữ liệu (Content-Length)");
    }
    if (Number(declared) <= MAX_BODY_BYTES) return next();
    // No build (a service test without pages): every path has the default limit.
    getBuild().then(
      (build) => judge(routeBodyLimit(build, req.path)),
      () => judge(undefined),
    );
    function judge(routeLimit: number | undefined) {
      const limit = routeLimit === undefined ? MAX_BODY_BYTES : routeLimit + UPLOAD_MARGIN_BYTES;
      if (Number(declared) <= limit) return next();
      // Do not read the body; close the connection after answering.
      res.set("Connection", "close");
      refuse(res, 413, `${BODY_TOO_LARGE_MESSAGE} (tối đa ${Math.round(limit / 1024 / 1024)} MB)`);
    }
  };
}

const bodyLimitsByBuild = new WeakMap<ServerBuild, (path: string) => number | undefined>();

/** The body limit the action of the route at `path` declares (a `.data` request is its page's). */
export function routeBodyLimit(build: ServerBuild, path: string): number | undefined {
  let limitAt = bodyLimitsByBuild.get(build);
  if (!limitAt) {
    const tree = routeTreeOf(build.routes);
    limitAt = (pathname) => {
      const matches = matchRoutes(tree, pathname);
      const leaf = matches?.[matches.length - 1]?.route.id;
      return leaf === undefined ? undefined : requestBodyLimitOf(build.routes[leaf]?.module.action);
    };
    bodyLimitsByBuild.set(build, limitAt);
  }
  const page = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
  return limitAt(page);
}

/** The build's flat route manifest as the tree matchRoutes walks (ids, paths and nesting only). */
function routeTreeOf(manifest: ServerBuild["routes"]): RouteObject[] {
  const routes = Object.values(manifest).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) },
      );
  return childrenOf(undefined);
}

/**
 * A URL that is no address: a NUL character (%00), never part of a real one and refused by
 * PostgreSQL in text, or a broken percent-encoding ("/%", "/%zz") that no router can decode.
 * 400 here instead of a server error in whichever layer reads the path first.
 */
export function malformedUrlRefusal() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (/%00/i.test(req.url) || !decodable(req.path)) return refuse(res, 400, MALFORMED_URL_MESSAGE);
    next();
  };
}

export const MALFORMED_URL_MESSAGE = "Địa chỉ không hợp lệ";

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** The methods some route of the shop answers; browsers' forms and fetchers use no others. */
const ALLOWED_METHODS = "GET, HEAD, POST";
export const METHOD_NOT_ALLOWED_MESSAGE = "Phương thức không được hỗ trợ";

/**
 * Methods no route of the shop answers (PUT, PATCH, DELETE, TRACE, anything made up): 405 with
 * Allow, for every path, before a route or better-auth sees them (Node's Fetch API cannot even
 * carry TRACE). OPTIONS (a CORS preflight, a probe) gets the list and no CORS permission.
 */
export function methodRefusal() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (READ_METHODS.has(req.method) && req.method !== "OPTIONS") return next();
    if (req.method === "POST") return next();
    res.set("Allow", ALLOWED_METHODS);
    if (req.method === "OPTIONS") return void res.status(204).set("Cache-Control", "no-store").end();
    refuse(res, 405, METHOD_NOT_ALLOWED_MESSAGE);
  };
}

const buildsWithActions = new WeakMap<ServerBuild, ServerBuild>();

/**
 * The build with an action on every route that has none (the sitemap, CSV downloads, address
 * lists, layouts, read-only pages…): a POST to one answers 405 with a message, where React Router
 * would answer "Unexpected Server Error" (resource routes) and log an error. A page shows the
 * message in its error boundary.
 */
export function refuseMissingActions(build: ServerBuild): ServerBuild {
  let withActions = buildsWithActions.get(build);
  if (!withActions) {
    const routes: ServerBuild["routes"] = {};
    for (const [id, route] of Object.entries(build.routes)) {
      if (!route) continue;
      const isPage = route.module.default !== undefined;
      routes[id] =
        route.module.action === undefined
          ? { ...route, module: { ...route.module, action: isPage ? pageMethodNotAllowed : methodNotAllowed } as typeof route.module }
          : route;
    }
    withActions = { ...build, routes };
    buildsWithActions.set(build, withActions);
  }
  return withActions;
}

const READ_ONLY_HEADERS = { Allow: "GET, HEAD", "Cache-Control": "no-store" };

function methodNotAllowed(): globalThis.Response {
  return new globalThis.Response(JSON.stringify({ error: METHOD_NOT_ALLOWED_MESSAGE }), {
    status: 405,
    headers: { ...READ_ONLY_HEADERS, "Content-Type": "application/json; charset=utf-8" },
  });
}

function pageMethodNotAllowed(): never {
  throw data({ error: METHOD_NOT_ALLOWED_MESSAGE }, { status: 405, headers: READ_ONLY_HEADERS });
}

/**
 * Cross-site posts to pages, actions and the auth endpoints (CSRF): 403 before the action runs,
 * for every route. The origins accepted are PUBLIC_URL's, or the request's own address when it is
 * unset (allowedOrigins). A browser's plain form post (a navigation) gets a page in Vietnamese
 * with a link back, where the browser still holds what was typed; a script's post (fetch,
 * React Router's fetchers) gets JSON, which the page shows (app/lib/refusal.ts).
 */
export function crossSiteRefusal(env: Pick<Env, "PUBLIC_ORIGINS">) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (READ_METHODS.has(req.method)) return next();
    const headers = new Headers();
    for (const name of ["origin", "sec-fetch-site"]) {
      const value = req.headers[name];
      if (typeof value === "string") headers.set(name, value);
    }
    // The same address React Router resolves for the request (@react-router/express).
    const url = `${req.protocol}://${req.headers.host ?? ""}/`;
    if (!isCrossSiteRequest({ headers, url }, env)) return next();
    if (isFormNavigation(req)) return refuseWithPage(req, res);
    res.status(403).set("Cache-Control", "no-store").json({ error: CROSS_SITE_MESSAGE, code: CROSS_SITE_CODE });
  };
}

/** A plain HTML form post (the browser navigates to the answer), not a script's request. */
function isFormNavigation(req: Request): boolean {
  if (req.path.endsWith(".data")) return false;
  const mode = req.headers["sec-fetch-mode"];
  if (typeof mode === "string") return mode === "navigate";
  return req.accepts(["json", "html"]) === "html";
}

export const TOO_MANY_REQUESTS_MESSAGE = "Bạn gửi quá nhiều yêu cầu trong thời gian ngắn. Vui lòng đợi vài giây rồi thử lại.";


/**
 * Per-client fairness for the requests that reach the app (the page cache, static files and
 * /healthz answer theirs before): each takes a token of its client address's bucket and one of
 * its `concurrency` places (CLIENT_CONCURRENCY: a script with thirty connections gets its other
 * requests refused at once instead of queueing thirty renders in front of everyone else); with either exhausted, 429 with Retry-After, so one
 * client cannot take the shop's renders from everyone else (docs/decisions/0017).
 */
export function fairShare(buckets: TokenBuckets, concurrency: number) {
  const inFlight = new Map<string, number>();
  return (req: Request, res: Response, next: NextFunction) => {
    // Uploaded images: a file read each, cached a year by the browser, two dozen on a listing page.
    if (req.path.startsWith("/uploads/")) return next();
    const header = req.headers[CLIENT_IP_HEADER];
    const client = typeof header === "string" ? header : "unknown";
    const running = inFlight.get(client) ?? 0;
    const outcome: RateLimitOutcome =
      running >= concurrency ? { allowed: false, retryAfterSeconds: 1 } : buckets.take(client);
    if (!outcome.allowed) {
      res.set("Retry-After", String(outcome.retryAfterSeconds));
      if (isFormNavigation(req)) return refusalPage(req, res, 429, "Vui lòng thử lại sau giây lát", TOO_MANY_REQUESTS_MESSAGE);
      return refuse(res, 429, TOO_MANY_REQUESTS_MESSAGE);
    }
    inFlight.set(client, running + 1);
    // "close" comes once per response, whether it finished or the client went away.
    res.once("close", () => {
      const left = (inFlight.get(client) ?? 1) - 1;
      if (left > 0) inFlight.set(client, left);
      else inFlight.delete(client);
    });
    // Start the work on the next turn of the event loop: requests that arrived together are all
    // counted (and the excess refused) before any of them renders, and /healthz gets its turn.
    setImmediate(next);
  };
}

/**
 * The shop's renders in turn: at most `atOnce` requests at a time between this point and their
 * response's headers (a page's headers leave when its shell is rendered), the others waiting in
 * arrival order (none refused: fairShare does that per client), and at most `perTurn` of them
 * started in one turn of the event loop. A render is a synchronous stretch of the loop; fifty of
 * them in one turn made that turn last fifty renders, so a /healthz probe (answered first, but
 * only when the loop gets to its socket) waited hundreds of milliseconds, and every page finished
 * late. `atOnce` alone did not prevent it: a page whose data is cached renders and sends its
 * headers within the turn it started in, freeing its place for the next request of that same
 * turn. A place is free again once the headers are sent, so neither a slow reader nor a live
 * event stream (/admin/events) keeps one. See docs/decisions/0025.
 */
export function rendersInTurn({ atOnce, perTurn }: { atOnce: number; perTurn: number }) {
  let running = 0;
  let startedThisTurn = 0;
  let turnEndScheduled = false;
  const waiting: Array<() => void> = [];
  const mayStart = () => running < atOnce && startedThisTurn < perTurn;
  const startNext = () => {
    while (mayStart() && waiting.length > 0) waiting.shift()?.();
  };
  // The turn's budget comes back at the loop's next check phase, which starts the next in line.
  const endTurn = () => {
    startedThisTurn = 0;
    turnEndScheduled = false;
    startNext();
  };
  return (_req: Request, res: Response, next: NextFunction) => {
    let state: "waiting" | "running" | "done" = "waiting";
    const start = () => {
      if (state !== "waiting") return;
      state = "running";
      running += 1;
      startedThisTurn += 1;
      if (!turnEndScheduled) {
        turnEndScheduled = true;
        setImmediate(endTurn);
      }
      next();
    };
    const leave = () => {
      if (state === "running") running -= 1;
      else if (state === "waiting" && waiting.includes(start)) waiting.splice(waiting.indexOf(start), 1);
      state = "done";
      startNext();
    };
    // Node sends every response's headers through writeHead (an implicit one too).
    const writeHead = res.writeHead as (...args: unknown[]) => Response;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      leave();
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    // "close" comes once per response, finished or abandoned: a waiting request leaves the line.
    res.once("close", leave);
    if (mayStart() && waiting.length === 0) start();
    else waiting.push(start);
  };
}

function refuseWithPage(req: Request, res: Response) {
  refusalPage(req, res, 403, "Yêu cầu bị từ chối", CROSS_SITE_MESSAGE);
}

/** A small page in Vietnamese for a browser that navigated to a refusal, with a way back. */
function refusalPage(req: Request, res: Response, status: number, title: string, message: string) {
  // The page the form was on when the Referer names this same address, else the home page.
  let back = "/";
  const referer = req.headers.referer;
  if (typeof referer === "string" && URL.canParse(referer)) {
    const from = new URL(referer);
    if (from.host === req.headers.host) back = from.pathname + from.search;
  }
  const html = `<!doctype html>
<html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p>Bấm nút Quay lại của trình duyệt (những gì bạn đã nhập vẫn còn), hoặc <a href="${escapeHtml(back)}">mở lại trang trước</a>.</p>
</body></html>`;
  res.status(status).set("Cache-Control", "no-store").type("html").send(html);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function refuse(res: Response, status: number, message: string) {
  res.status(status).set("Cache-Control", "no-store").json({ error: message });
}
