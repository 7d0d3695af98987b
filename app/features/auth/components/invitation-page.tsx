import { Form, Link, useNavigation } from "react-router";
import { TextField } from "~/components/ui/text-field";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import type { UserRoleName } from "~/db/schema/auth";
import { PASSWORD_MIN_LENGTH } from "../auth.schema";
import { consoleRoleDescriptions, consoleRoleLabels } from "../console-permissions";
import { FormAlert } from "./form-alert";

type InvitationState = { kind: "pending"; role: UserRoleName } | { kind: "invalid" | "expired" | "used" | "revoked" };

const unusable: Record<Exclude<InvitationState["kind"], "pending">, { title: string; text: string }> = {
  invalid: { title: "Liên kết mời không hợp lệ", text: "Vui lòng kiểm tra lại liên kết trong email mời." },
  expired: { title: "Lời mời đã hết hạn", text: "Vui lòng nhờ chủ cửa hàng gửi lại lời mời." },
  used: { title: "Lời mời đã được sử dụng", text: "Tài khoản đã được tạo. Vui lòng đăng nhập." },
  revoked: { title: "Lời mời đã bị thu hồi", text: "Vui lòng liên hệ chủ cửa hàng nếu bạn cần quyền truy cập." },
};

export interface InvitationPageProps {
  loaderData: { invitation: InvitationState; storeName: string };
  actionData?: ActionFeedbackResult;
}

/**
 * The invitation link's page, outside the console shell: the invitee sees the shop and the role,
 * types the e-mail the invitation was sent to, and chooses a name and a password (a plain form:
 * works before JavaScript loads).
 */
export function InvitationPage({ loaderData, actionData }: InvitationPageProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const { invitation } = loaderData;
  useActionFeedback(actionData, { errorTitle: () => "Không thể nhận lời mời" });

  return (
    <main className="flex min-h-dvh items-center justify-center bg-[#f6f8f8] px-4 py-10">
      <div className="w-full max-w-md">
        <p className="mb-6 flex items-center justify-center gap-2 text-center text-lg font-bold">
          <span className="size-2.5 rounded-full bg-brand-teal" aria-hidden="true" />
          {loaderData.storeName}
        </p>
        <div className="rounded-2xl border border-brand-charcoal/10 bg-white p-6 shadow-sm sm:p-8">
          {invitation.kind === "pending" ? (
            <>
              <h1 className="text-2xl font-bold">Tham gia quản trị cửa hàng</h1>
              <p className="mt-2 text-sm text-brand-cool-gray">
                Vai trò <span className="font-medium text-brand-charcoal">{consoleRoleLabels[invitation.role]}</span>:{" "}
                {consoleRoleDescriptions[invitation.role]}
              </p>
              <Form method="post" className="mt-6 flex flex-col gap-4">
                <input type="hidden" name="intent" value="accept" />
                <FormAlert message={refused?.error} />
                <TextField
                  id="invitation-email"
                  name="email"
                  type="email"
                  label="Email được mời"
                  autoComplete="email"
                  maxLength={254}
                  required
                  autoFocus
                  hint="Địa chỉ email đã nhận lời mời này."
                  error={refused?.fieldErrors?.email}
                />
                <TextField
                  id="invitation-name"
                  name="name"
                  label="Họ tên"
                  autoComplete="name"
                  maxLength={100}
                  required
                  error={refused?.fieldErrors?.name}
                />
                <TextField
                  id="invitation-password"
                  name="password"
                  type="password"
                  label="Mật khẩu"
                  autoComplete="new-password"
                  minLength={PASSWORD_MIN_LENGTH}
                  maxLength={128}
                  required
                  hint={`Ít nhất ${PASSWORD_MIN_LENGTH} ký tự, gồm ít nhất hai loại: chữ thường, chữ hoa, chữ số, ký hiệu.`}
                  error={refused?.fieldErrors?.password}
                />
                <TextField
                  id="invitation-password-confirm"
                  name="passwordConfirm"
                  type="password"
                  label="Nhập lại mật khẩu"
                  autoComplete="new-password"
                  maxLength={128}
                  required
                  error={refused?.fieldErrors?.passwordConfirm}
                />
                <button
                  type="submit"
                  disabled={busy}
                  aria-disabled={busy || undefined}
                  className="mt-2 inline-flex h-11 items-center justify-center rounded-full bg-brand-charcoal px-6 text-sm font-medium text-white hover:bg-brand-charcoal/90 disabled:opacity-70"
                >
                  {busy ? "Đang tạo tài khoản..." : "Tạo tài khoản và đăng nhập"}
                </button>
              </Form>
            </>
          ) : (
            <div role="alert">
              <h1 className="text-2xl font-bold">{unusable[invitation.kind].title}</h1>
              <p className="mt-2 text-sm text-brand-cool-gray">{unusable[invitation.kind].text}</p>
              <Link
                to="/admin/login"
                className="mt-6 inline-flex h-11 items-center justify-center rounded-full bg-brand-charcoal px-6 text-sm font-medium text-white"
              >
                Đến trang đăng nhập
              </Link>
            </div>
          )}
        </div>
      </div>
    </main>
  );
}
