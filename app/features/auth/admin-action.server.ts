import { formAction, intentFor, type AnyIntent, type FormActionOptions } from "~/server/form-action.server";
import { requireAdmin, type AdminSession } from "./auth.server";

export type AdminActionOptions<T extends Record<string, AnyIntent<AdminSession>>> = Omit<
  FormActionOptions<AdminSession, T>,
  "guard"
>;

/**
 * A console form action: requireAdmin runs before the body is read (401/403, CSRF check, the
 * role's area), so no admin action can forget it; each intent's `run` gets the admin's session as
 * `guard`. No transaction is opened here (decision 0042): an intent's writes run in the audited
 * transactions it or its service opens by name with `inAuditedTransaction(db, admin.user.id, …)`,
 * so the audit triggers record them with their actor (decision 0030), and calls to carriers, image
 * processing and file parsing stay outside any transaction.
 */
export function adminAction<T extends Record<string, AnyIntent<AdminSession>>>(options: AdminActionOptions<T>) {
  return formAction<AdminSession, T>({
    ...options,
    guard: ({ request, context }) => requireAdmin(request, context),
  });
}

/**
 * Declares an intent of an admin action: `adminIntent({ run: ({ input, guard: admin }) => … })`, the
 * service validating `input` with its feature's schema; `schema` only where the route reads typed fields.
 */
export const adminIntent = intentFor<AdminSession>();
