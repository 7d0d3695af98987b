import { data } from "react-router";
import { assertSameOrigin } from "~/features/auth/auth.server";
import { RATE_LIMITED_MESSAGE, signInAdmin } from "~/features/auth/auth-flows.server";
import { AdminStandaloneError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { InvitationPage } from "~/features/auth/components/invitation-page";
import { consoleHomeOf } from "~/features/auth/console-permissions";
import { acceptInvitation, invitationAttemptKey, invitationStateOf } from "~/features/auth/staff.server";
import { acceptInvitationSchema } from "~/features/auth/staff.schema";
import { getSettings } from "~/features/settings/settings.server";
import { redirectWithFlash } from "~/server/flash.server";
import { formAction, intent, refuse } from "~/server/form-action.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { clientIpOf } from "~/server/request-guards.server";
import type { Route } from "./+types/invitation";

/**
 * The invitation link (/admin/invitation/<token>): open to anyone holding it, outside the console
 * shell. It says the role offered but not the e-mail invited: that is what the invitee types.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const [state, settings] = await Promise.all([
    invitationStateOf(context.database.db, params.token),
    getSettings(context.database.db),
  ]);
  const invitation = state.kind === "pending" ? { kind: state.kind, role: state.role } : state;
  return data(
    { invitation, storeName: settings.store.storeName },
    // Never kept by a shared cache: the page is tied to a secret link.
    { headers: { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" } },
  );
}

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

/**
 * The invitee types the invited e-mail and chooses a name and a password: the account is made
 * (once per link) and signed in through the ordinary sign-in flow, then lands on the first page of
 * their role. Attempts count like sign-ins (SIGN_IN_RATE_LIMIT), per client address and per link,
 * so a link read by someone else cannot be tried against a list of the shop's addresses.
 */
export const action = formAction({
  intents: {
    accept: intent({
      schema: acceptInvitationSchema,
      run: async ({ input, params, context, request, headers }) => {
        const { db } = context.database;
        const token = params.token ?? "";
        for (const key of [`invitation:${clientIpOf(request)}`, invitationAttemptKey(token)]) {
          const limit = await consumeRateLimit(db, key, context.env.SIGN_IN_RATE_LIMIT);
          if (!limit.allowed) {
            headers.set("Retry-After", String(limit.retryAfterSeconds));
            return refuse(429, RATE_LIMITED_MESSAGE);
          }
        }
        const member = await acceptInvitation(db, context.auth, token, input);
        const form = new FormData();
        form.set("email", member.email);
        form.set("password", input.password);
        const outcome = await signInAdmin(context, request, form);
        if (outcome.kind !== "signed-in")
          return refuse(outcome.kind === "error" ? outcome.status : 409, "Tài khoản đã được tạo. Vui lòng đăng nhập");
        const signedIn = new Headers();
        for (const cookie of outcome.setCookies) signedIn.append("Set-Cookie", cookie);
        return redirectWithFlash(consoleHomeOf(member.role), "welcome", context.env, { headers: signedIn });
      },
    }),
  },
  defaultIntent: "accept",
  guard: ({ request, context }) => assertSameOrigin(request, context.env),
});

export const meta: Route.MetaFunction = () => adminMeta("Nhận lời mời");

export default function AdminInvitation({ loaderData, actionData }: Route.ComponentProps) {
  return <InvitationPage loaderData={loaderData} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <AdminStandaloneError />;
}
