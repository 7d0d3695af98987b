import { z } from "zod";
import { normalizeVietnamesePhone } from "~/lib/phone";
import { rowVersionField } from "~/lib/row-version";

/** The console's customer form (customer page): what staff may change on a profile. */
export const customerProfileMessages = {
  firstName: "Vui lòng nhập tên",
  tooLong: (max: number) => `Tối đa ${max} ký tự`,
  phone: "Số điện thoại không hợp lệ (số di động Việt Nam, ví dụ 0912 345 678)",
} as const;

const requiredName = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(100, customerProfileMessages.tooLong(100));

export const customerProfileSchema = z.object({
  firstName: requiredName(customerProfileMessages.firstName),
  /** May be empty: a name typed in checkout's one "Họ và tên" field is kept whole in firstName (decision 0022). */
  lastName: z.string().trim().max(100, customerProfileMessages.tooLong(100)).default(""),
  /** Empty: no phone on the profile; otherwise stored as E.164 (+84…). */
  phone: z
    .string()
    .trim()
    .default("")
    .transform((value, ctx) => {
      if (value === "") return null;
      const normalized = normalizeVietnamesePhone(value);
      if (!normalized) {
        ctx.addIssue({ code: "custom", message: customerProfileMessages.phone });
        return z.NEVER;
      }
      return normalized;
    }),
  company: z
    .string()
    .trim()
    .max(200, customerProfileMessages.tooLong(200))
    .default("")
    .transform((value) => value || null),
  version: rowVersionField(),
});

export type CustomerProfileInput = z.output<typeof customerProfileSchema>;

/** The order details that can differ from the customer's profile (the e-mail is the same by construction). */
export const profileFieldLabels = { name: "họ tên", phone: "số điện thoại", address: "địa chỉ giao hàng" } as const;
export type ProfileField = keyof typeof profileFieldLabels;

export const PROFILE_DIFFERS_TITLE = "Thông tin đơn khác hồ sơ khách hàng";
