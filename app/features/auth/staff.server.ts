import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import {
  session as sessionTable,
  staffInvitations,
  user as userTable,
  userRoles,
  type UserRoleName,
} from "~/db/schema";
import { queueEmail, renderTemplate } from "~/features/email/email.server";
import { getSettings } from "~/features/settings/settings.server";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import type { Auth } from "~/server/auth.server";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { consoleRoleLabels } from "./console-permissions";
import {
  acceptInvitationSchema,
  INVITATION_DAYS,
  inviteStaffSchema,
  type AcceptInvitationInput,
  type InviteStaffInput,
} from "./staff.schema";

/*
 * Console members and invitations (issue 18, decision 0030). The owner invites by e-mail; the
 * link carries a random token of which only the SHA-256 is stored; it works once, for
 * INVITATION_DAYS, unless revoked or replaced by a resend, and only with the invited e-mail typed
 * in (issue 30, decision 0043: a link read by someone else is not enough). There is no other way in: better-auth's
 * sign-up endpoint stays off, the account is made here on the server when the invitation is used.
 * The shop always keeps an owner: the last one can be neither removed nor given another role.
 */

export const LAST_OWNER_MESSAGE =
  "Cửa hàng cần ít nhất một chủ cửa hàng: không thể đổi vai trò hoặc xóa chủ cửa hàng cuối cùng";
export const ALREADY_MEMBER_MESSAGE = "Email này đã là tài khoản quản trị";
export const INVITATION_UNUSABLE_MESSAGES = {
  invalid: "Liên kết mời không hợp lệ",
  expired: "Lời mời đã hết hạn. Vui lòng nhờ chủ cửa hàng gửi lại lời mời",
  used: "Lời mời này đã được sử dụng. Vui lòng đăng nhập",
  revoked: "Lời mời đã bị thu hồi",
} as const;
/** A link used with another e-mail than the one invited: said on the e-mail field, nothing changes. */
export const INVITATION_EMAIL_MISMATCH_MESSAGE = "Email này không phải email được mời. Vui lòng nhập đúng email đã nhận lời mời";

export interface StaffMember {
  userId: string;
  name: string;
  email: string;
  role: UserRoleName;
  lastSignInAt: Date | null;
  twoFactorEnabled: boolean;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: UserRoleName;
  expiresAt: Date;
  createdAt: Date;
  expired: boolean;
}

/** Links an invitation e-mail needs: the shop's public address. */
export interface InvitationLinks {
  siteUrl: string;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The key under which attempts on one invitation link are counted (the token itself is never stored). */
export function invitationAttemptKey(token: string): string {
  return `invitation-link:${hashToken(token)}`;
}

export function invitationUrl(links: InvitationLinks, token: string): string {
  return `${links.siteUrl.replace(/\/+$/, "")}/admin/invitation/${token}`;
}

/** Every console member, owners first, then by name. */
export async function listStaff(db: Db | Tx): Promise<StaffMember[]> {
  const rows = await db
    .select({
      userId: userTable.id,
      name: userTable.name,
      email: userTable.email,
      role: userRoles.role,
      lastSignInAt: userRoles.lastSignInAt,
      twoFactorEnabled: userTable.twoFactorEnabled,
    })
    .from(userRoles)
    .innerJoin(userTable, eq(userTable.id, userRoles.userId))
    .orderBy(sql`${userRoles.role} <> 'owner'`, asc(userTable.name), asc(userTable.email));
  return rows.map((row) => ({ ...row, twoFactorEnabled: row.twoFactorEnabled === true }));
}

/** Invitations not yet used nor revoked (expired ones too: they can be sent again). */
export async function listPendingInvitations(db: Db | Tx, now: Date = new Date()): Promise<PendingInvitation[]> {
  const rows = await db
    .select({
      id: staffInvitations.id,
      email: staffInvitations.email,
      role: staffInvitations.role,
      expiresAt: staffInvitations.expiresAt,
      createdAt: staffInvitations.createdAt,
    })
    .from(staffInvitations)
    .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
    .orderBy(desc(staffInvitations.createdAt));
  return rows.map((row) => ({ ...row, expired: row.expiresAt.getTime() <= now.getTime() }));
}

/**
 * Invites a person by e-mail with a role: a pending invitation for the same e-mail is replaced
 * (its link stops working). Refused for someone who already is a member. The e-mail is queued in
 * the outbox in the caller's transaction. Returns the invitation's id and, for tests, the token.
 */
export async function inviteStaff(
  db: Db | Tx,
  input: InviteStaffInput,
  invitedByUserId: string | null,
  links: InvitationLinks,
): Promise<{ id: string; token: string }> {
  const { email, role } = inviteStaffSchema.parse(input);
  const [member] = await db
    .select({ id: userTable.id })
    .from(userTable)
    .innerJoin(userRoles, eq(userRoles.userId, userTable.id))
    .where(eq(userTable.email, email))
    .limit(1);
  if (member) throw new AppError("conflict", ALREADY_MEMBER_MESSAGE, { email: ALREADY_MEMBER_MESSAGE });
  await db
    .update(staffInvitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(staffInvitations.email, email), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)),
    );
  const token = newToken();
  const [row] = await db
    .insert(staffInvitations)
    .values({
      email,
      role,
      tokenHash: hashToken(token),
      invitedByUserId,
      expiresAt: sql`now() + make_interval(days => ${INVITATION_DAYS})`,
    })
    .returning({ id: staffInvitations.id });
  await queueInvitationEmail(db, { email, role, token }, links);
  return { id: row.id, token };
}

