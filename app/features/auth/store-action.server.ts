import { formAction, type AnyIntent, type FormActionOptions } from "~/server/form-action.server";
import { assertSameOrigin } from "./auth.server";

/**
 * A storefront form action: a cross-site post is refused (403) before the body is read, so no
 * shopper's form can forget it. (The newsletter's unsubscribe link is the one exception: a mail
 * provider posts it; it uses formAction and its signed token.)
 */
export function storeAction<T extends Record<string, AnyIntent<unknown>>>(
  options: Omit<FormActionOptions<unknown, T>, "guard">,
) {
  return formAction<unknown, T>({ ...options, guard: ({ request, context }) => assertSameOrigin(request, context.env) });
}
