import { data } from "react-router";
import { AppError, publicMessage, toHttpStatus } from "./errors.server";
import type { Logger } from "./logger.server";

/** What an admin form action answers: success with a payload, or an error with field messages. */
export type ActionResult<T = unknown> =
  | { ok: true; intent: string; result?: T }
  | { ok: false; intent: string; error: string; fieldErrors?: Record<string, string> };

export function actionOk<T>(intent: string, result?: T) {
  return { ok: true as const, intent, result };
}

/** Maps a thrown error to the action's answer: AppError keeps its message and fields; a bug is logged. */
export function actionFailure(error: unknown, intent: string, logger: Logger) {
  if (error instanceof Response) throw error;
  if (!(error instanceof AppError)) logger.error({ err: error, intent }, "admin action failed");
  return data(
    {
      ok: false as const,
      intent,
      error: publicMessage(error),
      fieldErrors: error instanceof AppError ? error.fieldErrors : undefined,
    },
    { status: toHttpStatus(error) },
  );
}

/** A positive integer id from a form or URL value, or an invalid error. */
export function parseId(value: unknown, what = "mục"): number {
  const n = typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n <= 0) throw new AppError("invalid", `Mã ${what} không hợp lệ`);
  return n;
}
