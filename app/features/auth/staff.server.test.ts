import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, emailOutbox, products, session, staffInvitations, user, userRoles } from "~/db/schema";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import { createAuth, type Auth } from "~/server/auth.server";
import { parseEnv } from "~/server/env.server";
import { AppError } from "~/server/errors.server";
import { createLogger } from "~/server/logger.server";
import { getOutboxEmail, listOutbox } from "~/features/email/email.server";
import { processOutbox, type OutgoingMail } from "~/features/email/outbox.server";
import { setUpTestDatabase } from "~/test/database";
import { insertProduct } from "~/test/orders-fixture";
import { createAdminUser } from "./owner-accounts.server";
import { consoleAreaOf, consoleHomeOf, mayOpen } from "./console-permissions";
import { listAuditLog } from "./audit.server";
import {
  acceptInvitation,
  changeStaffRole,
  INVITATION_EMAIL_MISMATCH_MESSAGE,
  invitationStateOf,
  inviteStaff,
  LAST_OWNER_MESSAGE,
  listPendingInvitations,
  listStaff,
  removeStaff,
  resendInvitation,
  revokeInvitation,
} from "./staff.server";

const BASE = "http://localhost:3000";
const LINKS = { siteUrl: BASE };
const PASSWORD = { name: "Lan Nguyễn", password: "Nhan-vien-2026", passwordConfirm: "Nhan-vien-2026" };
/** The accept form as the invitee fills it: the invited e-mail, a name and a password. */
const accepting = (email: string) => ({ email, ...PASSWORD });
const database = await setUpTestDatabase({
  seed: "shop",
  resetTables: [auditLog, staffInvitations, emailOutbox, session, userRoles, user],
});
let auth: Auth;
let ownerId: string;

beforeAll(() => {
  const env = parseEnv({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "staff-")),
    AUTH_SECRET: "s".repeat(32),
    PUBLIC_URL: BASE,
  });
  auth = createAuth(database.db, env, { logger: createLogger("silent") });
});

// After the tables are emptied (setUpTestDatabase's own beforeEach runs first): one owner.
beforeEach(async () => {
  ownerId = await makeOwner();
});

