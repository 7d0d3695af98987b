import { z } from "zod";
import { checkbox, text } from "~/lib/form-fields";
import { isIsoDay } from "~/lib/dates";
import { rowVersionField } from "~/lib/row-version";

// The same values as the database enums (app/db/schema/orders.ts; a test keeps them equal),
// repeated here so the browser bundle does not pull in the table definitions.
export const orderStatusValues = [
  "pending",
  "processing",
  "shipped",
  "delivered",
  "returning",
  "returned",
  "cancelled",
] as const;
export const paymentStatusValues = ["pending", "paid", "failed", "refunded"] as const;
export type OrderStatus = (typeof orderStatusValues)[number];
export type PaymentStatus = (typeof paymentStatusValues)[number];

/**
 * Vietnamese order status labels. SPEC's "Chờ xử lý" / "Đang xử lý" became "Chờ xác nhận" /
 * "Đã xác nhận" when COD orders gained their confirmation call (issue 16).
 */
export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: "Chờ xác nhận",
  processing: "Đã xác nhận",
  shipped: "Đang giao",
  delivered: "Đã giao",
  returning: "Đang hoàn hàng",
  returned: "Đã hoàn hàng",
  cancelled: "Đã hủy",
};

/**
 * Where an order may go from each status (decision 0054): only forward, whoever moves it (staff,
 * a bulk change, its shipment, a carrier). "Đang hoàn hàng" may still end "Đã giao" (the carrier's
 * next attempt after a failed one). Undoing a cancellation (the goods taken again if they had been
 * put back) is the one way back; an order with a live shipment is never cancelled (its shipment first).
 */
export const orderSteps: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["processing", "shipped", "delivered", "returning", "cancelled"],
  processing: ["shipped", "delivered", "returning", "cancelled"],
  shipped: ["delivered", "returning", "cancelled"],
  returning: ["delivered", "returned"],
  delivered: [],
  returned: [],
  cancelled: ["pending", "processing", "shipped", "delivered"],
};

export const canMoveOrder = (from: OrderStatus, to: OrderStatus) => orderSteps[from].includes(to);

/** Why an order cannot take a step (the table above refuses it). */
export function orderStepRefusal(from: OrderStatus, to: OrderStatus): string {
  return `Đơn hàng đang "${orderStatusLabels[from]}": không thể chuyển sang "${orderStatusLabels[to]}"`;
}

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: "Chờ thanh toán",
  paid: "Đã thanh toán",
  failed: "Thanh toán thất bại",
  refunded: "Đã hoàn tiền",
};

export const paymentMethodLabels: Record<string, string> = { cod: "Thanh toán khi nhận hàng" };

/** The delivery methods (the database enum, app/db/schema/orders.ts). */
export const shippingMethodValues = ["local-delivery", "store-pickup", "express"] as const;
export type ShippingMethod = (typeof shippingMethodValues)[number];

export const shippingMethodLabels: Record<string, string> = {
  "local-delivery": "Giao hàng tận nơi",
  "store-pickup": "Nhận tại cửa hàng",
  express: "Giao hàng nhanh",
};

/** A page number from the URL: 1 when missing or not a positive whole number. */
export const pageParamSchema = z.coerce.number().int().min(1).max(1_000_000).catch(1);

/**
 * The payment filter: a payment status, or "unpaid" — money still to collect (payment pending or
 * failed) on an order that still stands (not cancelled nor returned): the "Chưa thu tiền" tab.
 */
export const paymentFilterValues = [...paymentStatusValues, "unpaid"] as const;
export type PaymentFilter = (typeof paymentFilterValues)[number];
export const paymentFilterLabels: Record<PaymentFilter, string> = { ...paymentStatusLabels, unpaid: "Chưa thu tiền" };

/** A shop day from the URL (YYYY-MM-DD, a real date), or undefined. */
const isoDayParam = z
  .string()
  .optional()
  .catch(undefined)
  .transform((v) => (v && isIsoDay(v) ? v : undefined));

