import { LoaderCircle, LogOut, Menu, TriangleAlert } from "~/components/ui/icons";
import { useState, type ReactNode } from "react";
import { NavLink, useNavigation, useRouteLoaderData } from "react-router";
import { cn } from "~/components/ui/cn";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import type { UserRoleName } from "~/db/schema/auth";
import type { StaffPermission } from "~/features/settings/settings.schema";
import { mayOpen } from "../console-permissions";
import { adminNavItems, securityNavItem, type AdminNavItem } from "./admin-nav";

interface AdminShellProps {
  storeName: string;
  adminEmail: string;
  /** The sidebar lists only what this role may open. */
  role: UserRoleName;
  /** …and what the owner lets this role do (reports, discounts: decision 0046). */
  permissions: readonly StaffPermission[];
  /** Orders placed since this browser last opened them: a badge on "Đơn hàng" (0: none). */
  newOrders?: string | null;
  /** Console preferences shown above "Bảo mật" (the new-order tone switch). */
  preferences?: ReactNode;
  /** The shop runs in production without PUBLIC_URL: e-mail links point at localhost (shown to the owner). */
  publicUrlMissing?: boolean;
  children: ReactNode;
}

/**
 * The admin console's chrome: a fixed sidebar on wide screens; on phones a top bar whose menu
 * button slides the same navigation in from the left. A spinner shows while a page loads.
 */
export function AdminShell({
  storeName,
  adminEmail,
  role,
  permissions,
  newOrders,
  preferences,
  publicUrlMissing = false,
  children,
}: AdminShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";

  return (
    <div className="min-h-dvh bg-[#f6f8f8] text-brand-charcoal">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Bỏ qua thanh điều hướng
      </a>

      <aside className="fixed inset-y-0 left-0 z-40 hidden w-64 flex-col border-r border-brand-charcoal/10 bg-white lg:flex">
        <Brand storeName={storeName} />
        <SidebarNav
          adminEmail={adminEmail}
          role={role}
          permissions={permissions}
          newOrders={newOrders}
          preferences={preferences}
        />
      </aside>

      <div className="flex min-h-dvh flex-col lg:pl-64">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-brand-charcoal/10 bg-white/95 px-3 backdrop-blur sm:px-4 lg:px-8">
          <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
            <SheetTrigger
              className="inline-flex size-11 items-center justify-center rounded-full hover:bg-brand-charcoal/5 lg:hidden"
              aria-label="Mở menu quản trị"
            >
              <Menu className="size-6" aria-hidden="true" />
            </SheetTrigger>
            <SheetContent side="left" closeLabel="Đóng menu" width="max-w-xs">
              <SheetHeader>
                <SheetTitle>{storeName}</SheetTitle>
                <SheetDescription>Trang quản trị</SheetDescription>
              </SheetHeader>
              <SidebarNav
                adminEmail={adminEmail}
                role={role}
                permissions={permissions}
                newOrders={newOrders}
                preferences={preferences}
                onNavigate={() => setMenuOpen(false)}
              />
            </SheetContent>
          </Sheet>
          <p className="truncate font-bold lg:hidden">{storeName}</p>
          <div className="ml-auto flex items-center gap-3 text-sm text-brand-cool-gray">
            <span role="status" aria-live="polite" className="inline-flex items-center gap-2">
              {busy && (
                <>
                  <LoaderCircle className="size-4 animate-spin text-brand-teal-strong" aria-hidden="true" />
                  <span className="sr-only sm:not-sr-only">Đang tải...</span>
                </>
              )}
            </span>
            <span className="hidden truncate sm:inline" title={adminEmail}>
              {adminEmail}
            </span>
          </div>
        </header>
        <main
          id="admin-main"
          aria-busy={busy || undefined}
          className={cn("flex-1 px-4 py-6 transition-opacity sm:px-6 lg:px-8 lg:py-8", busy && "opacity-60")}
        >
          {publicUrlMissing && <PublicUrlBanner />}
          {children}
        </main>
      </div>
    </div>
  );
}

