/** The PostgreSQL error behind a failed query (Drizzle wraps it in `cause`), or null. */
function pgError(error: unknown): { code?: string; constraint?: string; constraint_name?: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate as never;
    current = candidate.cause;
  }
  return null;
}

/** The constraint name when the error is a unique violation (23505), else null. */
export function uniqueViolation(error: unknown): string | null {
  const pg = pgError(error);
  if (pg?.code !== "23505") return null;
  return pg.constraint ?? pg.constraint_name ?? "";
}

/** True when the error is a foreign-key violation (23503). */
export function foreignKeyViolation(error: unknown): boolean {
  return pgError(error)?.code === "23503";
}
