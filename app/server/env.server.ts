import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import type { S3Config } from "./storage.server";

/** A per-client rate limit written "max/seconds" (both at least 1), e.g. 10/600. */
function rateLimitSetting(fallback: string) {
  return z
    .string()
    .regex(/^[1-9]\d{0,5}\/[1-9]\d{0,5}$/, "must be max/seconds (both at least 1), e.g. 10/600")
    .default(fallback)
    .transform((value) => {
      const [max, window] = value.split("/").map(Number);
      return { max, window };
    });
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a PostgreSQL URL (postgres://user:pass@host:5432/db)")
      .optional(),
    /**
     * The shop's public address, or several separated by commas (apex and www): the first is the
     * canonical one for links, sitemap and e-mails; all are accepted as the Origin of a form post.
     * Unset: the shop answers at whatever address it is reached (see publicOrigins below).
     */
    PUBLIC_URL: z
      .string()
      .transform((value) => value.split(",").map((part) => part.trim().replace(/\/$/, "")).filter(Boolean))
      .pipe(z.array(z.url({ protocol: /^https?$/, error: "must be http(s) URLs separated by commas" })).min(1))
      .optional(),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /**
     * Behind a reverse proxy, the header it sets to the client's address (e.g. x-forwarded-for,
     * x-real-ip); "none" (no proxy): the socket's address. A header no proxy overwrites would let
     * any client pick its own address and dodge the rate limits.
     */
    TRUSTED_PROXY_IP_HEADER: z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, "must be a header name (x-forwarded-for) or none")
      .default("none"),
    /** Orders one client address may place per window: "max/seconds" (see docs/decisions/0011). */
    ORDER_RATE_LIMIT: rateLimitSetting("10/600"),
    /** Newsletter sign-ups one client address may make per window: "max/seconds" (docs/decisions/0011). */
    NEWSLETTER_RATE_LIMIT: rateLimitSetting("5/600"),

    /** Discount-code checks at checkout one client address may make per window: "max/seconds". */
    DISCOUNT_CODE_RATE_LIMIT: rateLimitSetting("20/600"),
    /** Order look-ups (order number + phone) one client address may make per window: "max/seconds". */
    ORDER_LOOKUP_RATE_LIMIT: rateLimitSetting("10/600"),
    /** Look-ups of one order number, from any address, per window: "max/seconds" (decision 0045). */
    ORDER_LOOKUP_NUMBER_RATE_LIMIT: rateLimitSetting("5/3600"),
    /** Look-ups with one phone number (+84…), from any address, per window: "max/seconds" (decision 0045). */
    ORDER_LOOKUP_PHONE_RATE_LIMIT: rateLimitSetting("10/3600"),
    /** Admin sign-in attempts one client address may make per window: "max/seconds". */
    SIGN_IN_RATE_LIMIT: rateLimitSetting("5/60"),
    /**
     * Requests the page cache does not answer (search, uncached pages, actions, API) one client
     * address may make: a burst of max, refilled at max/seconds per second; beyond it 429
     * (docs/decisions/0017). The default is far above what a shopper or an admin clicks.
     */
    CLIENT_RATE_LIMIT: rateLimitSetting("60/20"),
    /**
     * Requests of one client address in progress at once (beyond: 429). A browser opens at most
     * six connections to a host over HTTP/1.1; raise it when many shoppers share one address.
     */
    CLIENT_CONCURRENCY: z.coerce.number().int().min(1).max(100_000).default(6),
    /** Order e-mails go out through this SMTP server (smtp://user:pass@host:587 or smtps://…:465); unset: kept in the outbox. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/\S+$/, "must be an SMTP URL (smtp://user:pass@host:587 or smtps://user:pass@host:465)")
      .optional(),
    /** The From header of order e-mails; defaults to the store name and e-mail in settings. */
    SMTP_FROM: z.string().min(3).optional(),
    /** Uploaded images go to an S3-compatible bucket when these four are set (all or none). */
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http(s) URL (https://s3.eu-central-1.amazonaws.com)" }).optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)")
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    /** true (default): <endpoint>/<bucket>/<key>, as MinIO-like servers need; false: <bucket>.<endpoint host>. */
    S3_PATH_STYLE: z.enum(["true", "false"], { error: "must be true or false" }).default("true"),
    /** Public base URL of the bucket (or a CDN in front); unset: images are proxied through /uploads. */
    S3_PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    /**
     * Hosts besides the carriers' own that a carrier account may point at (comma-separated host
     * names, e.g. 127.0.0.1): a local stand-in of GHN in the test suites. Unset in a shop: the
     * carrier token is only ever sent to the carrier's official hosts (decision 0043).
     */
    CARRIER_TEST_HOSTS: z
      .string()
      .transform((value) => value.split(",").map((host) => host.trim().toLowerCase()).filter(Boolean))
      .pipe(z.array(z.string().regex(/^[a-z0-9.-]+$|^\[[0-9a-f:]+\]$/, "must be host names separated by commas (e.g. 127.0.0.1)")))
      .default([]),
    /** Memory for the anonymous page cache (app/server/page-cache.server.ts), in MB; 0 turns it off. */
    PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
    /**
     * Server processes sharing the port (node:cluster), or "auto": one per core. More than one
     * needs DATABASE_URL (the embedded database belongs to one process): server/workers.ts.
     */
    WEB_CONCURRENCY: z
      .union([z.literal("auto"), z.coerce.number().int().min(1).max(64)], {
        error: 'must be a number of processes (1–64) or "auto" (one per core)',
      })
      .default(1)
      .transform((value) => (value === "auto" ? os.availableParallelism() : value)),
  })
  .transform((raw) => ({ ...raw, DATA_DIR: path.resolve(raw.DATA_DIR) }));

