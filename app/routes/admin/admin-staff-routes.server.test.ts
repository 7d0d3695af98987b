import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, emailOutbox, sections, staffInvitations, user, userRoles } from "~/db/schema";
import { signInAdmin } from "~/features/auth/auth-flows.server";
import { type AuthContext } from "~/features/auth/auth.server";
import { createAdminUser } from "~/features/auth/owner-accounts.server";
import { createAuth } from "~/server/auth.server";
import { parseEnv } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { setUpTestDatabase } from "~/test/database";
import { callRoute } from "~/test/route-call";
import { insertCategory, insertCustomer, insertOrder, insertProduct } from "~/test/orders-fixture";
import * as audit from "./audit";
import * as emails from "./emails";
import * as invitation from "./invitation";
import * as orderDetail from "./order-detail";
import * as productEdit from "./product-edit";
import * as sectionsRoute from "./sections";
import * as settingsRoute from "./settings";
import * as staff from "./staff";

// The staff routes as React Router calls them: an invitation from the owner's page to the
// invitee's first sign-in, and one audit line per area for changes made through the console's
// own actions (decision 0030).
const BASE = "http://localhost:3000";
const OWNER = { email: "owner@shop.vn", password: "Chong-khuan-2026" };
const database = await setUpTestDatabase({ seed: "shop" });
let context: AppLoadContext;
let ownerCookie = "";
let ownerId = "";
let ip = 1;

function cookieOf(setCookies: string[]): string {
  return setCookies
    .map((line) => line.split(";")[0])
    .filter((pair) => pair.slice(pair.indexOf("=") + 1) !== "")
    .join("; ");
}

function req(pathname: string, init: { method?: string; cookie?: string; form?: Record<string, string> } = {}) {
  const headers = new Headers({ "x-forwarded-for": `192.0.2.${ip++}` });
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.method === "POST") headers.set("origin", BASE);
  return new Request(`${BASE}${pathname}`, {
    method: init.method ?? "GET",
    headers,
    body: init.form ? new URLSearchParams(init.form) : undefined,
  });
}

async function post(fn: unknown, pathname: string, form: Record<string, string>, params: Record<string, string> = {}) {
  const request = req(pathname, { method: "POST", cookie: ownerCookie, form });
  try {
    return await (fn as (a: unknown) => Promise<unknown>)({ request, context, params, unstable_pattern: "" });
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

function okOf(result: unknown): boolean {
  const value = result as { data?: { ok?: boolean; error?: string } };
  if (value?.data?.ok !== true) throw new Error(`refused: ${JSON.stringify(value?.data ?? result)}`);
  return true;
}

async function latestAudit(entityType: string) {
  const [row] = await database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityType, entityType))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

beforeAll(async () => {
  const env = parseEnv({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "admin-staff-")),
    AUTH_SECRET: "q".repeat(32),
    PUBLIC_URL: BASE,
  });
  const logger = createLogger("silent");
  const auth = createAuth(database.db, env, { logger });
  context = { env, logger, database, auth } as AppLoadContext;
  ownerId = (await createAdminUser(database.db, auth, OWNER)).userId;
  const form = new FormData();
  form.set("email", OWNER.email);
  form.set("password", OWNER.password);
  const outcome = await signInAdmin(context as AuthContext, req("/admin/login", { method: "POST" }), form);
  if (outcome.kind !== "signed-in") throw new Error("owner sign-in failed");
  ownerCookie = cookieOf(outcome.setCookies);
});

