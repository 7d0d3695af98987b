import { and, eq } from "drizzle-orm";
import { redirect } from "react-router";
import { user as userTable, userRoles } from "~/db/schema";
import { authCookieName, type Auth } from "~/server/auth.server";
import type { Db } from "~/server/db.server";
import type { Env } from "~/server/env.server";
import { AppError } from "~/server/errors.server";
import { CROSS_SITE_CODE, CROSS_SITE_MESSAGE, isCrossSiteRequest } from "~/server/request-guards.server";
import type { Logger } from "~/server/logger.server";
import { recordAdminActivity, SESSION_EXPIRED_MESSAGE } from "./admin-session.server";
import { adminCredentialsSchema, type AdminCredentials } from "./auth.schema";
import { flashCookie } from "~/server/flash.server";

/** What the guard needs from the request context (the AppServices of server/app.ts). */
export interface AuthContext {
  env: Env;
  logger: Logger;
  auth: Auth;
  database: { db: Db };
}

export const ADMIN_LOGIN_PATH = "/admin/login";

/** The signed-in admin, as loaders and actions see it. */
export interface AdminSession {
  user: { id: string; email: string; name: string; twoFactorEnabled: boolean };
  session: { id: string; expiresAt: Date };
}

/** True when the user has a user_roles row with role admin (SPEC §6). */
export async function isAdminUser(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .limit(1);
  return rows.length > 0;
}

/**
 * The admin signed in on this request, or null: no session cookie, an expired or revoked
 * session, a session past the idle timeout or the absolute lifetime (deleted here), a sign-in still waiting for its second factor (better-auth creates no session until
 * the TOTP code is verified), or a user without the admin role. A failed role lookup is logged
 * and treated as not admin (SPEC §8).
 */
export async function getAdminSession(request: Request, context: AuthContext): Promise<AdminSession | null> {
  return (await readSession(request, context)).admin;
}

/** The request's session (if any) and, when its user is an admin, the admin view of it. */
async function readSession(
  request: Request,
  context: AuthContext,
): Promise<{ signedIn: boolean; expired: boolean; admin: AdminSession | null }> {
  const found = await context.auth.api.getSession({ headers: request.headers });
  if (!found) return { signedIn: false, expired: false, admin: null };
  let admin: boolean;
  try {
    admin = await isAdminUser(context.database.db, found.user.id);
  } catch (error) {
    context.logger.error({ err: error, userId: found.user.id }, "admin role lookup failed");
    admin = false;
  }
  if (!admin) return { signedIn: true, expired: false, admin: null };
  // The idle timeout and the absolute lifetime (settings): an ended session is deleted here.
  if (!(await recordAdminActivity(context.database.db, found.session.id))) {
    context.logger.info({ userId: found.user.id }, "admin session ended by the session policy");
    return { signedIn: false, expired: true, admin: null };
  }
  return {
    signedIn: true,
    expired: false,
    admin: {
      user: {
        id: found.user.id,
        email: found.user.email,
        name: found.user.name,
        twoFactorEnabled: found.user.twoFactorEnabled === true,
      },
      session: { id: found.session.id, expiresAt: new Date(found.session.expiresAt) },
    },
  };
}

export interface RequireAdminOptions {
  /**
   * What a refused GET gets: "redirect" (pages: 302 to /admin/login) or "status" (resource
   * routes and API endpoints: 401/403). Non-GET requests (actions) always get a status.
   */
  onDenied?: "redirect" | "status";
}

/**
 * The server-side admin guard: the first call of every admin loader and action.
 * - Page loaders (GET/HEAD): anyone but a signed-in admin is redirected to /admin/login.
 * - Actions and endpoints: 401 without a session, 403 for a signed-in non-admin; a mutation
 *   whose Origin is not the shop's (assertSameOrigin) is refused with 403 (CSRF), before anything else runs.
 * Thrown responses carry no admin data. Returns the admin's session otherwise.
 */
