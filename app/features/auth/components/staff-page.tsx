import { Send, Trash2 } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Input, Select } from "~/components/ui/input";
import { FormField } from "~/components/ui/label";
import { UnsavedChangesGuard, useFormDirty } from "~/components/ui/unsaved-changes";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { fieldError, useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { userRoleValues, type UserRoleName } from "~/db/schema/auth";
import { formatDateTimeVi } from "~/lib/dates";
import {
  permissionRoles,
  staffPermissionLabels,
  staffPermissionValues,
  type StaffPermissionsSettings,
} from "~/features/settings/settings.schema";
import { consoleRoleDescriptions, consoleRoleLabels } from "../console-permissions";
import type { PendingInvitation, StaffMember } from "../staff.server";

const toasts = {
  invite: { title: "Đã gửi lời mời", description: "Email mời đã được đưa vào hộp thư đi." },
  resend: { title: "Đã gửi lại lời mời", description: "Liên kết cũ không còn dùng được." },
  revoke: { title: "Đã thu hồi lời mời" },
  role: { title: "Đã đổi vai trò" },
  remove: { title: "Đã xóa nhân viên", description: "Mọi phiên đăng nhập của người này đã kết thúc." },
  permissions: { title: "Đã lưu quyền theo vai trò", description: "Có hiệu lực ngay từ trang tiếp theo của nhân viên." },
};

export interface StaffPageProps {
  members: StaffMember[];
  invitations: PendingInvitation[];
  /** What each role besides the owner may do beyond its pages, and the settings group's version. */
  permissions: { granted: StaffPermissionsSettings; version: number };
  currentUserId: string;
  /** Without SMTP an invitation never leaves the outbox, where its link is masked (decision 0043). */
  smtpConfigured: boolean;
}

/** The owner's staff page: invite by e-mail, members with their roles, pending invitations. */
export function StaffPage({ members, invitations, permissions, currentUserId, smtpConfigured }: StaffPageProps) {
  return (
    <>
      <AdminPageHeader
        title="Nhân viên"
        description="Mời nhân viên qua email và chọn vai trò. Mỗi vai trò chỉ thấy các trang của mình; mọi thay đổi được ghi vào nhật ký."
      />
      {!smtpConfigured && (
        <p role="note" className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Chưa cấu hình SMTP (SMTP_URL): email mời chỉ nằm trong hộp thư đi, nơi liên kết mời bị che, nên người được
          mời chưa nhận được. Cấu hình SMTP rồi bấm gửi lại lời mời.
        </p>
      )}
      <InviteForm />
      <RoleLegend />
      <h2 className="mt-8 mb-3 text-lg font-bold">Tài khoản quản trị</h2>
      <MembersTable members={members} currentUserId={currentUserId} />
      <h2 className="mt-8 mb-3 text-lg font-bold">Lời mời đang chờ</h2>
      <InvitationsTable invitations={invitations} />
      <h2 id="role-permissions" className="mt-8 mb-1 text-lg font-bold">
        Quyền theo vai trò
      </h2>
      <p className="mb-3 text-sm text-brand-cool-gray">
        Ngoài các trang của vai trò: ai được xem doanh thu, xuất dữ liệu khách hàng, đánh dấu đã thanh toán và giảm giá.
        Chủ cửa hàng luôn có mọi quyền.
      </p>
      <PermissionsForm permissions={permissions} />
    </>
  );
}

function InviteForm() {
  const fetcher = useFetcher<ActionFeedbackResult>({ key: "invite-staff" });
  useActionFeedback(fetcher.data, { success: toasts, pending: fetcher.state !== "idle" });
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  const dirty = useFormDirty(form);
  return (
    <fetcher.Form
      ref={form}
      method="post"
      noValidate
      aria-label="Mời nhân viên"
      className="grid gap-3 rounded-xl border border-brand-charcoal/10 bg-white p-4 shadow-xs sm:grid-cols-[minmax(0,1fr)_14rem_auto] sm:items-start sm:p-5"
    >
      {/* An address typed but not sent asks before leaving. */}
      <UnsavedChangesGuard dirty={dirty && fetcher.state === "idle"} />
      <input type="hidden" name="intent" value="invite" />
      <FormField id="invite-email" label="Email" required error={fieldError(fetcher.data, "email")}>
        {(control) => (
          <Input {...control} name="email" type="email" autoComplete="off" placeholder="nhanvien@cuahang.vn" />
        )}
      </FormField>
      <FormField id="invite-role" label="Vai trò" required error={fieldError(fetcher.data, "role")}>
        {(control) => (
          <Select {...control} name="role" defaultValue="staff">
            {userRoleValues.map((role) => (
              <option key={role} value={role}>
                {consoleRoleLabels[role]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <Button type="submit" className="h-11 sm:mt-6.5" disabled={fetcher.state !== "idle"}>
        <Send className="size-4" aria-hidden="true" />
        Gửi lời mời
      </Button>
    </fetcher.Form>
  );
}

function RoleLegend() {
  return (
    <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-3">
      {userRoleValues.map((role) => (
        <div key={role} className="rounded-lg bg-white/60 px-3 py-2">
          <dt className="font-semibold">{consoleRoleLabels[role]}</dt>
          <dd className="text-brand-cool-gray">{consoleRoleDescriptions[role]}</dd>
        </div>
      ))}
    </dl>
  );
}

function MembersTable({ members, currentUserId }: { members: StaffMember[]; currentUserId: string }) {
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  return (
    <>
      <Table label="Tài khoản quản trị">
        <TableHeader>
          <TableRow>
            <TableHead>Nhân viên</TableHead>
            <TableHead>Vai trò</TableHead>
            <TableHead className="hidden md:table-cell">Đăng nhập gần nhất</TableHead>
            <TableHead>
              <span className="sr-only">Thao tác</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {members.length === 0 ? (
            <TableEmpty colSpan={4}>Chưa có tài khoản nào</TableEmpty>
          ) : (
            members.map((member) => (
              <TableRow key={member.userId} data-testid="staff-row">
                <TableCell className="max-w-56">
                  <div className="font-medium break-words">{member.name}</div>
                  <div className="text-xs break-all text-brand-cool-gray">{member.email}</div>
                  {member.userId === currentUserId && (
                    <Badge variant="info" className="mt-1">
                      Bạn
                    </Badge>
                  )}
                </TableCell>
                <TableCell>
                  <RoleForm key={member.role} member={member} />
                </TableCell>
                <TableCell className="hidden whitespace-nowrap md:table-cell">
                  {member.lastSignInAt ? formatDateTimeVi(member.lastSignInAt) : "Chưa đăng nhập"}
                  {!member.twoFactorEnabled && <div className="text-xs text-amber-800">Chưa bật xác thực hai lớp</div>}
                </TableCell>
                <TableCell className="text-right">
                  {member.userId !== currentUserId && (
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      aria-label={`Xóa ${member.email}`}
                      onClick={() => setRemoving(member)}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                      <span className="hidden sm:inline">Xóa</span>
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      {removing && <RemoveDialog member={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}

function RoleForm({ member }: { member: StaffMember }) {
  const fetcher = useFetcher<ActionFeedbackResult>();
  const [role, setRole] = useState<UserRoleName>(member.role);
  // A refused change (the last owner) shows the stored role again; a saved one remounts the form (its key).
  useActionFeedback(fetcher.data, {
    success: toasts,
    pending: fetcher.state !== "idle",
    onError: () => setRole(member.role),
  });
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="userId" value={member.userId} />
      <Select
        name="role"
        aria-label={`Vai trò của ${member.email}`}
        value={role}
        onChange={(event) => setRole(event.currentTarget.value as UserRoleName)}
        dense
        className="min-w-36 sm:w-44"
      >
        {userRoleValues.map((value) => (
          <option key={value} value={value}>
            {consoleRoleLabels[value]}
          </option>
        ))}
      </Select>
      {role !== member.role && (
        <Button type="submit" size="sm" disabled={fetcher.state !== "idle"}>
          Lưu
        </Button>
      )}
    </fetcher.Form>
  );
}

function RemoveDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const fetcher = useFetcher<ActionFeedbackResult>();
  useActionFeedback(fetcher.data, {
    success: toasts,
    pending: fetcher.state !== "idle",
    onSuccess: onClose,
  });
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Xóa ${member.name}`}
      description={`Tài khoản ${member.email} sẽ bị xóa và đăng xuất ngay trên mọi thiết bị. Những gì người này đã làm vẫn còn trong nhật ký.`}
      busy={fetcher.state !== "idle"}
      onConfirm={() => fetcher.submit({ intent: "remove", userId: member.userId }, { method: "post" })}
    />
  );
}

function InvitationsTable({ invitations }: { invitations: PendingInvitation[] }) {
  const fetcher = useFetcher<ActionFeedbackResult>();
  useActionFeedback(fetcher.data, { success: toasts, pending: fetcher.state !== "idle" });
  return (
    <Table label="Lời mời đang chờ">
      <TableHeader>
        <TableRow>
          <TableHead>Email</TableHead>
          <TableHead>Vai trò</TableHead>
          <TableHead className="hidden md:table-cell">Hết hạn</TableHead>
          <TableHead>
            <span className="sr-only">Thao tác</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {invitations.length === 0 ? (
          <TableEmpty colSpan={4}>Không có lời mời nào đang chờ</TableEmpty>
        ) : (
          invitations.map((invitation) => (
            <TableRow key={invitation.id} data-testid="invitation-row">
              <TableCell className="max-w-56 break-all">{invitation.email}</TableCell>
              <TableCell>{consoleRoleLabels[invitation.role]}</TableCell>
              <TableCell className="hidden whitespace-nowrap md:table-cell">
                {invitation.expired ? (
                  <Badge variant="warning">Đã hết hạn</Badge>
                ) : (
                  formatDateTimeVi(invitation.expiresAt)
                )}
              </TableCell>
              <TableCell>
                <div className="flex flex-wrap justify-end gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`Gửi lại lời mời cho ${invitation.email}`}
                    disabled={fetcher.state !== "idle"}
                    onClick={() =>
                      fetcher.submit({ intent: "resend", invitationId: invitation.id }, { method: "post" })
                    }
                  >
                    Gửi lại
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`Thu hồi lời mời cho ${invitation.email}`}
                    disabled={fetcher.state !== "idle"}
                    onClick={() =>
                      fetcher.submit({ intent: "revoke", invitationId: invitation.id }, { method: "post" })
                    }
                  >
                    Thu hồi
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

/** The owner's table of checkboxes: a row per permission, a column per role (the owner's fixed). */
function PermissionsForm({ permissions }: { permissions: StaffPageProps["permissions"] }) {
  const fetcher = useFetcher<ActionFeedbackResult>({ key: "role-permissions" });
  useActionFeedback(fetcher.data, { success: toasts, pending: fetcher.state !== "idle" });
  return (
    <fetcher.Form method="post" aria-labelledby="role-permissions" key={permissions.version}>
      <input type="hidden" name="intent" value="permissions" />
      <input type="hidden" name="version" value={permissions.version} />
      <Table label="Quyền theo vai trò">
        <TableHeader>
          <TableRow>
            {/* A readable column on a phone: the table scrolls sideways instead of squeezing it. */}
            <TableHead className="min-w-52">Quyền</TableHead>
            <TableHead className="text-center">{consoleRoleLabels.owner}</TableHead>
            {permissionRoles.map((role) => (
              <TableHead key={role} className="text-center">
                {consoleRoleLabels[role]}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {staffPermissionValues.map((permission) => (
            <TableRow key={permission}>
              <TableCell className="min-w-52">
                <div className="font-medium">{staffPermissionLabels[permission].label}</div>
                <div className="text-xs text-brand-cool-gray">{staffPermissionLabels[permission].description}</div>
              </TableCell>
              <TableCell className="text-center">
                <input
                  type="checkbox"
                  checked
                  disabled
                  aria-label={`${staffPermissionLabels[permission].label}: ${consoleRoleLabels.owner} (luôn có)`}
                  className="size-5 accent-brand-teal-strong"
                />
              </TableCell>
              {permissionRoles.map((role) => (
                <TableCell key={role} className="text-center">
                  <input
                    type="checkbox"
                    name={`${role}.${permission}`}
                    defaultChecked={permissions.granted[role][permission]}
                    aria-label={`${staffPermissionLabels[permission].label}: ${consoleRoleLabels[role]}`}
                    className="size-5 accent-brand-teal-strong"
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Button type="submit" className="mt-3" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Đang lưu..." : "Lưu quyền"}
      </Button>
    </fetcher.Form>
  );
}