async function makeOwner(email = "owner@shop.vn"): Promise<string> {
  return (await createAdminUser(database.db, auth, { email, password: "Chong-khuan-2026" })).userId;
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function invitedStaff(email: string, role: "staff" | "content" | "owner" = "staff") {
  return inviteStaff(database.db, { email, role }, ownerId, LINKS);
}

describe("invitations", () => {
  it("are stored hashed, mailed through the outbox with a link, and used once", async () => {
    const { id, token } = await inviteStaff(database.db, { email: " Lan@Shop.VN ", role: "staff" }, ownerId, LINKS);
    const [stored] = await database.db.select().from(staffInvitations).where(eq(staffInvitations.id, id));
    expect(stored).toMatchObject({ email: "lan@shop.vn", role: "staff", invitedByUserId: ownerId });
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);

    const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "staff_invitation"));
    expect(mail).toMatchObject({ toEmail: "lan@shop.vn", status: "pending" });
    expect(mail.bodyText).toContain(`${BASE}/admin/invitation/${token}`);
    expect(mail.bodyText).toContain("Nhân viên bán hàng");

    expect(await invitationStateOf(database.db, token)).toEqual({
      kind: "pending",
      email: "lan@shop.vn",
      role: "staff",
    });
    const member = await acceptInvitation(database.db, auth, token, accepting("LAN@Shop.vn"));
    expect(member).toMatchObject({ email: "lan@shop.vn", role: "staff" });
    const staff = await listStaff(database.db);
    expect(staff.map((m) => [m.email, m.role, m.name])).toEqual([
      ["owner@shop.vn", "owner", "owner"],
      ["lan@shop.vn", "staff", "Lan Nguyễn"],
    ]);

    // Once only: the same link again is refused, and the state says why.
    expect(await invitationStateOf(database.db, token)).toEqual({ kind: "used" });
    expect((await failure(acceptInvitation(database.db, auth, token, accepting("lan@shop.vn")))).message).toMatch(/đã được sử dụng/);
    expect(await listPendingInvitations(database.db)).toEqual([]);
  });

  it("reach the invitee through SMTP with the link, while the console's outbox shows the link masked (issue 30)", async () => {
    const { token } = await invitedStaff("chu@shop.vn", "owner");
    const [queued] = await database.db.select({ id: emailOutbox.id }).from(emailOutbox);
    // What any console member reads, the owner included: the link without its token.
    const shown = (await getOutboxEmail(database.db, queued.id))!;
    expect(shown.bodyText).toContain(`${BASE}/admin/invitation/••••••`);
    expect(JSON.stringify(shown)).not.toContain(token);
    expect(shown).not.toHaveProperty("headers");
    expect(JSON.stringify(await listOutbox(database.db))).not.toContain(token);

    // What the SMTP server receives: the real link, usable by its recipient.
    const delivered: OutgoingMail[] = [];
    const result = await processOutbox(database.db, { send: async (mail) => void delivered.push(mail) }, { from: "shop@shop.vn" });
    expect(result.sent).toBe(1);
    expect(delivered[0]).toMatchObject({ to: "chu@shop.vn" });
    expect(delivered[0].text).toContain(`${BASE}/admin/invitation/${token}`);
    expect(delivered[0].html).toContain(`${BASE}/admin/invitation/${token}`);
    // Sent: the console still shows it masked.
    expect(JSON.stringify(await getOutboxEmail(database.db, queued.id))).not.toContain(token);
  });

  it("need the invited e-mail: the link with another one is refused on the e-mail field and changes nothing (issue 30)", async () => {
    // A staff member who got hold of an owner's invitation link cannot use it as themself.
    const { id, token } = await invitedStaff("chu-moi@shop.vn", "owner");
    const refused = await failure(acceptInvitation(database.db, auth, token, accepting("nhanvien@shop.vn")));
    expect(refused.kind).toBe("invalid");
    expect(refused.message).toBe(INVITATION_EMAIL_MISMATCH_MESSAGE);
    expect(refused.fieldErrors).toEqual({ email: INVITATION_EMAIL_MISMATCH_MESSAGE });
    const users = (await database.db.select({ email: user.email }).from(user)).map((u) => u.email);
    expect(users).toEqual(["owner@shop.vn"]);
    const [stored] = await database.db.select().from(staffInvitations).where(eq(staffInvitations.id, id));
    expect(stored).toMatchObject({ acceptedAt: null, revokedAt: null, acceptedUserId: null });
    expect(await database.db.select().from(userRoles).where(eq(userRoles.role, "owner"))).toHaveLength(1);

    // The invitee, typing their address in another case, gets in.
    const member = await acceptInvitation(database.db, auth, token, accepting(" Chu-Moi@Shop.VN "));
    expect(member).toMatchObject({ email: "chu-moi@shop.vn", role: "owner" });
  });

  it("lets only one of two simultaneous uses of a link through", async () => {
    const { token } = await invitedStaff("twice@shop.vn");
    const results = await Promise.allSettled([
      acceptInvitation(database.db, auth, token, accepting("twice@shop.vn")),
      acceptInvitation(database.db, auth, token, accepting("twice@shop.vn")),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [{ n }] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(user)
      .where(eq(user.email, "twice@shop.vn"));
    expect(n).toBe(1);
  });

  it("refuse an expired, a revoked, a replaced or a made-up link, and create nothing", async () => {
    const expired = await invitedStaff("late@shop.vn");
    await database.db
      .update(staffInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(staffInvitations.id, expired.id));
    expect(await invitationStateOf(database.db, expired.token)).toEqual({ kind: "expired" });
    expect((await failure(acceptInvitation(database.db, auth, expired.token, accepting("late@shop.vn")))).message).toMatch(/hết hạn/);
    expect((await listPendingInvitations(database.db)).find((i) => i.id === expired.id)?.expired).toBe(true);

    const revoked = await invitedStaff("gone@shop.vn");
    await revokeInvitation(database.db, revoked.id);
    expect(await invitationStateOf(database.db, revoked.token)).toEqual({ kind: "revoked" });
    expect((await failure(acceptInvitation(database.db, auth, revoked.token, accepting("gone@shop.vn")))).message).toMatch(/thu hồi/);
    expect((await failure(revokeInvitation(database.db, revoked.id))).kind).toBe("not_found");

    // Resending gives a new link; the old one stops working.
    const first = await invitedStaff("again@shop.vn");
    const { token: second } = await resendInvitation(database.db, first.id, LINKS);
    expect(await invitationStateOf(database.db, first.token)).toEqual({ kind: "invalid" });
    expect(await invitationStateOf(database.db, second)).toMatchObject({ kind: "pending" });
    const mails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, "again@shop.vn"));
    expect(mails).toHaveLength(2);

    for (const token of ["", "abc", "x".repeat(43), "../../etc/passwd"]) {
      expect(await invitationStateOf(database.db, token)).toEqual({ kind: "invalid" });
      expect((await failure(acceptInvitation(database.db, auth, token, accepting("x@shop.vn")))).kind).toBe("conflict");
    }
    const emails = (await database.db.select({ email: user.email }).from(user)).map((u) => u.email);
    expect(emails).toEqual(["owner@shop.vn"]);
  });

  it("refuse a weak password or a mismatch in Vietnamese, leaving the link usable", async () => {
    const { token } = await invitedStaff("weak@shop.vn");
    const short = await acceptInvitation(database.db, auth, token, {
      email: "weak@shop.vn",
      name: "A",
      password: "short",
      passwordConfirm: "short",
    }).catch((e: unknown) => e);
    expect(JSON.stringify(short)).toMatch(/ít nhất 10 ký tự/);
    const oneKind = await acceptInvitation(database.db, auth, token, {
      email: "weak@shop.vn",
      name: "A",
      password: "aaaaaaaaaaaa",
      passwordConfirm: "aaaaaaaaaaaa",
    }).catch((e: unknown) => e);
    expect(JSON.stringify(oneKind)).toMatch(/hai loại ký tự/);
    const mismatch = await acceptInvitation(database.db, auth, token, {
      ...accepting("weak@shop.vn"),
      passwordConfirm: "Khac-nhau-2026",
    }).catch((e: unknown) => e);
    expect(JSON.stringify(mismatch)).toMatch(/không khớp/);
    expect(await invitationStateOf(database.db, token)).toMatchObject({ kind: "pending" });
  });

  it("refuse inviting someone who already is a member, and replace a pending invitation for the same e-mail", async () => {
    expect(
      (await failure(inviteStaff(database.db, { email: "owner@shop.vn", role: "staff" }, ownerId, LINKS))).message,
    ).toMatch(/đã là tài khoản quản trị/);
    const first = await inviteStaff(database.db, { email: "new@shop.vn", role: "staff" }, ownerId, LINKS);
    await inviteStaff(database.db, { email: "new@shop.vn", role: "content" }, ownerId, LINKS);
    expect(await invitationStateOf(database.db, first.token)).toEqual({ kind: "revoked" });
    expect((await listPendingInvitations(database.db)).map((i) => [i.email, i.role])).toEqual([
      ["new@shop.vn", "content"],
    ]);
    const bad = await inviteStaff(database.db, { email: "not-an-email", role: "boss" as never }, ownerId, LINKS).catch(
      (e: unknown) => e,
    );
    expect(JSON.stringify(bad)).toMatch(/Email không hợp lệ/);
  });
});

