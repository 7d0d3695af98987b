import { Form, Link, useNavigation } from "react-router";
import { TextField } from "~/components/ui/text-field";
import { useActionFeedback, useFlashToast, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { flashMessages, type Flash } from "~/lib/flash";
import { SECOND_FACTOR_CODE_MAX_LENGTH, SECOND_FACTOR_CODE_PATTERN } from "../auth.schema";
import { FormAlert } from "./form-alert";

/** Which form the page shows: email and password, or the second factor's code. */
export type LoginStep = "password" | "code";

export interface LoginPageProps {
  loaderData: {
    step: LoginStep;
    flash: Flash | null;
    storeName: string;
    /** The owner allows "stay signed in on this device" (Cài đặt → Phiên đăng nhập). */
    allowStaySignedIn: boolean;
    /** Step 2: the box was ticked at step 1 (carried in the address). */
    staySignedIn: boolean;
  };
  /** A refused step (the form again, with its message): the step to show and the e-mail typed. */
  actionData?: ActionFeedbackResult<{ step: LoginStep; email: string }>;
}

/**
 * The console's sign-in page, outside the console shell: step 1 (email + password), then step 2
 * (the TOTP or a backup code) when the admin enabled it. Plain forms, so it works without JavaScript.
 */
export function LoginPage({ loaderData, actionData }: LoginPageProps) {
  const navigation = useNavigation();
  const step: LoginStep = actionData?.result?.step ?? loaderData.step;
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === step;
  useFlashToast(loaderData.flash);

  useActionFeedback(actionData, { errorTitle: () => "Lỗi đăng nhập" });

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
                    refused?.error ??
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
                  defaultValue={actionData?.result?.email ?? ""}
                  error={refused?.fieldErrors?.email}
                />
                <TextField
                  id="password"
                  name="password"
                  type="password"
                  label="Mật khẩu"
                  autoComplete="current-password"
                  required
                  error={refused?.fieldErrors?.password}
                />
                {loaderData.allowStaySignedIn && (
                  <label className="flex min-h-11 items-center gap-3 text-sm">
                    <input
                      type="checkbox"
                      name="staySignedIn"
                      className="size-4 accent-brand-teal-strong"
                      data-testid="stay-signed-in"
                    />
                    Duy trì đăng nhập trên thiết bị này
                  </label>
                )}
                <SubmitButton busy={submitting} label="Đăng nhập" busyLabel="Đang đăng nhập..." />
              </Form>
            </>
          ) : (
            <>
              <h1 className="text-2xl font-bold">Xác thực hai lớp</h1>
              <p className="mt-1 text-sm text-brand-cool-gray">
                Nhập mã 6 chữ số trong ứng dụng xác thực của bạn. Không có điện thoại? Nhập một mã dự phòng.
              </p>
              <Form
                key="code"
                method="post"
                action={`/admin/login?step=2fa${loaderData.staySignedIn ? "&stay=1" : ""}`}
                className="mt-6 flex flex-col gap-4">
                <input type="hidden" name="intent" value="code" />
                {loaderData.staySignedIn && <input type="hidden" name="staySignedIn" value="on" />}
                <FormAlert message={refused?.error} />
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
                  error={refused?.fieldErrors?.code}
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
