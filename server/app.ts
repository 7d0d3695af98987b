import { existsSync, readdirSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { listenForStorefrontChanges, onStorefrontChange } from "~/server/storefront-events.server";
import { startEmailSender } from "~/features/email/outbox.server";
import { createServices, type AppServices } from "~/server/context.server";
import { ConfigError, parseEnv, publicUrlWarning } from "~/server/env.server";
import { closeEventHub } from "~/server/events.server";
import { createLogger, type Logger } from "~/server/logger.server";
import { redactSecrets } from "~/server/redact-secrets.server";
import { guardDatabaseOutages } from "./database-outage";
import { atPageAddress, wrapRouteHandlers } from "./route-handlers";
import { isForkedWorker, runPrimary, workerCount } from "./workers";
import {
  bodyLimit,
  clientAddress,
  crossSiteRefusal,
  fairShare,
  malformedUrlRefusal,
  methodRefusal,
  refuseMissingActions,
  rendersInTurn,
} from "./guards";
import { PageCache } from "~/server/page-cache.server";
import { RefusalLog, REFUSAL_LOG_INTERVAL_MS } from "~/server/refusal-log.server";
import { CLIENT_IP_HEADER, publicOrigin } from "~/server/request-guards.server";
import { TokenBuckets } from "~/server/token-bucket.server";

interface StartOptions {
  /** In development the Vite dev server provides the build and the assets. */
  vite?: ViteDevServer;
}

/**
 * Pages rendered at once per process (rendersInTurn): enough to keep the CPU busy while some wait
 * for the database; and started per turn of the event loop: few enough that a turn stays short
 * (/healthz p99 < 50 ms under load; a cached page's render is 3–8 ms).
 */
const RENDERS = { atOnce: 8, perTurn: 2 };

/**
 * Builds the Express app around the services: headers, logs, health, auth, assets, pages. With a
 * page cache, it records the pages the cache misses (serve hits with `requestListener`).
 */
export function createApp(
  services: AppServices,
  getBuild: () => Promise<ServerBuild>,
  vite?: ViteDevServer,
  pageCache: PageCache | null = null,
) {
  const { logger, database, auth } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", false);

  app.use(clientAddress(services.env));
  // Refusals: the first per client address and status per minute in full, then a count.
  const refusals = new RefusalLog(logger);
  setInterval(() => refusals.flush(), REFUSAL_LOG_INTERVAL_MS).unref();
  app.use(requestLog(logger, refusals));
  app.use(securityHeaders(services.env.PUBLIC_URL.startsWith("https:")));
  app.use(methodRefusal());
  app.use(bodyLimit(getBuild));
  app.use(malformedUrlRefusal());
  // Brotli's default window is 4 MB, set up for every response compressed on the fly: 256 KB
  // (LGWIN 18) holds our largest page, with the same bytes, and cost the framework's minimal page
  // a third less CPU with a browser's Accept-Encoding (4.1 -> 2.7 ms a request). Decision 0025.
  app.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } } }));

  // Answered first by the HTTP server (requestListener); here for the app on its own (tests).
  app.get("/healthz", healthCheck(database));

  // One client's share of the requests that cost a render or a query (not cached pages, assets, health).
  const clientShare = fairShare(new TokenBuckets(services.env.CLIENT_RATE_LIMIT), services.env.CLIENT_CONCURRENCY);

  app.all("/api/auth/*splat", clientShare, crossSiteRefusal(services.env), async (req, res) => {
    const response = await auth.handler(toFetchRequest(req, publicOrigin(services.env, { url: ownUrl(req) })));
    await sendFetchResponse(res, response);
  });

  if (vite) {
    app.use(vite.middlewares);
  } else {
    const clientDir = path.resolve("build/client");
    // Fingerprinted bundles never change: cache them for a year.
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
    // The other public files (favicon, images, downloads) by their first path segment: a page's
    // request no longer costs a file-system look-up (`stat`) before it renders.
    // (No build yet, as in the service tests: nothing to serve.)
    const publicEntries = new Set(
      existsSync(clientDir) ? readdirSync(clientDir).filter((name) => name !== "assets") : [],
    );
    const publicFiles = express.static(clientDir, { maxAge: "1h" });
    app.use((req, res, next) => {
      if (publicEntries.has(req.path.split("/")[1] ?? "")) return publicFiles(req, res, next);
      next();
    });
  }

  app.all(
    "/{*splat}",
    clientShare,
    crossSiteRefusal(services.env),
    ...(pageCache ? [pageCache.recordMisses()] : []),
    rendersInTurn(RENDERS),
    pageHandler(services, getBuild, vite),
  );

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    // Express and its parsers mark the client's mistakes with a 4xx status: not a server error.
    const status = clientErrorStatus(error);
    if (status) {
      // The request log writes its line (throttled per address): here only what Express knew of it.
      logger.debug({ err: error, path: loggedPath(req.path) }, "request refused");
      if (!res.headersSent) res.status(status).set("Cache-Control", "no-store").json({ error: "Yêu cầu không hợp lệ" });
      return;
    }
    logger.error({ err: error, path: loggedPath(req.path) }, "unhandled request error");
    if (!res.headersSent) res.status(500).type("text/plain").send("Internal Server Error");
  });
  return app;
}

