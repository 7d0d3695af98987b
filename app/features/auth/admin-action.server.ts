import { formAction, intentFor, type AnyIntent, type FormActionOptions } from "~/server/form-action.server";
import { requireAdmin, type AdminSession } from "./auth.server";

/**
 * A console form action: requireAdmin runs before the body is read (401/403, CSRF check), so no
 * admin action can forget it; each intent's `run` gets the admin's session as `guard`.
 */
export function adminAction<T extends Record<string, AnyIntent<AdminSession>>>(
  options: Omit<FormActionOptions<AdminSession, T>, "guard">,
) {
  return formAction<AdminSession, T>({ ...options, guard: ({ request, context }) => requireAdmin(request, context) });
}

/** Declares an intent of an admin action: `adminIntent({ schema, run: ({ input, guard: admin }) => … })`. */
export const adminIntent = intentFor<AdminSession>();
