import { z } from "zod";
import { optionalText, optionalWholeNumber, wholeNumber } from "~/lib/form-fields";
import { rowVersionField } from "~/lib/row-version";
import { provinceCodeFilter } from "~/features/orders/orders.schema";

/*
 * Shipments (issue 16), shared by the console forms and the shipping service. The status and
 * carrier values repeat the database's (app/db/schema/fulfilment.ts) so the browser bundle does
 * not pull in the table definitions.
 */

export const shipmentStatusValues = [
  "booked",
  "in_transit",
  "delivered",
  "failed",
  "returning",
  "returned",
  "cancelled",
] as const;
export type ShipmentStatus = (typeof shipmentStatusValues)[number];

export const shipmentStatusLabels: Record<ShipmentStatus, string> = {
  booked: "Chờ lấy hàng",
  in_transit: "Đang giao",
  delivered: "Đã giao",
  failed: "Giao thất bại",
  returning: "Đang hoàn về",
  returned: "Đã nhận hàng hoàn",
  cancelled: "Đã hủy",
};

/**
 * Where a shipment may go from each status: only forward (decision 0054), whoever moves it. A
 * failed delivery may still succeed on the carrier's next attempt; "returned" is reached only when
 * staff receive the parcel (receiveReturn). The order page offers only these steps.
 */
export const shipmentSteps: Record<ShipmentStatus, readonly ShipmentStatus[]> = {
  booked: ["in_transit", "delivered", "failed", "returning", "cancelled"],
  in_transit: ["delivered", "failed", "returning"],
  failed: ["delivered", "returning", "returned"],
  returning: ["returned"],
  delivered: [],
  returned: [],
  cancelled: [],
};

export const canMoveShipment = (from: ShipmentStatus, to: ShipmentStatus) => shipmentSteps[from].includes(to);

/** The carriers staff pick from for a manual shipment (any other name may be typed). */
export const carrierNameSuggestions = [
  "GHN",
  "GHTK",
  "Viettel Post",
  "J&T Express",
  "Ninja Van",
  "VNPost",
  "Best Express",
] as const;

export const feePayerLabels = { shop: "Shop trả phí", buyer: "Người nhận trả phí" } as const;

/** Why a delivery failed, as staff pick it ("other" asks for the words). */
export const failureReasons = ["Người mua từ chối nhận", "Không liên lạc được"] as const;

/** A carrier's tracking code: letters, digits, dashes, dots, underscores (GHN "LBK7XN", GHTK "S1.A2.123"). */
export const TRACKING_CODE_MESSAGE = "Mã vận đơn chỉ gồm chữ, số, dấu chấm, gạch ngang (tối đa 50 ký tự)";
export const trackingCode = () =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,49}$/, TRACKING_CODE_MESSAGE),
  );

export const COD_REASON_REQUIRED = "Vui lòng nhập lý do thay đổi số tiền thu hộ";
const MAX_COD = 1_000_000_000;

const parcelNumber = (max: number, what: string) =>
  optionalWholeNumber({ min: 1, max, message: `${what} phải là số nguyên từ 1 đến ${max.toLocaleString("vi-VN")}` });

/**
 * The create-shipment form. Empty parcel fields and COD amount take the defaults (the products'
 * shipping sizes, the order total); a COD amount other than the total needs a reason (checked by
 * the service, which knows the total).
 */
