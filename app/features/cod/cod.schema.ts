import { z } from "zod";
import type { RemittanceLineStatus } from "~/db/schema/fulfilment";

/** The carriers offered in the forms; "Khác" lets staff type another name. */
export const knownCarrierNames = ["GHN", "GHTK", "Viettel Post", "J&T Express"] as const;

export const carrierNameSchema = z
  .string({ error: "Vui lòng chọn hãng vận chuyển" })
  .trim()
  .min(1, "Vui lòng chọn hoặc nhập tên hãng vận chuyển")
  .max(60, "Tên hãng vận chuyển tối đa 60 ký tự");

/** What each kind of line means, for staff. */
export const lineStatusLabels: Record<RemittanceLineStatus, string> = {
  matched: "Khớp",
  amount_mismatch: "Lệch số tiền",
  unknown_code: "Không tìm thấy mã vận đơn",
  not_delivered: "Đơn chưa giao thành công",
  already_remitted: "Đã đối soát trước đó",
};

/** An amount in đồng as typed ("450000", "450.000", "450,000 đ"); blank is 0 for a fee, missing for the COD. */
const wholeDong = (label: string, blank: "zero" | "required") =>
  z.preprocess(
    (v) => {
      if (typeof v !== "string") return v;
      const digits = v.replace(/[\s.,]|đ|₫/gi, "");
      if (digits === "") return blank === "zero" ? 0 : undefined;
      return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
    },
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? `Vui lòng nhập ${label.toLowerCase()}` : `${label} phải là số tiền (đồng)`,
      })
      .int(`${label} phải là số nguyên (đồng)`)
      .min(0, `${label} không được âm`)
      .max(10_000_000_000, `${label} quá lớn`),
  );

export const MAX_MANUAL_PAYOUT_LINES = 200;

export const manualPayoutSchema = z.object({
  carrierName: carrierNameSchema,
  remittedOn: z
    .string({ error: "Vui lòng chọn ngày nhận tiền" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Vui lòng chọn ngày nhận tiền"),
  lines: z
    .array(
      z.object({
        trackingCode: z
          .string()
          .trim()
          .min(1, "Vui lòng nhập mã vận đơn")
          .max(60, "Mã vận đơn tối đa 60 ký tự")
          .regex(/^\S+$/, "Mã vận đơn không được có khoảng trắng"),
        codAmount: wholeDong("Tiền thu hộ", "required"),
        fee: wholeDong("Phí", "zero"),
      }),
    )
    .min(1, "Vui lòng nhập ít nhất một dòng")
    .max(MAX_MANUAL_PAYOUT_LINES, `Tối đa ${MAX_MANUAL_PAYOUT_LINES} dòng mỗi lần`),
});
/** What the form posts (amounts may be text) and what the service gets after parsing. */
export type ManualPayoutInput = z.input<typeof manualPayoutSchema>;

export const resolveLineSchema = z.object({
  action: z.enum(["accept", "dismiss"], { error: "Vui lòng chọn cách xử lý" }),
  note: z
    .string({ error: "Vui lòng ghi chú lý do" })
    .trim()
    .min(1, "Vui lòng ghi chú lý do")
    .max(500, "Ghi chú tối đa 500 ký tự"),
});
export type ResolveLineInput = z.infer<typeof resolveLineSchema>;

export const MAX_BULK_RESOLVE_LINES = 500;

/** Several differences resolved at once (the selected lines), with one action and one note. */
export const resolveLinesSchema = resolveLineSchema.extend({
  lineIds: z
    .array(z.coerce.number({ error: "Dòng không hợp lệ" }).int("Dòng không hợp lệ").positive("Dòng không hợp lệ"), {
      error: "Vui lòng chọn ít nhất một dòng",
    })
    .min(1, "Vui lòng chọn ít nhất một dòng")
    .max(MAX_BULK_RESOLVE_LINES, `Tối đa ${MAX_BULK_RESOLVE_LINES} dòng mỗi lần`),
});
export type ResolveLinesInput = z.input<typeof resolveLinesSchema>;

/** Age buckets of COD not yet remitted, in days since delivery. */
export const outstandingBuckets = [
  { key: "d0_7", label: "0–7 ngày", max: 7 },
  { key: "d8_14", label: "8–14 ngày", max: 14 },
  { key: "d15_30", label: "15–30 ngày", max: 30 },
  { key: "d31", label: "Trên 30 ngày", max: Infinity },
] as const;
export type OutstandingBucketKey = (typeof outstandingBuckets)[number]["key"];
