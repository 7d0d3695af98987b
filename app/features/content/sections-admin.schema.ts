import { checkContentValue, IMAGE_URL_MESSAGE, type ContentType } from "./content.schema";

/**
 * The admin sections editor's view of a page (shared by the server and the browser): sections by
 * section_order with their content rows, and the per-value check the editor and the server use.
 */
export interface AdminContentRow {
  id: number;
  contentKey: string;
  contentType: ContentType;
  contentValue: string;
  /** "vi" or "en" (decision 0021); images and colours have one "vi" row for both languages. */
  locale: string;
}

export interface AdminSection {
  id: number;
  pageName: string;
  sectionKey: string;
  sectionOrder: number;
  isActive: boolean;
  /** The version of the section's content, sent back by the editor on save (decision 0014). */
  version: number;
  content: AdminContentRow[];
}

/** Longest text value an editor may save. */
export const MAX_CONTENT_LENGTH = 20_000;

/** Text longer than this is edited in a multi-line box (SPEC: above 100 characters). */
export const MULTILINE_THRESHOLD = 100;

/**
 * Why a value cannot be saved for a content row, in Vietnamese, or null when it can. JSON must
 * parse and match its key's shape; colours are hex; images a site path or an http(s) URL; no
 * value may be blank (a blank value would silently show the built-in default instead).
 */
export function contentFieldError(key: string, type: string, value: string): string | null {
  if (value.length > MAX_CONTENT_LENGTH) return `Tối đa ${MAX_CONTENT_LENGTH.toLocaleString("vi-VN")} ký tự`;
  const check = checkContentValue(key, type, value);
  if (check.ok) return null;
  if (check.error === "empty") return "Không được để trống";
  if (type === "json") {
    if (check.error.startsWith("invalid JSON: ")) return `JSON không hợp lệ: ${check.error.slice("invalid JSON: ".length)}`;
    return `JSON không đúng cấu trúc (${check.error})`;
  }
  if (type === "color") return "Mã màu phải có dạng #RRGGBB";
  if (type === "image") return IMAGE_URL_MESSAGE;
  return check.error;
}

/**
 * Why a row's value cannot be saved, or null: an English text or JSON value may be left empty
 * (the English site then shows the Vietnamese one); everything else follows contentFieldError.
 */
export function contentRowError(row: Pick<AdminContentRow, "contentKey" | "contentType" | "locale">, value: string): string | null {
  if (row.locale === "en" && value.trim() === "") return null;
  return contentFieldError(row.contentKey, row.contentType, value);
}

/** Admin labels of the pages and sections (keys stay visible next to them). */
export const pageLabels: Record<string, string> = {
  home: "Trang chủ",
  about: "Giới thiệu",
  blog: "Blog",
  footer: "Chân trang",
  top_bar: "Thanh thông báo",
};

export function sectionLabel(key: string): string {
  const label = key.replace(/_/g, " ");
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** The content values a save form sends: fields named content.<rowId>. */
export function readContentValues(form: FormData): Array<{ id: number; value: string }> {
  const values: Array<{ id: number; value: string }> = [];
  for (const [name, value] of form.entries()) {
    const match = /^content\.(\d+)$/.exec(name);
    if (match && typeof value === "string") values.push({ id: Number(match[1]), value });
  }
  return values;
}

/** The files a save form sends for image rows: fields named upload.<rowId> (an empty file input is skipped). */
export function readContentUploads(form: FormData): Array<{ id: number; file: File }> {
  const uploads: Array<{ id: number; file: File }> = [];
  for (const [name, value] of form.entries()) {
    const match = /^upload\.(\d+)$/.exec(name);
    if (match && typeof value !== "string" && value.size > 0) uploads.push({ id: Number(match[1]), file: value });
  }
  return uploads;
}
