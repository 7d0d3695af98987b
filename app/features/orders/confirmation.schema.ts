import { z } from "zod";
import { optionalText, text } from "~/lib/form-fields";
import { rowVersionField } from "~/lib/row-version";

/*
 * The confirmation call (issue 16): what staff record after calling or messaging the buyer of a
 * new order. Shared by the order page's panel and the service.
 */

export const confirmationOutcomeValues = ["confirmed", "no_answer", "cancelled"] as const;
export type ConfirmationOutcomeValue = (typeof confirmationOutcomeValues)[number];

export const confirmationOutcomeLabels: Record<ConfirmationOutcomeValue, string> = {
  confirmed: "Đã xác nhận",
  no_answer: "Không nghe máy",
  cancelled: "Người mua hủy",
};

export const BUYER_CANCEL_REASON_REQUIRED = "Vui lòng nhập lý do người mua hủy đơn";
export const NEXT_TRY_INVALID = "Thời điểm gọi lại không hợp lệ";

/** "2026-11-25T14:30" as a datetime-local input gives it, read as the shop's time (UTC+7, no summer time). */
export function parseShopLocalDateTime(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const date = new Date(`${value}:00+07:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

export const confirmationCallInputSchema = z
  .object({
    outcome: z.enum(confirmationOutcomeValues, { error: "Kết quả cuộc gọi không hợp lệ" }),
    version: rowVersionField(),
    /** The buyer's reason when they cancel. */
    reason: text().pipe(z.string().max(500, "Lý do tối đa 500 ký tự")),
    /** Anything staff want to remember about the call. */
    note: optionalText(500, "Ghi chú tối đa 500 ký tự"),
    /** After no answer: a time staff chose instead of the settings' "gọi lại sau". */
    nextTryAt: text().transform((value, ctx) => {
      if (value === "") return null;
      const date = parseShopLocalDateTime(value);
      if (!date) {
        ctx.addIssue({ code: "custom", message: NEXT_TRY_INVALID });
        return z.NEVER;
      }
      return date;
    }),
  })
  .superRefine((value, ctx) => {
    if (value.outcome === "cancelled" && value.reason === "")
      ctx.addIssue({ code: "custom", path: ["reason"], message: BUYER_CANCEL_REASON_REQUIRED });
  });
export type ConfirmationCallInput = z.output<typeof confirmationCallInputSchema>;

export const PHONE_INVALID = "Số điện thoại không hợp lệ (số di động Việt Nam, ví dụ 0912 345 678)";

/** Blocking a phone: the number as staff type it (or as the order holds it) and why. */
export const blockPhoneInputSchema = z.object({
  phone: text().pipe(z.string().min(1, "Vui lòng nhập số điện thoại").max(30, PHONE_INVALID)),
  note: text().pipe(z.string().max(500, "Ghi chú tối đa 500 ký tự")),
});
export type BlockPhoneInput = z.output<typeof blockPhoneInputSchema>;

export const unblockPhoneInputSchema = z.object({
  phone: text().pipe(z.string().min(1, "Vui lòng nhập số điện thoại").max(30, PHONE_INVALID)),
});