describe("an invitation, from the staff page to the first sign-in", () => {
  it("is sent, opened, used once, and signs the new member in to their own area", async () => {
    okOf(await post(staff.action, "/admin/staff", { intent: "invite", email: "bien.tap@shop.vn", role: "content" }));
    const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, "bien.tap@shop.vn"));
    const link = /\/admin\/invitation\/([A-Za-z0-9_-]{43})/.exec(mail.bodyText);
    expect(link).not.toBeNull();
    const token = link![1];

    // The page says the role, not the e-mail: the invitee types it.
    const page = await callRoute(invitation.loader, req(`/admin/invitation/${token}`), context, { token });
    expect(page.body).toMatchObject({ invitation: { kind: "pending", role: "content" } });
    expect(JSON.stringify(page.body)).not.toContain("bien.tap@shop.vn");

    const form = {
      intent: "accept",
      email: "Bien.Tap@shop.vn",
      name: "Biên Tập",
      password: "Noi-dung-2026",
      passwordConfirm: "Noi-dung-2026",
    };
    const accepted = await invitation.action({
      request: req(`/admin/invitation/${token}`, { method: "POST", form }),
      context,
      params: { token },
      unstable_pattern: "",
    } as never);
    expect(accepted).toBeInstanceOf(Response);
    const response = accepted as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/products");
    const memberCookie = cookieOf(response.headers.getSetCookie());
    expect(memberCookie).toMatch(/uvc\.session_token=/);

    // Signed in as content: the products open, the orders and the staff page are refused.
    const products = await callRoute(
      (await import("./products")).loader,
      req("/admin/products", { cookie: memberCookie }),
      context,
    );
    expect(products.status).toBe(200);
    const orders = await callRoute(
      (await import("./orders")).loader,
      req("/admin/orders", { cookie: memberCookie }),
      context,
    );
    expect(orders.status).toBe(403);
    const staffPage = await callRoute(staff.loader, req("/admin/staff", { cookie: memberCookie }), context);
    expect(staffPage.status).toBe(403);

    // The link works once.
    const again = await callRoute(invitation.loader, req(`/admin/invitation/${token}`), context, { token });
    expect(again.body).toMatchObject({ invitation: { kind: "used" } });
    const twice = await callRoute(
      invitation.action,
      req(`/admin/invitation/${token}`, { method: "POST", form }),
      context,
      { token },
    );
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ ok: false, error: expect.stringMatching(/đã được sử dụng/) });

    // The owner sees the new member, and the audit log shows who joined.
    const list = await callRoute(staff.loader, req("/admin/staff", { cookie: ownerCookie }), context);
    expect((list.body as { members: Array<{ email: string; role: string }> }).members).toContainEqual(
      expect.objectContaining({ email: "bien.tap@shop.vn", role: "content" }),
    );
    const joined = await latestAudit("user_roles");
    expect(joined).toMatchObject({ actorEmail: "bien.tap@shop.vn", action: "insert", after: { role: "content" } });
  });

  it("refuses a made-up link without creating anything", async () => {
    const token = "A".repeat(43);
    const page = await callRoute(invitation.loader, req(`/admin/invitation/${token}`), context, { token });
    expect(page.body).toMatchObject({ invitation: { kind: "invalid" } });
    const refused = await callRoute(
      invitation.action,
      req(`/admin/invitation/${token}`, {
        method: "POST",
        form: { intent: "accept", email: "x@shop.vn", name: "X", password: "Noi-dung-2026", passwordConfirm: "Noi-dung-2026" },
      }),
      context,
      { token },
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ ok: false, error: "Liên kết mời không hợp lệ" });
  });
});

describe("an owner invitation read by a staff member (issue 30)", () => {
  /** Invites `email` from the owner's page; returns the token as mailed (read from the database the sender reads). */
  async function invite(email: string, role: string) {
    okOf(await post(staff.action, "/admin/staff", { intent: "invite", email, role }));
    const [mail] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toEmail, email))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    return { mailId: mail.id, token: /\/admin\/invitation\/([A-Za-z0-9_-]{43})/.exec(mail.bodyText)![1] };
  }

  async function accept(token: string, fields: { email: string; name?: string }) {
    const form = { intent: "accept", name: "Người nhận", password: "Chu-moi-2026!", passwordConfirm: "Chu-moi-2026!", ...fields };
    return callRoute(invitation.action, req(`/admin/invitation/${token}`, { method: "POST", form }), context, { token });
  }

  async function signedInStaff(email: string) {
    const { token } = await invite(email, "staff");
    const joined = await accept(token, { email });
    expect(joined.status).toBe(302);
    return cookieOf(joined.headers.getSetCookie());
  }

  it("finds no token in the outbox, as staff or as owner, and cannot use the link with another e-mail", async () => {
    const staffCookie = await signedInStaff("ban.hang@shop.vn");
    const { mailId, token } = await invite("chu.moi@shop.vn", "owner");

    // The outbox's list and the e-mail opened beside it, for each role that may open the page.
    for (const cookie of [staffCookie, ownerCookie]) {
      for (const url of ["/admin/emails", `/admin/emails?id=${mailId}`]) {
        const page = await callRoute(emails.loader, req(url, { cookie }), context);
        expect(page.status).toBe(200);
        expect(JSON.stringify(page.body)).not.toContain(token);
      }
      const opened = await callRoute(emails.loader, req(`/admin/emails?id=${mailId}`, { cookie }), context);
      expect((opened.body as { message: { bodyText: string } }).message.bodyText).toContain("/admin/invitation/••••••");
    }

    // Even holding the link (leaked some other way), the staff member cannot take it as themself.
    const usersBefore = await database.db.select({ id: user.id }).from(user);
    const refused = await accept(token, { email: "ban.hang@shop.vn" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      ok: false,
      error: "Email này không phải email được mời. Vui lòng nhập đúng email đã nhận lời mời",
      fieldErrors: { email: "Email này không phải email được mời. Vui lòng nhập đúng email đã nhận lời mời" },
    });
    expect(await database.db.select({ id: user.id }).from(user)).toHaveLength(usersBefore.length);
    const [pending] = await database.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.email, "chu.moi@shop.vn"));
    expect(pending).toMatchObject({ acceptedAt: null, revokedAt: null });
    const owners = await database.db.select().from(userRoles).where(eq(userRoles.role, "owner"));
    expect(owners.map((o) => o.userId)).toEqual([ownerId]);
  });

  it("refuses an expired link even with the invited e-mail", async () => {
    const { token } = await invite("tre.han@shop.vn", "owner");
    await database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(staffInvitations.email, "tre.han@shop.vn"));
    const refused = await accept(token, { email: "tre.han@shop.vn" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ ok: false, error: expect.stringMatching(/hết hạn/) });
    expect(await database.db.select().from(user).where(eq(user.email, "tre.han@shop.vn"))).toEqual([]);
  });

  it("counts the attempts on one link: beyond the sign-in limit even the right e-mail waits", async () => {
    const { token } = await invite("doan.thu@shop.vn", "owner");
    const { max } = context.env.SIGN_IN_RATE_LIMIT;
    for (let i = 0; i < max; i++) expect((await accept(token, { email: `doan${i}@shop.vn` })).status).toBe(400);
    const limited = await accept(token, { email: "doan.thu@shop.vn" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(limited.body).toMatchObject({ ok: false, error: "Quá nhiều lần thử, vui lòng thử lại sau" });
    expect(await database.db.select().from(user).where(eq(user.email, "doan.thu@shop.vn"))).toEqual([]);
  });
});

