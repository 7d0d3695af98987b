import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { staleRowMessage } from "~/lib/row-version";
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

/** The conflict a save over a newer row gets; `what` names the row ("Sản phẩm", "Danh mục"…). */
export function staleRowError(what: string): AppError {
  return new AppError("conflict", staleRowMessage(what));
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
