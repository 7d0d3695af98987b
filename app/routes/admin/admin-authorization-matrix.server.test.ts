import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  codRemittanceLines,
  codRemittances,
  emailOutbox,
  newsletterSubscribers,
  orders,
  pages,
  productReviews,
  products,
  sections,
  storeLocations,
} from "~/db/schema";
import { signInAdmin, startTotpSetup, confirmTotpSetup } from "~/features/auth/auth-flows.server";
import { type AuthContext } from "~/features/auth/auth.server";
import { createAdminUser } from "~/features/auth/owner-accounts.server";
import { acceptInvitation, inviteStaff } from "~/features/auth/staff.server";
import { queueOrderEmail } from "~/features/email/email.server";
import { subscribeToNewsletter } from "~/features/newsletter/newsletter.server";
import { saveView } from "~/features/orders/saved-views.server";
import { getSettings, saveSetting } from "~/features/settings/settings.server";
import { carrierGatewayFor, saveGhnAccount } from "~/features/shipping/carrier-accounts.server";
import { createShipment } from "~/features/shipping/shipments.server";
import { defaultPalette } from "~/features/theme/theme.schema";
import routeConfig from "~/routes";
import { createAuth } from "~/server/auth.server";
import { rowsOf } from "~/server/db.server";
import { parseEnv } from "~/server/env.server";
import { closeEventHub } from "~/server/events.server";
import { createLogger } from "~/server/logger.server";
import { setUpTestDatabase } from "~/test/database";
import { STAND_IN_HOSTS, STAND_IN_SHOP_ID, STAND_IN_TOKEN, startGhnStandIn, type GhnStandIn } from "~/test/ghn-stand-in";
import { insertCategory, insertCustomer, insertOrder, insertProduct, TEST_EMAIL_LINKS } from "~/test/orders-fixture";
import { totpFromUri } from "~/test/totp";

/*
 * The authorization matrix, generated from the URL map (app/routes.ts): every loader and action
 * of every admin route, called the way React Router calls it (each loader on its own, as a
 * client navigation's .data request does), as six callers: anonymous, a shopper, an admin
 * awaiting the second factor, and a console member of each role (owner, staff, content). Only the
 * roles ROLES_OF names get through; the others are refused with no data and change nothing. A new
 * admin route is covered by itself; one that needs a URL parameter, a sample form or its roles
 * this file does not know fails here.
 */

const BASE = "http://localhost:3000";
const OWNER = { email: "owner@shop.vn", password: "Chong-khuan-2026" };
const TOTP_ADMIN = { email: "second@shop.vn", password: "Totp-password-2026" };
const SHOPPER = { email: "buyer@shop.vn", password: "Buyer-password-1" };
const STAFF = { email: "sales@shop.vn", password: "Ban-hang-2026" };
const CONTENT = { email: "editor@shop.vn", password: "Bien-tap-2026" };
const HELPER = { email: "helper@shop.vn", password: "Tro-giup-2026" };

type Role = "owner" | "staff" | "content";
const ALL: Role[] = ["staff", "content", "owner"];
const OPERATIONS: Role[] = ["staff", "owner"];
const CONTENT_ROLES: Role[] = ["content", "owner"];
const OWNER_ONLY: Role[] = ["owner"];
/** Operations pages where the owner posts the sample: its form needs a permission staff lack by default. */
const OPERATIONS_OWNER_FIRST: Role[] = ["owner", "staff"];

/**
 * The console roles each admin route serves, by route file (issue 18, decision 0030), written out
 * here rather than read from console-permissions.ts, so a change there has to change this table
 * too. The first role is the one that posts the sample forms.
 */
const ROLES_OF: Record<string, Role[]> = {
  "routes/admin/events.ts": OPERATIONS,
  // Customer data: the owner's unless granted (PERMISSIONS below, decision 0046).
  "routes/admin/customers-export.ts": OWNER_ONLY,
  "routes/admin/newsletter-export.ts": OWNER_ONLY,
  "routes/admin/reports-export.ts": OWNER_ONLY,
  "routes/admin/order-packing-slip.tsx": OPERATIONS,
  "routes/admin/shipment-label.tsx": OPERATIONS,
  // GHN's own label: the same roles as ours (it only asks GHN for a print token and redirects).
  "routes/admin/shipment-ghn-label.tsx": OPERATIONS,
  "routes/admin/layout.tsx": ALL,
  // Its loader sends a member back to the console (signing out is a POST, open to anyone).
  "routes/admin/logout.tsx": ALL,
  "routes/admin/index.tsx": OPERATIONS,
  "routes/admin/orders.tsx": OPERATIONS,
  "routes/admin/orders-export.ts": OWNER_ONLY,
  "routes/admin/orders-print.tsx": OPERATIONS,
  "routes/admin/orders-confirm.tsx": OPERATIONS,
  // The sample marks the order paid (markPaid): posted by the owner.
  "routes/admin/order-detail.tsx": OPERATIONS_OWNER_FIRST,
  "routes/admin/shipments.tsx": OPERATIONS,
  "routes/admin/blocked-phones.tsx": OPERATIONS,
  "routes/admin/customers.tsx": OPERATIONS,
  "routes/admin/customer-detail.tsx": OPERATIONS,
  "routes/admin/newsletter.tsx": OPERATIONS,
  // The sample is a payout typed by hand (markPaid): posted by the owner.
  "routes/admin/cod.tsx": OPERATIONS_OWNER_FIRST,
  "routes/admin/emails.tsx": OPERATIONS,
  "routes/admin/categories.tsx": CONTENT_ROLES,
  "routes/admin/stores.tsx": CONTENT_ROLES,
  "routes/admin/store-stock.tsx": CONTENT_ROLES,
  "routes/admin/products.tsx": CONTENT_ROLES,
  "routes/admin/product-variants.tsx": CONTENT_ROLES,
  "routes/admin/product-variant-new.tsx": CONTENT_ROLES,
  "routes/admin/product-new.tsx": CONTENT_ROLES,
  "routes/admin/product-edit.tsx": CONTENT_ROLES,
  "routes/admin/reviews.tsx": CONTENT_ROLES,
  "routes/admin/sections.tsx": CONTENT_ROLES,
  "routes/admin/pages.tsx": CONTENT_ROLES,
  "routes/admin/seo.tsx": CONTENT_ROLES,
  "routes/admin/theme.tsx": CONTENT_ROLES,
  "routes/admin/discounts.tsx": OWNER_ONLY,
  "routes/admin/reports.tsx": OWNER_ONLY,
  "routes/admin/settings.tsx": OWNER_ONLY,
  "routes/admin/carriers.tsx": OWNER_ONLY,
  "routes/admin/staff.tsx": OWNER_ONLY,
  "routes/admin/audit.tsx": OWNER_ONLY,
  // The go-live checklist and the action that removes the demo content (issue 31).
  "routes/admin/go-live.tsx": OWNER_ONLY,
  // Each member's own two-factor settings; the sample enables TOTP with the owner's password.
  "routes/admin/security.tsx": ["owner", "staff", "content"],
};

