import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { carrierAccounts, type CarrierAccount } from "~/db/schema";
import type { OrderEmailLinks } from "~/features/email/email.server";
import type { Actor } from "~/features/orders/orders.server";
import { fieldErrorsOf } from "~/lib/form-fields";
import { AppError } from "~/server/errors.server";
import type { Db, Tx } from "~/server/db.server";
import { expectUpdatedRow, nextRowVersion, staleRowError } from "~/server/row-version.server";
import type { CarrierBookingRequest, CarrierGateway, CarrierUpdate } from "./carrier";
import {
  DEFAULT_GHN_SERVICE_TYPE,
  ghnAccountFormSchema,
  ghnBaseUrl,
  ghnEnvironmentOf,
  GHN_HOST_NOT_ALLOWED_MESSAGE,
  ghnLabelSizeOf,
  GHN_PRODUCTION_URL,
  ghnWebhookPath,
  isAllowedGhnBaseUrl,
  type GhnAccountForm,
  type GhnEnvironment,
} from "./carrier-accounts.schema";
import type { GhnClientOptions } from "./ghn/ghn-client.server";
import { checkGhnConnection, createGhnGateway, ghnLabelUrl, type GhnAccount } from "./ghn/ghn-gateway.server";
import { databaseMasterDataStore } from "./ghn/ghn-locations.server";
import {
  getShipmentCarrier,
  recordShipmentUpdates,
  shipmentBookingRequest,
  type ParcelDefaults,
} from "./shipments.server";
import { parseGhnWebhook, webhookSecretMatches } from "./ghn/ghn-webhook.server";

/*
 * The carriers' API accounts (carrier_accounts, owned by the shipping feature). The token and the
 * webhook secret stay on the server: the console sees the token's last four characters only, and
 * the webhook URL (which the merchant must paste into GHN's site, so it is shown to staff).
 */

const ACCOUNT_WHAT = "Tài khoản GHN";
const NOT_FOUND = "Chưa có tài khoản GHN";

/** What the console page shows: never the token. */
export interface GhnAccountView {
  saved: boolean;
  enabled: boolean;
  /** "…abcd", or null when no token is saved. */
  tokenHint: string | null;
  shopId: string;
  environment: GhnEnvironment;
  baseUrl: string;
  defaultServiceTypeId: number;
  /** Path of the webhook (behind the shop's public origin); null before the first save. */
  webhookPath: string | null;
  /** null before the first save (the form then creates the row). */
  version: number | null;
}

async function readGhnRow(db: Db | Tx): Promise<CarrierAccount | undefined> {
  const [row] = await db.select().from(carrierAccounts).where(eq(carrierAccounts.carrier, "ghn")).limit(1);
  return row;
}

const serviceTypeOf = (row: CarrierAccount) => {
  const value = Number(row.options?.defaultServiceTypeId);
  return value === 5 ? 5 : DEFAULT_GHN_SERVICE_TYPE;
};

export const tokenHint = (token: string) => (token ? `…${token.slice(-4)}` : null);

export async function getGhnAccountView(db: Db | Tx): Promise<GhnAccountView> {
  const row = await readGhnRow(db);
  if (!row) {
    return {
      saved: false,
      enabled: false,
      tokenHint: null,
      shopId: "",
      environment: "production",
      baseUrl: GHN_PRODUCTION_URL,
      defaultServiceTypeId: DEFAULT_GHN_SERVICE_TYPE,
      webhookPath: null,
      version: null,
    };
  }
  return {
    saved: true,
    enabled: row.enabled,
    tokenHint: tokenHint(row.token),
    shopId: row.shopId,
    environment: ghnEnvironmentOf(row.baseUrl),
    baseUrl: row.baseUrl,
    defaultServiceTypeId: serviceTypeOf(row),
    webhookPath: ghnWebhookPath(row.webhookSecret),
    version: row.version,
  };
}

/** A new webhook secret: 32 random bytes, URL-safe (43 characters). */
const newWebhookSecret = () => randomBytes(32).toString("base64url");

