import { data, redirect } from "react-router";
import { assertSameOrigin, getAdminSession } from "~/features/auth/auth.server";
import {
  hasPendingSecondFactor,
  signInAdmin,
  verifyAdminSecondFactor,
  type SignInOutcome,
} from "~/features/auth/auth-flows.server";
import { AdminStandaloneError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { LoginPage, type LoginStep } from "~/features/auth/components/login-page";
import { readFlash, redirectWithFlash } from "~/server/flash.server";
import { formAction, intent, refuse } from "~/server/form-action.server";
import { getSettings } from "~/features/settings/settings.server";
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  // An admin who is already signed in goes straight to the console.
  if (await getAdminSession(request, context)) throw redirect("/admin");
  const url = new URL(request.url);
  const step: LoginStep =
    url.searchParams.get("step") === "2fa" && hasPendingSecondFactor(context, request) ? "code" : "password";
  const settings = await getSettings(context.database.db);
  const { flash, clear } = readFlash(request, context.env);
  return data(
    {
      step,
      flash,
      storeName: settings.store.storeName,
      allowStaySignedIn: settings.admin_sessions.allowStaySignedIn,
      staySignedIn: step === "code" && url.searchParams.get("stay") === "1",
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * Works without JavaScript: a plain form POST (refused from another site before anything runs). Step 1 (email + password) and step 2 (TOTP
 * code, when the admin enabled it) both go through better-auth's handler, so its rate limiter
 * applies; its Set-Cookie headers are copied onto the redirect.
 */
export const action = formAction({
  intents: {
    password: intent({ run: ({ context, request, form }) => answerSignIn(context, form, "password", signInAdmin(context, request, form)) }),
    code: intent({ run: ({ context, request, form }) => answerSignIn(context, form, "code", verifyAdminSecondFactor(context, request, form)) }),
  },
  defaultIntent: "password",
  guard: ({ request, context }) => assertSameOrigin(request, context.env),
});

/** A sign-in step's outcome: the redirect carrying better-auth's cookies, or the form again with the message. */
async function answerSignIn(context: Route.ActionArgs["context"], form: FormData, step: LoginStep, pending: Promise<SignInOutcome>) {
  const outcome = await pending;
  if (outcome.kind === "error") {
    return refuse(outcome.status, outcome.message, {
      fieldErrors: outcome.fieldErrors,
      result: {
        step: outcome.restart ? ("password" as LoginStep) : step,
        email: step === "password" ? String(form.get("email") ?? "").slice(0, 254) : "",
      },
    });
  }
  const headers = new Headers();
  for (const cookie of outcome.setCookies) headers.append("Set-Cookie", cookie);
  // The "stay signed in" box rides along to the code step (the server still checks the owner allows it).
  const stay = form.get("staySignedIn") === "on" ? "&stay=1" : "";
  if (outcome.kind === "second-factor") return redirect(`/admin/login?step=2fa${stay}`, { headers });
  return redirectWithFlash("/admin", "welcome", context.env, { headers });
}

export const meta: Route.MetaFunction = () => adminMeta("Đăng nhập");

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  return <LoginPage loaderData={loaderData} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <AdminStandaloneError />;
}
