import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { StaffPage } from "~/features/auth/components/staff-page";
import { getRolePermissions, saveRolePermissions } from "~/features/auth/permissions.server";
import {
  changeStaffRole,
  inviteStaff,
  listPendingInvitations,
  listStaff,
  removeStaff,
  resendInvitation,
  revokeInvitation,
} from "~/features/auth/staff.server";
import {
  changeRoleSchema,
  invitationIdSchema,
  inviteStaffSchema,
  staffMemberSchema,
} from "~/features/auth/staff.schema";
import { readRowVersion } from "~/server/row-version.server";
import type { Route } from "./+types/staff";
import { inAuditedTransaction } from "~/server/audited-transaction.server";

/**
 * The owner's staff page (issue 18): members, their roles, invitations, and what each role may do
 * beyond its pages (decision 0046). Owner only (console-permissions.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const db = context.database.db;
  const [members, invitations, permissions] = await Promise.all([
    listStaff(db),
    listPendingInvitations(db),
    getRolePermissions(db),
  ]);
  return { members, invitations, permissions, currentUserId: admin.user.id, smtpConfigured: Boolean(context.env.SMTP_URL) };
}

export const action = adminAction({
  intents: {
    invite: adminIntent({
      schema: inviteStaffSchema,
      run: async ({ input, context, guard: admin }) => {
        const { id } = await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          inviteStaff(tx, input, admin.user.id, { siteUrl: context.env.PUBLIC_URL }),
        );
        return { id };
      },
    }),
    resend: adminIntent({
      schema: invitationIdSchema,
      run: async ({ input, context, guard: admin }) => {
        await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          resendInvitation(tx, input.invitationId, { siteUrl: context.env.PUBLIC_URL }),
        );
      },
    }),
    revoke: adminIntent({
      schema: invitationIdSchema,
      run: ({ input, context, guard: admin }) =>
        inAuditedTransaction(context.database.db, admin.user.id, (tx) => revokeInvitation(tx, input.invitationId)),
    }),
    role: adminIntent({
      schema: changeRoleSchema,
      run: ({ input, context, guard: admin }) =>
        inAuditedTransaction(context.database.db, admin.user.id, (tx) => changeStaffRole(tx, input.userId, input.role)),
    }),
    permissions: adminIntent({
      run: ({ form, context, guard: admin }) =>
        inAuditedTransaction(context.database.db, admin.user.id, (tx) => saveRolePermissions(tx, form, readRowVersion(form))),
    }),
    remove: adminIntent({
      schema: staffMemberSchema,
      run: ({ input, context, guard: admin }) =>
        inAuditedTransaction(context.database.db, admin.user.id, (tx) => removeStaff(tx, input.userId, admin.user.id)),
    }),
  },
});

export const meta: Route.MetaFunction = () => adminMeta("Nhân viên");

export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  return <StaffPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
