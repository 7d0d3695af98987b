import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { userRoles, type UserRoleName } from "~/db/schema";
import { authCookieName, type Auth } from "~/server/auth.server";
import { httpOnlyCookie } from "~/server/cookies.server";
import type { Db } from "~/server/db.server";
import type { Env } from "~/server/env.server";
import { CROSS_SITE_CODE, CROSS_SITE_MESSAGE, isCrossSiteRequest } from "~/server/request-guards.server";
import type { Logger } from "~/server/logger.server";
import { recordAdminActivity, SESSION_EXPIRED_MESSAGE } from "./admin-session.server";
import {
  consoleHomeOf,
  FORBIDDEN_AREA_MESSAGE,
  mayOpen,
  PERMISSION_DENIED_MESSAGES,
  permissionOfPath,
  type GrantedPermissions,
} from "./console-permissions";
import { grantedPermissions } from "./permissions.server";
import { flashCookie } from "~/server/flash.server";

/** What the guard needs from the request context (the AppServices of server/app.ts). */
export interface AuthContext {
  env: Env;
  logger: Logger;
  auth: Auth;
  database: { db: Db };
}

export const ADMIN_LOGIN_PATH = "/admin/login";

/** The signed-in console member ("admin" for short), as loaders and actions see it. */
export interface AdminSession {
  user: { id: string; email: string; name: string; twoFactorEnabled: boolean };
  session: { id: string; expiresAt: Date };
  /** What the member may open (console-permissions.ts). */
  role: UserRoleName;
  /** What the owner lets the member's role do beyond its pages (all of it for the owner; decision 0046). */
  permissions: GrantedPermissions;
}

/** The user's console role (owner, staff, content), or null for anyone else (decision 0030). */
export async function consoleRoleOf(db: Db, userId: string): Promise<UserRoleName | null> {
  const [row] = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).limit(1);
  return row?.role ?? null;
}

/** True when the user is a console member (any role). */
export async function isAdminUser(db: Db, userId: string): Promise<boolean> {
  return (await consoleRoleOf(db, userId)) !== null;
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
  let role: UserRoleName | null;
  try {
    role = await consoleRoleOf(context.database.db, found.user.id);
  } catch (error) {
    context.logger.error({ err: error, userId: found.user.id }, "admin role lookup failed");
    role = null;
  }
  if (!role) return { signedIn: true, expired: false, admin: null };
  // The idle timeout and the absolute lifetime (settings): an ended session is deleted here.
  if (!(await recordAdminActivity(context.database.db, found.session.id))) {
    context.logger.info({ userId: found.user.id }, "admin session ended by the session policy");
    return { signedIn: false, expired: true, admin: null };
  }
  const permissions = await grantedPermissions(context.database.db, role);
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
      role,
      permissions,
    },
  };
}

export interface RequireAdminOptions {
  /**
   * What a refused GET gets: "redirect" (pages: 302 to /admin/login) or "status" (resource
   * routes and API endpoints: 401/403). Non-GET requests (actions) always get a status.
   */
  onDenied?: "redirect" | "status";
  /**
   * Skip the role's area check: only for the console shell's layout, whose loader runs for every
   * page (the page's own loader checks its area).
   */
  anyArea?: boolean;
}

/**
 * The server-side admin guard: the first call of every admin loader and action.
 * - Page loaders (GET/HEAD): anyone but a signed-in admin is redirected to /admin/login.
 * - Actions and endpoints: 401 without a session, 403 for a signed-in non-admin; a mutation
 *   whose Origin is not the shop's (assertSameOrigin) is refused with 403 (CSRF), before anything else runs.
 * - A member whose role does not cover the request's path (console-permissions.ts) gets 403 with
 *   FORBIDDEN_AREA_MESSAGE, whatever the method (or the permission's message when the path needs
 *   one the owner did not grant their role); a content editor opening /admin is sent to the
 *   products instead. The path decides, so every loader, action and endpoint is covered.
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
  if (admin) {
    const { pathname } = new URL(request.url);
    if (options.anyArea || mayOpen(admin.role, pathname, admin.permissions)) return admin;
    if (isRead && pathname.replace(/\/+$/, "") === "/admin") throw redirect(consoleHomeOf(admin.role));
    // Refused by a permission the owner did not grant: say which, not "this page".
    const needed = permissionOfPath(pathname);
    const byPermission = needed !== null && mayOpen(admin.role, pathname, new Set([needed]));
    throw deniedResponse(403, byPermission ? PERMISSION_DENIED_MESSAGES[needed] : FORBIDDEN_AREA_MESSAGE);
  }
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
  return httpOnlyCookie(name, "", 0, env);
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
