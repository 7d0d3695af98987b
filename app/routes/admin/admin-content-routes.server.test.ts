import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import sharp from "sharp";
import { renderToString } from "react-dom/server";
import { MemoryRouter, type AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { pageSeo, sectionContent, sections, settings as settingsTable, theme } from "~/db/schema";
import { createAdminUser } from "~/features/auth/owner-accounts.server";
import { HomeSections } from "~/features/content/components/home-sections";
import { getPageContent, invalidateContentCache } from "~/features/content/content.server";
import { seedContent } from "~/features/seed/content-seed.server";
import { listSections } from "~/features/content/sections-admin.server";
import { getPageSeo } from "~/features/seo/seo.server";
import { getSettings, getSettingsVersions } from "~/features/settings/settings.server";
import { getTheme } from "~/features/theme/theme.server";
import { defaultPalette } from "~/features/theme/theme.schema";
import { ROW_VERSION_MISSING_MESSAGE, staleRowMessage } from "~/lib/row-version";
import { createAuth } from "~/server/auth.server";
import { parseEnv } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { setUpTestDatabase } from "~/test/database";
import * as root from "../../root";
import * as emails from "./emails";
import * as sectionsRoute from "./sections";
import * as seo from "./seo";
import * as settingsRoute from "./settings";
import * as themeRoute from "./theme";
import * as uploads from "../uploads";

// The content admin routes' loaders and actions, called the way React Router calls them.
const BASE = "http://localhost:3000";
const database = await setUpTestDatabase();
let context: AppLoadContext;
let ip = 1;
let adminCookie = "";
let shopperCookie = "";

function cookieOf(setCookies: string[]): string {
  return setCookies
    .map((line) => line.split(";")[0])
    .filter((pair) => pair.slice(pair.indexOf("=") + 1) !== "")
    .join("; ");
}

async function signIn(email: string, password: string): Promise<string> {
  const response = await context.auth.handler(
    new Request(`${BASE}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE, "x-forwarded-for": `198.51.100.${ip++}` },
      body: JSON.stringify({ email, password }),
    }),
  );
  expect(response.status).toBe(200);
  return cookieOf(response.headers.getSetCookie());
}

beforeAll(async () => {
  const env = parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "content-routes-")), AUTH_SECRET: "z".repeat(32), PUBLIC_URL: BASE });
  const logger = createLogger("silent");
  const auth = createAuth(database.db, env, { logger });
  context = { env, logger, database, auth } as AppLoadContext;
  await createAdminUser(database.db, auth, { email: "owner@shop.vn", password: "Chong-khuan-2026" });
  await auth.api.signUpEmail({ body: { email: "shopper@shop.vn", password: "Shopper-pass-1", name: "Shopper" } });
  adminCookie = await signIn("owner@shop.vn", "Chong-khuan-2026");
  shopperCookie = await signIn("shopper@shop.vn", "Shopper-pass-1");
  await seedContent(database.db);
});

function req(
  pathname: string,
  init: { method?: string; cookie?: string; form?: Record<string, string> | Array<[string, string]> } = {},
) {
  const headers = new Headers({ "x-forwarded-for": `192.0.2.${ip++}` });
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.method && init.method !== "GET") headers.set("origin", BASE);
  return new Request(`${BASE}${pathname}`, {
    method: init.method ?? "GET",
    headers,
    body: init.form ? new URLSearchParams(init.form) : undefined,
  });
}

const args = (request: Request) => ({ request, context, params: {}, unstable_pattern: "", unstable_url: new URL(request.url) }) as never;

/** Runs a loader or action; a thrown Response (redirect, 401…) is returned instead. */
async function run(fn: (a: never) => unknown, request: Request): Promise<unknown> {
  try {
    return await fn(args(request));
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/** `data()` results carry their payload in .data and the status in .init. */
function payload<T = Record<string, unknown>>(result: unknown): T {
  return (result as { data: T }).data;
}
function status(result: unknown): number {
  return (result as { init?: ResponseInit | null }).init?.status ?? 200;
}

const routes: Array<{ name: string; path: string; module: { loader: unknown; action: unknown }; form: Record<string, string> }> = [
  { name: "sections", path: "/admin/sections", module: sectionsRoute, form: { intent: "toggle", sectionId: "1", isActive: "false" } },
  { name: "settings", path: "/admin/settings", module: settingsRoute, form: { group: "store", storeName: "Hacked" } },
  { name: "seo", path: "/admin/seo", module: seo, form: { intent: "save", pagePath: "/hacked" } },
  { name: "theme", path: "/admin/theme", module: themeRoute, form: { ...defaultPalette, teal: "#000000" } },
  { name: "emails", path: "/admin/emails", module: emails, form: { intent: "retry", id: "1" } },
];

async function snapshot() {
  const db = database.db;
  return {
    sections: await db.select().from(sections).orderBy(sections.id),
    content: await db.select().from(sectionContent).orderBy(sectionContent.id),
    settings: await db.select().from(settingsTable),
    seo: await db.select().from(pageSeo),
    theme: await db.select().from(theme),
  };
}

describe("authorization", () => {
  it("redirects anonymous and non-admin page loads to the login page", async () => {
    for (const route of routes) {
      for (const cookie of [undefined, shopperCookie]) {
        const response = (await run(route.module.loader as never, req(route.path, { cookie }))) as Response;
        expect(response, `${route.name} loader`).toBeInstanceOf(Response);
        expect(response.status).toBe(302);
        expect(response.headers.get("location")).toBe("/admin/login");
      }
    }
  });

  it("refuses anonymous (401) and non-admin (403) actions, and changes nothing", async () => {
    const before = await snapshot();
    for (const route of routes) {
      const anonymous = (await run(route.module.action as never, req(route.path, { method: "POST", form: route.form }))) as Response;
      expect(anonymous.status, `${route.name} anonymous`).toBe(401);
      const shopper = (await run(
        route.module.action as never,
        req(route.path, { method: "POST", cookie: shopperCookie, form: route.form }),
      )) as Response;
      expect(shopper.status, `${route.name} shopper`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("lets the admin load every screen", async () => {
    for (const route of routes) {
      const result = await run(route.module.loader as never, req(route.path, { cookie: adminCookie }));
      expect(result, route.name).not.toBeInstanceOf(Response);
    }
  });
});

describe("settings screen", () => {
  /** Posts a tab's form with the version a freshly opened page has (unless the form names one). */
  const post = async (form: Record<string, string>) => {
    const versions = await getSettingsVersions(database.db);
    const version = String(versions[form.group as keyof typeof versions] ?? 1);
    return run(settingsRoute.action as never, req("/admin/settings", { method: "POST", cookie: adminCookie, form: { version, ...form } }));
  };

  it("saves each tab with its SPEC toast and the storefront reads it", async () => {
    const store = await post({
      group: "store",
      storeName: "UVC Care Sài Gòn",
      email: "cskh@uvccare.vn",
      phone: "028 1234 5678",
      address: "1 Lê Duẩn, Quận 1",
      "social.facebook": "https://facebook.com/uvc",
      "social.instagram": "",
    });
    expect(payload(store)).toEqual({ ok: true, intent: "store", result: { message: "Cài đặt cửa hàng đã được cập nhật", version: 2 } });

    const shipping = await post({
      group: "shipping",
      freeShippingThreshold: "1.500.000",
      standardFee: "35000",
      expressFee: "60 000",
      storePickupFee: "0",
      expressEnabled: "true",
    });
    expect(payload(shipping)).toMatchObject({ ok: true, result: { message: "Cài đặt vận chuyển đã được cập nhật" } });
    expect(payload(await post({ group: "tax", vatRatePercent: "8,5" }))).toMatchObject({ result: { message: "Cài đặt thuế đã được cập nhật" } });
    expect(payload(await post({ group: "currency", usdExchangeRate: "26000", showUsd: "false" }))).toMatchObject({
      result: { message: "Cài đặt tiền tệ đã được cập nhật" },
    });
    expect(
      payload(
        await post({
          group: "email_templates",
          "orderConfirmation.subject": "Đơn {{order_number}}",
          "orderConfirmation.body": "Chào {{customer_name}}",
          "orderShipped.subject": "Đang giao {{order_number}}",
          "orderShipped.body": "Đơn của {{customer_name}} đang đến",
        }),
      ),
    ).toMatchObject({ result: { message: "Cài đặt email đã được cập nhật" } });

    const saved = await getSettings(database.db);
    expect(saved.store).toMatchObject({ storeName: "UVC Care Sài Gòn", email: "cskh@uvccare.vn", social: { instagram: "" } });
    expect(saved.shipping).toEqual({
      freeShippingThreshold: 1_500_000,
      standardFee: 35_000,
      expressFee: 60_000,
      storePickupFee: 0,
      expressEnabled: true,
    });
    expect(saved.tax.vatRateBasisPoints).toBe(850);
    expect(saved.currency).toEqual({ usdExchangeRate: 26_000, showUsd: false });
    expect(saved.email_templates.orderShipped.body).toBe("Đơn của {{customer_name}} đang đến");

    const page = (await run(settingsRoute.loader as never, req("/admin/settings", { cookie: adminCookie }))) as { settings: typeof saved };
    expect(page.settings.shipping.standardFee).toBe(35_000);
  });

  it("saves the checkout fields tab as chosen, and either layout (Vietnam COD, SPEC) in one click; refuses a choice that does not exist", async () => {
    const chosen = {
      group: "checkout",
      nameFields: "split",
      email: "optional",
      postalCode: "required",
      company: "hidden",
      city: "optional",
    };
    expect(payload(await post(chosen))).toMatchObject({
      ok: true,
      result: { message: "Cài đặt trang đặt hàng đã được cập nhật" },
    });
    expect((await getSettings(database.db)).checkout).toEqual({
      nameFields: "split",
      email: "optional",
      postalCode: "required",
      company: "hidden",
      city: "optional",
      phoneFirst: false,
    });

    // The preset button posts the form as it stands plus preset=vietnam-cod; the company choice stays.
    expect(payload(await post({ ...chosen, email: "required", preset: "vietnam-cod" }))).toMatchObject({ ok: true });
    expect((await getSettings(database.db)).checkout).toEqual({
      nameFields: "full",
      email: "optional",
      postalCode: "hidden",
      company: "hidden",
      city: "hidden",
      phoneFirst: true,
    });

    // The reverse: SPEC §5's form back in one click, the company choice still kept.
    expect(payload(await post({ ...chosen, nameFields: "full", preset: "spec" }))).toMatchObject({ ok: true });
    expect((await getSettings(database.db)).checkout).toEqual({
      nameFields: "split",
      email: "required",
      postalCode: "required",
      company: "hidden",
      city: "optional",
      phoneFirst: false,
    });

    const before = await getSettings(database.db);
    const refused = payload(await post({ ...chosen, email: "sometimes" }));
    expect(refused).toMatchObject({ ok: false });
    expect(Object.keys((refused as { fieldErrors?: object }).fieldErrors ?? {})).toContain("email");
    const unknownLayout = payload(await post({ ...chosen, preset: "western" }));
    expect(unknownLayout).toMatchObject({ ok: false, fieldErrors: { preset: "Mẫu trang đặt hàng không hợp lệ" } });
    expect((await getSettings(database.db)).checkout).toEqual(before.checkout);
  });

  it("refuses invalid numbers with the schema's field message and saves nothing", async () => {
    const before = await getSettings(database.db);
    const shipping = await post({
      group: "shipping",
      freeShippingThreshold: "-1",
      standardFee: "abc",
      expressFee: "12.5",
      storePickupFee: "",
    });
    expect(status(shipping)).toBe(400);
    expect(payload(shipping)).toMatchObject({
      ok: false,
      fieldErrors: {
        freeShippingThreshold: "Số tiền không được âm",
        standardFee: "Vui lòng nhập số tiền",
        storePickupFee: "Vui lòng nhập số tiền",
      },
    });
    const tax = await post({ group: "tax", vatRatePercent: "120" });
    expect(payload(tax)).toMatchObject({ ok: false, fieldErrors: { vatRatePercent: "Thuế suất phải là số từ 0 đến 100 (tối đa 2 chữ số thập phân)" } });
    const currency = await post({ group: "currency", usdExchangeRate: "0" });
    expect(payload(currency)).toMatchObject({ ok: false, fieldErrors: { usdExchangeRate: "Tỷ giá phải lớn hơn 0" } });
    const store = await post({ group: "store", storeName: " ", email: "not-an-email" });
    expect(payload(store)).toMatchObject({ ok: false, fieldErrors: { storeName: "Vui lòng nhập tên cửa hàng", email: "Email không hợp lệ" } });
    const email = await post({ group: "email_templates", "orderConfirmation.subject": "", "orderConfirmation.body": "x", "orderShipped.subject": "s", "orderShipped.body": "b" });
    expect(payload(email)).toMatchObject({ ok: false, fieldErrors: { "orderConfirmation.subject": "Vui lòng nhập tiêu đề" } });
    expect(status(await post({ group: "payment" }))).toBe(400);
    expect(await getSettings(database.db)).toEqual(before);
  });

  it("saves the delivery rules tab (issue 31): its regions by row, a ticked province each; refuses one province in two regions", async () => {
    const version = String((await getSettingsVersions(database.db)).delivery);
    const region = (row: number, name: string, codes: string[], min: string, max: string): Array<[string, string]> => [
      [`regions.${row}.name`, name],
      ...codes.map((code): [string, string] => [`regions.${row}.provinceCodes`, code]),
      [`regions.${row}.minDays`, min],
      [`regions.${row}.maxDays`, max],
    ];
    const schedule: Array<[string, string]> = [
      ["group", "delivery"],
      ["version", version],
      ["otherMinDays", "2"],
      ["otherMaxDays", "4"],
      ["cutoffTime", "16:00"],
      ["workingDays", "1"],
      ["workingDays", "3"],
      ["closedDates", ""],
    ];
    const postPairs = (pairs: Array<[string, string]>) =>
      run(settingsRoute.action as never, req("/admin/settings", { method: "POST", cookie: adminCookie, form: pairs }));

    const refused = await postPairs([...schedule, ...region(0, "Bắc", ["01", "31"], "1", "2"), ...region(1, "Hải Phòng", ["31"], "1", "1")]);
    expect(status(refused)).toBe(400);
    expect(payload(refused)).toMatchObject({ ok: false, fieldErrors: { "regions.1.provinceCodes": "Một tỉnh, thành chỉ thuộc một vùng" } });
    expect((await getSettings(database.db)).delivery.otherMaxDays).toBe(5);

    const saved = await postPairs([...schedule, ...region(0, "Bắc", ["01", "31"], "1", "2")]);
    expect(payload(saved)).toMatchObject({ ok: true, intent: "delivery", result: { message: "Thời gian giao hàng đã được cập nhật" } });
    expect((await getSettings(database.db)).delivery).toMatchObject({
      regions: [{ name: "Bắc", provinceCodes: ["01", "31"], minDays: 1, maxDays: 2, slots: false }],
      otherMaxDays: 4,
      cutoffTime: "16:00",
      workingDays: [1, 3],
    });
    const page = (await run(settingsRoute.loader as never, req("/admin/settings", { cookie: adminCookie }))) as {
      provinces: Array<{ code: string; name: string }>;
    };
    expect(page.provinces).toHaveLength(34);
    expect(page.provinces).toContainEqual({ code: "46", name: "Thành phố Huế" });
  });

  it("refuses a tab saved over a newer version of its group, or without a version, and saves nothing", async () => {
    const opened = (await getSettingsVersions(database.db)).currency;
    expect(payload(await post({ group: "currency", usdExchangeRate: "25500", version: String(opened) }))).toMatchObject({ ok: true });
    const before = await getSettings(database.db);
    const stale = await post({ group: "currency", usdExchangeRate: "27000", version: String(opened) });
    expect(status(stale)).toBe(409);
    expect(payload(stale)).toEqual({
      ok: false,
      intent: "currency",
      error: staleRowMessage("Cài đặt"),
      fieldErrors: { version: staleRowMessage("Cài đặt") },
    });
    const unversioned = await post({ group: "currency", usdExchangeRate: "27000", version: "" });
    expect(status(unversioned)).toBe(400);
    expect(payload(unversioned)).toMatchObject({ fieldErrors: { version: ROW_VERSION_MISSING_MESSAGE } });
    expect(await getSettings(database.db)).toEqual(before);
  });
});

describe("sections screen", () => {
  const post = (form: Record<string, string>) =>
    run(sectionsRoute.action as never, req("/admin/sections", { method: "POST", cookie: adminCookie, form }));

  it("lists a page, toggles, reorders and saves content through the actions", async () => {
    const page = (await run(sectionsRoute.loader as never, req("/admin/sections?page=about", { cookie: adminCookie }))) as {
      pages: string[];
      page: string;
      sections: Array<{ id: number; sectionKey: string }>;
    };
    expect(page.page).toBe("about");
    expect(page.pages).toEqual(expect.arrayContaining(["home", "about", "blog", "footer", "top_bar"]));
    const unknown = (await run(sectionsRoute.loader as never, req("/admin/sections?page=nope", { cookie: adminCookie }))) as { page: string };
    expect(unknown.page).toBe("home");

    const mission = page.sections.find((s) => s.sectionKey === "mission")!;
    expect(payload(await post({ intent: "toggle", sectionId: String(mission.id), isActive: "false" }))).toEqual({ ok: true, intent: "toggle" });
    expect((await getPageContent(database.db, "about")).order).not.toContain("mission");

    const ids = page.sections.map((s) => s.id).reverse();
    expect(payload(await post({ intent: "reorder", page: "about", ids: ids.join(",") }))).toEqual({ ok: true, intent: "reorder" });
    expect((await listSections(database.db, "about")).map((s) => s.id)).toEqual(ids);
    const bad = await post({ intent: "reorder", page: "about", ids: ids.slice(1).join(",") });
    expect(status(bad)).toBe(400);

    const intro = (await listSections(database.db, "about")).find((s) => s.sectionKey === "intro")!;
    const title = intro.content.find((c) => c.contentKey === "title")!;
    const save = { intent: "save", sectionId: String(intro.id), version: String(intro.version), [`content.${title.id}`]: "Về chúng tôi" };
    expect(payload(await post(save))).toEqual({ ok: true, intent: "save", result: { version: intro.version + 1 } });
    expect((await getPageContent(database.db, "about")).sections.intro.content.title).toBe("Về chúng tôi");
    // The same form again (another tab opened before that save) is refused and writes nothing.
    const stale = await post({ ...save, [`content.${title.id}`]: "Không lưu" });
    expect(status(stale)).toBe(409);
    expect(payload(stale)).toMatchObject({ ok: false, fieldErrors: { version: staleRowMessage("Nội dung trang") } });
    const { version: _version, ...unversioned } = save;
    expect(payload(await post(unversioned))).toMatchObject({ ok: false, fieldErrors: { version: ROW_VERSION_MISSING_MESSAGE } });
    invalidateContentCache();
    expect((await getPageContent(database.db, "about")).sections.intro.content.title).toBe("Về chúng tôi");

    const steps = (await listSections(database.db, "home")).find((s) => s.sectionKey === "how_it_works")!;
    const stepsRow = steps.content.find((c) => c.contentKey === "steps")!;
    const invalid = await post({ intent: "save", sectionId: String(steps.id), version: String(steps.version), [`content.${stepsRow.id}`]: "{oops" });
    expect(status(invalid)).toBe(400);
    expect(payload<{ fieldErrors: Record<string, string> }>(invalid).fieldErrors[stepsRow.id]).toMatch(/^JSON không hợp lệ/);

    expect(status(await post({ intent: "toggle", sectionId: "abc", isActive: "maybe" }))).toBe(400);
    expect(status(await post({ intent: "toggle", sectionId: "999999", isActive: "true" }))).toBe(404);
    expect(status(await post({ intent: "explode" }))).toBe(400);
  });
});

describe("sections image upload", () => {
  const png = () =>
    sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 20, g: 120, b: 200 } } })
      .png()
      .toBuffer();

  /** A multipart save of one section with a file for one row, as the editor's form sends it. */
  async function uploadRequest(cookie: string | undefined, sectionId: number, rowId: number, bytes: Uint8Array) {
    const form = new FormData();
    form.set("intent", "save");
    form.set("sectionId", String(sectionId));
    const [{ version }] = await database.db.select({ version: sections.version }).from(sections).where(eq(sections.id, sectionId));
    form.set("version", String(version));
    form.set(`content.${rowId}`, "");
    form.set(`upload.${rowId}`, new File([new Uint8Array(bytes)], "anh.png", { type: "image/png" }));
    const headers = new Headers({ "x-forwarded-for": `192.0.2.${ip++}`, origin: BASE });
    if (cookie) headers.set("cookie", cookie);
    return new Request(`${BASE}/admin/sections`, { method: "POST", headers, body: form });
  }
  const uploadsDir = () => path.join(context.env.DATA_DIR, "uploads");
  const storedFiles = () =>
    existsSync(uploadsDir()) ? readdirSync(uploadsDir(), { recursive: true }).map(String).filter((f) => /\.(webp|avif)$/.test(f)) : [];

  it("refuses anonymous (401) and non-admin (403) uploads, storing and changing nothing", async () => {
    const hero = (await listSections(database.db, "home")).find((s) => s.sectionKey === "hero")!;
    const image = hero.content.find((c) => c.contentKey === "background_image")!;
    const before = await snapshot();
    const filesBefore = storedFiles();
    const anonymous = (await run(sectionsRoute.action as never, await uploadRequest(undefined, hero.id, image.id, await png()))) as Response;
    expect(anonymous.status).toBe(401);
    const shopper = (await run(sectionsRoute.action as never, await uploadRequest(shopperCookie, hero.id, image.id, await png()))) as Response;
    expect(shopper.status).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it("lets the admin upload an image for an image row; a disguised file gets the row's Vietnamese message", async () => {
    const hero = (await listSections(database.db, "home")).find((s) => s.sectionKey === "hero")!;
    const image = hero.content.find((c) => c.contentKey === "background_image")!;
    const saved = await run(sectionsRoute.action as never, await uploadRequest(adminCookie, hero.id, image.id, await png()));
    expect(payload(saved)).toEqual({ ok: true, intent: "save", result: { version: hero.version + 1 } });
    const url = String((await getPageContent(database.db, "home")).sections.hero.content.background_image);
    expect(url).toMatch(/^\/uploads\/sections\/.+-avif-640\.webp$/);
    const served = (await uploads.loader({ params: { "*": url.slice("/uploads/".length) }, context } as never)) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");

    const refused = await run(
      sectionsRoute.action as never,
      await uploadRequest(adminCookie, hero.id, image.id, Buffer.from("<svg onload=alert(1)></svg>")),
    );
    expect(status(refused)).toBe(400);
    expect(payload(refused)).toMatchObject({
      ok: false,
      error: "Chỉ nhận ảnh JPEG, PNG, WebP hoặc AVIF",
      fieldErrors: { [String(image.id)]: "Chỉ nhận ảnh JPEG, PNG, WebP hoặc AVIF" },
    });
    expect(String((await getPageContent(database.db, "home")).sections.hero.content.background_image)).toBe(url);
  });
});

describe("SEO and theme screens", () => {
  it("creates, updates and deletes SEO entries; the saved row is what the storefront head reads", async () => {
    const post = (form: Record<string, string>) => run(seo.action as never, req("/admin/seo", { method: "POST", cookie: adminCookie, form }));
    const created = await post({
      intent: "save",
      pagePath: "/about",
      metaTitle: "Về UVC Care",
      metaDescription: "Mô tả",
      keywords: "a, b",
      canonicalUrl: "",
      ogImage: "",
      structuredData: "",
    });
    const id = payload<{ ok: boolean; result: { id: number } }>(created).result.id;
    expect(payload(created)).toMatchObject({ ok: true, intent: "save" });
    expect(await getPageSeo(database.db, "/about")).toMatchObject({ metaTitle: "Về UVC Care", keywords: ["a", "b"], structuredData: null });

    const duplicate = await post({ intent: "save", pagePath: "/about/", metaTitle: "", metaDescription: "", keywords: "", canonicalUrl: "", ogImage: "", structuredData: "" });
    expect(status(duplicate)).toBe(409);
    expect(payload(duplicate)).toMatchObject({ ok: false, fieldErrors: { pagePath: "Đường dẫn /about đã tồn tại" } });

    const badJson = await post({ intent: "save", id: String(id), version: "1", pagePath: "/about", structuredData: "{" });
    expect(status(badJson)).toBe(400);
    expect(payload<{ error: string }>(badJson).error).toMatch(/JSON|property|Expected/i);

    const edit = { intent: "save", id: String(id), version: "1", pagePath: "/about", metaTitle: "Giới thiệu" };
    expect(payload(await post(edit))).toEqual({ ok: true, intent: "save", result: { id, version: 2 } });
    const stale = await post({ ...edit, metaTitle: "Không lưu" });
    expect(status(stale)).toBe(409);
    expect(payload(stale)).toMatchObject({ ok: false, fieldErrors: { version: staleRowMessage("SEO trang") } });
    expect(await getPageSeo(database.db, "/about")).toMatchObject({ metaTitle: "Giới thiệu" });

    const list = (await run(seo.loader as never, req("/admin/seo", { cookie: adminCookie }))) as { pages: Array<{ pagePath: string }> };
    expect(list.pages.map((p) => p.pagePath)).toContain("/about");

    expect(payload(await post({ intent: "delete", id: String(id) }))).toEqual({ ok: true, intent: "delete" });
    expect(await getPageSeo(database.db, "/about")).toBeNull();
  });

  it("saves a theme, which the root applies as HSL CSS variables; invalid hex is refused", async () => {
    const post = (form: Record<string, string>) => run(themeRoute.action as never, req("/admin/theme", { method: "POST", cookie: adminCookie, form }));
    const opened = (await run(themeRoute.loader as never, req("/admin/theme", { cookie: adminCookie }))) as { version: number };
    const saved = await post({ ...defaultPalette, teal: "#FF0000", version: String(opened.version) });
    expect(payload(saved)).toMatchObject({
      ok: true,
      result: { css: expect.stringContaining("--color-brand-teal: hsl(0 100% 50%);"), version: opened.version + 1 },
    });
    expect((await getTheme(database.db)).teal).toBe("#ff0000");
    const rootData = (await root.loader(args(req("/")))) as { themeCss: string };
    expect(rootData.themeCss).toContain("--color-brand-teal: hsl(0 100% 50%);");

    const invalid = await post({ ...defaultPalette, teal: "red", version: String(opened.version + 1) });
    expect(status(invalid)).toBe(400);
    expect(payload(invalid)).toMatchObject({ ok: false, fieldErrors: { teal: "Mã màu phải có dạng #RRGGBB" } });
    // A tab opened before the save above: refused, the saved colour stays.
    const stale = await post({ ...defaultPalette, teal: "#00FF00", version: String(opened.version) });
    expect(status(stale)).toBe(409);
    expect(payload(stale)).toMatchObject({ ok: false, error: staleRowMessage("Giao diện"), fieldErrors: { version: staleRowMessage("Giao diện") } });
    expect((await getTheme(database.db)).teal).toBe("#ff0000");
  });
});

describe("storefront rendering of admin content", () => {
  it("renders XSS payloads saved in sections as inert text", async () => {
    const payloadText = "</script><script>alert(1)</script><img src=x onerror=alert(1)>";
    const hero = (await listSections(database.db, "home")).find((s) => s.sectionKey === "hero")!;
    const heading = hero.content.find((c) => c.contentKey === "heading")!;
    await run(
      sectionsRoute.action as never,
      req("/admin/sections", {
        method: "POST",
        cookie: adminCookie,
        form: { intent: "save", sectionId: String(hero.id), version: String(hero.version), [`content.${heading.id}`]: payloadText },
      }),
    );
    invalidateContentCache();
    const content = await getPageContent(database.db, "home");
    const html = renderToString(
      createElement(MemoryRouter, null, createElement(HomeSections, { content, storeName: "UVC Care", instagramUrl: "" })),
    );
    expect(html).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<img src=x");
  });
});
