import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { AdminComingSoon } from "~/features/auth/components/admin-shell";
import type { Route } from "./+types/customers";

// Routed and guarded now; the screen itself is built in a later release.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Khách hàng");

export default function AdminCustomers() {
  return <AdminComingSoon title="Khách hàng" />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
