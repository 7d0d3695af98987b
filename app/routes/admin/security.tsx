import { isRecentlyReauthenticated, recordReauthentication } from "~/features/auth/admin-session.server";
import { REAUTHENTICATION_WINDOW_MINUTES } from "~/features/auth/auth.schema";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
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
import { redirectWithFlash } from "~/server/flash.server";
import { refuse } from "~/server/form-action.server";
import { getSettings } from "~/features/settings/settings.server";
import type { Route } from "./+types/security";
import { SecurityPage } from "~/features/auth/components/security-page";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const unconfirmed = admin.user.twoFactorEnabled ? false : await hasUnconfirmedTotp(context, admin.user.id);
  return { email: admin.user.email, twoFactorEnabled: admin.user.twoFactorEnabled, unconfirmed };
}

const REAUTHENTICATE_MESSAGE = `Đã quá ${REAUTHENTICATION_WINDOW_MINUTES} phút kể từ khi bạn nhập mật khẩu. Vui lòng nhập lại mật khẩu để thiết lập lại.`;

/** A refused two-factor step: its status and message, shown under the field it names. */
const refuseStep = (failed: { status: number; message: string; field?: string }, setup?: { setup: TotpSetup | null }) =>
  refuse(failed.status, failed.message, {
    fieldErrors: failed.field ? { [failed.field]: failed.message } : undefined,
    result: setup,
  });

/** Back to the security page with better-auth's cookies and the notice. */
function redirectWith(cookies: string[], kind: "2fa-enabled" | "2fa-disabled", env: Route.ActionArgs["context"]["env"]) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirectWithFlash("/admin/security", kind, env, { headers });
}

/**
 * TOTP set-up (enable → scan → confirm with a code) and removal, through better-auth's two-factor
 * API. Every change needs the password entered on this page within the last
 * REAUTHENTICATION_WINDOW_MINUTES: enable and disable ask for it, confirm must follow enable in time.
 */
export const action = adminAction({
  intents: {
    enable: adminIntent({
      run: async ({ input, context, request, guard: admin }) => {
        if (admin.user.twoFactorEnabled) return refuse(409, "Xác thực hai lớp đã được bật");
        const settings = await getSettings(context.database.db);
        const started = await startTotpSetup(context, request, {
          password: String(input.password ?? ""),
          issuer: settings.store.storeName,
        });
        if (!started.ok) return refuseStep(started);
        // better-auth checked the password: the set-up must be confirmed within the window.
        await recordReauthentication(context.database.db, admin.session.id);
        return { setup: started.setup };
      },
    }),
    confirm: adminIntent({
      run: async ({ input, form, context, request, guard: admin }) => {
        if (!(await isRecentlyReauthenticated(context.database.db, admin.session.id))) {
          // Back to the password form: the set-up is started again with a new QR code.
          return refuse(403, REAUTHENTICATE_MESSAGE, { intent: "enable", fieldErrors: { password: REAUTHENTICATE_MESSAGE } });
        }
        const confirmed = await confirmTotpSetup(context, request, String(input.code ?? ""));
        if (confirmed.ok) return redirectWith(confirmed.setCookies, "2fa-enabled", context.env);
        // Show the same QR code again (it was sent with the form; the secret itself stays on the server).
        const totpURI = String(input.totpURI ?? "");
        const backupCodes = form.getAll("backupCode").map(String).slice(0, 20);
        const setup =
          totpURI.startsWith("otpauth://totp/") && totpURI.length < 1000 ? await describeTotpUri(totpURI, backupCodes) : null;
        return refuseStep({ ...confirmed, field: "code" }, { setup });
      },
    }),
    disable: adminIntent({
      run: async ({ input, context, request }) => {
        const disabled = await disableTotp(context, request, String(input.password ?? ""));
        if (disabled.ok) return redirectWith(disabled.setCookies, "2fa-disabled", context.env);
        return refuseStep(disabled);
      },
    }),
  },
  unknownIntentMessage: "Yêu cầu không hợp lệ",
});

export const meta: Route.MetaFunction = () => adminMeta("Bảo mật");

export default function AdminSecurity({ loaderData, actionData }: Route.ComponentProps) {
  return <SecurityPage loaderData={loaderData} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
