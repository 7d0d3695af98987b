import type { ShipmentStatus } from "~/db/schema";
import { digitsOnly } from "~/lib/phone";
import { normalizeSearch } from "~/lib/text";
import { AppError } from "~/server/errors.server";
import { DEFAULT_GHN_SERVICE_TYPE, ghnLabelSizes, type GhnLabelSize } from "../carrier-accounts.schema";
import { carrierTrackingUrl } from "../shipments.schema";
import type { CarrierBooking, CarrierBookingRequest, CarrierGateway, CarrierUpdate } from "../carrier";
import {
  createGhnClient,
  GHN_MALFORMED_MESSAGE,
  type GhnClientOptions,
  type GhnCredentials,
} from "./ghn-client.server";
import { locateGhnWard, memoryMasterDataStore, type GhnMasterDataStore } from "./ghn-locations.server";

/*
 * GHN as a CarrierGateway: fee quote, booking (create order), cancel, and the order's status log,
 * over ghn-client (headers, timeouts, error answers). The recipient's ward is turned into GHN's
 * ids by ghn-locations before any call that needs them.
 */

export interface GhnAccount extends GhnCredentials {
  /** GHN service type used when the request names none. */
  defaultServiceTypeId?: number;
}

export interface GhnGatewayOptions extends GhnClientOptions {
  /** Where GHN's master data and ward matches are kept (the database in the app). */
  store?: GhnMasterDataStore;
}

/** GHN's public tracking page for a code (the shipping feature's one list of carrier pages). */
const ghnTrackingUrl = (code: string) => carrierTrackingUrl("GHN", code) ?? "";

/**
 * GHN's required_note from our free-text courier note: whether the buyer may look at (or try)
 * the goods before paying. GHN has three choices; a note that names none means "look, don't try".
 */
export function ghnRequiredNote(courierNote: string): "CHOTHUHANG" | "CHOXEMHANGKHONGTHU" | "KHONGCHOXEMHANG" {
  const note = normalizeSearch(courierNote);
  if (/khong (duoc )?(cho )?xem/.test(note)) return "KHONGCHOXEMHANG";
  if (/cho (xem, )?thu/.test(note) && !/khong (cho )?thu/.test(note)) return "CHOTHUHANG";
  return "CHOXEMHANGKHONGTHU";
}

/** GHN wants the national form ("0901234567"); orders keep E.164 ("+84901234567"). */
export function ghnPhone(phone: string): string {
  const digits = digitsOnly(phone);
  return digits.length === 11 && digits.startsWith("84") ? `0${digits.slice(2)}` : digits;
}

/** What a GHN status means for our shipment; null: news that changes nothing by itself. */
export function ghnStatusToShipment(ghnStatus: string, previous?: string | null): ShipmentStatus | null {
  switch (ghnStatus) {
    case "ready_to_pick":
    case "picking":
    case "money_collect_picking":
      return "booked";
    case "picked":
    case "storing":
    case "transporting":
    case "sorting":
    case "delivering":
    case "money_collect_delivering":
      return "in_transit";
    case "delivered":
      return "delivered";
    case "delivery_fail":
      // A failed attempt GHN will retry is news; after the parcel is already headed back it is the end of delivery.
      return previous === "waiting_to_return" ? "failed" : null;
    case "waiting_to_return":
    case "return":
    case "return_transporting":
    case "return_sorting":
    case "returning":
    case "return_fail":
      return "returning";
    case "cancel":
      return "cancelled";
    default:
      // "returned" reached the shop's warehouse (staff mark it received: our "returned"); exception, damage, lost…: news for staff.
      return null;
  }
}

