import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { StaffPage } from "~/features/auth/components/staff-page";
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
import type { Route } from "./+types/staff";

/** The owner's staff page (issue 18): members, their roles, invitations. Owner only (console-permissions.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const db = context.database.db;
  const [members, invitations] = await Promise.all([listStaff(db), listPendingInvitations(db)]);
  return { members, invitations, currentUserId: admin.user.id, smtpConfigured: Boolean(context.env.SMTP_URL) };
}

export const action = adminAction({
  intents: {
    invite: adminIntent({
      schema: inviteStaffSchema,
      run: async ({ input, context, guard: admin }) => {
        const { id } = await inviteStaff(context.database.db, input, admin.user.id, {
          siteUrl: context.env.PUBLIC_URL,
        });
        return { id };
      },
    }),
    resend: adminIntent({
      schema: invitationIdSchema,
      run: async ({ input, context }) => {
        await resendInvitation(context.database.db, input.invitationId, { siteUrl: context.env.PUBLIC_URL });
      },
    }),
    revoke: adminIntent({
      schema: invitationIdSchema,
      run: ({ input, context }) => revokeInvitation(context.database.db, input.invitationId),
    }),
    role: adminIntent({
      schema: changeRoleSchema,
      run: ({ input, context }) => changeStaffRole(context.database.db, input.userId, input.role),
    }),
    remove: adminIntent({
      schema: staffMemberSchema,
      run: ({ input, context, guard: admin }) => removeStaff(context.database.db, input.userId, admin.user.id),
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
