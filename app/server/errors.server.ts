import { databaseUnavailable, textNotStorable } from "./db-errors.server";

/**
 * The one error type services throw. Routes map it with `toHttpStatus`; a database that cannot
 * be reached is a 503 with UNAVAILABLE_MESSAGE; text the database cannot store (a NUL character)
 * is a 400 with TEXT_NOT_STORABLE_MESSAGE; anything else is a bug and becomes a 500 with a
 * generic message (the details go to the log, never to the user).
 */
export type AppErrorKind = "invalid" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "unavailable";

export class AppError extends Error {
  readonly kind: AppErrorKind;
  /** Per-field messages for forms, keyed by field name. */
  readonly fieldErrors?: Record<string, string>;

  constructor(kind: AppErrorKind, message: string, fieldErrors?: Record<string, string>) {
    super(message);
    this.name = "AppError";
    this.kind = kind;
    this.fieldErrors = fieldErrors;
  }
}

const statusByKind: Record<AppErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unavailable: 503,
};

/** What shoppers and admins read while the database is down or restarting. */
export const UNAVAILABLE_MESSAGE = "Cửa hàng tạm thời không phục vụ được, vui lòng thử lại sau ít phút.";

/** What the user reads when a field held a character the database cannot store. */
export const TEXT_NOT_STORABLE_MESSAGE = "Dữ liệu chứa ký tự không hợp lệ (ký tự NUL), vui lòng nhập lại.";

export function toHttpStatus(error: unknown): number {
  if (error instanceof AppError) return statusByKind[error.kind];
  if (textNotStorable(error)) return 400;
  return databaseUnavailable(error) ? 503 : 500;
}

/** What the user may read about an error: the service's message, or a generic one for bugs. */
export function publicMessage(error: unknown): string {
  if (error instanceof AppError) return error.message;
  if (textNotStorable(error)) return TEXT_NOT_STORABLE_MESSAGE;
  return databaseUnavailable(error) ? UNAVAILABLE_MESSAGE : "Đã xảy ra lỗi, vui lòng thử lại.";
}
