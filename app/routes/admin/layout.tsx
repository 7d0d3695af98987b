import { data, Outlet } from "react-router";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminStandaloneError } from "~/features/auth/components/admin-error";
import { AdminShell } from "~/features/auth/components/admin-shell";
import { useFlashToast } from "~/components/ui/use-action-feedback";
import { readFlash } from "~/server/flash.server";
import { getSettings } from "~/features/settings/settings.server";
import type { Route } from "./+types/layout";

/** The admin area: guarded on the server before anything is read. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const settings = await getSettings(context.database.db);
  const { flash, clear } = readFlash(request, context.env);
  return data(
    {
      storeName: settings.store.storeName,
      admin: { email: admin.user.email, twoFactorEnabled: admin.user.twoFactorEnabled },
      flash,
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

/** Admin pages are personal: never stored by a browser or a shared cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  useFlashToast(loaderData.flash);
  return (
    <AdminShell storeName={loaderData.storeName} adminEmail={loaderData.admin.email}>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminStandaloneError />;
}
