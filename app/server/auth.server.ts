import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import * as schema from "~/db/schema";
import type { Db } from "~/server/db.server";
import type { Env } from "~/server/env.server";
import { flashCookieNames } from "~/server/flash.server";
import { createLogger, type Logger } from "~/server/logger.server";
import { allowedOrigins, CLIENT_IP_HEADER } from "~/server/request-guards.server";
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from "~/server/hotp.server";
import { totpReplayGuard } from "~/server/totp-replay.server";

/** The brand used when no store name is at hand (the TOTP issuer is passed from settings when enabling). */
const APP_NAME = "UVC Care";

/** Where better-auth's HTTP endpoints are mounted (server/app.ts). */
export const AUTH_BASE_PATH = "/api/auth";

/**
 * better-auth's cookie prefix: its cookies are "<prefix>.<name>" (session_token, two_factor,
 * dont_remember…), with "__Secure-" in front when PUBLIC_URL is https. The one place the names
 * come from: the auth config below, the console's flows and the page cache all read it here.
 */
export const AUTH_COOKIE_PREFIX = "uvc";

/** The name of one of better-auth's cookies under this configuration. */
export function authCookieName(env: Pick<Env, "PUBLIC_URL">, name: "session_token" | "two_factor"): string {
  return `${env.PUBLIC_URL.startsWith("https://") ? "__Secure-" : ""}${AUTH_COOKIE_PREFIX}.${name}`;
}

/** True for a cookie that belongs to a signed-in (or signing-in) admin: better-auth's cookies and the flash notice. */
export function isAdminCookieName(name: string): boolean {
  const bare = name.replace(/^__(?:Secure|Host)-/, "");
  return bare.startsWith(`${AUTH_COOKIE_PREFIX}.`) || bare === flashCookieNames.admin;
}

export interface RateLimitRule {
  /** Seconds. */
  window: number;
  max: number;
}

export interface AuthOptions {
  /** Sign-in attempts allowed per client IP (default SIGN_IN_RATE_LIMIT: 5 per 60 s). */
  signInLimit?: RateLimitRule;
  /** Second-factor (TOTP or backup code) attempts allowed per client IP (default 5 per 60 s). */
  secondFactorLimit?: RateLimitRule;
  /** Where better-auth's own messages go (JSON lines); by default a logger at LOG_LEVEL. */
  logger?: Logger;
}

/**
 * better-auth for the admin console:
 * - email + password (10 to 128 characters); public sign-up is switched off, admins are made
 *   with `npm run admin:create` (which calls auth.api.signUpEmail on the server);
 * - sessions in the database, in httpOnly SameSite=Lax cookies, Secure when PUBLIC_URL is https;
 * - TOTP second factor (twoFactor plugin): with it on, sign-in creates no session until the
 *   code is verified, and each code is accepted once (totpReplayGuard);
 * - rate limiting always on, counters in the rate_limit table so every instance shares them,
 *   strict on sign-in and second-factor attempts; the client IP is the one the Express layer
 *   trusts (the socket's, or TRUSTED_PROXY_IP_HEADER behind a proxy: see request-guards.server.ts);
 * - cookie-bearing POSTs must carry an Origin the shop accepts (also under tests): PUBLIC_URL's,
 *   or the request's own address when it is unset (allowedOrigins).
 */
export function createAuth(db: Db, env: Env, options: AuthOptions = {}) {
  const https = env.PUBLIC_URL.startsWith("https://");
  const signInLimit = options.signInLimit ?? env.SIGN_IN_RATE_LIMIT;
  const secondFactorLimit = options.secondFactorLimit ?? { window: 60, max: 5 };
  const logger = (options.logger ?? createLogger(env.LOG_LEVEL)).child({ source: "better-auth" });

  return betterAuth({
    appName: APP_NAME,
    baseURL: env.PUBLIC_URL,
    basePath: AUTH_BASE_PATH,
    secret: env.AUTH_SECRET,
    trustedOrigins: (request) => (request ? allowedOrigins(request, env) : env.PUBLIC_ORIGINS),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 10,
      maxPasswordLength: 128,
      // Accounts are created by the admin CLI only; it does not need a session.
      autoSignIn: false,
    },
    // No self-service sign-up over HTTP (auth.api.signUpEmail on the server still works).
    disabledPaths: ["/sign-up/email"],
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": signInLimit,
        "/two-factor/verify-totp": secondFactorLimit,
        "/two-factor/verify-backup-code": secondFactorLimit,
      },
    },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: https },
      // Set by the Express layer from the socket or the trusted proxy header (TRUSTED_PROXY_IP_HEADER).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth skips these checks when NODE_ENV=test: keep them on so tests see production behaviour.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    logger: {
      level: "info",
      log: (level, message, ...args) => {
        const error = args.find((arg): arg is Error => arg instanceof Error);
        logger[level](error ? { err: error } : {}, message);
      },
    },
    plugins: [
      twoFactor({ issuer: APP_NAME, totpOptions: { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS } }),
      // A TOTP code is accepted once (totp-replay.server.ts).
      totpReplayGuard(db),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