const statusTexts: Record<string, string> = {
  ready_to_pick: "GHN đã nhận đơn, chờ lấy hàng",
  picking: "GHN đang lấy hàng",
  money_collect_picking: "GHN đang lấy hàng và thu tiền",
  picked: "GHN đã lấy hàng",
  storing: "Hàng đang nằm ở kho GHN",
  transporting: "Đang luân chuyển giữa các kho GHN",
  sorting: "GHN đang phân loại hàng",
  delivering: "Nhân viên GHN đang giao hàng",
  money_collect_delivering: "Nhân viên GHN đang giao hàng và thu tiền",
  delivered: "GHN đã giao hàng thành công",
  delivery_fail: "GHN giao hàng không thành công",
  waiting_to_return: "Chờ chuyển hoàn về shop",
  return: "GHN đang chuyển hoàn",
  return_transporting: "Hàng hoàn đang luân chuyển",
  return_sorting: "Hàng hoàn đang được phân loại",
  returning: "GHN đang trả hàng về shop",
  return_fail: "Trả hàng về shop không thành công",
  returned: "GHN đã trả hàng về shop",
  cancel: "Đơn GHN đã bị hủy",
  exception: "Đơn GHN gặp sự cố, GHN đang xử lý",
  damage: "GHN báo hàng bị hư hỏng",
  lost: "GHN báo thất lạc hàng",
};

/** Staff's reading of a GHN status (the raw word for one we do not know). */
export function describeGhnStatus(ghnStatus: string, reason?: string | null): string {
  const text = statusTexts[ghnStatus] ?? `GHN: ${ghnStatus}`;
  const why = reason?.trim();
  return why ? `${text}: ${why}` : text;
}

/** The key of one status change: the same event read twice (webhook, fetch) writes one row. */
export const ghnEventKey = (orderCode: string, status: string, time: Date) =>
  `ghn:${orderCode.toUpperCase()}:${status}:${time.toISOString()}`;

function validDate(value: unknown): Date | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

interface GhnFeeData {
  total?: number;
}
interface GhnCreateData {
  order_code?: string;
  sort_code?: string;
  trans_type?: string;
  total_fee?: number | string;
  expected_delivery_time?: string;
  fee?: Record<string, unknown>;
}
interface GhnDetailData {
  order_code?: string;
  status?: string;
  log?: Array<{ status?: string; updated_date?: string }> | null;
}
interface GhnCancelData {
  order_code?: string;
  result?: boolean;
  message?: string;
}

function feeNumber(value: unknown): number | null {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
}