/** A content editor opening the dashboard is sent to the products instead of refused. */
const CONTENT_HOME_REDIRECT = { file: "routes/admin/index.tsx", location: "/admin/products" };

/** Admin paths open to everyone on purpose: the login page, and signing out (anyone may end their own session). */
const PUBLIC: Record<string, { loader: boolean; action: boolean }> = {
  "admin/login": { loader: true, action: true },
  "admin/logout": { loader: false, action: true },
  // An invitation link: its token is the credential (staff.server.test.ts and admin-staff-routes test it).
  "admin/invitation/:token": { loader: true, action: true },
};

interface Fixture {
  orderId: string;
  customerId: string;
  categoryId: number;
  productToDelete: number;
  productToEdit: { id: number; sku: string; slug: string };
  /** A product with two variants (version 1): reordered, one edited, a third added. */
  productWithVariants: { id: number; variantIds: [number, number] };
  activeSectionId: number;
  /** A seeded policy (version 1) to edit, then delete. */
  policyId: number;
  failedEmailId: number;
  /** Manual shipments of other confirmed orders (booked, version 1): moved along, delivered, cancelled. */
  shipmentIds: [string, string, string];
  /** A shipment booked with GHN (the local stand-in), for "Cập nhật từ GHN". */
  ghnShipmentId: string;
  /** A confirmed order without a shipment, for the CSV import of tracking codes. */
  readyOrderNumber: number;
  /** A remittance line (an unknown code) staff may resolve. */
  codLineId: number;
  /** Another, for resolving selected lines together. */
  codLineForBulkId: number;
  /** A pending order (version 1) for the orders list's bulk status change. */
  bulkOrderId: string;
  /** A pending order whose call staff take from the confirmation queue. */
  toCallOrderId: string;
  /** A pending invitation (resend, revoke) and a member (role, remove) for the staff page. */
  invitationId: string;
  helperUserId: string;
  /** A newsletter address staff may unsubscribe. */
  subscriber: { id: number; email: string };
  /** Two shops (version 1): one's stock is saved, the other is edited then removed. */
  stockStoreId: number;
  editStoreId: number;
  /** A seeded demo review (approved) to hide, approve again, answer, and remove with the others. */
  reviewId: number;
  /** A saved view of the orders list, the staff member's own (the orders route's first role). */
  staffViewId: string;
}

/** A shop's form values (the matrix's shops). */
const MATRIX_STORE = {
  name: "UVC Care Ma trận",
  city: "Hà Nội",
  address: "1 Lê Duẩn",
  opensAt: "08:00",
  closesAt: "21:00",
};

/** Values for the URL parameters of admin paths, chosen so a full admin gets a real page. */
const PARAMS: Record<string, (f: Fixture) => Record<string, string>> = {
  "admin/reports/export/:kind": () => ({ kind: "sales" }),
  "admin/orders/:id/packing-slip": (f) => ({ id: f.orderId }),
  "admin/orders/:id": (f) => ({ id: f.orderId }),
  "admin/shipments/:id/label": (f) => ({ id: f.shipmentIds[0] }),
  "admin/shipments/:id/ghn-label": (f) => ({ id: f.ghnShipmentId }),
  "admin/customers/:id": (f) => ({ id: f.customerId }),
  "admin/products/:id": (f) => ({ id: String(f.productToEdit.id) }),
  "admin/products/:id/variants": (f) => ({ id: String(f.productWithVariants.id) }),
  "admin/products/:id/variants/new": (f) => ({ id: String(f.productWithVariants.id) }),
  "admin/stores/:id/stock": (f) => ({ id: String(f.stockStoreId) }),
};

/** The fields of the policies and posts form (admin/pages), before the sample's own. */
const PAGE_FORM: Record<string, string> = {
  kind: "policy",
  body: "Nội dung **ma trận**.",
  status: "published",
  publishedAt: "",
  sortOrder: "9",
};

