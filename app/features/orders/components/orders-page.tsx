import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { SearchFilterForm } from "~/components/ui/search-filter-form";
import {
  Table,
  TableActionsHead,
  TableBody,
  TableCell,
  TableDetailsCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { formatDateTimeVi } from "~/lib/dates";
import { formatVnd } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { listPageHref } from "~/lib/pagination";
import { orderStatusLabels, orderStatusValues, type OrderListQuery } from "../orders.schema";
import type { listOrders } from "../orders.server";
import { OrderStatusBadge } from "./order-status-badge";
import { OrdersTabs } from "./orders-tabs";
import { useLiveOrders } from "./use-live-orders";

export interface OrdersPageProps {
  list: Awaited<ReturnType<typeof listOrders>>;
  query: OrderListQuery;
  /** False when the shop has no order at all (not merely none matching the filters). */
  anyOrder: boolean;
  /** Orders waiting for their confirmation call (the tab's count). */
  toConfirm: number;
}

/** The console's order list: the open/archived tabs, search and status filter, one page of orders. */
export function OrdersPage({ list, query, anyOrder, toConfirm }: OrdersPageProps) {
  useLiveOrders();
  const hrefFor = (page: number) =>
    listPageHref(
      "/admin/orders",
      { q: query.q, status: query.status, archived: query.archived ? "1" : undefined },
      page,
    );

  return (
    <>
      <AdminPageHeader
        title="Đơn hàng"
        description={`${list.total.toLocaleString("vi-VN")} đơn hàng${query.archived ? " đã lưu trữ" : ""}`}
      />

      <OrdersTabs current={query.archived ? "archived" : "open"} toConfirm={toConfirm} />

      <SearchFilterForm
        key={`${query.q}-${query.status}-${query.archived}`}
        id="orders"
        q={query.q}
        placeholder="Mã đơn (DH000123), tên, email, số điện thoại..."
        filter={{
          name: "status",
          label: "Trạng thái",
          value: query.status,
          allLabel: "Tất cả trạng thái",
          options: orderStatusValues.map((status) => ({ value: status, label: orderStatusLabels[status] })),
        }}
      >
        {query.archived && <input type="hidden" name="archived" value="1" />}
      </SearchFilterForm>

      <Table label="Danh sách đơn hàng">
        <TableHeader>
          <TableRow>
            <TableHead>Mã đơn</TableHead>
            <TableHead>Khách hàng</TableHead>
            <TableHead>Ngày đặt</TableHead>
            <TableHead>Trạng thái</TableHead>
            <TableHead className="text-right">Tổng tiền</TableHead>
            <TableActionsHead />
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.rows.length === 0 ? (
            <TableEmpty colSpan={6}>
              {!anyOrder
                ? "Chưa có đơn hàng nào"
                : query.archived && !query.q && !query.status
                  ? "Chưa có đơn hàng nào được lưu trữ"
                  : "Không có đơn hàng nào"}
            </TableEmpty>
          ) : (
            list.rows.map((order) => (
              <TableRow key={order.id}>
                <TableCell className="font-mono font-semibold whitespace-nowrap">
                  <Link to={`/admin/orders/${order.id}`} className="text-brand-teal-strong hover:underline">
                    {formatOrderNumber(order.orderNumber)}
                  </Link>
                  {order.flagged && <RiskFlag />}
                </TableCell>
                <TableCell>
                  <div className="font-medium">{order.customerName}</div>
                  <div className="text-xs text-brand-cool-gray">{order.customerEmail}</div>
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDateTimeVi(order.createdAt)}</TableCell>
                <TableCell>
                  <OrderStatusBadge status={order.status} />
                </TableCell>
                <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">
                  {formatVnd(order.total)}
                </TableCell>
                <TableDetailsCell
                  to={`/admin/orders/${order.id}`}
                  label={`Xem đơn ${formatOrderNumber(order.orderNumber)}`}
                />
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Pagination page={list.page} pageCount={list.pageCount} hrefFor={hrefFor} className="mt-4" />
    </>
  );
}

/** The orders list's mark for an order the buyer-risk panel flags (the reasons are on its page). */
export function RiskFlag() {
  return (
    <span className="ml-1.5 inline-flex align-middle text-amber-700" title="Cần chú ý: xem Lịch sử người mua trong đơn" data-testid="risk-flag">
      <AlertTriangle className="size-4" aria-hidden="true" />
      <span className="sr-only">Cần chú ý: xem Lịch sử người mua trong đơn</span>
    </span>
  );
}