/**
 * React Router's handler for pages, data requests and actions, made once per build. Given a
 * function for `build`, React Router derives its routes, matchers and handlers again on every
 * request: here it is given the build itself, wrapped once, and a new handler only when
 * `getBuild` answers another build (Vite reloaded the server code in development).
 */
function pageHandler(services: AppServices, getBuild: () => Promise<ServerBuild>, vite?: ViteDevServer) {
  const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>();
  const getLoadContext = () => requestContext(services);
  const mode = vite ? "development" : "production";
  return async (req: Request, res: Response, next: NextFunction) => {
    let handler;
    try {
      const build = await getBuild();
      handler = handlers.get(build);
      if (!handler) {
        const prepared = wrapRouteHandlers(refuseMissingActions(guardDatabaseOutages(build)), atPageAddress);
        handler = createRequestHandler({ build: prepared, mode, getLoadContext });
        handlers.set(build, handler);
      }
    } catch (error) {
      next(error);
      return;
    }
    await handler(req, res, next);
  };
}

/**
 * Each request's context: a fresh RouterContextProvider (what middleware sets stays with its
 * request) carrying the process's services, which loaders and actions read as `context.<service>`.
 */
function requestContext(services: AppServices): RouterContextProvider {
  return Object.assign(new RouterContextProvider(), services);
}

function clientErrorStatus(error: unknown): number | null {
  const status = error && typeof error === "object" ? (error as { status?: unknown }).status : undefined;
  return typeof status === "number" && status >= 400 && status < 500 ? status : null;
}

/**
 * Makes every storefront change, of this instance or of another one (another worker, another
 * server), drop this process's storefront caches (catalogue, content, settings, theme, SEO, the
 * page cache) through the database's notifications. Resolves false when they are unavailable:
 * the in-memory caches then live out their TTL, and the page cache stores nothing.
 */
export async function listenToStorefrontChanges({ database, logger }: AppServices): Promise<boolean> {
  try {
    await listenForStorefrontChanges(database);
    return true;
  } catch (error) {
    logger.error(
      { err: error },
      "storefront change notifications unavailable: caches keep reads up to their TTL, page cache not storing",
    );
    return false;
  }
}

/**
 * The anonymous page cache, dropped with the other storefront caches on every storefront change;
 * it stores nothing unless this process listens for those (`listening`). Null when PAGE_CACHE_MB
 * is 0. Resolves once listening.
 */
export async function createPageCache(
  services: AppServices,
  listening: Promise<boolean> = listenToStorefrontChanges(services),
): Promise<PageCache | null> {
  if (services.env.PAGE_CACHE_MB === 0) return null;
  const pageCache = new PageCache({ maxBytes: services.env.PAGE_CACHE_MB * 1024 * 1024 });
  onStorefrontChange(() => pageCache.clear());
  if (await listening) pageCache.startStoring();
  return pageCache;
}

/**
 * The HTTP server's handler: cached pages are answered before Express (one log line a minute
 * sums them up instead of one per request; see PAGE_CACHE_LOG_MS), everything else goes to the app.
 */
export function requestListener(app: (req: IncomingMessage, res: ServerResponse) => void, pageCache: PageCache | null) {
  if (!pageCache) return app;
  return (req: IncomingMessage, res: ServerResponse) => {
    pageCache.serve(req, res, () => app(req, res));
  };
}

/**
 * The HTTP server's first step: a load balancer's probe (/healthz) is answered before anything
 * else, never queued behind page rendering, the page cache or a client's request limit.
 */
export function healthFirst(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  database: AppServices["database"],
) {
  const health = healthCheck(database);
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === "/healthz" && (req.method === "GET" || req.method === "HEAD")) void health(req, res);
    else listener(req, res);
  };
}

/** How long /healthz waits for the database before answering from what it last knew. */
const HEALTH_PING_TIMEOUT_MS = 50;
/** A database that has not answered a ping for this long is reported down. */
const HEALTH_STALE_MS = 10_000;

/**
 * GET /healthz: 200 while the database answers, 503 when it does not. The ping gets
 * HEALTH_PING_TIMEOUT_MS: under load (the embedded database runs queries one at a time) a slower
 * answer is not waited for; the last successful ping decides, reported as "busy", so the probe
 * answers within ~50 ms and a busy shop is not taken for a dead one.
 */
function healthCheck(database: AppServices["database"]) {
  let lastUp = 0;
  let pinging: Promise<boolean> | null = null;
  return async (_req: IncomingMessage, res: ServerResponse) => {
    // One ping in flight at a time, shared by concurrent probes.
    const ping = (pinging ??= database.ping().then((up) => {
      if (up) lastUp = Date.now();
      pinging = null;
      return up;
    }));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<"busy">(
      (resolve) => (timer = setTimeout(() => resolve("busy"), HEALTH_PING_TIMEOUT_MS)),
    );
    const answer = await Promise.race([ping, timedOut]);
    clearTimeout(timer);
    const state =
      answer === "busy" ? (Date.now() - lastUp < HEALTH_STALE_MS ? "busy" : "down") : answer ? "up" : "down";
    const ok = state !== "down";
    res.writeHead(ok ? 200 : 503, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    });
    res.end(JSON.stringify({ status: ok ? "ok" : "unavailable", database: { kind: database.kind, state } }));
  };
}

