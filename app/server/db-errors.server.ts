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

/**
 * True when PostgreSQL refused text it cannot store: a NUL character (U+0000) in a text value
 * (22021) or inside JSON (22P05). Browsers and scripts can send one in any form field; it is
 * the caller's input, not a bug.
 */
export function textNotStorable(error: unknown): boolean {
  const code = pgError(error)?.code;
  return code === "22021" || code === "22P05";
}

/** Socket errors of a database connection that cannot be made or was cut. */
const connectionErrnos = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH"]);
/**
 * SQLSTATEs of a server that is not there for now: class 08 (connection exception), 57P01-57P03
 * (shut down by the administrator, crashed, starting up), 53300 (too many connections).
 */
const unavailableStates = /^(08...|57P0[123]|53300)$/;
/** node-postgres and pg-pool say these in plain messages, without a code. */
const unavailableMessages = [
  "Connection terminated",
  "Client has encountered a connection error",
  "timeout exceeded when trying to connect",
  "Cannot use a pool after calling end",
];

/**
 * True when a query failed because the database server cannot be reached (down, restarting,
 * network), not because of the query: the request may succeed again later, so it is a 503.
 */
export function databaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && (connectionErrnos.has(candidate.code) || unavailableStates.test(candidate.code))) return true;
    if (typeof candidate.message === "string" && unavailableMessages.some((m) => (candidate.message as string).includes(m))) return true;
    current = candidate.cause;
  }
  return false;
}
