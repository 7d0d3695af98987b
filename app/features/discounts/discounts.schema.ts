import { z } from "zod";
import { parseVietnamDateTime } from "~/lib/dates";
import { checkbox, optionalText, optionalWholeNumber, text, wholeNumber } from "~/lib/form-fields";

/** The discount_type enum values (kept here so the browser bundle has no Drizzle). */
export const discountTypeValues = ["percent", "fixed", "free_shipping"] as const;

export const discountTypeLabels: Record<(typeof discountTypeValues)[number], string> = {
  percent: "Giảm theo %",
  fixed: "Giảm số tiền (đ)",
  free_shipping: "Miễn phí vận chuyển",
};

/** SPEC §8: an unknown (expired, exhausted, below-minimum) discount code, as checkout shows it. */
export const INVALID_CODE_MESSAGE = "The discount code you entered is not valid.";

/** "2026-11-23T10:00" (datetime-local, Vietnam time) or "2026-11-23" → Date; empty → null. */
const dateTimeField = (message: string) =>
  z.preprocess((v) => (v instanceof Date ? v : typeof v === "string" ? parseVietnamDateTime(v) : null), z.date({ message }).nullable());

/**
 * The discount form (PRODUCT.md): code, type, value, minimum order, period, usage limit, active,
 * and who may use it: first order only, once per customer (a customer is an e-mail or a phone,
 * checked when the order is placed).
 */
export const discountInputSchema = z
  .object({
    code: text()
      .pipe(
        z
          .string()
          .min(1, "Vui lòng nhập mã giảm giá")
          .max(40, "Mã tối đa 40 ký tự")
          .regex(/^[A-Za-z0-9_-]+$/, "Mã chỉ gồm chữ không dấu, số, gạch ngang và gạch dưới"),
      )
      .transform((c) => c.toUpperCase()),
    description: optionalText(500),
    type: z.enum(discountTypeValues, { message: "Vui lòng chọn loại giảm giá" }),
    value: wholeNumber({ min: 0, max: 2_000_000_000, message: "Giá trị phải là số nguyên không âm", fallback: 0 }),
    minOrderTotal: wholeNumber({
      min: 0,
      max: 10_000_000_000,
      message: "Đơn tối thiểu phải là số đồng nguyên, không âm",
      fallback: 0,
    }),
    startsAt: dateTimeField("Ngày bắt đầu không hợp lệ"),
    endsAt: dateTimeField("Ngày kết thúc không hợp lệ"),
    usageLimit: optionalWholeNumber({
      min: 1,
      max: 1_000_000_000,
      message: "Giới hạn lượt dùng phải là số nguyên từ 1",
    }),
    isActive: checkbox(),
    firstOrderOnly: checkbox(),
    oncePerCustomer: checkbox(),
  })
  .superRefine((d, ctx) => {
    if (d.type === "percent" && (d.value < 1 || d.value > 100)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "Phần trăm giảm phải từ 1 đến 100" });
    }
    if (d.type === "fixed" && d.value < 1) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "Số tiền giảm phải lớn hơn 0" });
    }
    if (d.startsAt && d.endsAt && d.endsAt < d.startsAt) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "Ngày kết thúc phải sau ngày bắt đầu" });
    }
  })
  .transform((d) => ({ ...d, value: d.type === "free_shipping" ? 0 : d.value }));

export type DiscountInput = z.infer<typeof discountInputSchema>;

export { toVietnamDateTimeInput } from "~/lib/dates";