/** For each admin action, a form that changes the database when a full admin posts it. */
const MUTATIONS: Record<string, (f: Fixture) => Record<string, string>> = {
  "admin/orders": (f) => ({ intent: "bulk-status", status: "processing", reason: "", order: `${f.bulkOrderId}:1` }),
  "admin/orders/confirm": (f) => ({ intent: "take-call", orderId: f.toCallOrderId }),
  "admin/orders/:id": () => ({ intent: "payment", paymentStatus: "paid", version: "1" }),
  "admin/customers/:id": () => ({
    intent: "profile",
    firstName: "Ma",
    lastName: "Trận",
    phone: "",
    company: "",
    version: "1",
  }),
  "admin/categories": () => ({ intent: "create", name: "Ma trận", slug: "ma-tran" }),
  "admin/stores": () => ({ intent: "create", ...MATRIX_STORE, name: "UVC Care Ma trận mới" }),
  "admin/stores/:id/stock": (f) => ({ intent: "stock", version: "1", [`quantity.${f.productToEdit.id}`]: "5" }),
  "admin/shipments": (f) => ({
    intent: "import",
    csvText: `${f.readyOrderNumber},MT-IMPORT-1`,
    defaultCarrierName: "GHN",
  }),
  "admin/products": (f) => ({ intent: "delete", id: String(f.productToDelete), version: "1" }),
  "admin/products/:id/variants": (f) => ({
    intent: "variant-move",
    variantId: String(f.productWithVariants.variantIds[1]),
    direction: "up",
  }),
  "admin/products/:id/variants/new": () => ({ intent: "variant-create", variantLabel: "Hồng", sku: "MT-VAR-PNK" }),
  "admin/products/new": (f) => ({
    intent: "create",
    sku: "MT-NEW",
    name: "Ma trận mới",
    slug: "ma-tran-moi",
    price: "1000",
    categoryId: String(f.categoryId),
  }),
  "admin/products/:id": (f) => ({
    intent: "update",
    sku: f.productToEdit.sku,
    name: "Ma trận đã sửa",
    slug: f.productToEdit.slug,
    price: "2000",
    categoryId: String(f.categoryId),
    version: "1",
  }),
  "admin/discounts": () => ({ intent: "create", code: "MATRAN", type: "percent", value: "10" }),
  "admin/cod": () => ({
    intent: "manual",
    carrierName: "GHN",
    remittedOn: "2026-11-20",
    trackingCode: "MATRAN01",
    codAmount: "450000",
    fee: "22000",
  }),
  "admin/sections": (f) => ({ intent: "toggle", sectionId: String(f.activeSectionId), isActive: "false" }),
  "admin/pages": () => ({ ...PAGE_FORM, intent: "create", kind: "post", slug: "ma-tran", title: "Ma trận" }),
  "admin/settings": () => ({
    group: "store",
    version: "1",
    storeName: "Ma trận",
    email: "cskh@uvccare.vn",
    phone: "028 1234 5678",
    address: "1 Lê Duẩn, Quận 1",
    "social.facebook": "",
    "social.instagram": "",
  }),
  "admin/seo": () => ({
    intent: "save",
    pagePath: "/ma-tran",
    metaTitle: "Ma trận",
    metaDescription: "",
    keywords: "",
    canonicalUrl: "",
    ogImage: "",
    structuredData: "",
  }),
  "admin/theme": () => ({ ...defaultPalette, teal: "#123456", version: "1" }),
  // Saves the GHN account (made in beforeAll for the GHN shipment), still on the local stand-in.
  "admin/carriers": () => ({
    intent: "save",
    version: "1",
    enabled: "on",
    token: "",
    shopId: STAND_IN_SHOP_ID,
    environment: "custom",
    customBaseUrl: ghnStandIn.baseUrl,
    defaultServiceTypeId: "5",
  }),
  "admin/emails": (f) => ({ intent: "retry", id: String(f.failedEmailId) }),
  "admin/blocked-phones": () => ({ intent: "block", phone: "0987654321", note: "Ma trận" }),
  "admin/newsletter": (f) => ({ intent: "unsubscribe", id: String(f.subscriber.id), email: f.subscriber.email }),
  "admin/reviews": (f) => ({ intent: "hide", id: String(f.reviewId) }),
  "admin/security": () => ({ intent: "enable", password: OWNER.password }),
  "admin/staff": () => ({ intent: "invite", email: "moi@shop.vn", role: "content" }),
  "admin/go-live": () => ({ intent: "confirm", item: "policies" }),
};

/**
 * The other intents of an action (one sample above per route; these are every further intent that
 * changes data), each refused to all but a full admin. Run after MUTATIONS, on the state they left.
 */
const MORE_INTENTS: Record<string, Array<(f: Fixture) => Record<string, string>>> = {
  "admin/orders/:id": [
    () => ({ intent: "take-call" }),
    () => ({ intent: "confirm-call", outcome: "no_answer", version: "2", note: "Ma trận" }),
    () => ({ intent: "block-phone", phone: "0912345678", note: "Ma trận" }),
    () => ({ intent: "unblock-phone", phone: "0912345678" }),
    () => ({ intent: "status", status: "cancelled", version: "3", reason: "Ma trận", restock: "on" }),
    () => ({ intent: "archive", version: "4" }),
    () => ({ intent: "unarchive", version: "5" }),
    // Back to confirmed, so that a shipment can be created for it.
    () => ({ intent: "status", status: "processing", version: "6", reason: "" }),
    () => ({ intent: "shipment-create", carrier: "manual", carrierName: "GHN" }),
    (f) => ({ intent: "shipment-code", shipmentId: f.shipmentIds[0], trackingCode: "MT-CODE-1", version: "1" }),
    (f) => ({ intent: "shipment-transit", shipmentId: f.shipmentIds[0], version: "2" }),
    (f) => ({ intent: "shipment-failed", shipmentId: f.shipmentIds[0], reason: "Không liên lạc được", version: "3" }),
    (f) => ({ intent: "shipment-returning", shipmentId: f.shipmentIds[0], version: "4" }),
    (f) => ({ intent: "shipment-return", shipmentId: f.shipmentIds[0], version: "5" }),
    (f) => ({ intent: "shipment-delivered", shipmentId: f.shipmentIds[1], version: "1" }),
    (f) => ({ intent: "shipment-cancel", shipmentId: f.shipmentIds[2], version: "1" }),
    (f) => ({ intent: "shipment-sync", shipmentId: f.ghnShipmentId }),
  ],
  // A saved view of the orders list (issue 31): each member's own, so the route's roles may save one.
  "admin/orders": [
    () => ({ intent: "save-view", name: "Ma trận", query: "status=pending" }),
    // The staff member's own view (made in beforeAll): renamed, then deleted.
    (f) => ({ intent: "rename-view", viewId: f.staffViewId, name: "Ma trận đổi tên" }),
    (f) => ({ intent: "delete-view", viewId: f.staffViewId }),
  ],
  "admin/blocked-phones": [() => ({ intent: "unblock", phone: "0987654321" })],
  "admin/stores": [
    (f) => ({
      intent: "update",
      id: String(f.editStoreId),
      version: "1",
      ...MATRIX_STORE,
      name: "UVC Care Ma trận sửa",
      closesAt: "22:00",
    }),
    (f) => ({ intent: "delete", id: String(f.editStoreId), version: "2" }),
  ],
  "admin/pages": [
    (f) => ({
      ...PAGE_FORM,
      intent: "update",
      id: String(f.policyId),
      version: "1",
      slug: "ma-tran",
      title: "Ma trận đã sửa",
    }),
    (f) => ({ intent: "delete", id: String(f.policyId), kind: "policy", version: "2" }),
  ],
  "admin/products/:id": [() => ({ intent: "stock-adjust", direction: "in", quantity: "3", reason: "received" })],
  "admin/products/:id/variants": [
    (f) => ({
      intent: "variant-update",
      variantId: String(f.productWithVariants.variantIds[0]),
      variantLabel: "Trắng sữa",
      sku: "MT-VAR-WHT",
      version: "1",
    }),
  ],
  // The delivery rules' tab (issue 31): another settings group, the owner's like the others.
  "admin/settings": [
    () => ({
      group: "delivery",
      version: "1",
      "regions.0.name": "Ma trận",
      "regions.0.provinceCodes": "46",
      "regions.0.minDays": "1",
      "regions.0.maxDays": "3",
      otherMinDays: "2",
      otherMaxDays: "6",
      cutoffTime: "14:00",
      workingDays: "1",
      closedDates: "2027-02-06",
    }),
  ],
  "admin/carriers": [() => ({ intent: "rotate-secret", version: "2" })],
  "admin/reviews": [
    (f) => ({ intent: "approve", id: String(f.reviewId) }),
    (f) => ({ intent: "reply", id: String(f.reviewId), reply: "Cảm ơn bạn!" }),
    () => ({ intent: "delete-demo" }),
  ],
  "admin/cod": [
    (f) => ({ intent: "resolve", lineId: String(f.codLineId), action: "dismiss", note: "Ma trận" }),
    (f) => ({ intent: "resolve-many", lineIds: String(f.codLineForBulkId), action: "dismiss", note: "Ma trận" }),
  ],
  "admin/staff": [
    (f) => ({ intent: "resend", invitationId: f.invitationId }),
    (f) => ({ intent: "revoke", invitationId: f.invitationId }),
    (f) => ({ intent: "role", userId: f.helperUserId, role: "content" }),
    (f) => ({ intent: "remove", userId: f.helperUserId }),
  ],
  // Last: going live removes the sample reviews the reviews' intents above work on.
  "admin/go-live": [() => ({ intent: "confirm", item: "shipping" }), () => ({ intent: "go-live" })],
};

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