export const createShipmentSchema = z
  .object({
    carrier: z.enum(["manual", "ghn", "ghtk"], { message: "Hãng vận chuyển không hợp lệ" }).default("manual"),
    /** Staff's name for a manual carrier (required then); an API carrier's own name is used instead. */
    carrierName: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : v),
      z.string({ message: "Vui lòng nhập tên hãng vận chuyển" }).max(60, "Tên hãng tối đa 60 ký tự").default(""),
    ),
    service: optionalText(60, "Dịch vụ tối đa 60 ký tự"),
    trackingCode: z.preprocess(
      (v) => (v == null || (typeof v === "string" && v.trim() === "") ? null : v),
      trackingCode().nullable(),
    ),
    weightGrams: parcelNumber(50_000, "Khối lượng (g)"),
    lengthCm: parcelNumber(200, "Chiều dài (cm)"),
    widthCm: parcelNumber(200, "Chiều rộng (cm)"),
    heightCm: parcelNumber(200, "Chiều cao (cm)"),
    codAmount: optionalWholeNumber({ min: 0, max: MAX_COD, message: "Số tiền thu hộ phải là số nguyên đồng từ 0" }),
    codChangeReason: optionalText(300, "Lý do tối đa 300 ký tự"),
    feePayer: z.enum(["shop", "buyer"], { message: "Vui lòng chọn bên trả phí vận chuyển" }).default("shop"),
    /** Missing: the shop's default note; an empty field: no note. */
    courierNote: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : v),
      z.string().max(500, "Ghi chú tối đa 500 ký tự").optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.carrier === "manual" && value.carrierName === "")
      ctx.addIssue({ code: "custom", path: ["carrierName"], message: "Vui lòng nhập tên hãng vận chuyển" });
  });
export type CreateShipmentInput = z.input<typeof createShipmentSchema>;

export const setTrackingCodeSchema = z.object({ trackingCode: trackingCode(), version: rowVersionField() });

export const shipmentVersionSchema = z.object({ version: rowVersionField() });

export const markFailedSchema = z
  .object({
    version: rowVersionField(),
    reason: z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string()),
    otherReason: optionalText(300, "Lý do tối đa 300 ký tự"),
  })
  .transform(({ reason, otherReason, version }, ctx) => {
    const text = (failureReasons as readonly string[]).includes(reason) ? reason : (otherReason ?? "");
    if (text === "") {
      ctx.addIssue({ code: "custom", path: ["otherReason"], message: "Vui lòng chọn hoặc nhập lý do giao thất bại" });
      return z.NEVER;
    }
    return { version, reason: text };
  });

const quantity = wholeNumber({ min: 0, max: 100_000, message: "Số lượng phải là số nguyên từ 0" });

/** Receiving a returned parcel: per order line, how many go back to sellable stock and how many are damaged. */
export const receiveReturnSchema = z.object({
  version: rowVersionField(),
  lines: z
    .array(z.object({ itemId: z.coerce.number().int().positive(), restock: quantity, damaged: quantity }))
    .max(500),
  note: optionalText(500, "Ghi chú tối đa 500 ký tự"),
});
export type ReceiveReturnInput = z.input<typeof receiveReturnSchema>;

/** The shipments list: status filter, search by tracking code or order number, page. */
export const shipmentListQuerySchema = z.object({
  status: z.enum(shipmentStatusValues).optional().catch(undefined),
  /** By the name staff see ("GHN", "Viettel Post"), any case. */
  carrier: z
    .string()
    .trim()
    .max(60)
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined),
  /** The province code stored with the order's address. */
  province: provinceCodeFilter,
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .catch(undefined)
    .transform((v) => (v ? v : undefined)),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type ShipmentListQuery = z.output<typeof shipmentListQuerySchema>;

/** The buyer's link to a carrier's own tracking page, by the name staff gave (none for the others). */
export function carrierTrackingUrl(carrierName: string, code: string): string | null {
  const key = carrierName.toLowerCase().replace(/[^a-z0-9&]/g, "");
  const c = encodeURIComponent(code);
  if (key === "ghn" || key === "giaohangnhanh") return `https://donhang.ghn.vn/?order_code=${c}`;
  if (key === "ghtk" || key === "giaohangtietkiem") return `https://i.ghtk.vn/${c}`;
  if (key === "viettelpost") return `https://viettelpost.com.vn/tra-cuu-hanh-trinh-don/?code=${c}`;
  if (key === "j&texpress" || key === "j&t" || key === "jtexpress")
    return `https://jtexpress.vn/vi/tracking?type=track&billcode=${c}`;
  return null;
}
