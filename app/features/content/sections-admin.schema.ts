import { checkContentValue, IMAGE_URL_MESSAGE, isJsonContentKey, jsonContentSchemas, type ContentType } from "./content.schema";
import { itemFieldLabel, jsonEditors } from "./section-fields";

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
  if (type === "json") return jsonValueError(key, value) ?? "JSON không hợp lệ";
  if (type === "color") return "Mã màu phải có dạng #RRGGBB";
  if (type === "image") return IMAGE_URL_MESSAGE;
  return check.error;
}

/**
 * Why a JSON value cannot be saved, in Vietnamese for staff (null when it can): where the JSON
 * breaks (line and column), or which item and field of a list does not fit ("mục 2, “Tiêu đề”:
 * không được để trống"). Messages start "JSON không hợp lệ" or "JSON không đúng cấu trúc".
 */
export function jsonValueError(key: string, value: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    return `JSON không hợp lệ: kiểm tra dấu ngoặc, dấu phẩy và dấu ngoặc kép${jsonErrorPlace(value, (error as Error).message)}`;
  }
  if (!isJsonContentKey(key)) return null;
  const result = jsonContentSchemas[key].safeParse(parsed);
  if (result.success) return null;
  const issue = result.error.issues[0];
  const path = issue?.path ?? [];
  const where: string[] = [];
  const editor = jsonEditors[key];
  const item = editor.shape === "object" ? null : editor.item.toLowerCase();
  let rest = [...path];
  if (item && typeof rest[0] === "number") {
    where.push(`${item} ${rest[0] + 1}`);
    rest = rest.slice(1);
  }
  if (typeof rest[0] === "string") {
    where.push(`“${itemFieldLabel(key, rest[0]) ?? rest[0]}”`);
    if (typeof rest[1] === "number") where.push(`dòng ${rest[1] + 1}`);
  }
  const input = path.reduce<unknown>((at, step) => (at && typeof at === "object" ? (at as Record<PropertyKey, unknown>)[step as PropertyKey] : undefined), parsed);
  const reason = issueReason(issue, input);
  return `JSON không đúng cấu trúc: ${where.length > 0 ? `${where.join(", ")}: ` : ""}${reason}`;
}

function issueReason(
  issue: { code: string; message: string; minimum?: unknown; maximum?: unknown; expected?: unknown; origin?: unknown } | undefined,
  input: unknown,
): string {
  if (!issue) return "không đúng dạng";
  if (issue.code === "custom") return issue.message;
  if (issue.code === "too_small") return issue.origin === "string" ? "không được để trống" : issue.origin === "array" ? "cần ít nhất một mục" : `tối thiểu ${String(issue.minimum)}`;
  if (issue.code === "too_big") return `tối đa ${String(issue.maximum)}`;
  if (issue.code === "invalid_type") {
    if (input === undefined) return "còn thiếu";
    if (issue.expected === "array") return "phải là một danh sách";
    if (issue.expected === "number") return "phải là một số";
    if (issue.expected === "string") return "phải là chữ";
    if (issue.expected === "object") return "phải là một mục có các trường";
    return "sai kiểu dữ liệu";
  }
  if (issue.code === "invalid_format") return issue.message;
  return "không đúng dạng";
}

/** " (dòng 3, cột 7)" from JSON.parse's message, where it says where. */
function jsonErrorPlace(value: string, message: string): string {
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return ` (dòng ${lineColumn[1]}, cột ${lineColumn[2]})`;
  const position = /position (\d+)/.exec(message);
  if (position) {
    const before = value.slice(0, Number(position[1])).split("\n");
    return ` (dòng ${before.length}, cột ${before[before.length - 1].length + 1})`;
  }
  if (/end of (JSON|data) input/i.test(message)) return " (nội dung kết thúc khi chưa đóng hết ngoặc)";
  return "";
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
  technology: "Công nghệ",
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
