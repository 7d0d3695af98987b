import { z } from "zod";
import { optionalText, wholeNumber } from "~/lib/form-fields";

// The same values as the database enum (app/db/schema/inventory.ts; a test keeps them equal),
// repeated here so the browser bundle does not pull in the table definitions.
export const stockMovementReasonValues = [
  "order_placed",
  "order_cancelled",
  "order_reinstated",
  "order_deleted",
  "return",
  "received",
  "count_correction",
  "damaged",
  "initial",
  "other",
] as const;
export type StockMovementReason = (typeof stockMovementReasonValues)[number];

export const stockMovementReasonLabels: Record<StockMovementReason, string> = {
  order_placed: "Đơn hàng đặt",
  order_cancelled: "Đơn hàng hủy",
  order_reinstated: "Đơn hàng khôi phục",
  order_deleted: "Đơn hàng bị xóa",
  return: "Khách trả hàng",
  received: "Nhập hàng",
  count_correction: "Kiểm kê điều chỉnh",
  damaged: "Hư hỏng / mất",
  initial: "Tồn kho ban đầu",
  other: "Khác",
};

/** The reasons staff pick for an adjustment; the others are written by orders and product creation. */
export const adjustmentReasonValues = ["received", "return", "count_correction", "damaged", "other"] as const;
export type AdjustmentReason = (typeof adjustmentReasonValues)[number];

export const MAX_ADJUSTMENT = 1_000_000;
/** The most a product can hold (the initial stock field has the same bound). */
export const MAX_STOCK = 1_000_000_000;

/** A staff adjustment (product page, "Tồn kho"): a direction, a positive quantity, a reason, a note. */
export const stockAdjustmentSchema = z
  .object({
    direction: z.enum(["in", "out"], { message: "Vui lòng chọn tăng hoặc giảm tồn kho" }),
    quantity: wholeNumber({ min: 1, max: MAX_ADJUSTMENT, message: "Số lượng phải là số nguyên từ 1 đến 1.000.000" }),
    reason: z.enum(adjustmentReasonValues, { message: "Vui lòng chọn lý do điều chỉnh" }),
    note: optionalText(500, "Ghi chú tối đa 500 ký tự"),
  })
  .transform(({ direction, quantity, ...rest }) => ({ ...rest, delta: direction === "in" ? quantity : -quantity }));
export type StockAdjustment = z.output<typeof stockAdjustmentSchema>;

/** How many movements the product page shows, from `?movements=` ("Xem thêm" adds a page). */
export const MOVEMENTS_PAGE = 20;
export const movementsShownSchema = z.coerce.number().int().min(MOVEMENTS_PAGE).max(1000).catch(MOVEMENTS_PAGE);
