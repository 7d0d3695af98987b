import type { ReactNode } from "react";
import {
  Banknote,
  Clock,
  HandCoins,
  PackageCheck,
  ShieldAlert,
  ShoppingCart,
  Truck,
  Undo2,
  Users,
} from "~/components/ui/icons";
import { Link } from "react-router";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { StatCard } from "~/components/ui/stat-card";
import { OrderStatusBadge } from "~/features/orders/components/order-status-badge";
import { formatDateTimeVi, formatIsoDayVi } from "~/lib/dates";
import { formatVnd } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import type { Dashboard, DashboardStats } from "../dashboard.server";
import { dashboardPeriods, dashboardPeriodValues } from "../reports.schema";
import { PeriodSwitch } from "./period-switch";
import { RevenueBasisHint } from "./revenue-basis-hint";
import { RevenueChart } from "./revenue-chart";

interface DashboardPageProps {
  storeName: string;
  email: string;
  twoFactorEnabled: boolean;
  /** A reminder the route places above the figures (the go-live checklist's, while the shop is a demo). */
  notice?: ReactNode;
  /** The figures every console role sees (revenue left out). */
  dashboard: Omit<Dashboard, "stats" | "revenueByDay"> & { stats: Omit<DashboardStats, "revenue"> };
  /** Revenue, for a role the owner lets see it (decision 0046); null otherwise. */
  sales: (Pick<DashboardStats, "revenue"> & Pick<Dashboard, "revenueByDay">) | null;
}

