import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

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
    PUBLIC_URL: z.url().optional(),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    TRUSTED_PROXY_IP_HEADER: z.string().default("x-forwarded-for"),
    /** Order e-mails go out through this SMTP server (smtp://user:pass@host:587 or smtps://…:465); unset: kept in the outbox. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/\S+$/, "must be an SMTP URL (smtp://user:pass@host:587 or smtps://user:pass@host:465)")
      .optional(),
    /** The From header of order e-mails; defaults to the store name and e-mail in settings. */
    SMTP_FROM: z.string().min(3).optional(),
    /** Memory for the anonymous page cache (app/server/page-cache.server.ts), in MB; 0 turns it off. */
    PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  })
  .transform((raw) => ({ ...raw, DATA_DIR: path.resolve(raw.DATA_DIR) }));

export type Env = z.infer<typeof envSchema> & { PUBLIC_URL: string; AUTH_SECRET: string };

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
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return { ...env, PUBLIC_URL: publicUrl, AUTH_SECRET: resolveAuthSecret(env) };
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

let cached: Env | undefined;

/** The process-wide configuration, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
