import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { useAdminStoreName } from "~/features/auth/components/admin-shell";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { DashboardPage } from "~/features/reports/components/dashboard-page";
import { getDashboard } from "~/features/reports/dashboard.server";
import { dashboardPeriodSchema } from "~/features/reports/reports.schema";
import { orderEmailLinksOf } from "~/features/email/email.server";
import { GoLiveNotice } from "~/features/seed/components/go-live-notice";
import { getSetting } from "~/features/settings/settings.server";
import type { Route } from "./+types/index";
import { healPayoutMatching } from "./cod-reconciliation.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const period = dashboardPeriodSchema.parse(new URL(request.url).searchParams.get("period") ?? undefined);
  // "COD chưa đối soát" counts delivered, unpaid orders: payout lines that can match now do first.
  await healPayoutMatching(
    context.database.db,
    { userId: admin.user.id, name: admin.user.email },
    orderEmailLinksOf(context.env),
  );
  const {
    stats: { revenue, ...stats },
    revenueByDay,
    ...dashboard
  } = await getDashboard(context.database.db, period);
  // Revenue only for a role the owner lets see it (decision 0046): never sent otherwise.
  const sales = admin.permissions.has("viewRevenue") ? { revenue, revenueByDay } : null;
  // While the shop is a demo, the owner is reminded of the go-live checklist (issue 31).
  const isDemo = admin.role === "owner" && !(await getSetting(context.database.db, "launch")).liveAt;
  return {
    isDemo,
    email: admin.user.email,
    twoFactorEnabled: admin.user.twoFactorEnabled,
    dashboard: { ...dashboard, stats },
    sales,
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Tổng quan");

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { isDemo, ...data } = loaderData;
  return <DashboardPage storeName={useAdminStoreName()} notice={isDemo ? <GoLiveNotice /> : null} {...data} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