export type Env = Omit<z.infer<typeof envSchema>, "PUBLIC_URL"> & {
  /** The canonical address: PUBLIC_URL's first entry, else http://localhost:$PORT (where no request is at hand). */
  PUBLIC_URL: string;
  /**
   * The origins PUBLIC_URL lists; empty when it is unset, and then a form post is accepted from
   * the request's own address (app/server/request-guards.server.ts).
   */
  PUBLIC_ORIGINS: string[];
  AUTH_SECRET: string;
  S3?: S3Config;
};

export class ConfigError extends Error {}

/** Parses a set of variables (process.env by default). Throws ConfigError with every problem listed. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const publicUrl = env.PUBLIC_URL?.[0] ?? `http://localhost:${env.PORT}`;
  const publicOrigins = [...new Set((env.PUBLIC_URL ?? []).map((url) => new URL(url).origin))];
  return {
    ...env,
    PUBLIC_URL: publicUrl,
    PUBLIC_ORIGINS: publicOrigins,
    AUTH_SECRET: resolveAuthSecret(env),
    S3: resolveS3(env),
  };
}

const requiredS3 = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** The bucket, when configured. A partial configuration is refused, naming what is missing. */
function resolveS3(env: z.infer<typeof envSchema>): S3Config | undefined {
  const given = requiredS3.filter((name) => env[name] !== undefined);
  if (given.length === 0) {
    if (env.S3_PUBLIC_URL)
      throw new ConfigError(`Invalid configuration:\n  S3_PUBLIC_URL: needs S3 storage (${requiredS3.join(", ")})`);
    return undefined;
  }
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) {
    const missing = requiredS3.filter((name) => env[name] === undefined);
    const lines = missing.map((name) => `  ${name}: required for S3 storage (${given.join(", ")} ${given.length === 1 ? "is" : "are"} set)`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    region: env.S3_REGION,
    pathStyle: env.S3_PATH_STYLE === "true",
    publicUrl: env.S3_PUBLIC_URL,
  };
}

function resolveAuthSecret(env: z.infer<typeof envSchema>): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.NODE_ENV === "production" && env.DATABASE_URL) {
    // Several instances share one PostgreSQL: each must be given the same secret explicitly.
    throw new ConfigError(
      "Invalid configuration:\n  AUTH_SECRET: required when NODE_ENV=production and DATABASE_URL is set",
    );
  }
  // Embedded mode: generate once and keep it beside the database, so sessions survive restarts.
  const file = path.join(env.DATA_DIR, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * In production without PUBLIC_URL, links in e-mails (written where no request is at hand) point
 * at http://localhost:$PORT: the warning the server logs at start, else null. The shop still runs
 * (a newcomer's `npm start` works); the console shows the owner the same news (decision 0045).
 */
export function publicUrlWarning(env: Pick<Env, "NODE_ENV" | "PUBLIC_ORIGINS" | "PUBLIC_URL">): string | null {
  if (env.NODE_ENV !== "production" || env.PUBLIC_ORIGINS.length > 0) return null;
  return `PUBLIC_URL is not set: links in e-mails (order look-up, newsletter, reviews, invitations) point at ${env.PUBLIC_URL} until it is. Set PUBLIC_URL to the shop's public address, e.g. PUBLIC_URL=https://shop.example.vn`;
}

let cached: Env | undefined;

/** The process-wide configuration, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