/** A list filtered by the province code stored with an order's address ("79"); anything else is no filter. */
export const provinceCodeFilter = z
  .string()
  .regex(/^\d{2}$/)
  .optional()
  .catch(undefined);

/** The orders list query (URL search params). A value that does not parse is dropped, never an error. */
export const orderListQuerySchema = z.object({
  page: pageParamSchema,
  status: z.enum(orderStatusValues).optional().catch(undefined),
  payment: z.enum(paymentFilterValues).optional().catch(undefined),
  delivery: z.enum(shippingMethodValues).optional().catch(undefined),
  /** The province code stored with the order's address ("79": Hồ Chí Minh City). */
  province: provinceCodeFilter,
  /** The live shipment's carrier, by the name staff see ("GHN", "Viettel Post"). */
  carrier: z
    .string()
    .trim()
    .max(60)
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined),
  /** Placed on or after this shop day, on or before `to` (Asia/Ho_Chi_Minh). */
  from: isoDayParam,
  to: isoDayParam,
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined),
  /** `?archived=1`: the archived orders (hidden from the list otherwise). */
  archived: z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => v === "1"),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

/** The list's filters as URL parameters (no page): what a tab, an export or a detail's neighbours carry. */
export function orderFilterParams(query: Partial<OrderListQuery>): Record<string, string | undefined> {
  return {
    q: query.q,
    status: query.status,
    payment: query.payment,
    delivery: query.delivery,
    province: query.province,
    carrier: query.carrier,
    from: query.from,
    to: query.to,
    archived: query.archived ? "1" : undefined,
  };
}

/** The same filters as a query string ("" when none), e.g. "status=pending&from=2026-11-01". */
export function orderFilterSearch(query: Partial<OrderListQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(orderFilterParams(query))) if (value) params.set(key, value);
  return params.toString();
}

/**
 * The list's fixed saved filters (issue 18), as URL filters: a tab is current when the list's
 * filters are exactly its own.
 */
export const orderViews: ReadonlyArray<{ label: string; filters: Partial<OrderListQuery> }> = [
  { label: "Tất cả", filters: {} },
  { label: "Chờ xác nhận", filters: { status: "pending" } },
  { label: "Cần giao", filters: { status: "processing" } },
  { label: "Đang giao", filters: { status: "shipped" } },
  { label: "Chưa thu tiền", filters: { payment: "unpaid" } },
];

/** Most orders one bulk action, print job or selected export takes. */
export const BULK_ORDER_LIMIT = 200;
export const BULK_LIMIT_MESSAGE = `Chọn tối đa ${BULK_ORDER_LIMIT} đơn hàng mỗi lần`;
export const BULK_EMPTY_MESSAGE = "Chưa chọn đơn hàng nào";

/** A selected order as the list posts it: "id:version" (the version its row showed, decision 0014). */
const orderRefSchema = z
  .string()
  .regex(/^[0-9a-f-]{36}:\d{1,9}$/i, "Đơn hàng đã chọn không hợp lệ")
  .transform((ref) => {
    const [id, version] = ref.split(":");
    return { id: id.toLowerCase(), version: Number(version) };
  });

/** The selected orders of a bulk action (the form's repeated "order" fields), each once. */
export const bulkOrderRefsSchema = z
  .array(orderRefSchema)
  .min(1, BULK_EMPTY_MESSAGE)
  .transform((refs) => [...new Map(refs.map((ref) => [ref.id, ref])).values()])
  .pipe(z.array(z.object({ id: z.string(), version: z.number() })).max(BULK_ORDER_LIMIT, BULK_LIMIT_MESSAGE));
export type BulkOrderRef = z.output<typeof bulkOrderRefsSchema>[number];

