import { Search } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Pagination } from "~/components/ui/pagination";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { OrderStatusBadge } from "~/features/orders/components/order-status-badge";
import { useLiveOrders } from "~/features/orders/components/use-live-orders";
import { orderListQuerySchema, orderStatusLabels, orderStatusValues } from "~/features/orders/orders.schema";
import { hasAnyOrder, listOrders } from "~/features/orders/orders.server";
import { formatDateTimeVi } from "~/lib/dates";
import { formatVnd } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import type { Route } from "./+types/orders";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const query = orderListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const db = context.database.db;
  const list = await listOrders(db, query);
  // 'Chưa có đơn hàng nào' (no order at all) versus 'Không có đơn hàng nào' (none match).
  const anyOrder = list.total > 0 || (query.q || query.status || query.archived ? await hasAnyOrder(db) : false);
  return { list, query, anyOrder };
}

export const meta: Route.MetaFunction = () => adminMeta("Đơn hàng");

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  useLiveOrders();
  const { list, query, anyOrder } = loaderData;
  const submit = useSubmit();

  const hrefFor = (page: number) => {
    const next = new URLSearchParams();
    if (query.q) next.set("q", query.q);
    if (query.status) next.set("status", query.status);
    if (query.archived) next.set("archived", "1");
    if (page > 1) next.set("page", String(page));
    const qs = next.toString();
    return qs ? `?${qs}` : "/admin/orders";
  };

  return (
    <>
      <AdminPageHeader
        title="Đơn hàng"
        description={`${list.total.toLocaleString("vi-VN")} đơn hàng${query.archived ? " đã lưu trữ" : ""}`}
      />

      <nav aria-label="Nhóm đơn hàng" className="mb-4 flex gap-1 border-b border-brand-charcoal/10">
        {[
          { label: "Đơn hàng", href: "/admin/orders", current: !query.archived },
          { label: "Đã lưu trữ", href: "/admin/orders?archived=1", current: query.archived },
        ].map((tab) => (
          <Link
            key={tab.href}
            to={tab.href}
            aria-current={tab.current ? "page" : undefined}
            className={`-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium ${
              tab.current ? "border-brand-teal-strong text-brand-teal-strong" : "border-transparent text-brand-cool-gray hover:text-brand-charcoal"
            }`}
          >
            {tab.label}
          </Link>
        ))}
      </nav>

      <Form
        method="get"
        role="search"
        className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end"
        key={`${query.q}-${query.status}-${query.archived}`}
      >
        {query.archived && <input type="hidden" name="archived" value="1" />}
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor="orders-q">Tìm kiếm</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-brand-cool-gray" aria-hidden="true" />
            <Input
              id="orders-q"
              name="q"
              type="search"
              defaultValue={query.q ?? ""}
              placeholder="Mã đơn (DH000123), tên, email, số điện thoại..."
              className="pl-9"
            />
          </div>
        </div>
        <div className="flex flex-col gap-1.5 sm:w-52">
          <Label htmlFor="orders-status">Trạng thái</Label>
          <Select
            id="orders-status"
            name="status"
            defaultValue={query.status ?? ""}
            onChange={(event) => void submit(event.currentTarget.form)}
          >
            <option value="">Tất cả trạng thái</option>
            {orderStatusValues.map((status) => (
              <option key={status} value={status}>
                {orderStatusLabels[status]}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" className="h-11">
          Tìm
        </Button>
      </Form>

      <Table label="Danh sách đơn hàng">
        <TableHeader>
          <TableRow>
            <TableHead>Mã đơn</TableHead>
            <TableHead>Khách hàng</TableHead>
            <TableHead>Ngày đặt</TableHead>
            <TableHead>Trạng thái</TableHead>
            <TableHead className="text-right">Tổng tiền</TableHead>
            <TableHead>
              <span className="sr-only">Thao tác</span>
            </TableHead>
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
                </TableCell>
                <TableCell>
                  <div className="font-medium">{order.customerName}</div>
                  <div className="text-xs text-brand-cool-gray">{order.customerEmail}</div>
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDateTimeVi(order.createdAt)}</TableCell>
                <TableCell>
                  <OrderStatusBadge status={order.status} />
                </TableCell>
                <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">{formatVnd(order.total)}</TableCell>
                <TableCell className="text-right">
                  <Link
                    to={`/admin/orders/${order.id}`}
                    className="inline-flex h-9 items-center rounded-full px-3 text-sm font-medium whitespace-nowrap text-brand-teal-strong hover:bg-brand-white"
                    aria-label={`Xem đơn ${formatOrderNumber(order.orderNumber)}`}
                  >
                    Chi tiết
                  </Link>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Pagination page={list.page} pageCount={list.pageCount} hrefFor={hrefFor} className="mt-4" />
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
