import { z } from "zod";

/**
 * The version a console form was opened with (a hidden `version` field), sent back on save so
 * the server can refuse to overwrite a newer row (app/server/row-version.server.ts).
 */
export const rowVersionField = () =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ message: ROW_VERSION_MISSING_MESSAGE }).int(ROW_VERSION_MISSING_MESSAGE).min(1, ROW_VERSION_MISSING_MESSAGE),
  );

export const ROW_VERSION_MISSING_MESSAGE = "Biểu mẫu đã cũ, vui lòng tải lại trang";

/** What staff read when someone (or another tab) saved the same row after their page opened. */
export function staleRowMessage(what: string): string {
  return `${what} đã được thay đổi sau khi bạn mở trang, tải lại để xem bản mới nhất`;
}