const PAGE_CACHE_LOG_MS = 60_000;

/**
 * Starts the shop: one server process, or with WEB_CONCURRENCY (and DATABASE_URL) a primary
 * that forks that many (server/workers.ts) — the primary then resolves null, each worker its server.
 */
export async function startServer(options: StartOptions = {}): Promise<Server | null> {
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);
  const { workers, warning } = workerCount(env);
  if (warning) logger.warn(warning);
  const publicUrlNote = publicUrlWarning(env);
  if (publicUrlNote && !isForkedWorker()) logger.warn(publicUrlNote);
  if (!options.vite && workers > 1 && !isForkedWorker()) {
    await runPrimary(env, logger, workers);
    return null;
  }
  const services = await createServices(env, logger, { prepared: isForkedWorker() });
  const { vite } = options;
  // Production imports the build once (an import() per request resolved the module again).
  const productionBuild = vite ? null : (import("virtual:react-router/server-build") as Promise<ServerBuild>);
  const getBuild = () =>
    productionBuild ?? (vite?.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>);
  // Every process listens, with or without a page cache: the in-memory caches depend on it too.
  const listening = listenToStorefrontChanges(services);
  const pageCache = vite ? null : await createPageCache(services, listening);
  await listening;
  const app = createApp(services, getBuild, vite, pageCache);
  // Order e-mails: sent from the outbox in the background (SMTP_URL), never during a request.
  const emailSender = startEmailSender(services.database.db, {
    smtpUrl: env.SMTP_URL,
    from: env.SMTP_FROM,
    logger: logger.child({ module: "email" }),
  });

  const server = createServer(healthFirst(requestListener(app, pageCache), services.database));
  server.listen(env.PORT, env.HOST, () => {
    logger.info({ url: env.PUBLIC_URL, port: env.PORT, host: env.HOST }, "shop listening");
  });
  if (pageCache) {
    setInterval(() => {
      const counts = pageCache.takeCounts();
      if (counts.hits + counts.misses > 0) {
        logger.info({ ...counts, entries: pageCache.size, bytes: pageCache.storedBytes }, "page cache");
      }
    }, PAGE_CACHE_LOG_MS).unref();
  }
  server.keepAliveTimeout = 65_000;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: draining requests");
    // Stop accepting, let in-flight requests finish, then close the database cleanly.
    const forceTimer = setTimeout(() => server.closeAllConnections(), 10_000);
    forceTimer.unref();
    // Live admin event streams never end by themselves: end them so the server can close.
    await closeEventHub(services.database);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await emailSender.stop();
    await services.database.close();
    logger.info("stopped");
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
  return server;
}

/** A path as logged: a one-time link's token or a carrier webhook's secret (decision 0023) is never written to the log. */
export function loggedPath(path: string): string {
  return redactSecrets(path);
}

function requestLog(logger: Logger, refusals: RefusalLog) {
  return (req: Request, res: Response, next: NextFunction) => {
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const entry = {
        method: req.method,
        path: loggedPath(req.path),
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      };
      // A refused request is worth a look (warn); a server error always is (error), except 503:
      // the database is away, which its guard already reports (server/database-outage.ts).
      if (res.statusCode >= 500 && res.statusCode !== 503) logger.error(entry, "request failed");
      else if (res.statusCode >= 400 || res.statusCode === 503) {
        const address = req.get(CLIENT_IP_HEADER) ?? "unknown";
        refusals.refused(address, String(res.statusCode), entry, res.statusCode === 404 ? "not found" : "request refused");
      }
      else logger.info(entry, "request");
    });
    next();
  };
}

function securityHeaders(https: boolean) {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.set({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "SAMEORIGIN",
      // Every response; rendered pages add their full policy with a nonce (app/entry.server.tsx).
      "Content-Security-Policy": "frame-ancestors 'self'; base-uri 'self'; object-src 'none'",
    });
    if (https) res.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

/** The address this request reached (its scheme and Host), as React Router resolves it too. */
function ownUrl(req: Request): string {
  return `${req.protocol}://${req.headers.host ?? ""}/`;
}

/** better-auth speaks the Fetch API; Express gives a Node request. */
function toFetchRequest(req: Request, publicUrl: string): globalThis.Request {
  const url = new URL(req.originalUrl, publicUrl);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new globalThis.Request(url, {
    method: req.method,
    headers,
    body: hasBody ? (req as unknown as ReadableStream) : undefined,
    // Node's fetch needs this to stream a request body.
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}

async function sendFetchResponse(res: Response, response: globalThis.Response) {
  res.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie") res.append(key, value);
  });
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  res.send(Buffer.from(await response.arrayBuffer()));
}
