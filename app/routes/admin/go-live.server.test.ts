import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, desc, eq, gt } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, productReviews, sections } from "~/db/schema";
import { signInAdmin } from "~/features/auth/auth-flows.server";
import type { AuthContext } from "~/features/auth/auth.server";
import { createAdminUser } from "~/features/auth/owner-accounts.server";
import { acceptInvitation, inviteStaff } from "~/features/auth/staff.server";
import { countReviews } from "~/features/reviews/reviews.server";
import { getSettings, saveSetting } from "~/features/settings/settings.server";
import { createAuth } from "~/server/auth.server";
import { parseEnv } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { setUpTestDatabase } from "~/test/database";
import { callRoute } from "~/test/route-call";
import * as goLiveRoute from "./go-live";

// "Mở bán" (issue 31) as React Router calls it: the owner's checklist and go-live, a plain form
// post; anyone else refused with nothing changed.
const BASE = "https://shop.example.vn";
const OWNER = { email: "owner@shop.vn", password: "Chong-khuan-2026" };
const STAFF = { email: "sales@shop.vn", password: "Ban-hang-2026" };
const database = await setUpTestDatabase({ seed: "shop" });
let context: AppLoadContext;
let ownerCookie = "";
let staffCookie = "";
let ownerId = "";
let ip = 1;

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

async function signIn(credentials: { email: string; password: string }): Promise<string> {
  const form = new FormData();
  form.set("email", credentials.email);
  form.set("password", credentials.password);
  const outcome = await signInAdmin(context as AuthContext, req("/admin/login", { method: "POST" }), form);
  if (outcome.kind !== "signed-in") throw new Error(`${credentials.email}: ${outcome.kind}`);
  return outcome.setCookies
    .map((line) => line.split(";")[0])
    .filter((pair) => pair.slice(pair.indexOf("=") + 1) !== "")
    .join("; ");
}

const postAs = (cookie: string, form: Record<string, string>) =>
  callRoute(goLiveRoute.action, req("/admin/go-live", { method: "POST", cookie, form }), context);

type Answer = { ok: boolean; error?: string; result?: { message: string } };

async function demoState() {
  const [testimonials] = await database.db
    .select({ isActive: sections.isActive })
    .from(sections)
    .where(and(eq(sections.pageName, "home"), eq(sections.sectionKey, "testimonials")));
  return { demoReviews: (await countReviews(database.db)).demo, testimonials: testimonials.isActive, launch: (await getSettings(database.db)).launch };
}

beforeAll(async () => {
  const env = parseEnv({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "go-live-")),
    AUTH_SECRET: "g".repeat(32),
    PUBLIC_URL: BASE,
  });
  const logger = createLogger("silent");
  const auth = createAuth(database.db, env, { logger });
  context = { env, logger, database, auth } as AppLoadContext;
  ownerId = (await createAdminUser(database.db, auth, OWNER)).userId;
  ownerCookie = await signIn(OWNER);
  const { token } = await inviteStaff(database.db, { email: STAFF.email, role: "staff" }, null, { siteUrl: BASE });
  await acceptInvitation(database.db, auth, token, { ...STAFF, name: "Bán hàng", passwordConfirm: STAFF.password });
  staffCookie = await signIn(STAFF);
});