/** The statuses a bulk change offers (the others are moved one order at a time, or by the carrier). */
export const bulkStatusValues = ["processing", "shipped", "delivered", "cancelled"] as const;

/** A bulk status change: the same rules as one order's (a cancellation needs a reason). */
export const bulkStatusInputSchema = z
  .object({
    status: z.enum(bulkStatusValues, { error: "Trạng thái đơn hàng không hợp lệ" }),
    reason: text().pipe(z.string().max(500, "Lý do tối đa 500 ký tự")),
    restock: checkbox(),
  })
  .superRefine((value, ctx) => {
    if (value.status === "cancelled" && value.reason === "")
      ctx.addIssue({ code: "custom", path: ["reason"], message: CANCEL_REASON_REQUIRED });
  });
export type BulkStatusInput = z.output<typeof bulkStatusInputSchema>;

export const CANCEL_REASON_REQUIRED = "Vui lòng nhập lý do hủy đơn";

/**
 * A status change from the order's page, with the version the page was opened with. Cancelling
 * needs a reason and says whether the goods go back in stock (the dialog's "Nhập lại hàng vào
 * kho"); the service refuses a cancellation without a reason whoever calls it.
 */
export const setStatusInputSchema = z
  .object({
    status: z.enum(orderStatusValues, { error: "Trạng thái đơn hàng không hợp lệ" }),
    version: rowVersionField(),
    reason: text().pipe(z.string().max(500, "Lý do tối đa 500 ký tự")),
    restock: checkbox(),
  })
  .superRefine((value, ctx) => {
    if (value.status === "cancelled" && value.reason === "")
      ctx.addIssue({ code: "custom", path: ["reason"], message: CANCEL_REASON_REQUIRED });
  });
export type SetStatusInput = z.output<typeof setStatusInputSchema>;

export const setPaymentStatusInputSchema = z.object({
  paymentStatus: z.enum(paymentStatusValues, { error: "Trạng thái thanh toán không hợp lệ" }),
  version: rowVersionField(),
});
export type SetPaymentStatusInput = z.output<typeof setPaymentStatusInputSchema>;

/** Archive, unarchive and delete name the version the page was opened with. */
export const orderVersionInputSchema = z.object({ version: rowVersionField() });

/** Statuses after which the parcel has left the shop ("Đang giao", "Đã giao", a return on its way or back). */
export const shippedStatuses: readonly OrderStatus[] = ["shipped", "delivered", "returning", "returned"];

/**
 * Whether the order's goods ever left the shop (now or earlier in its history): then cancelling
 * does not put them back in stock by default.
 */
export function hasShipped(status: OrderStatus, history: ReadonlyArray<{ toStatus: OrderStatus }>): boolean {
  return shippedStatuses.includes(status) || history.some((entry) => shippedStatuses.includes(entry.toStatus));
}

/**
 * Whether the order may be deleted for good: it never left pending (nor its payment), and its
 * history holds nothing but its creation (no status or payment change). Every other order is
 * archived instead.
 */
export function isDeletable(
  order: { status: OrderStatus; paymentStatus: PaymentStatus },
  history: ReadonlyArray<{ fromStatus: OrderStatus | null }>,
): boolean {
  return (
    order.status === "pending" &&
    order.paymentStatus === "pending" &&
    history.every((entry) => entry.fromStatus === null)
  );
}

export const DELETE_REFUSED_MESSAGE =
  "Chỉ xóa được đơn hàng chưa từng được xử lý (vẫn Chờ xác nhận, chưa đổi trạng thái hay thanh toán). Hãy lưu trữ đơn hàng này thay vì xóa.";

/**
 * An order number as typed by staff: "DH000123", "dh123", "#123" or "123" → 123; null when the
 * text is not an order number.
 */
export function parseOrderNumber(text: string): number | null {
  const match = /^#?\s*(?:dh)?\s*0*(\d{1,15})$/i.exec(text.trim());
  if (!match) return null;
  const n = Number(match[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
