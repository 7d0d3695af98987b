import { redirect } from "react-router";
import { ADMIN_LOGIN_PATH, assertSameOrigin, requireAdmin } from "~/features/auth/auth.server";
import { signOutAdmin } from "~/features/auth/auth-flows.server";
import { flashCookie } from "~/server/flash.server";
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
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request, context.env);
  const headers = new Headers();
  for (const cookie of await signOutAdmin(context, request)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", flashCookie("signed-out", context.env));
  return redirect(ADMIN_LOGIN_PATH, { headers });
}