/** Sends a pending invitation again with a new link and a new expiry; the old link stops working. */
export async function resendInvitation(
  db: Db | Tx,
  invitationId: string,
  links: InvitationLinks,
): Promise<{ token: string }> {
  const token = newToken();
  const [row] = await db
    .update(staffInvitations)
    .set({ tokenHash: hashToken(token), expiresAt: sql`now() + make_interval(days => ${INVITATION_DAYS})` })
    .where(
      and(
        eq(staffInvitations.id, invitationId),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
      ),
    )
    .returning({ email: staffInvitations.email, role: staffInvitations.role });
  if (!row) throw new AppError("not_found", "Lời mời không còn hiệu lực");
  await queueInvitationEmail(db, { ...row, token }, links);
  return { token };
}

/** Revokes a pending invitation: its link no longer works. */
export async function revokeInvitation(db: Db | Tx, invitationId: string): Promise<void> {
  const revoked = await db
    .update(staffInvitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(staffInvitations.id, invitationId),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
      ),
    )
    .returning({ id: staffInvitations.id });
  if (revoked.length === 0) throw new AppError("not_found", "Lời mời không còn hiệu lực");
}

/**
 * Gives a member another role. Demoting the last owner is refused: the owners' rows are locked
 * first, so two owners demoting each other at once cannot leave the shop without one.
 */
export async function changeStaffRole(db: Db | Tx, userId: string, role: UserRoleName): Promise<void> {
  const current = await lockMemberAndOwners(db, userId);
  if (current.role === role) return;
  if (current.role === "owner" && current.owners <= 1) throw new AppError("conflict", LAST_OWNER_MESSAGE);
  await db.update(userRoles).set({ role }).where(eq(userRoles.userId, userId));
}

/**
 * Removes a member: the account is deleted with its sessions (signed out at once everywhere), its
 * password and its role; what they did stays in the audit log and the order history. One cannot
 * remove oneself, nor the last owner.
 */
export async function removeStaff(db: Db | Tx, userId: string, removedByUserId: string): Promise<void> {
  if (userId === removedByUserId) throw new AppError("conflict", "Bạn không thể tự xóa tài khoản của mình");
  const current = await lockMemberAndOwners(db, userId);
  if (current.role === "owner" && current.owners <= 1) throw new AppError("conflict", LAST_OWNER_MESSAGE);
  // The role row first, so the audit log records which role was removed; the user's delete cascades the rest.
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  await db.delete(sessionTable).where(eq(sessionTable.userId, userId));
  await db.delete(userTable).where(eq(userTable.id, userId));
}

async function lockMemberAndOwners(db: Db | Tx, userId: string): Promise<{ role: UserRoleName; owners: number }> {
  await db.execute(sql`select 1 from ${userRoles} where ${userRoles.role} = 'owner' for update`);
  const [member] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .for("update");
  if (!member) throw new AppError("not_found", "Không tìm thấy nhân viên");
  const [{ owners }] = await db.select({ owners: count() }).from(userRoles).where(eq(userRoles.role, "owner"));
  return { role: member.role, owners };
}

export type InvitationState =
  { kind: "pending"; email: string; role: UserRoleName } | { kind: keyof typeof INVITATION_UNUSABLE_MESSAGES };