export async function requireAdmin(
  request: Request,
  context: AuthContext,
  options: RequireAdminOptions = {},
): Promise<AdminSession> {
  const isRead = request.method === "GET" || request.method === "HEAD";
  if (!isRead) assertSameOrigin(request, context.env);
  const { signedIn, expired, admin } = await readSession(request, context);
  if (admin) return admin;
  // An ended session: its cookie is cleared and the sign-in page says why.
  const headers = new Headers();
  if (expired) {
    headers.append("Set-Cookie", expiredCookie(authCookieName(context.env, "session_token"), context.env));
    if (isRead) headers.append("Set-Cookie", flashCookie("session-expired", context.env));
  }
  if (isRead && (options.onDenied ?? "redirect") === "redirect") throw redirect(ADMIN_LOGIN_PATH, { headers });
  if (signedIn) throw deniedResponse(403, "Tài khoản không có quyền quản trị");
  throw deniedResponse(401, expired ? SESSION_EXPIRED_MESSAGE : "Vui lòng đăng nhập", { extraHeaders: headers });
}

function deniedResponse(
  status: 401 | 403,
  message: string,
  options: { code?: string; extraHeaders?: Headers } = {},
): Response {
  const headers = new Headers(options.extraHeaders);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify({ error: message, ...(options.code ? { code: options.code } : {}) }), {
    status,
    headers,
  });
}

/** A Set-Cookie value that removes a cookie set with better-auth's attributes. */
function expiredCookie(name: string, env: Pick<Env, "PUBLIC_URL">): string {
  const secure = env.PUBLIC_URL.startsWith("https://") ? "; Secure" : "";
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * CSRF defence for cookie-authenticated mutations: the browser's Origin header must be the
 * shop's own (PUBLIC_URL's, or the request's own address when it is unset: allowedOrigins).
 * Without an Origin header, Fetch Metadata must not say cross-site.
 * Actions that forward to better-auth set the Origin themselves, so they must call this first.
 * (The Express layer refuses cross-site posts to every action too; this keeps routes safe on their own.)
 */
export function assertSameOrigin(request: Request, env: Pick<Env, "PUBLIC_ORIGINS">): void {
  if (isCrossSiteRequest(request, env)) throw deniedResponse(403, CROSS_SITE_MESSAGE, { code: CROSS_SITE_CODE });
}

export type CreateAdminResult =
  | { status: "created"; userId: string; email: string }
  | { status: "promoted"; userId: string; email: string }
  | { status: "already-admin"; userId: string; email: string };

/**
 * Makes an admin (the `admin:create` CLI): validates the email and the password strength,
 * then creates the user through better-auth (hashed password, credential account) and gives
 * it the admin role. An existing user is only promoted: its password is left unchanged.
 * Throws AppError("invalid") with per-field messages, and writes nothing, on bad input.
 */
export async function createAdminUser(db: Db, auth: Auth, input: { email?: unknown; password?: unknown }): Promise<CreateAdminResult> {
  const parsed = adminCredentialsSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[issue.path.join(".") || "_"] ??= issue.message;
    const summary = Object.entries(fieldErrors)
      .map(([field, message]) => `${field} ${message}`)
      .join("; ");
    throw new AppError("invalid", summary, fieldErrors);
  }
  const { email, password }: AdminCredentials = parsed.data;

  const existing = await findUserIdByEmail(db, email);
  if (existing) {
    const inserted = await db
      .insert(userRoles)
      .values({ userId: existing, role: "admin" })
      .onConflictDoNothing()
      .returning({ userId: userRoles.userId });
    return { status: inserted.length > 0 ? "promoted" : "already-admin", userId: existing, email };
  }

  await auth.api.signUpEmail({ body: { email, password, name: email.split("@")[0] || "Admin" } });
  // Read the id back rather than trusting the response (better-auth answers a duplicate sign-up
  // with a synthetic user when auto sign-in is off).
  const userId = await findUserIdByEmail(db, email);
  if (!userId) throw new Error(`better-auth did not create the user ${email}`);
  await db.insert(userRoles).values({ userId, role: "admin" }).onConflictDoNothing();
  return { status: "created", userId, email };
}

async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, email)).limit(1);
  return row?.id ?? null;
}