/** Until PUBLIC_URL is set, every link in the shop's e-mails leads to this server's own localhost. */
function PublicUrlBanner() {
  return (
    <div
      role="alert"
      data-testid="public-url-banner"
      className="mb-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>
        <strong>Liên kết trong e-mail đang trỏ tới localhost.</strong> Máy chủ chưa được đặt biến môi trường{" "}
        <code className="font-mono">PUBLIC_URL</code>, nên các liên kết trong e-mail gửi khách (tra cứu đơn hàng, bản
        tin, đánh giá, lời mời) không mở được. Hãy đặt <code className="font-mono">PUBLIC_URL</code> là địa chỉ công
        khai của cửa hàng (ví dụ https://shop.example.vn) rồi khởi động lại máy chủ.
      </p>
    </div>
  );
}

function Brand({ storeName }: { storeName: string }) {
  return (
    <div className="flex h-14 shrink-0 items-center gap-2 border-b border-brand-charcoal/10 px-5">
      <span className="size-2.5 rounded-full bg-brand-teal" aria-hidden="true" />
      <span className="truncate font-bold">{storeName}</span>
      <span className="ml-auto rounded-full bg-brand-white px-2 py-0.5 text-xs font-medium text-brand-teal-strong">
        Quản trị
      </span>
    </div>
  );
}

function SidebarNav({
  adminEmail,
  role,
  permissions,
  newOrders,
  preferences,
  onNavigate,
}: {
  adminEmail: string;
  role: UserRoleName;
  permissions: readonly StaffPermission[];
  newOrders?: string | null;
  preferences?: ReactNode;
  onNavigate?: () => void;
}) {
  return (
    <div className="flex flex-1 flex-col overflow-y-auto">
      <nav aria-label="Quản trị" className="flex-1 p-3">
        <ul className="flex flex-col gap-0.5">
          {adminNavItems
            .filter((item) => mayOpen(role, item.to, new Set(permissions)))
            .map((item) => (
              <li key={item.to}>
                <SidebarLink
                  item={item}
                  onNavigate={onNavigate}
                  badge={
                    item.to === "/admin/orders" && newOrders ? { text: newOrders, label: `${newOrders} đơn mới` } : null
                  }
                />
              </li>
            ))}
        </ul>
      </nav>
      {/* Kept in view at the bottom, so signing out never needs a scroll past the whole menu. */}
      <div className="sticky bottom-0 flex flex-col gap-0.5 border-t border-brand-charcoal/10 bg-white p-3">
        {preferences}
        <SidebarLink item={securityNavItem} onNavigate={onNavigate} />
        <p className="truncate px-3 pt-2 pb-1 text-xs text-brand-cool-gray" title={adminEmail}>
          Đăng nhập: {adminEmail}
        </p>
        {/* A plain form: a full-page POST, so no client state outlives the session. */}
        <form method="post" action="/admin/logout">
          <button
            type="submit"
            className="flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-sm font-medium text-brand-charcoal hover:bg-red-50 hover:text-red-800"
          >
            <LogOut className="size-5" aria-hidden="true" />
            Đăng xuất
          </button>
        </form>
      </div>
    </div>
  );
}

function SidebarLink({
  item,
  onNavigate,
  badge,
}: {
  item: AdminNavItem;
  onNavigate?: () => void;
  /** A count after the label ("3"), read out as `label` ("3 đơn mới"). */
  badge?: { text: string; label: string } | null;
}) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      end={item.to === "/admin"}
      prefetch="intent"
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          "flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium hover:bg-brand-white",
          isActive ? "bg-brand-white text-brand-teal-strong" : "text-brand-charcoal",
        )
      }
    >
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      {item.label}
      {badge && (
        <span data-new-orders className="ml-auto rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
          <span aria-hidden="true">{badge.text}</span>
          <span className="sr-only">, {badge.label}</span>
        </span>
      )}
    </NavLink>
  );
}

/** The route id of the console's layout (app/routes.ts), whose loader gives the shell its data. */
const ADMIN_LAYOUT_ROUTE_ID = "routes/admin/layout";

/**
 * The shop's name as the console's shell shows it, for a page inside the shell (the dashboard's
 * greeting). Read from the layout's data, so a page needs neither another query nor an import of
 * the layout route (issue 32).
 */
export function useAdminStoreName(): string {
  const shell = useRouteLoaderData(ADMIN_LAYOUT_ROUTE_ID) as { storeName?: string } | undefined;
  return shell?.storeName ?? "";
}