describe("the audit log", () => {
  it("records who changed what, before and after, for orders, stock, prices, settings, sections and staff", async () => {
    const category = await insertCategory(database.db, "Nhật ký");
    const product = await insertProduct(database.db, { categoryId: category.id, price: 500_000, stock: 10 });
    const customer = await insertCustomer(database.db);
    const order = await insertOrder(database.db, { customer, lines: [{ product, quantity: 1 }] });

    okOf(
      await post(
        orderDetail.action,
        `/admin/orders/${order.id}`,
        { intent: "status", status: "processing", version: "1", reason: "" },
        {
          id: order.id,
        },
      ),
    );
    expect(await latestAudit("orders")).toMatchObject({
      actorUserId: ownerId,
      actorEmail: OWNER.email,
      entityId: order.id,
      action: "update",
      before: { status: "pending" },
      after: { status: "processing" },
    });

    const productPath = `/admin/products/${product.id}`;
    okOf(
      await post(
        productEdit.action,
        productPath,
        {
          intent: "update",
          sku: product.sku,
          name: product.name,
          slug: product.slug,
          price: "550000",
          categoryId: String(category.id),
          version: "1",
        },
        { id: String(product.id) },
      ),
    );
    expect(await latestAudit("products")).toMatchObject({
      entityId: String(product.id),
      before: { price: 500_000 },
      after: { price: 550_000 },
    });

    okOf(
      await post(
        productEdit.action,
        productPath,
        { intent: "stock-adjust", direction: "in", quantity: "3", reason: "received" },
        {
          id: String(product.id),
        },
      ),
    );
    const stock = await latestAudit("products");
    expect(stock).toMatchObject({
      actorUserId: ownerId,
      after: { stock_quantity: (stock.before?.stock_quantity as number) + 3 },
    });

    okOf(
      await post(settingsRoute.action, "/admin/settings", {
        group: "store",
        version: "1",
        storeName: "Nhật ký cửa hàng",
        email: "cskh@uvccare.vn",
        phone: "028 1234 5678",
        address: "1 Lê Duẩn, Quận 1",
        "social.facebook": "",
        "social.instagram": "",
      }),
    );
    const setting = await latestAudit("settings");
    expect(setting).toMatchObject({ entityId: "store", actorUserId: ownerId, action: "update" });
    expect(JSON.stringify(setting.after)).toContain("Nhật ký cửa hàng");

    const [section] = await database.db.select().from(sections).where(eq(sections.isActive, true)).limit(1);
    okOf(
      await post(sectionsRoute.action, "/admin/sections", {
        intent: "toggle",
        sectionId: String(section.id),
        isActive: "false",
      }),
    );
    expect(await latestAudit("sections")).toMatchObject({
      entityId: String(section.id),
      before: { is_active: true },
      after: { is_active: false },
    });

    const [member] = await database.db.select().from(userRoles).where(eq(userRoles.role, "content"));
    okOf(await post(staff.action, "/admin/staff", { intent: "role", userId: member.userId, role: "staff" }));
    expect(await latestAudit("user_roles")).toMatchObject({
      actorUserId: ownerId,
      entityId: member.userId,
      before: { role: "content" },
      after: { role: "staff" },
    });

    // The owner's page lists them, filtered by type.
    const page = await callRoute(audit.loader, req("/admin/audit?entity=sections", { cookie: ownerCookie }), context);
    const rows = (page.body as { log: { rows: Array<{ entityType: string }> } }).log.rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.entityType === "sections")).toBe(true);
  });

  it("refuses the last owner's demotion through the page, changing nothing", async () => {
    const result = (await post(staff.action, "/admin/staff", { intent: "role", userId: ownerId, role: "staff" })) as {
      data: { ok: boolean; error: string };
      init: { status: number };
    };
    expect(result.init.status).toBe(409);
    expect(result.data).toMatchObject({ ok: false, error: expect.stringMatching(/chủ cửa hàng cuối cùng/) });
    const [role] = await database.db.select().from(userRoles).where(eq(userRoles.userId, ownerId));
    expect(role.role).toBe("owner");
  });
});
