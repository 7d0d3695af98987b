import { z } from "zod";
import { parseVietnamDateTime } from "~/lib/dates";
import { text } from "~/lib/form-fields";
import { safeImageSrc } from "./markdown";
import { pageKinds, type PageKind } from "./page-path";

/*
 * Policies and blog posts (issue 19): the console form's fields and their checks, shared by the
 * editor in the browser and the service on the server. Safe in the browser.
 */

export { pageKinds, pagePath, type PageKind } from "./page-path";
export const pageStatuses = ["draft", "published"] as const;
export type PageStatus = (typeof pageStatuses)[number];

export const pageKindLabels: Record<PageKind, string> = { policy: "Chính sách", post: "Bài viết" };

export const MAX_BODY_LENGTH = 50_000;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const bounded = (max: number) => text().pipe(z.string().max(max, `Tối đa ${max.toLocaleString("vi-VN")} ký tự`));

/** "uvc, du lịch ,  răng miệng" → ["uvc", "du lịch", "răng miệng"] (trimmed, lower-case, each once). */
function tagList(value: unknown): unknown {
  if (Array.isArray(value)) return value;
  if (typeof value !== "string") return [];
  return [
    ...new Set(
      value
        .split(",")
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** "3, 5" → [3, 5]; a value that is not a positive id is refused. */
function idList(value: unknown): unknown {
  if (Array.isArray(value)) return value;
  if (typeof value !== "string") return [];
  return [
    ...new Set(
      value
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((id) => (/^\d{1,9}$/.test(id) ? Number(id) : Number.NaN)),
    ),
  ];
}

export const pageInputSchema = z.object({
  kind: z.enum(pageKinds, { message: "Loại trang không hợp lệ" }),
  slug: text().pipe(
    z
      .string()
      .min(1, "Vui lòng nhập đường dẫn")
      .max(100, "Đường dẫn tối đa 100 ký tự")
      .regex(SLUG_PATTERN, "Đường dẫn chỉ gồm chữ thường không dấu, số và dấu gạch ngang"),
  ),
  title: text().pipe(z.string().min(1, "Vui lòng nhập tiêu đề").max(200, "Tiêu đề tối đa 200 ký tự")),
  titleEn: bounded(200),
  excerpt: bounded(500),
  excerptEn: bounded(500),
  body: text().pipe(
    z
      .string()
      .min(1, "Vui lòng nhập nội dung")
      .max(MAX_BODY_LENGTH, `Nội dung tối đa ${MAX_BODY_LENGTH.toLocaleString("vi-VN")} ký tự`),
  ),
  bodyEn: bounded(MAX_BODY_LENGTH),
  seoTitle: bounded(200),
  seoTitleEn: bounded(200),
  seoDescription: bounded(300),
  seoDescriptionEn: bounded(300),
  coverImage: text().refine(
    (v) => v === "" || safeImageSrc(v) !== null,
    "Ảnh bìa phải là ảnh của cửa hàng (bắt đầu bằng /uploads/ hoặc /images/)",
  ),
  author: bounded(100),
  tags: z.preprocess(tagList, z.array(z.string().max(40, "Mỗi thẻ tối đa 40 ký tự")).max(20, "Tối đa 20 thẻ")),
  relatedProductIds: z.preprocess(
    idList,
    z
      .array(z.number({ message: "Mã sản phẩm liên quan phải là số" }).int().positive())
      .max(12, "Tối đa 12 sản phẩm liên quan"),
  ),
  status: z.enum(pageStatuses, { message: "Trạng thái không hợp lệ" }),
  /** Vietnam time as typed (datetime-local); empty when publishing: now. */
  publishedAt: z.preprocess(
    (v) => (v instanceof Date ? v : typeof v === "string" ? parseVietnamDateTime(v) : null),
    z.date({ message: "Ngày đăng không hợp lệ" }).nullable(),
  ),
  sortOrder: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? 0 : Number(v.trim())) : (v ?? 0)),
    z
      .number({ message: "Thứ tự phải là số" })
      .int("Thứ tự phải là số nguyên")
      .min(0, "Thứ tự không được âm")
      .max(1000, "Thứ tự tối đa 1000"),
  ),
});

export type PageInput = z.output<typeof pageInputSchema>;
export type PageFormValues = z.input<typeof pageInputSchema>;

/** A published policy as the footer and the checkout link it. */
export interface PolicyLink {
  slug: string;
  title: string;
}

/** What the console's list and editor show of a page. */
export interface AdminPage {
  id: number;
  kind: PageKind;
  slug: string;
  title: string;
  titleEn: string;
  excerpt: string;
  excerptEn: string;
  body: string;
  bodyEn: string;
  seoTitle: string;
  seoTitleEn: string;
  seoDescription: string;
  seoDescriptionEn: string;
  coverImage: string;
  author: string;
  tags: string[];
  relatedProductIds: number[];
  status: PageStatus;
  publishedAt: string | null;
  sortOrder: number;
  version: number;
  updatedAt: string;
}

/** "Nháp", "Đã đăng" or "Đã lên lịch" (published, its time still ahead). */
export function pageStateLabel(page: { status: string; publishedAt: string | Date | null }, now = new Date()): string {
  if (page.status !== "published") return "Nháp";
  return page.publishedAt && new Date(page.publishedAt) > now ? "Đã lên lịch" : "Đã đăng";
}

/** The fields a page form sends (named as PageInput's keys). */
export const pageFormFields = [
  "kind",
  "slug",
  "title",
  "titleEn",
  "excerpt",
  "excerptEn",
  "body",
  "bodyEn",
  "seoTitle",
  "seoTitleEn",
  "seoDescription",
  "seoDescriptionEn",
  "coverImage",
  "author",
  "tags",
  "relatedProductIds",
  "status",
  "publishedAt",
  "sortOrder",
] as const satisfies ReadonlyArray<keyof PageInput>;