describe("roles", () => {
  it("change a member's role, and never leave the shop without an owner", async () => {
    const { token } = await invitedStaff("lan@shop.vn", "content");
    const lan = await acceptInvitation(database.db, auth, token, accepting("lan@shop.vn"));

    await changeStaffRole(database.db, lan.userId, "staff");
    expect((await listStaff(database.db)).find((m) => m.userId === lan.userId)?.role).toBe("staff");

    // The only owner can be neither demoted nor removed.
    expect((await failure(changeStaffRole(database.db, ownerId, "staff"))).message).toBe(LAST_OWNER_MESSAGE);
    expect((await failure(removeStaff(database.db, ownerId, lan.userId))).message).toBe(LAST_OWNER_MESSAGE);

    // With a second owner, one of them may step down, and then the other is the last again.
    await changeStaffRole(database.db, lan.userId, "owner");
    await changeStaffRole(database.db, ownerId, "content");
    expect((await failure(changeStaffRole(database.db, lan.userId, "staff"))).message).toBe(LAST_OWNER_MESSAGE);
    expect((await failure(removeStaff(database.db, lan.userId, lan.userId))).message).toMatch(/tự xóa/);
  });

  it("lets two owners demoting each other at the same moment leave one owner", async () => {
    const a = await makeOwner("a@shop.vn");
    await changeStaffRole(database.db, ownerId, "staff");
    const b = await makeOwner("b@shop.vn");
    const results = await Promise.allSettled([
      database.db.transaction((tx) => changeStaffRole(tx, a, "staff")),
      database.db.transaction((tx) => changeStaffRole(tx, b, "staff")),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const owners = await database.db.select().from(userRoles).where(eq(userRoles.role, "owner"));
    expect(owners).toHaveLength(1);
  });

  it("removes a member with their sessions at once", async () => {
    const { token } = await invitedStaff("bye@shop.vn");
    const member = await acceptInvitation(database.db, auth, token, accepting("bye@shop.vn"));
    await database.db.insert(session).values({
      id: "s-bye",
      token: "t-bye",
      userId: member.userId,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    await removeStaff(database.db, member.userId, ownerId);
    expect(await database.db.select().from(session).where(eq(session.userId, member.userId))).toEqual([]);
    expect(await database.db.select().from(user).where(eq(user.id, member.userId))).toEqual([]);
    expect((await failure(removeStaff(database.db, member.userId, ownerId))).kind).toBe("not_found");
  });
});

describe("permissions", () => {
  it("map every console path to an area, closed to the roles outside it", () => {
    const cases: Array<[string, { owner: boolean; staff: boolean; content: boolean }]> = [
      ["/admin", { owner: true, staff: true, content: false }],
      ["/admin/events", { owner: true, staff: true, content: false }],
      ["/admin/orders/abc/packing-slip", { owner: true, staff: true, content: false }],
      ["/admin/shipments/x/label", { owner: true, staff: true, content: false }],
      // Customer data: the owner's until the owner grants it (decision 0046).
      ["/admin/customers/export", { owner: true, staff: false, content: false }],
      ["/admin/cod", { owner: true, staff: true, content: false }],
      ["/admin/products/12", { owner: true, staff: false, content: true }],
      ["/admin/sections", { owner: true, staff: false, content: true }],
      ["/admin/seo", { owner: true, staff: false, content: true }],
      ["/admin/theme", { owner: true, staff: false, content: true }],
      ["/admin/settings", { owner: true, staff: false, content: false }],
      ["/admin/reports/export/sales", { owner: true, staff: false, content: false }],
      ["/admin/staff", { owner: true, staff: false, content: false }],
      ["/admin/audit", { owner: true, staff: false, content: false }],
      ["/admin/security", { owner: true, staff: true, content: true }],
      // A path no entry names is the owner's; a look-alike prefix does not match.
      ["/admin/something-new", { owner: true, staff: false, content: false }],
      ["/admin/ordersx", { owner: true, staff: false, content: false }],
    ];
    for (const [pathname, expected] of cases) {
      expect(
        { owner: mayOpen("owner", pathname), staff: mayOpen("staff", pathname), content: mayOpen("content", pathname) },
        pathname,
      ).toEqual(expected);
    }
    // A permission the owner grants opens its paths to that role, whatever its area.
    const exports = new Set(["exportCustomerData"] as const);
    expect(mayOpen("staff", "/admin/customers/export", exports)).toBe(true);
    expect(mayOpen("content", "/admin/orders/export", exports)).toBe(true);
    expect(mayOpen("staff", "/admin/reports", exports)).toBe(false);
    expect(mayOpen("staff", "/admin/settings", new Set(["viewRevenue", "exportCustomerData", "markPaid", "manualDiscounts"] as const))).toBe(false);
    expect(consoleAreaOf("/admin/")).toBe("dashboard");
    expect(consoleHomeOf("content")).toBe("/admin/products");
    expect(consoleHomeOf("staff")).toBe("/admin");
  });
});

describe("audit log triggers", () => {
  it("record a change made in a transaction that names its actor, and nothing otherwise", async () => {
    const product = await insertProduct(database.db, { price: 100_000 });
    // A write without an actor (a shopper's order, a system job) is not recorded.
    await database.db.update(products).set({ price: 110_000 }).where(eq(products.id, product.id));
    expect(await database.db.select().from(auditLog)).toEqual([]);

    await inAuditedTransaction(database.db, ownerId, async (tx) => {
      await tx
        .update(products)
        .set({ price: 120_000, version: 9, updatedAt: new Date() })
        .where(eq(products.id, product.id));
      // Only bookkeeping columns: no line.
      await tx.update(products).set({ version: 10 }).where(eq(products.id, product.id));
    });
    // The setting is transaction-local: the next write is anonymous again.
    await database.db.update(products).set({ price: 130_000 }).where(eq(products.id, product.id));

    const page = await listAuditLog(database.db);
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({
      actorUserId: ownerId,
      actorEmail: "owner@shop.vn",
      entityType: "products",
      entityId: String(product.id),
      action: "update",
      before: { price: 110_000 },
      after: { price: 120_000 },
    });
  });

  it("masks secrets and filters by person, type and day", async () => {
    const other = await makeOwner("second@shop.vn");
    await inAuditedTransaction(database.db, ownerId, async (tx) => {
      await inviteStaff(tx, { email: "x@shop.vn", role: "staff" }, ownerId, LINKS);
    });
    await inAuditedTransaction(database.db, other, async (tx) => {
      await changeStaffRole(tx, ownerId, "content");
    });
    const all = await listAuditLog(database.db);
    expect(all.rows.map((r) => [r.entityType, r.action, r.actorEmail])).toEqual([
      ["user_roles", "update", "second@shop.vn"],
      ["staff_invitations", "insert", "owner@shop.vn"],
    ]);
    expect(all.rows[0]).toMatchObject({ before: { role: "owner" }, after: { role: "content" } });
    expect(all.rows[1].after).toMatchObject({ email: "x@shop.vn", token_hash: "••••" });

    expect((await listAuditLog(database.db, { actor: other })).rows).toHaveLength(1);
    expect((await listAuditLog(database.db, { entityType: "staff_invitations" })).rows).toHaveLength(1);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Ho_Chi_Minh" }).format(new Date());
    expect((await listAuditLog(database.db, { from: today, to: today })).total).toBe(2);
    expect((await listAuditLog(database.db, { to: "2020-01-01" })).total).toBe(0);
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "user_roles"), eq(auditLog.actorUserId, other)));
    expect(rows).toHaveLength(1);
  });
});
