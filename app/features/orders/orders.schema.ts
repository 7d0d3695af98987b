import { z } from "zod";

// The same values as the database enums (app/db/schema/orders.ts; a test keeps them equal),
// repeated here so the browser bundle does not pull in the table definitions.
export const orderStatusValues = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export const paymentStatusValues = ["pending", "paid", "failed", "refunded"] as const;
export type OrderStatus = (typeof orderStatusValues)[number];
export type PaymentStatus = (typeof paymentStatusValues)[number];

/** Vietnamese order status labels (SPEC: admin orders). */
export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: "Chờ xử lý",
  processing: "Đang xử lý",
  shipped: "Đang giao",
  delivered: "Đã giao",
  cancelled: "Đã hủy",
};

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: "Chờ thanh toán",
  paid: "Đã thanh toán",
  failed: "Thanh toán thất bại",
  refunded: "Đã hoàn tiền",
};

export const paymentMethodLabels: Record<string, string> = { cod: "Thanh toán khi nhận hàng" };

export const shippingMethodLabels: Record<string, string> = {
  "local-delivery": "Giao hàng tận nơi",
  "store-pickup": "Nhận tại cửa hàng",
  express: "Giao hàng nhanh",
};

/** A page number from the URL: 1 when missing or not a positive whole number. */
export const pageParamSchema = z.coerce.number().int().min(1).max(1_000_000).catch(1);

/** The orders list query (URL search params). */
export const orderListQuerySchema = z.object({
  page: pageParamSchema,
  status: z.enum(orderStatusValues).optional().catch(undefined),
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

export const setStatusInputSchema = z.object({
  status: z.enum(orderStatusValues, { error: "Trạng thái đơn hàng không hợp lệ" }),
});

export const setPaymentStatusInputSchema = z.object({
  paymentStatus: z.enum(paymentStatusValues, { error: "Trạng thái thanh toán không hợp lệ" }),
});

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
