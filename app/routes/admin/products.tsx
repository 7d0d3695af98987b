import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { AdminComingSoon } from "~/features/auth/components/admin-shell";
import type { Route } from "./+types/products";

// Routed and guarded now; the screen itself is built in a later release.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Sản phẩm");

export default function AdminProducts() {
  return <AdminComingSoon title="Sản phẩm" />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