interface AdminRoute {
  path: string;
  file: string;
  loader?: (args: never) => unknown;
  action?: (args: never) => unknown;
}

/** Every route of the URL map with its full path (layouts contribute their path to their children). */
function flatten(entries: readonly RouteEntry[], parent = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path: own, file: entry.file }, ...flatten(entry.children ?? [], own)];
  });
}

const adminEntries = flatten(routeConfig as RouteEntry[]).filter(
  (r) => r.path === "admin" || r.path.startsWith("admin/") || r.file.startsWith("routes/admin/"),
);

const database = await setUpTestDatabase({ seed: "shop" });
let context: AppLoadContext;
let fixture: Fixture;
let adminRoutes: AdminRoute[];
let ghnStandIn: GhnStandIn;
type Caller = "anonymous" | "shopper" | "admin awaiting second factor" | Role;
const callers: Record<Caller, string | undefined> = {
  anonymous: undefined,
  shopper: undefined,
  "admin awaiting second factor": undefined,
  owner: undefined,
  staff: undefined,
  content: undefined,
};

function isRole(who: string): who is Role {
  return who === "owner" || who === "staff" || who === "content";
}

function rolesOf(route: AdminRoute): Role[] {
  const roles = ROLES_OF[route.file];
  if (!roles) throw new Error(`${route.file}: the matrix does not know which roles it serves; add it to ROLES_OF`);
  return roles;
}
let ip = 1;

