import { ShieldCheck, ShieldOff } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { toast } from "sonner";
import { isRecentlyReauthenticated, recordReauthentication } from "~/features/auth/admin-session.server";
import { REAUTHENTICATION_WINDOW_MINUTES } from "~/features/auth/auth.schema";
import { requireAdmin } from "~/features/auth/auth.server";
import {
  confirmTotpSetup,
  describeTotpUri,
  disableTotp,
  hasUnconfirmedTotp,
  startTotpSetup,
  type TotpSetup,
} from "~/features/auth/auth-flows.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { AdminPageHeader } from "~/features/auth/components/admin-shell";
import { TextField } from "~/components/ui/text-field";
import { FormAlert } from "~/features/auth/components/form-alert";
import { flashCookie } from "~/server/flash.server";
import { getSettings } from "~/features/settings/settings.server";
import type { Route } from "./+types/security";
import { readForm } from "~/server/request-guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const unconfirmed = admin.user.twoFactorEnabled ? false : await hasUnconfirmedTotp(context, admin.user.id);
  return { email: admin.user.email, twoFactorEnabled: admin.user.twoFactorEnabled, unconfirmed };
}

type Intent = "enable" | "confirm" | "disable";

const REAUTHENTICATE_MESSAGE = `Đã quá ${REAUTHENTICATION_WINDOW_MINUTES} phút kể từ khi bạn nhập mật khẩu. Vui lòng nhập lại mật khẩu để thiết lập lại.`;

interface ActionResult {
  intent: Intent | null;
  error?: string;
  field?: string;
  setup?: TotpSetup | null;
}

function redirectWith(cookies: string[], extra: string) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", extra);
  return redirect("/admin/security", { headers });
}

/**
 * TOTP set-up (enable → scan → confirm with a code) and removal, through better-auth's two-factor
 * API. Every change needs the password entered on this page within the last
 * REAUTHENTICATION_WINDOW_MINUTES: enable and disable ask for it, confirm must follow enable in time.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");

  if (intent === "enable") {
    if (admin.user.twoFactorEnabled) {
      return data<ActionResult>({ intent, error: "Xác thực hai lớp đã được bật" }, { status: 409 });
    }
    const settings = await getSettings(context.database.db);
    const result = await startTotpSetup(context, request, {
      password: String(form.get("password") ?? ""),
      issuer: settings.store.storeName,
    });
    if (!result.ok)
      return data<ActionResult>({ intent, error: result.message, field: result.field }, { status: result.status });
    // better-auth checked the password: the set-up must be confirmed within the window.
    await recordReauthentication(context.database.db, admin.session.id);
    return data<ActionResult>({ intent, setup: result.setup });
  }

  if (intent === "confirm") {
    if (!(await isRecentlyReauthenticated(context.database.db, admin.session.id))) {
      // Back to the password form: the set-up is started again with a new QR code.
      return data<ActionResult>({ intent: "enable", error: REAUTHENTICATE_MESSAGE, field: "password" }, { status: 403 });
    }
    const result = await confirmTotpSetup(context, request, String(form.get("code") ?? ""));
    if (result.ok) return redirectWith(result.setCookies, flashCookie("2fa-enabled", context.env));
    // Show the same QR code again (it was sent with the form; the secret itself stays on the server).
    const totpURI = String(form.get("totpURI") ?? "");
    const backupCodes = form.getAll("backupCode").map(String).slice(0, 20);
    const setup =
      totpURI.startsWith("otpauth://totp/") && totpURI.length < 1000
        ? await describeTotpUri(totpURI, backupCodes)
        : null;
    return data<ActionResult>({ intent, error: result.message, field: "code", setup }, { status: result.status });
  }

  if (intent === "disable") {
    const result = await disableTotp(context, request, String(form.get("password") ?? ""));
    if (result.ok) return redirectWith(result.setCookies, flashCookie("2fa-disabled", context.env));
    return data<ActionResult>({ intent, error: result.message, field: result.field }, { status: result.status });
  }

  return data<ActionResult>({ intent: null, error: "Yêu cầu không hợp lệ" }, { status: 400 });
}

export const meta: Route.MetaFunction = () => adminMeta("Bảo mật");

export default function AdminSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const setup = actionData?.setup ?? null;

  useEffect(() => {
    if (actionData?.error) toast.error("Lỗi", { description: actionData.error });
  }, [actionData]);

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
            <FormAlert message={actionData?.intent === "disable" ? actionData.error : null} />
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
          <SetupSteps
            setup={setup}
            error={actionData?.intent === "confirm" ? actionData.error : undefined}
            busy={busyIntent === "confirm"}
          />
        ) : (
          <Form method="post" className="mt-6 flex max-w-sm flex-col gap-4">
            <input type="hidden" name="intent" value="enable" />
            {loaderData.unconfirmed && (
              <p className="text-sm text-brand-cool-gray">
                Lần thiết lập trước chưa được xác nhận. Nhập mật khẩu để bắt đầu lại với mã QR mới.
              </p>
            )}
            <FormAlert message={actionData?.intent === "enable" ? actionData.error : null} />
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

export function ErrorBoundary() {
  return <AdminRouteError />;
}
