import { and, eq, gt, or, sql } from "drizzle-orm";
import { session as sessionTable, userRoles } from "~/db/schema";
import type { UserRoleName } from "~/db/schema/auth";
import type { AdminSessionSettings } from "~/features/settings/settings.schema";
import { getSetting } from "~/features/settings/settings.server";
import type { Db } from "~/server/db.server";
import { REAUTHENTICATION_WINDOW_MINUTES } from "./auth.schema";

/*
 * The admin session policy (issue 13 item 12), on top of better-auth's 7-day sessions: a
 * session ends after `idleTimeoutMinutes` without an admin request (unless signed in to "stay
 * signed in on this device" while the owner allows it) and, in any case, `absoluteLifetimeHours`
 * after sign-in (settings group admin_sessions; defaults 30 minutes and 12 hours, decision 0045). Checked against the
 * database's clock on every admin request; an ended session is deleted, so no instance accepts
 * it again. Changing two-factor settings also needs the password entered on this session within
 * the last REAUTHENTICATION_WINDOW_MINUTES.
 */

export const SESSION_EXPIRED_MESSAGE = "Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại";

/**
 * The session is within the policy (the database's now()): its lifetime, and its idle timeout
 * unless it was signed in to "stay signed in" and the owner allows that (decision 0045).
 */
function withinPolicy(policy: AdminSessionSettings) {
  const active = gt(
    sql`coalesce(${sessionTable.lastActiveAt}, ${sessionTable.createdAt})`,
    sql`now() - make_interval(mins => ${policy.idleTimeoutMinutes})`,
  );
  return and(
    gt(sessionTable.createdAt, sql`now() - make_interval(hours => ${policy.absoluteLifetimeHours})`),
    policy.allowStaySignedIn ? or(active, eq(sessionTable.staySignedIn, true)) : active,
  );
}

/**
 * Marks a session just signed in (by its token) as "stay signed in on this device", when the
 * owner allows it; a no-op otherwise (the login page then shows no such choice).
 */
export async function rememberStaySignedIn(db: Db, sessionToken: string): Promise<void> {
  const { allowStaySignedIn } = await getSetting(db, "admin_sessions");
  if (!allowStaySignedIn) return;
  await db.update(sessionTable).set({ staySignedIn: true }).where(eq(sessionTable.token, sessionToken));
}

/**
 * An admin request on a session: true (and the activity recorded) when the session is within
 * the policy; otherwise the session is deleted and false is returned. One UPDATE decides, so
 * two requests racing at the limit cannot revive it.
 */
export async function recordAdminActivity(db: Db, sessionId: string): Promise<boolean> {
  const policy = await getSetting(db, "admin_sessions");
  const active = await db
    .update(sessionTable)
    .set({ lastActiveAt: sql`now()` })
    .where(and(eq(sessionTable.id, sessionId), withinPolicy(policy)))
    .returning({ id: sessionTable.id });
  if (active.length > 0) return true;
  await db.delete(sessionTable).where(eq(sessionTable.id, sessionId));
  return false;
}

/**
 * True while a session may still receive admin data: it exists, better-auth has not expired
 * it, it is within the policy and its user still has a console role. Reads only (a live stream
 * that is merely open does not count as activity).
 */
export async function isAdminSessionLive(db: Db, sessionId: string): Promise<boolean> {
  return (await liveSessionRole(db, sessionId)) !== null;
}

/** The console role of a session that is live (isAdminSessionLive), read now; null once it is not. */
export async function liveSessionRole(db: Db, sessionId: string): Promise<UserRoleName | null> {
  const policy = await getSetting(db, "admin_sessions");
  const rows = await db
    .select({ role: userRoles.role })
    .from(sessionTable)
    .innerJoin(userRoles, eq(userRoles.userId, sessionTable.userId))
    .where(and(eq(sessionTable.id, sessionId), gt(sessionTable.expiresAt, sql`now()`), withinPolicy(policy)))
    .limit(1);
  return rows[0]?.role ?? null;
}

/** Notes that the password was just entered again on this session (the security page). */
export async function recordReauthentication(db: Db, sessionId: string): Promise<void> {
  await db.update(sessionTable).set({ reauthenticatedAt: sql`now()` }).where(eq(sessionTable.id, sessionId));
}

/** True when the password was entered on this session within the last REAUTHENTICATION_WINDOW_MINUTES. */
export async function isRecentlyReauthenticated(db: Db, sessionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: sessionTable.id })
    .from(sessionTable)
    .where(
      and(
        eq(sessionTable.id, sessionId),
        gt(sessionTable.reauthenticatedAt, sql`now() - make_interval(mins => ${REAUTHENTICATION_WINDOW_MINUTES})`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