/** The console form, checked: its fields, and an API address on GHN's official hosts (or a test host). */
function parseGhnAccountForm(input: unknown, testHosts: readonly string[]): GhnAccountForm {
  const parsed = ghnAccountFormSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid", "Thông tin GHN chưa hợp lệ", fieldErrorsOf(parsed.error));
  if (!isAllowedGhnBaseUrl(ghnBaseUrl(parsed.data), testHosts)) {
    throw new AppError("invalid", GHN_HOST_NOT_ALLOWED_MESSAGE, { customBaseUrl: GHN_HOST_NOT_ALLOWED_MESSAGE });
  }
  return parsed.data;
}

/**
 * Whether saving the console form would send the token somewhere else than now (GHN's production
 * API before the first save): the console then asks for the owner's password again. Refuses the
 * form as saveGhnAccount would (invalid fields, an address off GHN's hosts).
 */
export async function changesGhnBaseUrl(
  db: Db | Tx,
  input: unknown,
  testHosts: readonly string[] = [],
): Promise<boolean> {
  const form = parseGhnAccountForm(input, testHosts);
  const saved = await readGhnRow(db);
  return ghnBaseUrl(form) !== (saved?.baseUrl ?? GHN_PRODUCTION_URL);
}

/**
 * Saves the GHN account from the console form. The first save creates the row with a webhook
 * secret; later saves name the version they read. An empty token keeps the saved one; enabling
 * needs a token and a shop id. The API address must be one of GHN's (production or its test
 * environment, https) or one of `testHosts` (CARRIER_TEST_HOSTS: a local stand-in in tests).
 */
export async function saveGhnAccount(
  db: Db | Tx,
  input: unknown,
  version: number | null,
  testHosts: readonly string[] = [],
): Promise<GhnAccountView> {
  const form = parseGhnAccountForm(input, testHosts);

  return db.transaction(async (tx) => {
    const existing = await readGhnRow(tx);
    const token = form.token || existing?.token || "";
    if (form.enabled && !token) {
      throw new AppError("invalid", "Thông tin GHN chưa hợp lệ", { token: "Nhập token API của GHN để bật GHN" });
    }
    const values = {
      enabled: form.enabled,
      token,
      shopId: form.shopId,
      baseUrl: ghnBaseUrl(form),
      options: { ...(existing?.options ?? {}), defaultServiceTypeId: form.defaultServiceTypeId },
    };

    if (version === null) {
      // First save: a concurrent first save (or a page opened before it) finds the row and is refused as stale.
      const inserted = await tx
        .insert(carrierAccounts)
        .values({ carrier: "ghn", webhookSecret: newWebhookSecret(), ...values })
        .onConflictDoNothing()
        .returning({ carrier: carrierAccounts.carrier });
      if (inserted.length === 0) throw staleRowError(ACCOUNT_WHAT);
    } else {
      await updateGhnRow(tx, version, values);
    }
    return getGhnAccountView(tx);
  });
}

/** Writes the GHN row only if it still has the version the page read (else refused as stale, or not found). */
async function updateGhnRow(
  tx: Tx,
  version: number,
  values: Partial<Omit<typeof carrierAccounts.$inferInsert, "carrier" | "version">>,
) {
  const rows = await tx
    .update(carrierAccounts)
    .set({ ...values, version: nextRowVersion(carrierAccounts.version) })
    .where(and(eq(carrierAccounts.carrier, "ghn"), eq(carrierAccounts.version, version)))
    .returning({ carrier: carrierAccounts.carrier });
  await expectUpdatedRow(rows, async () => (await readGhnRow(tx)) !== undefined, {
    what: ACCOUNT_WHAT,
    notFound: NOT_FOUND,
  });
}

/**
 * A new webhook secret, for a URL that leaked: the old URL stops working at once (401), so the
 * merchant must give GHN the new one. Version-guarded like a save.
 */
export async function rotateGhnWebhookSecret(db: Db | Tx, version: number): Promise<GhnAccountView> {
  return db.transaction(async (tx) => {
    await updateGhnRow(tx, version, { webhookSecret: newWebhookSecret() });
    return getGhnAccountView(tx);
  });
}