/** The console's home (/admin): the period's figures, orders to handle, revenue, latest orders and low stock. */
export function DashboardPage({ storeName, email, twoFactorEnabled, dashboard, sales, notice }: DashboardPageProps) {
  const { period, fromDay, toDay, stats, revenueBasis, latestOrders, lowStock, lowStockThreshold } = dashboard;
  const count = (n: number) => n.toLocaleString("vi-VN");
  const periodLabel = dashboardPeriods[period].label;
  const days =
    fromDay === toDay ? formatIsoDayVi(toDay, true) : `${formatIsoDayVi(fromDay)} – ${formatIsoDayVi(toDay, true)}`;
  // The orders behind the period's figures: the list filtered to its shop days.
  const periodOrders = `/admin/orders?from=${fromDay}&to=${toDay}`;
  return (
    <>
      <AdminPageHeader
        title="Tổng quan"
        description={
          <>
            <span className="font-medium text-brand-charcoal">{storeName}</span> · Đăng nhập với{" "}
            <span className="font-medium text-brand-charcoal">{email}</span>
          </>
        }
      />

      {notice}
      {!twoFactorEnabled && (
        <div className="mb-6 flex flex-col gap-3 rounded-xl border border-brand-butter-yellow bg-[#fffaf0] p-4 sm:flex-row sm:items-center">
          <ShieldAlert className="size-6 shrink-0 text-[#8a6a00]" aria-hidden="true" />
          <p className="flex-1 text-sm">
            Tài khoản này chưa bật xác thực hai lớp. Bật mã TOTP để người có mật khẩu cũng không thể đăng nhập nếu không
            có điện thoại của bạn.
          </p>
          <Link
            to="/admin/security"
            className="inline-flex h-10 items-center justify-center rounded-full bg-brand-charcoal px-5 text-sm font-medium text-white"
          >
            Bật ngay
          </Link>
        </div>
      )}

      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="period-figures" className="font-bold">
          {periodLabel} <span className="font-normal text-brand-cool-gray">· {days}</span>
        </h2>
        <PeriodSwitch
          label="Kỳ số liệu"
          periods={dashboardPeriodValues.map((value) => ({ value, label: dashboardPeriods[value].label }))}
          current={period}
        />
      </div>
      <section aria-labelledby="period-figures" className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {sales && (
          <StatCard
            label="Doanh thu"
            value={formatVnd(sales.revenue)}
            icon={Banknote}
            hint={<RevenueBasisHint basis={revenueBasis} settingsLink={false} />}
            to={periodOrders}
          />
        )}
        <StatCard
          label="Đơn hàng"
          value={count(stats.orders)}
          icon={ShoppingCart}
          hint="Đã đặt trong kỳ"
          to={periodOrders}
        />
        <StatCard
          label="Khách hàng"
          value={count(stats.customers)}
          icon={Users}
          hint="Đã đặt ít nhất một đơn trong kỳ"
          to="/admin/customers"
        />
        <StatCard
          label="COD chưa đối soát"
          value={formatVnd(stats.codOutstanding)}
          icon={HandCoins}
          hint="Hiện tại: đã giao, hãng vận chuyển chưa chuyển tiền"
          to="/admin/cod#cod-outstanding"
        />
      </section>

      <h2 id="order-statuses" className="mb-3 font-bold">
        Đơn hàng cần xử lý <span className="font-normal text-brand-cool-gray">· hiện tại</span>
      </h2>
      <section aria-labelledby="order-statuses" className="mb-6 grid grid-cols-2 gap-3 xl:grid-cols-4">
        <StatCard label="Chờ xác nhận" value={count(stats.toConfirm)} icon={Clock} to="/admin/orders?status=pending" />
        <StatCard
          label="Chờ giao"
          value={count(stats.toShip)}
          icon={PackageCheck}
          hint="Đã xác nhận"
          to="/admin/orders?status=processing"
        />
        <StatCard label="Đang giao" value={count(stats.inTransit)} icon={Truck} to="/admin/orders?status=shipped" />
        <StatCard
          label="Đang hoàn hàng"
          value={count(stats.returning)}
          icon={Undo2}
          to="/admin/orders?status=returning"
        />
      </section>

      {sales && (
        <section className="mb-6 rounded-xl border border-brand-charcoal/10 bg-white p-4 shadow-xs sm:p-5">
          <RevenueChart points={sales.revenueByDay} title="Doanh thu 30 ngày qua" />
        </section>
      )}

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section
          aria-labelledby="latest-orders"
          className="rounded-xl border border-brand-charcoal/10 bg-white shadow-xs"
        >
          <div className="flex items-center justify-between gap-2 border-b border-brand-charcoal/10 px-4 py-3">
            <h2 id="latest-orders" className="font-bold">
              Đơn hàng gần đây
            </h2>
            <Link to="/admin/orders" className="text-sm font-medium text-brand-teal-strong hover:underline">
              Xem tất cả
            </Link>
          </div>
          {latestOrders.length === 0 ? (
            <p className="px-4 py-10 text-center text-brand-cool-gray">Chưa có đơn hàng nào</p>
          ) : (
            <ul className="divide-y divide-brand-charcoal/10" data-testid="latest-orders">
              {latestOrders.map((order) => (
                <li key={order.id}>
                  <Link
                    to={`/admin/orders/${order.id}`}
                    className="flex items-center gap-3 px-4 py-3 hover:bg-brand-white/60"
                  >
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="font-mono text-sm font-semibold">{formatOrderNumber(order.orderNumber)}</span>
                      <span className="truncate text-sm text-brand-cool-gray">{order.customerName}</span>
                    </span>
                    <OrderStatusBadge status={order.status} />
                    <span className="flex w-32 shrink-0 flex-col items-end">
                      <span className="font-semibold tabular-nums">{formatVnd(order.total)}</span>
                      <span className="text-xs text-brand-cool-gray">{formatDateTimeVi(order.createdAt)}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="low-stock" className="rounded-xl border border-brand-charcoal/10 bg-white shadow-xs">
          <div className="flex items-center justify-between gap-2 border-b border-brand-charcoal/10 px-4 py-3">
            <h2 id="low-stock" className="font-bold">
              Sắp hết hàng
            </h2>
            <span className="text-xs text-brand-cool-gray">Tồn kho ≤ {lowStockThreshold}</span>
          </div>
          {lowStock.length === 0 ? (
            <p className="px-4 py-10 text-center text-brand-cool-gray">Không có sản phẩm nào sắp hết hàng</p>
          ) : (
            <ul className="divide-y divide-brand-charcoal/10" data-testid="low-stock">
              {lowStock.map((product) => (
                <li key={product.id}>
                  <Link
                    to={`/admin/products/${product.id}`}
                    className="flex items-center gap-3 px-4 py-3 hover:bg-brand-white/60"
                  >
                    <span className="min-w-0 flex-1 truncate font-medium text-brand-teal-strong">{product.name}</span>
                    <span
                      className={
                        product.stockQuantity <= product.lowStockThreshold
                          ? "rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900"
                          : "rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900"
                      }
                    >
                      Còn {product.stockQuantity}
                    </span>
                    <span className="w-24 text-right text-xs text-brand-cool-gray">
                      Ngưỡng {product.lowStockThreshold}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
