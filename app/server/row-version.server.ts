import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { ROW_VERSION_MISSING_MESSAGE, rowVersionField, staleRowMessage } from "~/lib/row-version";
import { AppError } from "./errors.server";

/*
 * Optimistic concurrency for every row staff edit in the console (docs/decisions/0014): a save
 * names the version it read; the UPDATE matches `id AND version = read version` and sets
 * `version = version + 1`. No row updated means the row is gone (not found) or newer (conflict).
 */

/** `version + 1`, for the SET clause of an update guarded by the version it read. */
export function nextRowVersion(versionColumn: AnyColumn): SQL {
  return sql`${versionColumn} + 1`;
}

/**
 * The conflict a save over a newer row gets; `what` names the row ("Sản phẩm", "Danh mục"…).
 * The message is also the error of the form's hidden `version` field: that is how a console
 * form tells this conflict from others (a taken slug) and offers "Tải lại" (StaleRowNotice).
 */
export function staleRowError(what: string): AppError {
  const message = staleRowMessage(what);
  return new AppError("conflict", message, { version: message });
}

/**
 * The version a console form was opened with (its hidden `version` field), from the posted form
 * or a plain object. A form without one is refused (invalid) before anything is read or written.
 */
export function readRowVersion(input: unknown): number {
  const raw =
    input instanceof FormData
      ? input.get("version")
      : typeof input === "object" && input !== null
        ? (input as { version?: unknown }).version
        : undefined;
  const parsed = rowVersionField().safeParse(raw ?? undefined);
  if (!parsed.success) {
    throw new AppError("invalid", ROW_VERSION_MISSING_MESSAGE, { version: ROW_VERSION_MISSING_MESSAGE });
  }
  return parsed.data;
}

/**
 * The updated row of a version-guarded UPDATE … RETURNING, or the right error when none was:
 * not found when the row no longer exists, else a conflict (someone saved it first).
 */
export async function expectUpdatedRow<T>(
  rows: T[],
  rowExists: () => Promise<boolean>,
  messages: { what: string; notFound: string },
): Promise<T> {
  const [row] = rows;
  if (row !== undefined) return row;
  if (!(await rowExists())) throw new AppError("not_found", messages.notFound);
  throw staleRowError(messages.what);
}