function accountOf(row: CarrierAccount): GhnAccount {
  return { baseUrl: row.baseUrl, token: row.token, shopId: row.shopId, defaultServiceTypeId: serviceTypeOf(row) };
}

const isUsable = (row: CarrierAccount | undefined): row is CarrierAccount =>
  Boolean(row?.enabled && row.token && row.shopId);

/** The GHN gateway when GHN is enabled and configured, else null. Master data and ward matches are cached in the database. */
export async function ghnGateway(db: Db, options: GhnClientOptions = {}): Promise<CarrierGateway | null> {
  const row = await readGhnRow(db);
  if (!isUsable(row)) return null;
  return createGhnGateway(accountOf(row), { ...options, store: databaseMasterDataStore(db) });
}

/**
 * The gateway createShipment (and cancelShipment) needs for the carrier staff chose: none for a
 * manual shipment; GHN's when it is enabled and configured, else a message that says where to
 * set it up.
 */
export async function carrierGatewayFor(
  db: Db,
  carrier: unknown,
  options: GhnClientOptions = {},
): Promise<CarrierGateway | undefined> {
  return carrier === "ghn" ? requireGhnGateway(db, options) : undefined;
}

const GHN_NOT_READY_MESSAGE = "GHN chưa được bật hoặc chưa đủ token và mã cửa hàng: vào “Đơn vị vận chuyển” để kết nối";

async function requireGhnGateway(db: Db, options: GhnClientOptions): Promise<CarrierGateway> {
  const gateway = await ghnGateway(db, options);
  if (!gateway) throw new AppError("invalid", GHN_NOT_READY_MESSAGE);
  return gateway;
}

/** What staff read when a shipment has no GHN label to print. */
export const NOT_A_GHN_SHIPMENT_MESSAGE = "Vận đơn này không đặt qua GHN: hãy in nhãn của cửa hàng";
export const CANCELLED_GHN_SHIPMENT_MESSAGE = "Vận đơn GHN này đã hủy: không còn nhãn GHN để in";

/**
 * "In nhãn GHN": the address of GHN's own print page for a shipment booked with GHN, in the size
 * asked (`ghnLabelSizes`; A5 otherwise). GHN is asked for a short-lived print token with the
 * saved API token; only the print page's URL (with that print token) goes to the staff browser.
 * A shipment not booked with GHN, a cancelled one, GHN switched off, and GHN refusing or not
 * answering are refused with a message staff can read; nothing is written either way.
 */
export async function ghnLabelUrlFor(
  db: Db,
  shipmentId: string,
  size: unknown,
  options: GhnClientOptions = {},
): Promise<string> {
  const shipment = await getShipmentCarrier(db, shipmentId);
  if (shipment.carrier !== "ghn" || !shipment.trackingCode) throw new AppError("invalid", NOT_A_GHN_SHIPMENT_MESSAGE);
  if (shipment.status === "cancelled") throw new AppError("invalid", CANCELLED_GHN_SHIPMENT_MESSAGE);
  const row = await readGhnRow(db);
  if (!isUsable(row)) throw new AppError("invalid", GHN_NOT_READY_MESSAGE);
  return ghnLabelUrl(accountOf(row), shipment.trackingCode, ghnLabelSizeOf(size), options);
}

/**
 * "Cập nhật từ GHN": GHN's log of the parcel, recorded like webhook calls (the same event keys,
 * so what a webhook already brought is not written twice). GHN is asked outside any transaction;
 * each event is then written in its own, naming `actor` (who asked) for the audit log.
 */
export async function syncGhnShipment(
  db: Db,
  trackingCode: string,
  actor: Actor,
  links: OrderEmailLinks,
  options: GhnClientOptions = {},
) {
  const gateway = await requireGhnGateway(db, options);
  const updates = await gateway.fetchUpdates(trackingCode);
  return recordShipmentUpdates(db, updates, "carrier", "GHN", links, actor);
}

