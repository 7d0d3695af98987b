import { data } from "react-router";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { CustomerDetailPage } from "~/features/customers/components/customer-detail-page";
import { getCustomerDetail, updateCustomerProfile } from "~/features/customers/customers.server";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import { AppError, publicMessage, toHttpStatus } from "~/server/errors.server";
import type { Route } from "./+types/customer-detail";
import { displayName } from "~/lib/person-name";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  try {
    return await getCustomerDetail(context.database.db, params.id);
  } catch (error) {
    if (error instanceof AppError) throw data(publicMessage(error), { status: toHttpStatus(error) });
    throw error;
  }
}

/** intent "profile": staff save the customer's name, phone and company (version-guarded). */
export const action = adminAction({
  intents: {
    profile: adminIntent({
      run: async ({ input, context, params, guard: admin }) => {
        await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          updateCustomerProfile(tx, params.id ?? "", input),
        );
      },
    }),
  },
});

export const meta: Route.MetaFunction = ({ loaderData: detail }) =>
  adminMeta(detail ? displayName(detail.customer, "vi") : "Khách hàng");

export default function AdminCustomerDetail({ loaderData }: Route.ComponentProps) {
  return <CustomerDetailPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
