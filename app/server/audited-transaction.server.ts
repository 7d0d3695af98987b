import { sql } from "drizzle-orm";
import type { Db, Tx } from "./db.server";

/**
 * Runs `work` in a transaction that names the console member behind its changes: the audit
 * triggers of migration 0015 record every row it changes, with who, before and after (decision
 * 0030). `app.actor` is transaction-local, so a pooled connection cannot carry it to the next
 * request. A null actor (a carrier's webhook, a system job) runs an ordinary transaction that the
 * log does not record. On a transaction (`db` a Tx) it is a savepoint of it, naming the actor too.
 *
 * Only database work belongs inside: a call to a carrier, image processing or file parsing runs
 * before or after, never inside (decision 0042): a transaction held open across it holds a
 * connection and row locks on PostgreSQL, and stops every other query on the embedded database.
 */
export function inAuditedTransaction<T>(
  db: Db | Tx,
  actorUserId: string | null,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (actorUserId !== null) await tx.execute(sql`select set_config('app.actor', ${actorUserId}, true)`);
    return work(tx);
  });
}