/** What an invitation link is: usable (with its e-mail and role) or why not. */
export async function invitationStateOf(db: Db | Tx, token: string): Promise<InvitationState> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { kind: "invalid" };
  const [row] = await db
    .select({
      email: staffInvitations.email,
      role: staffInvitations.role,
      acceptedAt: staffInvitations.acceptedAt,
      revokedAt: staffInvitations.revokedAt,
      live: gt(staffInvitations.expiresAt, sql`now()`).mapWith(Boolean),
    })
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return { kind: "invalid" };
  if (row.acceptedAt) return { kind: "used" };
  if (row.revokedAt) return { kind: "revoked" };
  if (!row.live) return { kind: "expired" };
  return { kind: "pending", email: row.email, role: row.role };
}

/**
 * Uses an invitation: the e-mail typed must be the invited one (compared without case; another
 * is refused on the e-mail field and changes nothing), then the invitation is claimed (one
 * conditional UPDATE, so a link works once even when used twice at the same moment), the account
 * is created through better-auth (its password hashing), and the role given, recorded in the
 * audit log as the new member's own act. Refused with the reason when the link is not usable
 * (expired, used, revoked); nothing is kept when the account cannot be made. The caller counts the
 * attempts (invitationAttemptKey). Returns the e-mail to sign in with.
 */
export async function acceptInvitation(
  db: Db,
  auth: Auth,
  token: string,
  input: AcceptInvitationInput,
): Promise<{ email: string; role: UserRoleName; userId: string }> {
  const { email, name, password } = acceptInvitationSchema.parse(input);
  const state = await invitationStateOf(db, token);
  if (state.kind !== "pending") throw new AppError("conflict", INVITATION_UNUSABLE_MESSAGES[state.kind]);
  if (state.email !== email) {
    throw new AppError("invalid", INVITATION_EMAIL_MISMATCH_MESSAGE, { email: INVITATION_EMAIL_MISMATCH_MESSAGE });
  }
  const [existing] = await db
    .select({ id: userTable.id })
    .from(userTable)
    .where(eq(userTable.email, state.email))
    .limit(1);
  if (existing) throw new AppError("conflict", ALREADY_MEMBER_MESSAGE);

  const tokenHash = hashToken(token);
  const [claimed] = await db
    .update(staffInvitations)
    .set({ acceptedAt: sql`now()` })
    .where(
      and(
        eq(staffInvitations.tokenHash, tokenHash),
        eq(staffInvitations.email, email),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: staffInvitations.id, email: staffInvitations.email, role: staffInvitations.role });
  if (!claimed) throw new AppError("conflict", INVITATION_UNUSABLE_MESSAGES.used);

  let userId: string | undefined;
  try {
    await auth.api.signUpEmail({ body: { email: claimed.email, password, name } });
    [{ id: userId }] = await db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, claimed.email));
  } catch (error) {
    // The link stays usable: the account was not made.
    await db.update(staffInvitations).set({ acceptedAt: null }).where(eq(staffInvitations.id, claimed.id));
    throw error;
  }
  const memberId = userId;
  await inAuditedTransaction(db, memberId, async (tx) => {
    await tx.insert(userRoles).values({ userId: memberId, role: claimed.role });
    await tx.update(staffInvitations).set({ acceptedUserId: memberId }).where(eq(staffInvitations.id, claimed.id));
  });
  return { email: claimed.email, role: claimed.role, userId: memberId };
}

/** Notes a member's console sign-in (the staff list's "last sign-in"). */
export async function recordConsoleSignIn(db: Db | Tx, userId: string): Promise<void> {
  await db
    .update(userRoles)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(userRoles.userId, userId));
}

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

async function queueInvitationEmail(
  db: Db | Tx,
  invitation: { email: string; role: UserRoleName; token: string },
  links: InvitationLinks,
): Promise<void> {
  const { store } = await getSettings(db);
  const rendered = renderTemplate(
    {
      subject: "Lời mời tham gia quản trị {{store_name}}",
      body: [
        "Xin chào,",
        "Bạn được mời tham gia trang quản trị {{store_name}} với vai trò {{role}}.",
        "Mở liên kết sau để đặt tên và mật khẩu, rồi bắt đầu làm việc:\n{{invitation_url}}",
        `Liên kết dùng được một lần và hết hạn sau ${INVITATION_DAYS} ngày. Nếu bạn không chờ lời mời này, hãy bỏ qua email.`,
      ].join("\n\n"),
    },
    {
      store_name: store.storeName,
      role: consoleRoleLabels[invitation.role],
      invitation_url: invitationUrl(links, invitation.token),
    },
    { linkVariables: ["invitation_url"], lang: "vi" },
  );
  await queueEmail(db, { to: invitation.email, template: "staff_invitation", rendered });
}
