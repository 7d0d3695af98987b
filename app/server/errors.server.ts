/**
 * The one error type services throw. Routes map it with `toHttpStatus`; anything else is a bug
 * and becomes a 500 with a generic message (the details go to the log, never to the user).
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

export function toHttpStatus(error: unknown): number {
  return error instanceof AppError ? statusByKind[error.kind] : 500;
}

/** What the user may read about an error: the service's message, or a generic one for bugs. */
export function publicMessage(error: unknown): string {
  return error instanceof AppError ? error.message : "Đã xảy ra lỗi, vui lòng thử lại.";
}