describe("the go-live page", () => {
  it("shows the owner the checklist computed on the server (PUBLIC_URL https from the environment)", async () => {
    const page = await callRoute(goLiveRoute.loader, req("/admin/go-live", { cookie: ownerCookie }), context);
    expect(page.status).toBe(200);
    const { checklist } = page.body as { checklist: { live: unknown; ready: boolean; items: Array<{ key: string; done: boolean }> } };
    expect(checklist.live).toBeNull();
    expect(checklist.ready).toBe(false);
    expect(checklist.items.filter((item) => item.done).map((item) => item.key)).toEqual(["publicUrl", "payment"]);
  });

  it("is the owner's alone: staff are refused the page and the action, and nothing changes", async () => {
    const before = await demoState();
    expect((await callRoute(goLiveRoute.loader, req("/admin/go-live", { cookie: staffCookie }), context)).status).toBe(403);
    for (const form of [{ intent: "go-live" }, { intent: "confirm", item: "policies" }] as Array<Record<string, string>>) {
      expect((await postAs(staffCookie, form)).status).toBe(403);
    }
    expect((await postAs("", { intent: "go-live" })).status).toBe(401);
    expect(await demoState()).toEqual(before);
  });

  it("refuses the owner while the demo's company is on the footer, saying what is missing; nothing changes", async () => {
    const before = await demoState();
    const refused = await postAs(ownerCookie, { intent: "go-live" });
    expect(refused.status).toBe(400);
    expect((refused.body as Answer).error).toMatch(/^Chưa thể mở bán: thông tin doanh nghiệp \(Còn trống hoặc vẫn là thông tin mẫu: tên doanh nghiệp/);
    expect(await demoState()).toEqual(before);
  });

  it("goes live from a plain form post: samples removed, the shop recorded live by the owner, audited; a second post changes nothing", async () => {
    await saveSetting(database.db, "legal", {
      businessName: "Công ty TNHH Sạch Khuẩn",
      taxCode: "0109876543",
      registration: "Sở Tài chính Hà Nội cấp ngày 02/01/2026",
      registeredAddress: "12 Lý Thường Kiệt, Hà Nội",
      hotline: "024 3999 8888",
      email: "lienhe@sachkhuan.vn",
    });
    await saveSetting(database.db, "store", {
      storeName: "Sạch Khuẩn",
      email: "cskh@sachkhuan.vn",
      phone: "024 3999 8888",
      address: "12 Lý Thường Kiệt, Hà Nội",
    });
    const demoReviews = (await demoState()).demoReviews;
    expect(demoReviews).toBeGreaterThan(0);
    const [lastAudit] = await database.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    const lastAuditId = lastAudit?.id ?? 0;

    const done = await postAs(ownerCookie, { intent: "go-live" });
    expect(done.status).toBe(200);
    expect((done.body as Answer).result?.message).toBe(
      `Đã mở bán chính thức: đã xóa ${demoReviews} đánh giá mẫu, đã ẩn mục "Cảm nhận khách hàng" mẫu.`,
    );
    const after = await demoState();
    expect(after).toMatchObject({ demoReviews: 0, testimonials: false, launch: { liveBy: "owner" } });
    expect(after.launch.liveAt).not.toBeNull();
    expect(await database.db.select().from(productReviews).where(eq(productReviews.isDemo, true))).toEqual([]);

    // Every row it changed is in the audit log under the owner's name.
    const audited = await database.db.select().from(auditLog).where(gt(auditLog.id, lastAuditId));
    const byTable = (table: string) => audited.filter((row) => row.entityType === table);
    expect(byTable("product_reviews").map((row) => row.action)).toEqual(Array(demoReviews).fill("delete"));
    expect(byTable("sections")).toHaveLength(1);
    expect(byTable("settings").map((row) => row.entityId)).toEqual(["launch"]);
    expect(new Set(audited.map((row) => row.actorUserId))).toEqual(new Set([ownerId]));

    const again = await postAs(ownerCookie, { intent: "go-live" });
    expect((again.body as Answer).result?.message).toBe("Cửa hàng đã mở bán từ trước: không có gì thay đổi.");
    expect(await demoState()).toEqual(after);
    expect(await database.db.select().from(auditLog).where(gt(auditLog.id, lastAuditId))).toHaveLength(audited.length);

    const page = await callRoute(goLiveRoute.loader, req("/admin/go-live", { cookie: ownerCookie }), context);
    expect((page.body as { checklist: { live: unknown } }).checklist.live).toEqual({ at: after.launch.liveAt, by: "owner" });
  });
});
