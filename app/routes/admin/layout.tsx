import { data, Outlet, useLocation } from "react-router";
import { requireAdmin } from "~/features/auth/auth.server";
import { mayOpen } from "~/features/auth/console-permissions";
import { AdminStandaloneError } from "~/features/auth/components/admin-error";
import { AdminShell } from "~/features/auth/components/admin-shell";
import { useFlashToast } from "~/components/ui/use-action-feedback";
import {
  AlertSoundSwitch,
  useAlertSound,
  useLiveOrders,
  useOrdersSeen,
  useTitleCount,
} from "~/features/orders/components/live-orders";
import { NEW_ORDERS_CAP, newOrdersLabel, ORDERS_SEEN_COOKIE, parseOrdersSeen } from "~/features/orders/live-orders";
import { countOrdersPlacedSince } from "~/features/orders/orders.server";
import { readCookie, readFlash } from "~/server/flash.server";
import { getSettings } from "~/features/settings/settings.server";
import type { Route } from "./+types/layout";

/** The admin area: guarded on the server before anything is read. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // The shell of every page: the page's own loader checks its area.
  const admin = await requireAdmin(request, context, { anyArea: true });
  const db = context.database.db;
  const settings = await getSettings(db);
  const { flash, clear } = readFlash(request, context.env);
  // New orders: only for who may open them (owner, staff), counted since this browser last saw them.
  let live: { userId: string; now: string; seen: boolean; newOrders: number } | null = null;
  if (mayOpen(admin.role, "/admin/orders")) {
    const now = new Date();
    const seenAt = parseOrdersSeen(readCookie(request, ORDERS_SEEN_COOKIE), admin.user.id);
    const newOrders = seenAt ? await countOrdersPlacedSince(db, seenAt, NEW_ORDERS_CAP) : 0;
    live = { userId: admin.user.id, now: now.toISOString(), seen: seenAt !== null, newOrders };
  }
  return data(
    {
      storeName: settings.store.storeName,
      admin: { email: admin.user.email, twoFactorEnabled: admin.user.twoFactorEnabled, role: admin.role },
      flash,
      live,
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

/** Admin pages are personal: never stored by a browser or a shared cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const ORDERS_PAGES = /^\/admin\/orders(\/|$)/;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  useFlashToast(loaderData.flash);
  const { live } = loaderData;
  const onOrdersPage = ORDERS_PAGES.test(useLocation().pathname);
  const [sound, setSound] = useAlertSound();
  useLiveOrders({ enabled: live !== null, sound });
  useOrdersSeen(live, onOrdersPage);
  // On the orders themselves nothing is "new" any more.
  const newOrders = live && !onOrdersPage ? live.newOrders : 0;
  useTitleCount(newOrders);
  return (
    <AdminShell
      storeName={loaderData.storeName}
      adminEmail={loaderData.admin.email}
      role={loaderData.admin.role}
      newOrders={newOrders > 0 ? newOrdersLabel(newOrders) : null}
      preferences={live && <AlertSoundSwitch on={sound} onChange={setSound} />}
    >
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminStandaloneError />;
}
