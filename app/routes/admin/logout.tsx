import { redirect } from "react-router";
import { ADMIN_LOGIN_PATH, assertSameOrigin, requireAdmin } from "~/features/auth/auth.server";
import { signOutAdmin } from "~/features/auth/auth-flows.server";
import { redirectWithFlash } from "~/server/flash.server";
import { formAction, intent } from "~/server/form-action.server";
import type { Route } from "./+types/logout";

/** Signing out is a POST (the sidebar's form); a GET just goes back to the console. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return redirect("/admin");
}

/**
 * Ends the session through better-auth and goes to the login page, which shows
 * 'Đã đăng xuất' / 'Hẹn gặp lại!'. Not behind requireAdmin: anyone may end their own session
 * (an expired one included); the origin check keeps other sites from signing people out.
 */
export const action = formAction({
  intents: {
    "sign-out": intent({
      run: async ({ request, context }) => {
        const headers = new Headers();
        for (const cookie of await signOutAdmin(context, request)) headers.append("Set-Cookie", cookie);
        return redirectWithFlash(ADMIN_LOGIN_PATH, "signed-out", context.env, { headers });
      },
    }),
  },
  defaultIntent: "sign-out",
  intentField: null,
  guard: ({ request, context }) => assertSameOrigin(request, context.env),
});
