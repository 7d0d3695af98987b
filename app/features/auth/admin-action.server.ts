import { sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import type { Tx } from "~/server/db.server";
import {
  formAction,
  intentFor,
  type AnyIntent,
  type FormActionArgs,
  type FormActionOptions,
} from "~/server/form-action.server";
import { requireAdmin, type AdminSession } from "./auth.server";

export interface AdminActionOptions<T extends Record<string, AnyIntent<AdminSession>>> extends Omit<
  FormActionOptions<AdminSession, T>,
  "guard" | "around"
> {
  /**
   * false: the intents run outside the audited transaction. Only for an action that forwards to
   * better-auth (the security page): better-auth writes through the process's own connection,
   * which a transaction held open here would block on the embedded database.
   */
  audited?: false;
}

/**
 * A console form action: requireAdmin runs before the body is read (401/403, CSRF check, the
 * role's area), so no admin action can forget it; each intent's `run` gets the admin's session as
 * `guard`. The intent runs in one transaction that names its actor (`app.actor`): the audit
 * triggers of migration 0015 record every row it changes, with who, before and after
 * (decision 0030). Its `context.database.db` is that transaction.
 */
export function adminAction<T extends Record<string, AnyIntent<AdminSession>>>(options: AdminActionOptions<T>) {
  const { audited, ...rest } = options;
  return formAction<AdminSession, T>({
    ...rest,
    guard: ({ request, context }) => requireAdmin(request, context),
    ...(audited === false ? {} : { around: runAudited }),
  });
}

/** Declares an intent of an admin action: `adminIntent({ schema, run: ({ input, guard: admin }) => … })`. */
export const adminIntent = intentFor<AdminSession>();

/** A redirect thrown by the run: kept aside so the transaction commits before it is thrown on. */
class ThrownResponse {
  constructor(readonly response: Response) {}
}

async function runAudited<O>(
  args: FormActionArgs & { guard: AdminSession },
  run: (scoped: FormActionArgs) => Promise<O>,
): Promise<O> {
  const outcome = await args.context.database.db.transaction(async (tx) => {
    await setAuditActor(tx, args.guard.user.id);
    try {
      return await run({ ...args, context: withTransaction(args.context, tx) });
    } catch (error) {
      if (error instanceof Response) return new ThrownResponse(error);
      throw error;
    }
  });
  if (outcome instanceof ThrownResponse) throw outcome.response;
  return outcome;
}

/** Names the person behind the transaction's changes, for the audit triggers (transaction-local). */
export async function setAuditActor(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select set_config('app.actor', ${userId}, true)`);
}

/** The request's context with `database.db` replaced by the transaction (everything else as it is). */
function withTransaction(context: Readonly<RouterContextProvider>, tx: Tx): Readonly<RouterContextProvider> {
  const database = { ...context.database, db: tx };
  return new Proxy(context, {
    get(target, property) {
      if (property === "database") return database;
      const value: unknown = Reflect.get(target, property, target);
      // Methods of the provider (get/set) read private fields of the real object.
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
