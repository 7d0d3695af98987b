import { z } from "zod";
import { isIsoDay } from "~/lib/dates";

/**
 * The delivery rules (issue 31 item 1): how many working days a parcel takes to each province, the
 * cut-off after which an order counts from the next working day, the shop's working days and closed
 * dates, and where one-hour slots are really delivered. Every promise the shop makes is computed
 * from these (features/checkout/delivery-rules.ts); the defaults are the seeded shipping policy's.
 */

/** Thành phố Hà Nội and Thành phố Hồ Chí Minh: the same codes before and after the 2025 merger. */
export const HANOI_PROVINCE_CODE = "01";
export const HO_CHI_MINH_PROVINCE_CODE = "79";

const leadDays = (field: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value.trim())) : value),
    z
      .number({ error: `Vui lòng nhập số ngày ${field}` })
      .int("Số ngày phải là số nguyên")
      .min(0, "Số ngày không được âm")
      .max(30, "Tối đa 30 ngày làm việc"),
  );

const flag = z.preprocess((value) => {
  if (typeof value !== "string") return value;
  return value === "on" || value === "true";
}, z.boolean());

const isoDay = z
  .string()
  .trim()
  .refine(isIsoDay, "Ngày nghỉ phải có dạng YYYY-MM-DD (ví dụ 2027-02-06)");

/** The most regions the rules hold (the console form offers no more rows). */
export const MAX_DELIVERY_REGIONS = 20;

const MIN_ABOVE_MAX = "Số ngày tối thiểu không được lớn hơn tối đa";

export const deliveryRegionSchema = z
  .object({
    name: z.string().trim().min(1, "Vui lòng nhập tên vùng").max(100, "Tên vùng tối đa 100 ký tự"),
    /** Its name on the English site (/en/policies/…); "" shows the Vietnamese name there. */
    nameEn: z.string().trim().max(100, "Tên vùng tối đa 100 ký tự").default(""),
    /** Province codes (the address data's, current structure). */
    provinceCodes: z
      .array(z.string().trim().regex(/^\d{2}$/, "Mã tỉnh, thành không hợp lệ"))
      .min(1, "Chọn ít nhất một tỉnh, thành cho vùng"),
    minDays: leadDays("tối thiểu"),
    maxDays: leadDays("tối đa"),
    /** One-hour slots: only where the shop or a same-day courier really delivers in them. */
    slots: flag.default(false),
  })
  .refine((region) => region.minDays <= region.maxDays, { error: MIN_ABOVE_MAX, path: ["maxDays"] });

export const defaultDeliveryRegions = [
  {
    name: "Nội thành TP. Hồ Chí Minh",
    nameEn: "Inner Ho Chi Minh City",
    provinceCodes: [HO_CHI_MINH_PROVINCE_CODE],
    minDays: 1,
    maxDays: 2,
    // The shop's own city (the store's address): the shop's riders deliver in one-hour slots.
    slots: true,
  },
  {
    name: "Nội thành Hà Nội",
    nameEn: "Inner Hanoi",
    provinceCodes: [HANOI_PROVINCE_CODE],
    minDays: 1,
    maxDays: 2,
    slots: false,
  },
];

export const weekdayLabels = ["Chủ nhật", "Thứ Hai", "Thứ Ba", "Thứ Tư", "Thứ Năm", "Thứ Sáu", "Thứ Bảy"] as const;

export const deliveryRulesSettingsSchema = z
  .object({
    regions: z
      .array(deliveryRegionSchema)
      .max(MAX_DELIVERY_REGIONS, `Tối đa ${MAX_DELIVERY_REGIONS} vùng`)
      .superRefine((regions, ctx) => {
        const seen = new Map<string, number>();
        regions.forEach((region, index) => {
          for (const code of region.provinceCodes) {
            if (seen.has(code))
              ctx.addIssue({
                code: "custom",
                path: [index, "provinceCodes"],
                message: "Một tỉnh, thành chỉ thuộc một vùng",
              });
            seen.set(code, index);
          }
        });
      })
      .default(defaultDeliveryRegions),
    /** Every province no region names. */
    otherMinDays: leadDays("tối thiểu").default(2),
    otherMaxDays: leadDays("tối đa").default(5),
    /** "HH:MM", Vietnam time: an order placed at or after it is handed over on the next working day. */
    cutoffTime: z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Giờ chốt đơn phải có dạng HH:MM (ví dụ 15:00)")
      .default("15:00"),
    /** Days of the week the shop hands parcels over and couriers deliver (0 = Sunday … 6 = Saturday). */
    workingDays: z
      .array(z.coerce.number().int().min(0).max(6))
      .min(1, "Chọn ít nhất một ngày làm việc")
      .transform((days) => [...new Set(days)].sort())
      .default([1, 2, 3, 4, 5, 6]),
    /** Days nobody delivers (Tết, public holidays), "YYYY-MM-DD". */
    closedDates: z
      .array(isoDay)
      .max(100, "Tối đa 100 ngày nghỉ")
      .transform((days) => [...new Set(days)].sort())
      .default([]),
  })
  .refine((rules) => rules.otherMinDays <= rules.otherMaxDays, {
    error: MIN_ABOVE_MAX,
    path: ["otherMaxDays"],
  });

export type DeliveryRules = z.output<typeof deliveryRulesSettingsSchema>;
export type DeliveryRegion = z.output<typeof deliveryRegionSchema>;