/** "Kiểm tra kết nối": calls GHN with the saved token and says which shop the id is, or throws GHN's refusal. */
export async function testGhnConnection(db: Db | Tx, options: GhnClientOptions = {}): Promise<{ shopName: string }> {
  const row = await readGhnRow(db);
  if (!row || !row.token || !row.shopId)
    throw new AppError("invalid", "Lưu token và mã cửa hàng GHN trước khi kiểm tra kết nối");
  return checkGhnConnection(accountOf(row), { timeoutMs: 10_000, ...options });
}

/**
 * The GHN webhook's gate: the secret in the URL must be the account's (constant-time compare),
 * else unauthorized; a disabled account answers not found. Nothing is written here.
 */
export async function authenticateGhnWebhook(db: Db | Tx, secret: string | undefined): Promise<void> {
  const row = await readGhnRow(db);
  if (!row || !webhookSecretMatches(secret, row.webhookSecret)) throw new AppError("unauthorized", "Sai khóa webhook");
  if (!row.enabled) throw new AppError("not_found", "GHN chưa được bật");
}

/** GHN's callbacks are a few hundred bytes; anything far larger is not GHN's. */
export const GHN_WEBHOOK_MAX_BYTES = 64 * 1024;

/**
 * One GHN webhook call: the secret first (nothing is read or written for a wrong one), then the
 * JSON body through parseGhnWebhook (400 when it is not GHN's), then `record` (the shipping
 * service's recordShipmentUpdates, idempotent by the update's externalKey: a replay changes
 * nothing). A change that is not a status (weight, COD, fee) is accepted with nothing to record.
 */
export async function receiveGhnWebhook(
  db: Db | Tx,
  secret: string | undefined,
  readBody: () => Promise<string>,
  record: (updates: CarrierUpdate[]) => Promise<unknown>,
): Promise<{ update: CarrierUpdate | null }> {
  await authenticateGhnWebhook(db, secret);
  const rawBody = await readBody();
  if (rawBody.length > GHN_WEBHOOK_MAX_BYTES) throw new AppError("invalid", "Dữ liệu GHN gửi quá lớn");
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new AppError("invalid", "Dữ liệu GHN gửi không hợp lệ");
  }
  const update = parseGhnWebhook(body);
  if (update) await record([update]);
  return { update };
}

/** The checkout and the shipment form wait this long at most for GHN's fee. */
export const GHN_QUOTE_TIMEOUT_MS = 3_000;

/**
 * GHN's fee for a parcel, or null when GHN is off, slow (3 s), unreachable or refuses: an
 * estimate for display that never blocks checkout or staff.
 */
export async function estimateGhnFee(
  db: Db,
  request: CarrierBookingRequest,
  options: GhnClientOptions = {},
): Promise<number | null> {
  try {
    const gateway = await ghnGateway(db, { timeoutMs: GHN_QUOTE_TIMEOUT_MS, ...options });
    if (!gateway) return null;
    return (await gateway.quote(request)).fee;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** What the order page's shipment form offers for GHN: the account's default service and GHN's fee for the default parcel. */
export interface GhnShipmentOption {
  defaultServiceTypeId: number;
  /** đồng, or null when GHN could not say (slow, unreachable, refused). */
  estimate: number | null;
}

/**
 * The GHN choice of the create-shipment form, or null when GHN is off or not configured. The
 * estimate quotes the booking request createShipment would send for the form's defaults (COD =
 * the order total, the shop pays the fee, the account's default service), within 3 seconds.
 */
export async function getGhnShipmentOption(
  db: Db,
  orderId: string,
  defaults: ParcelDefaults & { codAmount: number; courierNote: string },
  options: GhnClientOptions = {},
): Promise<GhnShipmentOption | null> {
  const row = await readGhnRow(db);
  if (!isUsable(row)) return null;
  const defaultServiceTypeId = serviceTypeOf(row);
  const { codAmount, courierNote, ...parcel } = defaults;
  const request = await shipmentBookingRequest(
    db,
    orderId,
    { weightGrams: parcel.weightGrams, lengthCm: parcel.lengthCm, widthCm: parcel.widthCm, heightCm: parcel.heightCm },
    { codAmount, feePayer: "shop", courierNote, service: String(defaultServiceTypeId) },
  );
  return { defaultServiceTypeId, estimate: await estimateGhnFee(db, request, options) };
}
