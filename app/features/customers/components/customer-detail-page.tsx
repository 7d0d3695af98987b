import { Banknote, Calculator, ShoppingCart } from "~/components/ui/icons";
import { Link, useFetcher } from "react-router";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { BackLink } from "~/components/ui/back-link";
import { DetailCard, DetailInfo } from "~/components/ui/detail-card";
import { StatCard } from "~/components/ui/stat-card";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { OrderStatusBadge } from "~/features/orders/components/order-status-badge";
import { formatDateTimeVi, formatDateVi } from "~/lib/dates";
import { formatVnd } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import type { CustomerDetail } from "../customers.server";
import { formatCustomerAddress } from "./customer-address";
import { CUSTOMER_PROFILE_FETCHER, CustomerProfileForm } from "./customer-profile-form";
import { displayName } from "~/lib/person-name";

/** A customer in the console: figures, profile (editable), default and used addresses, order history. */
export function CustomerDetailPage({ customer, stats, orders, addresses }: CustomerDetail) {
  const address = customer.defaultAddress;
  const profileFetcher = useFetcher<ActionFeedbackResult>({ key: CUSTOMER_PROFILE_FETCHER });
  useActionFeedback(profileFetcher.data, {
    success: { profile: { title: "Thành công", description: "Đã lưu hồ sơ khách hàng" } },
  });
  return (
    <>
      <BackLink to="/admin/customers">Khách hàng</BackLink>
      <AdminPageHeader title={displayName(customer, "vi")} description={customer.email ?? customer.phone ?? undefined} />

      <section aria-label="Thống kê" className="mb-6 grid gap-3 sm:grid-cols-3">
        <StatCard label="Tổng đơn hàng" value={stats.totalOrders} icon={ShoppingCart} />
        <StatCard
          label="Tổng chi tiêu"
          value={formatVnd(stats.totalSpent)}
          icon={Banknote}
          hint="Không tính đơn đã hủy"
        />
        <StatCard label="Trung bình mỗi đơn" value={formatVnd(stats.averageOrderValue)} icon={Calculator} />
      </section>

      <div className="mb-6 grid gap-6 md:grid-cols-2">
        <DetailCard title="Thông tin">
          <dl className="flex flex-col gap-2 text-sm">
            <DetailInfo label="Họ tên">{displayName(customer, "vi")}</DetailInfo>
            <DetailInfo label="Email">{customer.email ?? "—"}</DetailInfo>
            <DetailInfo label="Điện thoại">{customer.phone || "N/A"}</DetailInfo>
            <DetailInfo label="Công ty">{customer.company || "—"}</DetailInfo>
            <DetailInfo label="Ngày tạo">{formatDateVi(customer.createdAt)}</DetailInfo>
          </dl>
          <CustomerProfileForm customer={customer} />
        </DetailCard>
        <DetailCard title="Địa chỉ mặc định">
          {address ? (
            <address className="text-sm not-italic">
              <p>{address.address}</p>
              <p>{[address.ward, address.district].filter(Boolean).join(", ")}</p>
              <p>{[address.province, address.postal_code].filter(Boolean).join(", ")}</p>
            </address>
          ) : (
            <p className="text-sm text-brand-cool-gray">Chưa có địa chỉ mặc định</p>
          )}
        </DetailCard>
      </div>

      <h2 className="mb-3 text-lg font-bold">Địa chỉ đã dùng</h2>
      <p className="mb-3 text-sm text-brand-cool-gray">
        Mỗi đơn đặt bằng email này thêm địa chỉ giao hàng của đơn vào đây; hồ sơ không bị thay đổi.
      </p>
      <div className="mb-6">
        <Table label="Địa chỉ đã dùng">
          <TableHeader>
            <TableRow>
              <TableHead>Địa chỉ</TableHead>
              <TableHead>Đơn hàng</TableHead>
              <TableHead>Dùng gần nhất</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {addresses.length === 0 ? (
              <TableEmpty colSpan={3}>Chưa có địa chỉ nào</TableEmpty>
            ) : (
              addresses.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell>
                    {formatCustomerAddress(entry.address)}
                    {entry.isDefault && (
                      <span className="ml-2 rounded-full bg-brand-mint-green px-2 py-0.5 text-xs font-semibold">
                        Mặc định
                      </span>
                    )}
                  </TableCell>
                  <TableCell>
                    {entry.orders.length === 0
                      ? "—"
                      : entry.orders.map((order, index) => (
                          <span key={order.id}>
                            {index > 0 && ", "}
                            <Link
                              to={`/admin/orders/${order.id}`}
                              className="font-mono text-brand-teal-strong hover:underline"
                            >
                              {formatOrderNumber(order.orderNumber)}
                            </Link>
                          </span>
                        ))}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTimeVi(entry.lastUsedAt)}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>

      <h2 className="mb-3 text-lg font-bold">Lịch sử đơn hàng</h2>
      <Table label="Lịch sử đơn hàng">
        <TableHeader>
          <TableRow>
            <TableHead>Mã đơn</TableHead>
            <TableHead>Ngày đặt</TableHead>
            <TableHead>Trạng thái</TableHead>
            <TableHead className="text-right">Tổng tiền</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {orders.length === 0 ? (
            <TableEmpty colSpan={4}>Chưa có đơn hàng nào</TableEmpty>
          ) : (
            orders.map((order) => (
              <TableRow key={order.id}>
                <TableCell className="font-mono font-semibold">
                  <Link to={`/admin/orders/${order.id}`} className="text-brand-teal-strong hover:underline">
                    {formatOrderNumber(order.orderNumber)}
                  </Link>
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDateTimeVi(order.createdAt)}</TableCell>
                <TableCell>
                  <OrderStatusBadge status={order.status} />
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{formatVnd(order.total)}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </>
  );
}
