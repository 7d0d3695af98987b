import { Link } from "react-router";

export type OrdersTab = "open" | "confirm" | "archived";

const tabs: Array<{ tab: OrdersTab; label: string; href: string }> = [
  { tab: "open", label: "Đơn hàng", href: "/admin/orders" },
  { tab: "confirm", label: "Cần xác nhận", href: "/admin/orders/confirm" },
  { tab: "archived", label: "Đã lưu trữ", href: "/admin/orders?archived=1" },
];

/** The orders pages' tabs: the list, the "Cần xác nhận" queue (issue 16), the archived orders. */
export function OrdersTabs({ current, toConfirm }: { current: OrdersTab; toConfirm?: number }) {
  return (
    <nav aria-label="Nhóm đơn hàng" className="mb-4 flex gap-1 overflow-x-auto border-b border-brand-charcoal/10">
      {tabs.map((tab) => (
        <Link
          key={tab.href}
          to={tab.href}
          aria-current={tab.tab === current ? "page" : undefined}
          className={`-mb-px inline-flex min-h-11 shrink-0 items-center gap-1.5 border-b-2 px-3 text-sm font-medium ${
            tab.tab === current
              ? "border-brand-teal-strong text-brand-teal-strong"
              : "border-transparent text-brand-cool-gray hover:text-brand-charcoal"
          }`}
        >
          {tab.label}
          {tab.tab === "confirm" && toConfirm !== undefined && toConfirm > 0 && (
            <span className="rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900">{toConfirm}</span>
          )}
        </Link>
      ))}
    </nav>
  );
}
