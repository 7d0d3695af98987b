import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { toast } from "sonner";
import { assertSameOrigin, getAdminSession } from "~/features/auth/auth.server";
import { hasPendingSecondFactor, signInAdmin, verifyAdminSecondFactor } from "~/features/auth/auth-flows.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { TextField } from "~/components/ui/text-field";
import { FormAlert } from "~/features/auth/components/form-alert";
import { useFlashToast } from "~/components/ui/use-action-feedback";
import { SECOND_FACTOR_CODE_MAX_LENGTH, SECOND_FACTOR_CODE_PATTERN } from "~/features/auth/auth.schema";
import { flashMessages } from "~/lib/flash";
import { flashCookie, readFlash } from "~/server/flash.server";
import { getSettings } from "~/features/settings/settings.server";
import type { Route } from "./+types/login";
import { readForm } from "~/server/request-guards.server";

type Step = "password" | "code";

export async function loader({ request, context }: Route.LoaderArgs) {
  // An admin who is already signed in goes straight to the console.
  if (await getAdminSession(request, context)) throw redirect("/admin");
  const url = new URL(request.url);
  const step: Step =
    url.searchParams.get("step") === "2fa" && hasPendingSecondFactor(context, request) ? "code" : "password";
  const settings = await getSettings(context.database.db);
  const { flash, clear } = readFlash(request, context.env);
  return data(
    { step, flash, storeName: settings.store.storeName },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * Works without JavaScript: a plain form POST. Step 1 (email + password) and step 2 (TOTP
 * code, when the admin enabled it) both go through better-auth's handler, so its rate limiter
 * applies; its Set-Cookie headers are copied onto the redirect.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request, context.env);
  const form = await readForm(request);
  const step: Step = form.get("intent") === "code" ? "code" : "password";
  const outcome =
    step === "code" ? await verifyAdminSecondFactor(context, request, form) : await signInAdmin(context, request, form);

  if (outcome.kind === "error") {
    return data(
      {
        error: outcome.message,
        fieldErrors: outcome.fieldErrors ?? {},
        step: outcome.restart ? ("password" as Step) : step,
        email: step === "password" ? String(form.get("email") ?? "").slice(0, 254) : "",
      },
      { status: outcome.status },
    );
  }
  const headers = new Headers();
  for (const cookie of outcome.setCookies) headers.append("Set-Cookie", cookie);
  if (outcome.kind === "second-factor") return redirect("/admin/login?step=2fa", { headers });
  headers.append("Set-Cookie", flashCookie("welcome", context.env));
  return redirect("/admin", { headers });
}

export const meta: Route.MetaFunction = () => adminMeta("Đăng nhập");

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const step: Step = actionData?.step ?? loaderData.step;
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === step;
  useFlashToast(loaderData.flash);

  useEffect(() => {
    if (actionData?.error) toast.error("Lỗi đăng nhập", { description: actionData.error });
  }, [actionData]);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-[#f6f8f8] px-4 py-10">
      <div className="w-full max-w-sm">
        <p className="mb-6 flex items-center justify-center gap-2 text-center text-lg font-bold">
          <span className="size-2.5 rounded-full bg-brand-teal" aria-hidden="true" />
          {loaderData.storeName}
        </p>
        <div className="rounded-2xl border border-brand-charcoal/10 bg-white p-6 shadow-sm sm:p-8">
          {step === "password" ? (
            <>
              <h1 className="text-2xl font-bold">Đăng nhập quản trị</h1>
              <p className="mt-1 text-sm text-brand-cool-gray">Dành cho nhân viên cửa hàng.</p>
              {/* Keyed per step: without the keys React keeps the e-mail <input> element for the
                  code field (same place in the tree), typed e-mail and all, and its maxLength
                  then refuses typing (issue 13 item 3). */}
              <Form key="password" method="post" action="/admin/login" className="mt-6 flex flex-col gap-4">
                <input type="hidden" name="intent" value="password" />
                <FormAlert
                  message={
                    actionData?.error ??
                    (loaderData.flash?.kind === "session-expired" ? flashMessages["session-expired"].description : null)
                  }
                />
                <TextField
                  id="email"
                  name="email"
                  type="email"
                  label="Email"
                  autoComplete="username"
                  required
                  autoFocus
                  defaultValue={actionData?.email ?? ""}
                  error={actionData?.fieldErrors?.email}
                />
                <TextField
                  id="password"
                  name="password"
                  type="password"
                  label="Mật khẩu"
                  autoComplete="current-password"
                  required
                  error={actionData?.fieldErrors?.password}
                />
                <SubmitButton busy={submitting} label="Đăng nhập" busyLabel="Đang đăng nhập..." />
              </Form>
            </>
          ) : (
            <>
              <h1 className="text-2xl font-bold">Xác thực hai lớp</h1>
              <p className="mt-1 text-sm text-brand-cool-gray">
                Nhập mã 6 chữ số trong ứng dụng xác thực của bạn. Không có điện thoại? Nhập một mã dự phòng.
              </p>
              <Form key="code" method="post" action="/admin/login?step=2fa" className="mt-6 flex flex-col gap-4">
                <input type="hidden" name="intent" value="code" />
                <FormAlert message={actionData?.error} />
                <TextField
                  id="second-factor-code"
                  name="code"
                  type="text"
                  label="Mã xác thực (6 chữ số hoặc mã dự phòng)"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  autoCapitalize="off"
                  autoCorrect="off"
                  spellCheck={false}
                  pattern={SECOND_FACTOR_CODE_PATTERN}
                  maxLength={SECOND_FACTOR_CODE_MAX_LENGTH}
                  title="6 chữ số trong ứng dụng xác thực, hoặc một mã dự phòng dạng xxxxx-xxxxx"
                  required
                  autoFocus
                  defaultValue=""
                  className="text-center font-mono text-lg tracking-[0.3em]"
                  error={actionData?.fieldErrors?.code}
                />
                <SubmitButton busy={submitting} label="Xác nhận" busyLabel="Đang đăng nhập..." />
                <Link to="/admin/login" className="text-center text-sm text-brand-teal-strong hover:underline">
                  Quay lại đăng nhập
                </Link>
              </Form>
            </>
          )}
        </div>
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="text-brand-cool-gray hover:text-brand-teal-strong hover:underline">
            ← Về cửa hàng
          </Link>
        </p>
      </div>
    </main>
  );
}

function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-disabled={busy || undefined}
      className="mt-2 inline-flex h-11 items-center justify-center rounded-full bg-brand-charcoal px-6 text-sm font-medium text-white hover:bg-brand-charcoal/90 disabled:opacity-70"
    >
      {busy ? busyLabel : label}
    </button>
  );
}

export function ErrorBoundary() {
  return (
    <main className="min-h-dvh bg-[#f6f8f8] px-4">
      <AdminRouteError />
    </main>
  );
}