function cookieHeader(setCookies: string[], previous = ""): string {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)]),
  );
  for (const line of setCookies) {
    const pair = line.split(";")[0];
    const value = pair.slice(pair.indexOf("=") + 1);
    if (/max-age=0/i.test(line) || !value) jar.delete(pair.slice(0, pair.indexOf("=")));
    else jar.set(pair.slice(0, pair.indexOf("=")), value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

function request(
  pathname: string,
  init: { method?: string; cookie?: string; form?: Record<string, string>; signal?: AbortSignal } = {},
) {
  const headers = new Headers({ "x-forwarded-for": `198.18.0.${ip++ % 250}` });
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.method === "POST") headers.set("origin", BASE);
  return new Request(`${BASE}${pathname}`, {
    method: init.method ?? "GET",
    headers,
    body: init.form ? new URLSearchParams(init.form) : undefined,
    signal: init.signal,
  });
}

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** Calls a loader or action as React Router does; a thrown Response is returned. */
async function call(fn: (args: never) => unknown, req: Request, params: Record<string, string>): Promise<unknown> {
  try {
    return await fn({ request: req, context, params, unstable_pattern: "", unstable_url: new URL(req.url) } as never);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

function isRefusal(result: unknown): result is Response {
  if (!(result instanceof Response)) return false;
  if (result.status === 401 || result.status === 403) return true;
  return result.status === 302 && result.headers.get("location") === "/admin/login";
}

/** The refusal carries no data: an empty body (redirect) or only an error message. */
async function expectRefusedWithoutData(result: unknown, label: string) {
  expect(isRefusal(result), `${label}: refused (got ${result instanceof Response ? result.status : "data"})`).toBe(
    true,
  );
  const text = await (result as Response).text();
  if (text) expect(Object.keys(JSON.parse(text) as object), `${label}: body`).toEqual(["error"]);
}

/**
 * Columns a refused request may still write: a console member's request is counted as activity on
 * their session (the idle timeout) before their role is found not to cover the page.
 */
const ACTIVITY_COLUMNS: Record<string, string[]> = { session: ["last_active_at", "updated_at"] };

/** A fingerprint of every table: row count and a hash of the rows. */
async function databaseFingerprint(): Promise<Record<string, string>> {
  const tables = rowsOf<{ tablename: string }>(
    await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  ).map((row) => row.tablename);
  const fingerprint: Record<string, string> = {};
  for (const table of tables) {
    const [row] = rowsOf<{ n: number | string; digest: string | null }>(
      await database.db.execute(
        sql`select count(*) as n, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as digest from (select to_jsonb(t) - ${`{${(ACTIVITY_COLUMNS[table] ?? []).join(",")}}`}::text[] as r from ${sql.identifier(table)} t) rows`,
      ),
    );
    fingerprint[table] = `${row.n}:${row.digest}`;
  }
  return fingerprint;
}

function paramsFor(route: AdminRoute): Record<string, string> {
  if (!route.path.includes(":") && !route.path.includes("*")) return {};
  const fill = PARAMS[route.path];
  if (!fill) throw new Error(`${route.path}: the matrix does not know which URL parameters to use; add it to PARAMS`);
  return fill(fixture);
}

function urlFor(route: AdminRoute, params: Record<string, string>): string {
  return `/${route.path.replace(/:(\w+)/g, (_, name: string) => params[name])}`;
}

beforeAll(async () => {
  const env = parseEnv({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "admin-matrix-")),
    AUTH_SECRET: "m".repeat(32),
    PUBLIC_URL: BASE,
    CARRIER_TEST_HOSTS: STAND_IN_HOSTS.join(","),
  });
  const logger = createLogger("silent");
  const auth = createAuth(database.db, env, { logger });
  context = { env, logger, database, auth } as AppLoadContext;
  const authContext = context as AuthContext;
  const db = database.db;

  const category = await insertCategory(db, "Ma trận");
  const [ordered, toDelete, toEdit] = [
    await insertProduct(db, { categoryId: category.id }),
    await insertProduct(db, { categoryId: category.id }),
    await insertProduct(db, { categoryId: category.id }),
  ];
  const withVariants = await insertProduct(db, { categoryId: category.id, stock: 0, trackStock: false });
  const variantIds: number[] = [];
  for (const label of ["Trắng", "Đen"]) {
    const variant = await insertProduct(db, { categoryId: category.id });
    await db
      .update(products)
      .set({ parentId: withVariants.id, variantLabel: label, position: variantIds.length })
      .where(eq(products.id, variant.id));
    variantIds.push(variant.id);
  }
  const customer = await insertCustomer(db);
  const order = await insertOrder(db, { customer, lines: [{ product: ordered, quantity: 1 }] });
  const [failed] = await db
    .insert(emailOutbox)
    .values({
      toEmail: customer.email,
      subject: "Đơn hàng",
      bodyText: "x",
      template: "order_confirmation",
      orderId: order.id,
      status: "failed",
    })
    .returning();
  const [active] = await db.select().from(sections).where(eq(sections.isActive, true)).limit(1);
  const [policy] = await db.select().from(pages).where(eq(pages.slug, "terms")).limit(1);
  const staff = { userId: null, name: "Ma trận" };
  const shipmentIds: string[] = [];
  for (let i = 0; i < 3; i++) {
    const confirmed = await insertOrder(db, {
      customer,
      lines: [{ product: ordered, quantity: 1 }],
      status: "processing",
    });
    shipmentIds.push(
      (
        await createShipment(
          db,
          confirmed.id,
          { carrier: "manual", carrierName: "Viettel Post" },
          staff,
          TEST_EMAIL_LINKS,
        )
      ).id,
    );
  }
  // A GHN shipment, booked with the local stand-in (nothing reaches GHN).
  ghnStandIn = await startGhnStandIn();
  await saveGhnAccount(
    db,
    {
      enabled: "on",
      token: STAND_IN_TOKEN,
      shopId: STAND_IN_SHOP_ID,
      environment: "custom",
      customBaseUrl: ghnStandIn.baseUrl,
      defaultServiceTypeId: "2",
    },
    null,
    STAND_IN_HOSTS,
  );
  const forGhn = await insertOrder(db, { customer, lines: [{ product: ordered, quantity: 1 }], status: "processing" });
  const ghnShipment = await createShipment(
    db,
    forGhn.id,
    { carrier: "ghn" },
    staff,
    TEST_EMAIL_LINKS,
    await carrierGatewayFor(db, "ghn"),
  );
  const ready = await insertOrder(db, { customer, lines: [{ product: ordered, quantity: 1 }], status: "processing" });
  const forBulk = await insertOrder(db, { customer, lines: [{ product: ordered, quantity: 1 }] });
  const toCall = await insertOrder(db, { customer, lines: [{ product: ordered, quantity: 1 }] });
  const [remittance] = await db.insert(codRemittances).values({ carrierName: "GHTK", source: "manual" }).returning();
  const [codLine, codLineForBulk] = await db
    .insert(codRemittanceLines)
    .values(
      ["KHONG-CO", "KHONG-CO-2"].map((trackingCode, i) => ({
        remittanceId: remittance.id,
        rowNumber: i + 1,
        trackingCode,
        codAmount: 1000,
        status: "unknown_code" as const,
      })),
    )
    .returning();
  // The staff page's samples: a pending invitation, and a member to change and remove.
  const invitation = await inviteStaff(db, { email: "pending@shop.vn", role: "staff" }, null, { siteUrl: BASE });
  const helper = await joinAs(HELPER, "staff");
  const [subscriber] = await db
    .insert(newsletterSubscribers)
    .values({ email: "ban-tin@matran.vn", status: "confirmed" })
    .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email });
  const [stockStore, editStore] = await db
    .insert(storeLocations)
    .values([MATRIX_STORE, { ...MATRIX_STORE, name: "UVC Care Ma trận sửa" }])
    .returning({ id: storeLocations.id });
  // The shop's own company (the seed's is a placeholder): going live is refused without it.
  await saveSetting(db, "legal", {
    businessName: "Công ty TNHH Ma Trận",
    taxCode: "0101234567",
    registration: "Sở Tài chính Hà Nội cấp ngày 02/01/2026",
    registeredAddress: "1 Lê Duẩn, Hà Nội",
    hotline: "024 3888 7777",
    email: "phap-che@matran.vn",
  });
  const [demoReview] = await db
    .select({ id: productReviews.id })
    .from(productReviews)
    .where(eq(productReviews.isDemo, true))
    .limit(1);
  fixture = {
    stockStoreId: stockStore.id,
    editStoreId: editStore.id,
    invitationId: invitation.id,
    helperUserId: helper.userId,
    orderId: order.id,
    customerId: customer.id,
    categoryId: category.id,
    productToDelete: toDelete.id,
    productToEdit: { id: toEdit.id, sku: toEdit.sku, slug: toEdit.slug },
    productWithVariants: { id: withVariants.id, variantIds: variantIds as [number, number] },
    activeSectionId: active.id,
    policyId: policy.id,
    failedEmailId: failed.id,
    shipmentIds: shipmentIds as Fixture["shipmentIds"],
    ghnShipmentId: ghnShipment.id,
    readyOrderNumber: ready.orderNumber,
    codLineId: codLine.id,
    codLineForBulkId: codLineForBulk.id,
    bulkOrderId: forBulk.id,
    toCallOrderId: toCall.id,
    subscriber,
    reviewId: demoReview.id,
    staffViewId: "",
  };

  // The owner: email and password through the login flow; staff and content joined by invitation.
  await createAdminUser(db, auth, OWNER);
  const owner = await signInAdmin(authContext, request("/admin/login", { method: "POST" }), formOf(OWNER));
  if (owner.kind !== "signed-in") throw new Error(`owner sign-in: ${owner.kind}`);
  callers.owner = cookieHeader(owner.setCookies);
  for (const [role, credentials] of [
    ["staff", STAFF],
    ["content", CONTENT],
  ] as const) {
    const member = await joinAs(credentials, role);
    if (role === "staff") {
      const view = await db.transaction((tx) =>
        saveView(tx, { userId: member.userId, role }, { name: "Của nhân viên", query: "province=79" }),
      );
      fixture.staffViewId = view.id;
    }
    const signedIn = await signInAdmin(authContext, request("/admin/login", { method: "POST" }), formOf(credentials));
    if (signedIn.kind !== "signed-in") throw new Error(`${role} sign-in: ${signedIn.kind}`);
    callers[role] = cookieHeader(signedIn.setCookies);
  }

  // A shopper account (not an admin) signed in straight through better-auth's endpoint.
  await auth.api.signUpEmail({ body: { ...SHOPPER, name: "Khách" } });
  const shopper = await auth.handler(
    new Request(`${BASE}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE, "x-forwarded-for": "198.18.1.1" },
      body: JSON.stringify(SHOPPER),
    }),
  );
  expect(shopper.status).toBe(200);
  callers.shopper = cookieHeader(shopper.headers.getSetCookie());

  // An admin with TOTP on who has given the password but not the code: better-auth holds only a pending challenge.
  await createAdminUser(db, auth, TOTP_ADMIN);
  const first = await signInAdmin(authContext, request("/admin/login", { method: "POST" }), formOf(TOTP_ADMIN));
  if (first.kind !== "signed-in") throw new Error(`second admin sign-in: ${first.kind}`);
  let cookie = cookieHeader(first.setCookies);
  const setup = await startTotpSetup(authContext, request("/admin/security", { method: "POST", cookie }), {
    password: TOTP_ADMIN.password,
    issuer: "UVC",
  });
  if (!setup.ok) throw new Error(setup.message);
  const confirmed = await confirmTotpSetup(
    authContext,
    request("/admin/security", { method: "POST", cookie }),
    totpFromUri(setup.setup.totpURI),
  );
  if (!confirmed.ok) throw new Error(confirmed.message);
  cookie = cookieHeader(confirmed.setCookies, cookie);
  const pending = await signInAdmin(authContext, request("/admin/login", { method: "POST" }), formOf(TOTP_ADMIN));
  if (pending.kind !== "second-factor") throw new Error(`expected a second-factor step, got ${pending.kind}`);
  callers["admin awaiting second factor"] = cookieHeader(pending.setCookies);
  expect(callers["admin awaiting second factor"]).toMatch(/uvc\.two_factor=/);

  adminRoutes = await Promise.all(
    adminEntries.map(async (entry) => {
      const module = (await import(/* @vite-ignore */ path.resolve("app", entry.file))) as Partial<AdminRoute>;
      return { path: entry.path, file: entry.file, loader: module.loader, action: module.action };
    }),
  );
});

/** A console member made the way people join: an invitation, accepted with a password. */
async function joinAs(credentials: { email: string; password: string }, role: Role) {
  const { token } = await inviteStaff(database.db, { email: credentials.email, role }, null, { siteUrl: BASE });
  return acceptInvitation(database.db, context.auth, token, {
    email: credentials.email,
    name: credentials.email,
    password: credentials.password,
    passwordConfirm: credentials.password,
  });
}

afterAll(async () => {
  await ghnStandIn?.close();
  if (database) await closeEventHub(database);
});

describe("admin authorization matrix (from app/routes.ts)", () => {
  it("finds the admin console in the URL map, and its public exceptions still exist", () => {
    const paths = adminEntries.map((r) => r.path);
    expect(paths).toEqual(
      expect.arrayContaining(["admin", "admin/orders", "admin/orders/:id", "admin/events", "admin/security"]),
    );
    for (const publicPath of Object.keys(PUBLIC)) expect(paths).toContain(publicPath);
    for (const known of [...Object.keys(PARAMS), ...Object.keys(MUTATIONS), ...Object.keys(MORE_INTENTS)])
      expect(paths, `${known} is stale`).toContain(known);
  });

  it("knows the roles of every admin route", () => {
    for (const route of adminRoutes) if (!PUBLIC[route.path]) rolesOf(route);
    for (const file of Object.keys(ROLES_OF))
      expect(
        adminRoutes.map((r) => r.file),
        `${file} is stale`,
      ).toContain(file);
  });

  it("lets through every admin loader only the roles it serves", async () => {
    let checked = 0;
    for (const route of adminRoutes) {
      if (!route.loader || PUBLIC[route.path]?.loader) continue;
      const params = paramsFor(route);
      const roles = rolesOf(route);
      for (const [who, cookie] of Object.entries(callers)) {
        const abort = new AbortController();
        const label = `GET /${route.path} (${route.file}) as ${who}`;
        const result = await call(
          route.loader,
          request(urlFor(route, params), { cookie, signal: abort.signal }),
          params,
        );
        if (who === "content" && route.file === CONTENT_HOME_REDIRECT.file) {
          expect(result instanceof Response && result.status, label).toBe(302);
          expect((result as Response).headers.get("location"), label).toBe(CONTENT_HOME_REDIRECT.location);
        } else if (isRole(who) && roles.includes(who)) {
          expect(isRefusal(result), `${label}: not refused`).toBe(false);
          if (result instanceof Response) {
            // A page, a download or a stream.
            expect(result.status, label).toBeLessThan(400);
            await result.body?.cancel();
          }
        } else {
          await expectRefusedWithoutData(result, label);
          // A member outside the route's roles is told so (403), not sent to the sign-in page.
          if (isRole(who)) expect((result as Response).status, label).toBe(403);
        }
        abort.abort();
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(6 * 30);
  });

  it("refuses every admin action to all but the roles it serves, and the refused ones change nothing", async () => {
    let checked = 0;
    for (const route of adminRoutes) {
      if (!route.action || PUBLIC[route.path]?.action) continue;
      const mutation = MUTATIONS[route.path];
      if (!mutation)
        throw new Error(`${route.path}: the matrix has no sample form for this action; add it to MUTATIONS`);
      const params = paramsFor(route);
      const roles = rolesOf(route);
      const form = mutation(fixture);
      const before = await databaseFingerprint();
      for (const [who, cookie] of Object.entries(callers)) {
        if (isRole(who) && roles.includes(who)) continue;
        const result = await call(
          route.action,
          request(urlFor(route, params), { method: "POST", cookie, form }),
          params,
        );
        await expectRefusedWithoutData(result, `POST /${route.path} as ${who}`);
        checked++;
      }
      expect(await databaseFingerprint(), `POST /${route.path}: refused callers changed nothing`).toEqual(before);

      // The same form from the route's first role is accepted and does change something: the sample is a real mutation.
      const actor = roles[0];
      const result = await call(
        route.action,
        request(urlFor(route, params), { method: "POST", cookie: callers[actor], form }),
        params,
      );
      expect(isRefusal(result), `POST /${route.path} as ${actor}: not refused`).toBe(false);
      expect(
        await databaseFingerprint(),
        `POST /${route.path} as ${actor}: the sample form changed the database`,
      ).not.toEqual(before);
    }
    expect(checked).toBeGreaterThanOrEqual(4 * 15);
  });

  it("refuses every further intent of those actions to all but the roles they serve", async () => {
    let checked = 0;
    for (const [routePath, forms] of Object.entries(MORE_INTENTS)) {
      const route = adminRoutes.find((r) => r.path === routePath);
      if (!route?.action) throw new Error(`${routePath}: no action`);
      const params = paramsFor(route);
      const roles = rolesOf(route);
      for (const formFor of forms) {
        const form = formFor(fixture);
        const before = await databaseFingerprint();
        for (const [who, cookie] of Object.entries(callers)) {
          if (isRole(who) && roles.includes(who)) continue;
          const result = await call(
            route.action,
            request(urlFor(route, params), { method: "POST", cookie, form }),
            params,
          );
          await expectRefusedWithoutData(result, `POST /${routePath} ${form.intent ?? form.group} as ${who}`);
          checked++;
        }
        expect(
          await databaseFingerprint(),
          `POST /${routePath} ${form.intent ?? form.group}: refused callers changed nothing`,
        ).toEqual(before);
        const actor = roles[0];
        const result = await call(
          route.action,
          request(urlFor(route, params), { method: "POST", cookie: callers[actor], form }),
          params,
        );
        expect(isRefusal(result), `POST /${routePath} ${form.intent ?? form.group} as ${actor}: not refused`).toBe(false);
        expect(
          await databaseFingerprint(),
          `POST /${routePath} ${form.intent ?? form.group} as ${actor}: a real mutation`,
        ).not.toEqual(before);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(3 * 4);
  });

  it("shows every one-time link of the outbox masked, to each role that opens it (issue 30)", async () => {
    const db = database.db;
    // Beside the invitations already queued: a newsletter confirmation and a delivered order's review link.
    await subscribeToNewsletter(db, { email: "doc-gia@matran.vn", source: "footer" }, { siteUrl: BASE, secret: context.env.AUTH_SECRET });
    const [order] = await db.select().from(orders).where(eq(orders.id, fixture.orderId));
    await queueOrderEmail(db, order, "order_delivered", await getSettings(db), TEST_EMAIL_LINKS);
    const messages = await db.select().from(emailOutbox);
    const templates = new Set(messages.map((m) => m.template));
    for (const template of ["order_delivered", "newsletter_confirmation", "staff_invitation"] as const)
      expect(templates).toContain(template);
    /** The tokens of one-time links in a text: an invitation path's, or a token= parameter's. */
    const tokensIn = (text: string) =>
      [...text.matchAll(/(?:\/admin\/invitation\/|[?&](?:amp;)?token=)([A-Za-z0-9_.-]{20,})/g)].map((m) => m[1]);
    const secrets = messages.flatMap((m) => tokensIn(`${m.bodyText} ${m.bodyHtml ?? ""} ${JSON.stringify(m.headers)}`));
    expect(secrets.length).toBeGreaterThanOrEqual(6); // four invitations, confirmation + unsubscribe, the review link

    const route = adminRoutes.find((r) => r.file === "routes/admin/emails.tsx")!;
    const urls = [
      "/admin/emails",
      ...messages.map((m) => `/admin/emails?id=${m.id}`),
      `/admin/emails?preview=order_delivered&order=${fixture.orderId}`,
    ];
    let checked = 0;
    for (const role of rolesOf(route)) {
      for (const url of urls) {
        const answer = JSON.stringify(await call(route.loader!, request(url, { cookie: callers[role] }), {}));
        const label = `GET ${url} as ${role}`;
        for (const secret of secrets) expect(answer, label).not.toContain(secret);
        // Nor a link made for the page (the preview signs a new review link): every token shown is masked.
        expect(tokensIn(answer), label).toEqual([]);
        checked++;
      }
      const opened = JSON.stringify(
        await call(route.loader!, request(`/admin/emails?id=${messages.find((m) => m.template === "staff_invitation")!.id}`, { cookie: callers[role] }), {}),
      );
      expect(opened).toContain("/admin/invitation/••••••");
    }
    expect(checked).toBe(rolesOf(route).length * urls.length);
  });
});

/*
 * What the owner grants per role (issue 30, decision 0046): by default neither staff nor content
 * editors see revenue, export customer data, mark orders paid or edit discount codes; each is
 * refused with 403 and the permission's message. Once the owner ticks a permission for staff on
 * the staff page, staff get exactly that, content editors still not; every export is logged.
 */
describe("permissions the owner grants per role", () => {
  const messages = {
    viewRevenue: "Bạn không có quyền xem doanh thu và báo cáo",
    exportCustomerData: "Bạn không có quyền xuất dữ liệu khách hàng",
    markPaid: "Bạn không có quyền đánh dấu đơn hàng đã thanh toán",
    manualDiscounts: "Bạn không có quyền tạo hay sửa mã giảm giá",
  } as const;
  type Permission = keyof typeof messages;
  /** The pages and downloads each permission opens (GET). */
  const pathsOf: Record<Permission, string[]> = {
    viewRevenue: ["/admin/reports", "/admin/reports/export/sales"],
    exportCustomerData: ["/admin/customers/export", "/admin/newsletter/export", "/admin/orders/export"],
    markPaid: [],
    manualDiscounts: ["/admin/discounts"],
  };

  function routeOf(pathname: string): AdminRoute {
    const route = adminRoutes.find(
      (r) =>
        r.file !== "routes/admin/layout.tsx" &&
        (r.path.includes(":") ? Boolean(PARAMS[r.path]) && urlFor(r, paramsFor(r)) === pathname : `/${r.path}` === pathname),
    );
    if (!route) throw new Error(`no route for ${pathname}`);
    return route;
  }

  async function get(pathname: string, who: Role): Promise<{ status: number; body: unknown }> {
    const route = routeOf(pathname);
    const result = await call(route.loader!, request(pathname, { cookie: callers[who] }), paramsFor(route));
    if (result instanceof Response) {
      const text = await result.text();
      return { status: result.status, body: result.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text };
    }
    return { status: 200, body: result };
  }

  async function post(
    routePath: string,
    pathname: string,
    who: Role,
    form: Record<string, string>,
    params: Record<string, string> = {},
  ) {
    const route = adminRoutes.find((r) => r.path === routePath)!;
    const result = await call(route.action!, request(pathname, { method: "POST", cookie: callers[who], form }), params);
    if (result instanceof Response) return { status: result.status, error: null };
    const { data, init } = result as { data: { ok: boolean; error?: string }; init: ResponseInit | null };
    return { status: init?.status ?? 200, error: data.error ?? null };
  }

  async function markPaid(who: Role) {
    const customer = await insertCustomer(database.db);
    const product = await insertProduct(database.db);
    const order = await insertOrder(database.db, { customer, lines: [{ product, quantity: 1 }] });
    return post("admin/orders/:id", `/admin/orders/${order.id}`, who, { intent: "payment", paymentStatus: "paid", version: "1" }, { id: order.id });
  }

  async function dashboardSales(who: Role) {
    const { body } = await get("/admin", who);
    return (body as { sales: unknown }).sales;
  }

  async function setStaffPermissions(granted: Permission[]) {
    const { version } = ((await get("/admin/staff", "owner")).body as { permissions: { version: number } }).permissions;
    const form: Record<string, string> = { intent: "permissions", version: String(version) };
    for (const permission of granted) form[`staff.${permission}`] = "on";
    expect((await post("admin/staff", "/admin/staff", "owner", form)).status).toBe(200);
  }

  it("by default: the owner has every permission, staff and content editors none, each refused with its message", async () => {
    for (const [permission, paths] of Object.entries(pathsOf) as Array<[Permission, string[]]>)
      for (const pathname of paths) {
        const owner = await get(pathname, "owner");
        expect(owner.status, `${pathname} as owner`).toBeLessThan(400);
        for (const who of ["staff", "content"] as const)
          expect(await get(pathname, who), `${pathname} as ${who}`).toEqual({ status: 403, body: { error: messages[permission] } });
      }
    expect(await markPaid("staff")).toEqual({ status: 403, error: messages.markPaid });
    expect((await markPaid("owner")).status).toBe(200);
    expect(await dashboardSales("owner")).toMatchObject({ revenue: expect.any(Number) });
    expect(await dashboardSales("staff")).toBeNull();
  });

  it("after the owner grants staff revenue, exports and marking paid: staff get those, content editors still not, and each export is logged", async () => {
    await setStaffPermissions(["viewRevenue", "exportCustomerData", "markPaid"]);
    const downloads = new Map<string, unknown>();
    for (const permission of ["viewRevenue", "exportCustomerData"] as const)
      for (const pathname of pathsOf[permission]) {
        const answer = await get(pathname, "staff");
        expect(answer.status, `${pathname} as staff`).toBe(200);
        downloads.set(pathname, answer.body);
        expect(await get(pathname, "content"), `${pathname} as content`).toEqual({
          status: 403,
          body: { error: messages[permission] },
        });
      }
    expect((await markPaid("staff")).status).toBe(200);
    expect(await markPaid("content")).toMatchObject({ status: 403 });
    expect(await dashboardSales("staff")).toMatchObject({ revenue: expect.any(Number) });
    // Not granted: discounts stay the owner's.
    expect(await get("/admin/discounts", "staff")).toEqual({ status: 403, body: { error: messages.manualDiscounts } });

    // The exports staff just downloaded are in the audit log: who, what, filters, rows.
    const exports = rowsOf<{ entity_type: string; actor_email: string; after: { rows: number; filters: string } }>(
      await database.db.execute(
        sql`select entity_type, actor_email, after from audit_log where action = 'export' and actor_email = ${STAFF.email} order by id`,
      ),
    );
    expect(exports.map((e) => e.entity_type)).toEqual(["reports", "customers", "newsletter_subscribers", "orders"]);
    // As many rows as the file held (its header line aside).
    const customersCsv = String(downloads.get("/admin/customers/export"));
    expect(exports[1].after).toEqual({ filters: "Tất cả", rows: customersCsv.trim().split("\n").length - 1 });
    expect(exports[1].after.rows).toBeGreaterThan(0);

    // Taken back: refused again at once.
    await setStaffPermissions([]);
    expect(await get("/admin/customers/export", "staff")).toEqual({ status: 403, body: { error: messages.exportCustomerData } });
  });
});
