import { data, Outlet, type ShouldRevalidateFunction } from "react-router";
import { requireAdmin } from "~/features/auth/auth.server";
import { mayOpen } from "~/features/auth/console-permissions";
import { AdminStandaloneError } from "~/features/auth/components/admin-error";
import { AdminShell } from "~/features/auth/components/admin-shell";
import { useFlashToast } from "~/components/ui/use-action-feedback";
import {
  AlertSoundSwitch,
  useAlertSound,
  useLiveOrders,
  useTitleCount,
} from "~/features/orders/components/live-orders";
import { NEW_ORDERS_CAP, newOrdersLabel, ORDERS_SEEN_COOKIE, parseOrdersSeen } from "~/features/orders/live-orders";
import { ordersSeenCookie } from "~/features/orders/live-orders.server";
import { countOrdersPlacedSince } from "~/features/orders/orders.server";
import { readCookie } from "~/server/cookies.server";
import { publicUrlWarning } from "~/server/env.server";
import { readFlash } from "~/server/flash.server";
import { getSettings } from "~/features/settings/settings.server";
import type { Route } from "./+types/layout";

const ORDERS_PAGES = /^\/admin\/orders(\/|$)/;

/** The admin area: guarded on the server before anything is read. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // The shell of every page: the page's own loader checks its area.
  const admin = await requireAdmin(request, context, { anyArea: true });
  const db = context.database.db;
  const settings = await getSettings(db);
  const { flash, clear } = readFlash(request, context.env);
  const cookies = clear ? [clear] : [];
  // New orders: only for who may open them (owner, staff), counted since this browser last opened
  // them. Opening them is recorded here, by the server, as the page is served: it holds even when
  // the admin leaves before the page's script has run.
  let live: { newOrders: number } | null = null;
  if (mayOpen(admin.role, "/admin/orders")) {
    const seenAt = parseOrdersSeen(readCookie(request, ORDERS_SEEN_COOKIE), admin.user.id);
    const onOrdersPage = ORDERS_PAGES.test(new URL(request.url).pathname);
    if (!seenAt || onOrdersPage) cookies.push(ordersSeenCookie(admin.user.id, new Date(), context.env));
    const newOrders = seenAt && !onOrdersPage ? await countOrdersPlacedSince(db, seenAt, NEW_ORDERS_CAP) : 0;
    live = { newOrders };
  }
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return data(
    {
      storeName: settings.store.storeName,
      admin: {
        email: admin.user.email,
        twoFactorEnabled: admin.user.twoFactorEnabled,
        role: admin.role,
        permissions: [...admin.permissions],
      },
      flash,
      live,
      // Only the owner can set it (the server's environment); staff could do nothing about it.
      publicUrlMissing: admin.role === "owner" && publicUrlWarning(context.env) !== null,
    },
    { headers },
  );
}

/** Opening the orders is recorded by this loader, so it runs again whenever an orders page opens. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || ORDERS_PAGES.test(nextUrl.pathname);

/** Admin pages are personal: never stored by a browser or a shared cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  useFlashToast(loaderData.flash);
  const { live } = loaderData;
  const [sound, setSound] = useAlertSound();
  useLiveOrders({ enabled: live !== null, sound });
  const newOrders = live?.newOrders ?? 0;
  useTitleCount(newOrders);
  return (
    <AdminShell
      storeName={loaderData.storeName}
      adminEmail={loaderData.admin.email}
      role={loaderData.admin.role}
      permissions={loaderData.admin.permissions}
      publicUrlMissing={loaderData.publicUrlMissing}
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