export function createGhnGateway(account: GhnAccount, options: GhnGatewayOptions = {}): CarrierGateway {
  const client = createGhnClient(account, options);
  const store = options.store ?? memoryMasterDataStore();
  const serviceTypeOf = (request: CarrierBookingRequest) => {
    const asked = Number(request.service);
    return request.service && Number.isInteger(asked) && asked > 0
      ? asked
      : (account.defaultServiceTypeId ?? DEFAULT_GHN_SERVICE_TYPE);
  };

  return {
    carrier: "ghn",
    name: "GHN",

    async quote(request) {
      const place = await locateGhnWard(client, store, request.recipient);
      const serviceTypeId = serviceTypeOf(request);
      const data = await client.call<GhnFeeData>({
        method: "POST",
        path: "/v2/shipping-order/fee",
        body: {
          service_type_id: serviceTypeId,
          to_district_id: place.districtId,
          to_ward_code: place.wardCode,
          weight: request.parcel.weightGrams,
          length: request.parcel.lengthCm,
          width: request.parcel.widthCm,
          height: request.parcel.heightCm,
          insurance_value: request.insuranceValue,
          cod_value: request.codAmount,
          coupon: null,
        },
      });
      const fee = feeNumber(data?.total);
      if (fee === null) throw new AppError("unavailable", GHN_MALFORMED_MESSAGE);
      return { fee, service: String(serviceTypeId) };
    },

    async book(request): Promise<CarrierBooking> {
      const place = await locateGhnWard(client, store, request.recipient);
      const serviceTypeId = serviceTypeOf(request);
      const { recipient, parcel } = request;
      const data = await client.call<GhnCreateData>({
        method: "POST",
        path: "/v2/shipping-order/create",
        body: {
          payment_type_id: request.feePayer === "shop" ? 1 : 2,
          required_note: ghnRequiredNote(request.courierNote),
          note: request.courierNote,
          client_order_code: request.orderNumber,
          to_name: recipient.name,
          to_phone: ghnPhone(recipient.phone),
          to_address: recipient.address,
          to_ward_code: place.wardCode,
          to_district_id: place.districtId,
          cod_amount: request.codAmount,
          content: request.items
            .map((item) => `${item.name} x${item.quantity}`)
            .join(", ")
            .slice(0, 2000),
          weight: parcel.weightGrams,
          length: parcel.lengthCm,
          width: parcel.widthCm,
          height: parcel.heightCm,
          insurance_value: request.insuranceValue,
          service_type_id: serviceTypeId,
          items: request.items.map((item) => ({ name: item.name, code: item.sku, quantity: item.quantity })),
        },
      });
      const code = typeof data?.order_code === "string" ? data.order_code.trim() : "";
      if (!code) throw new AppError("unavailable", GHN_MALFORMED_MESSAGE);
      return {
        trackingCode: code,
        fee: feeNumber(data.total_fee),
        expectedDeliveryAt: validDate(data.expected_delivery_time),
        service: String(serviceTypeId),
        carrierData: {
          orderCode: code,
          sortCode: data.sort_code ?? null,
          transType: data.trans_type ?? null,
          fee: data.fee ?? null,
          districtId: place.districtId,
          wardCode: place.wardCode,
        },
      };
    },

    async cancel(trackingCode) {
      const data = await client.call<GhnCancelData[] | null>({
        method: "POST",
        path: "/v2/switch-status/cancel",
        body: { order_codes: [trackingCode] },
      });
      const mine = (data ?? []).find((row) => row.order_code?.toUpperCase() === trackingCode.toUpperCase());
      if (mine && mine.result === false) {
        throw new AppError(
          "invalid",
          `GHN từ chối hủy đơn ${trackingCode}: ${mine.message?.slice(0, 300) || "không rõ lý do"}`,
        );
      }
    },

    async fetchUpdates(trackingCode): Promise<CarrierUpdate[]> {
      const data = await client.call<GhnDetailData>({
        method: "POST",
        path: "/v2/shipping-order/detail",
        body: { order_code: trackingCode },
      });
      const updates: CarrierUpdate[] = [];
      let previous: string | null = null;
      for (const entry of data?.log ?? []) {
        const occurredAt = validDate(entry.updated_date);
        if (!entry.status || !occurredAt) continue;
        updates.push({
          trackingCode,
          status: ghnStatusToShipment(entry.status, previous),
          carrierStatus: entry.status,
          description: describeGhnStatus(entry.status),
          occurredAt,
          externalKey: ghnEventKey(trackingCode, entry.status, occurredAt),
        });
        previous = entry.status;
      }
      return updates;
    },

    trackingUrl: ghnTrackingUrl,
  };
}

/** GHN's shops for this token: the connection test names the shop the id belongs to. */
export async function checkGhnConnection(
  account: GhnAccount,
  options: GhnClientOptions = {},
): Promise<{ shopName: string }> {
  const client = createGhnClient({ ...account, shopId: "" }, options);
  const data = await client.call<{ shops?: Array<{ _id?: number; name?: string }> }>({
    method: "GET",
    path: "/v2/shop/all",
    query: { offset: 0, limit: 200 },
  });
  const shop = (data?.shops ?? []).find((s) => String(s._id) === account.shopId.trim());
  if (!shop)
    throw new AppError("invalid", `Token đúng nhưng GHN không có cửa hàng mã ${account.shopId} trong tài khoản này`);
  return { shopName: shop.name?.slice(0, 200) || `Cửa hàng ${account.shopId}` };
}

/**
 * GHN's own printable label for one of its orders: GHN hands out a short-lived print token for the
 * order code (asked with the shop's API token, which never leaves the server), and its print page
 * on the API's host opens with that token alone. Returns the print page's URL.
 */
export async function ghnLabelUrl(
  account: GhnCredentials,
  orderCode: string,
  size: GhnLabelSize,
  options: GhnClientOptions = {},
): Promise<string> {
  const client = createGhnClient(account, options);
  const data = await client.call<{ token?: unknown } | null>({
    method: "POST",
    path: "/v2/a5/gen-token",
    body: { order_codes: [orderCode] },
  });
  const token = typeof data?.token === "string" ? data.token.trim() : "";
  if (!token) throw new AppError("unavailable", GHN_MALFORMED_MESSAGE);
  // The print pages sit at the host's root (…/a5/public-api/printA5), not under /shiip/public-api.
  const url = new URL(`/a5/public-api/${ghnLabelSizes[size].page}`, account.baseUrl);
  url.searchParams.set("token", token);
  return url.toString();
}
