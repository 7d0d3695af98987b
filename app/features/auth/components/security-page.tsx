import { ShieldCheck, ShieldOff } from "~/components/ui/icons";
import { Form, Link, useNavigation } from "react-router";
import { REAUTHENTICATION_WINDOW_MINUTES } from "~/features/auth/auth.schema";
import type { TotpSetup } from "../auth-flows.server";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { TextField } from "~/components/ui/text-field";
import { UnsavedChangesGuard } from "~/components/ui/unsaved-changes";
import { FormAlert } from "~/features/auth/components/form-alert";
import { useActionFeedback } from "~/components/ui/use-action-feedback";
import type { ActionFeedbackResult } from "~/components/ui/use-action-feedback";
export function SecurityPage({
  loaderData,
  actionData,
}: {
  loaderData: { email: string; twoFactorEnabled: boolean; unconfirmed: boolean };
  actionData?: ActionFeedbackResult<{ setup: TotpSetup | null }>;
}) {
  const navigation = useNavigation();
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const setup = actionData?.result?.setup ?? null;
  // The refused step's message, shown in its form.
  const refusedIn = (intent: string) =>
    actionData && !actionData.ok && actionData.intent === intent ? actionData.error : null;
  useActionFeedback(actionData, {});

  return (
    <>
      <AdminPageHeader title="Bảo mật" description={`Bảo vệ tài khoản quản trị ${loaderData.email}.`} />

      <section
        aria-labelledby="totp-title"
        className="max-w-2xl rounded-xl border border-brand-charcoal/10 bg-white p-5 shadow-xs sm:p-6"
      >
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="totp-title" className="text-lg font-bold">
            Xác thực hai lớp (TOTP)
          </h2>
          {loaderData.twoFactorEnabled ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-[#e6f6f4] px-2.5 py-0.5 text-xs font-medium text-brand-teal-strong">
              <ShieldCheck className="size-3.5" aria-hidden="true" /> Đang bật
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-charcoal/5 px-2.5 py-0.5 text-xs font-medium text-brand-cool-gray">
              <ShieldOff className="size-3.5" aria-hidden="true" /> Đang tắt
            </span>
          )}
        </div>
        <p className="mt-2 text-sm text-brand-cool-gray">
          Khi bật, mỗi lần đăng nhập cần thêm mã 6 chữ số từ ứng dụng xác thực trên điện thoại (Google Authenticator,
          Microsoft Authenticator, 1Password…).
        </p>

        {loaderData.twoFactorEnabled ? (
          <Form method="post" className="mt-6 flex max-w-sm flex-col gap-4">
            <input type="hidden" name="intent" value="disable" />
            <FormAlert message={refusedIn("disable")} />
            <TextField
              id="disable-password"
              name="password"
              type="password"
              label="Mật khẩu hiện tại"
              autoComplete="current-password"
              required
            />
            <ActionButton busy={busyIntent === "disable"} variant="outline">
              Tắt xác thực hai lớp
            </ActionButton>
          </Form>
        ) : setup ? (
          <SetupSteps setup={setup} error={refusedIn("confirm") ?? undefined} busy={busyIntent === "confirm"} />
        ) : (
          <Form method="post" className="mt-6 flex max-w-sm flex-col gap-4">
            <input type="hidden" name="intent" value="enable" />
            {loaderData.unconfirmed && (
              <p className="text-sm text-brand-cool-gray">
                Lần thiết lập trước chưa được xác nhận. Nhập mật khẩu để bắt đầu lại với mã QR mới.
              </p>
            )}
            <FormAlert message={refusedIn("enable")} />
            <TextField
              id="enable-password"
              name="password"
              type="password"
              label="Mật khẩu hiện tại"
              autoComplete="current-password"
              required
            />
            <ActionButton busy={busyIntent === "enable"}>Bật xác thực hai lớp</ActionButton>
          </Form>
        )}
      </section>
    </>
  );
}

function SetupSteps({ setup, error, busy }: { setup: TotpSetup; error?: string; busy: boolean }) {
  return (
    <div className="mt-6 flex flex-col gap-6">
      <ol className="flex flex-col gap-6">
        <li className="flex flex-col gap-3">
          <p className="font-medium">1. Quét mã QR bằng ứng dụng xác thực</p>
          <img
            src={setup.qrCodeDataUrl}
            alt="Mã QR thiết lập xác thực hai lớp"
            width={220}
            height={220}
            className="size-[220px] rounded-lg border border-brand-charcoal/10 bg-white p-2"
          />
          <p className="text-sm text-brand-cool-gray">Không quét được? Nhập khóa này vào ứng dụng:</p>
          <code className="w-fit rounded-lg bg-brand-white px-3 py-2 font-mono text-sm break-all select-all">
            {setup.manualKey}
          </code>
        </li>
        {setup.backupCodes.length > 0 && (
          <li className="flex flex-col gap-2">
            <p className="font-medium">2. Lưu các mã dự phòng</p>
            <p className="text-sm text-brand-cool-gray">
              Mỗi mã dùng được một lần để đăng nhập khi bạn không có điện thoại. Hãy lưu chúng ở nơi an toàn: chúng sẽ
              không hiển thị lại.
            </p>
            <ul className="grid w-fit grid-cols-2 gap-x-6 gap-y-1 rounded-lg bg-brand-white px-4 py-3 font-mono text-sm">
              {setup.backupCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </li>
        )}
        <li className="flex flex-col gap-3">
          <p className="font-medium">{setup.backupCodes.length > 0 ? "3" : "2"}. Nhập mã 6 chữ số ứng dụng hiển thị</p>
          <Form method="post" className="flex max-w-sm flex-col gap-4">
            {/* Leaving before the code is confirmed throws the QR code and backup codes away. */}
            <UnsavedChangesGuard dirty={!busy} />
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="totpURI" value={setup.totpURI} />
            {setup.backupCodes.map((code) => (
              <input key={code} type="hidden" name="backupCode" value={code} />
            ))}
            <FormAlert message={error} />
            <TextField
              id="totp-code"
              name="code"
              type="text"
              label="Mã xác thực (6 chữ số)"
              inputMode="numeric"
              autoComplete="one-time-code"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              pattern="\s*\d{3}\s*\d{3}\s*"
              maxLength={8}
              title="6 chữ số trong ứng dụng xác thực"
              required
              autoFocus
              defaultValue=""
              hint={`Xác nhận trong vòng ${REAUTHENTICATION_WINDOW_MINUTES} phút sau khi nhập mật khẩu.`}
              className="font-mono text-lg tracking-[0.3em]"
            />
            <div className="flex flex-wrap items-center gap-4">
              <ActionButton busy={busy}>Xác nhận và bật</ActionButton>
              <Link to="/admin/security" className="text-sm text-brand-teal-strong hover:underline">
                Hủy
              </Link>
            </div>
          </Form>
        </li>
      </ol>
    </div>
  );
}

function ActionButton({
  busy,
  children,
  variant = "primary",
}: {
  busy: boolean;
  children: React.ReactNode;
  variant?: "primary" | "outline";
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      className={
        variant === "primary"
          ? "inline-flex h-11 w-fit items-center justify-center rounded-full bg-brand-charcoal px-6 text-sm font-medium text-white hover:bg-brand-charcoal/90 disabled:opacity-70"
          : "inline-flex h-11 w-fit items-center justify-center rounded-full border-2 border-red-700 px-6 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-70"
      }
    >
      {busy ? "Đang xử lý..." : children}
    </button>
  );
}
