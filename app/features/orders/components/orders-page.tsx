import { AlertTriangle, Download, Printer, Tags } from "~/components/ui/icons";
import { useState, type FormEvent } from "react";
import { Link, useActionData, useFetcher } from "react-router";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Pagination } from "~/components/ui/pagination";
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
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatDateTimeVi } from "~/lib/dates";
import { formatVnd } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { listPageHref } from "~/lib/pagination";
import {
  bulkStatusValues,
  orderFilterParams,
  orderFilterSearch,
  type OrderListQuery,
} from "../orders.schema";
import type { BulkStatusReport } from "../orders-bulk.server";
import type { listOrders, OrderListRow } from "../orders-list.server";
import { OrderStatusBadge, PaymentStatusBadge } from "./order-status-badge";
import { OrdersTabs } from "./orders-tabs";
import { OrderFilterForm, OrderViewTabs, type OrderFilterChoices } from "./order-list-filters";
import { SavedViewsPanel } from "./saved-views";
import type { SavedViewTab } from "../saved-views.schema";

export interface OrdersPageProps {
  list: Awaited<ReturnType<typeof listOrders>>;
  query: OrderListQuery;
  /** False when the shop has no order at all (not merely none matching the filters). */
  anyOrder: boolean;
  /** Orders waiting for their confirmation call (the tab's count). */
  toConfirm: number;
  /** The owner lets this member's role export customer data (the CSV has buyers' contacts; decision 0046). */
  canExport: boolean;
  /** The member's own saved views, then those the owner shared. */
  savedViews: SavedViewTab[];
  /** Only the owner shares a view with everyone. */
  canShareViews: boolean;
  filterChoices: OrderFilterChoices;
}

type BulkAnswer = ActionFeedbackResult<BulkStatusReport>;

/** The form every selection checkbox belongs to (the table's and, on a phone, the cards'). */
const SELECTION_FORM = "orders-selection";

const bulkStatusLabels: Record<(typeof bulkStatusValues)[number], string> = {
  processing: "Xác nhận đơn",
  shipped: "Đang giao",
  delivered: "Đã giao",
  cancelled: "Hủy đơn",
};

/**
 * The console's order list: the open/archived tabs, the saved filters, search and filters, one
 * page of orders (a table; cards on a phone) to select for a bulk status change, print or export.
 */
export function OrdersPage({
  list,
  query,
  anyOrder,
  toConfirm,
  canExport,
  savedViews,
  canShareViews,
  filterChoices,
}: OrdersPageProps) {
  const filters = orderFilterParams(query);
  const filterSearch = orderFilterSearch(query);
  const hrefFor = (page: number) => listPageHref("/admin/orders", filters, page);
  const detailHref = (id: string) => `/admin/orders/${id}${filterSearch ? `?${filterSearch}` : ""}`;

  const [chosen, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Only what this page shows counts: another page, a filter or a live reload leaves the rest out.
  const selected = new Set(list.rows.filter((row) => chosen.has(row.id)).map((row) => row.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allSelected = list.rows.length > 0 && list.rows.every((row) => selected.has(row.id));

  const fetcher = useFetcher<BulkAnswer>();
  // Without scripts the form posts itself and the page comes back with the answer.
  const postedAnswer = useActionData<BulkAnswer>();
  const answer = fetcher.data ?? postedAnswer;
  useActionFeedback(fetcher.data, {
    pending: fetcher.state !== "idle",
    success: (done) => (done.result ? { title: "Thành công", description: bulkSummary(done.result) } : null),
    onSuccess: () => setSelected(new Set()),
  });

  // The status change goes through the fetcher; print and export leave as plain GETs (new tab, download).
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("formmethod") === "get") return;
    event.preventDefault();
    void fetcher.submit(new FormData(event.currentTarget, submitter), { method: "post" });
  }

  const emptyText = !anyOrder
    ? "Chưa có đơn hàng nào"
    : query.archived && filterSearch === "archived=1"
      ? "Chưa có đơn hàng nào được lưu trữ"
      : "Không có đơn hàng nào";

  return (
    <>
      <AdminPageHeader
        title="Đơn hàng"
        description={`${list.total.toLocaleString("vi-VN")} đơn hàng${query.archived ? " đã lưu trữ" : ""}`}
      >
        {canExport && (
          <Button asChild variant="outline" size="sm">
            <a href={`/admin/orders/export${filterSearch ? `?${filterSearch}` : ""}`} download>
              <Download className="size-4" aria-hidden="true" />
              Xuất CSV theo bộ lọc
            </a>
          </Button>
        )}
      </AdminPageHeader>

      <OrdersTabs current={query.archived ? "archived" : "open"} toConfirm={toConfirm} />
      {!query.archived && <OrderViewTabs query={query} savedViews={savedViews} />}
      <OrderFilterForm key={filterSearch} query={query} choices={filterChoices} />
      {!query.archived && <SavedViewsPanel query={query} savedViews={savedViews} canShare={canShareViews} />}

      <form id={SELECTION_FORM} method="post" onSubmit={onSubmit} className="mb-3">
        <BulkBar count={selected.size} busy={fetcher.state !== "idle"} canExport={canExport} />
      </form>
      {answer && <BulkReportPanel answer={answer} />}

      <div className={list.rows.length > 0 ? "hidden lg:block" : undefined}>
        <Table label="Danh sách đơn hàng">
          <TableHeader>
            <TableRow>
              <TableHead className="w-10">
                <input
                  type="checkbox"
                  checked={allSelected}
                  onChange={(event) =>
                    setSelected(event.currentTarget.checked ? new Set(list.rows.map((row) => row.id)) : new Set())
                  }
                  aria-label="Chọn tất cả đơn trên trang"
                  className="size-5 accent-brand-teal-strong"
                  disabled={list.rows.length === 0}
                />
              </TableHead>
              <TableHead>Mã đơn</TableHead>
              <TableHead>Khách hàng</TableHead>
              <TableHead>Ngày đặt</TableHead>
              <TableHead>Trạng thái</TableHead>
              <TableHead>Thanh toán</TableHead>
              <TableHead className="text-right">Tổng tiền</TableHead>
              <TableActionsHead />
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.rows.length === 0 ? (
              <TableEmpty colSpan={8}>{emptyText}</TableEmpty>
            ) : (
              list.rows.map((order) => (
                <TableRow
                  key={order.id}
                  aria-selected={selected.has(order.id)}
                  className="aria-selected:bg-brand-white/70"
                >
                  <TableCell className="w-10">
                    <SelectBox order={order} checked={selected.has(order.id)} onChange={toggle} />
                  </TableCell>
                  <TableCell className="font-mono font-semibold whitespace-nowrap">
                    <Link to={detailHref(order.id)} className="text-brand-teal-strong hover:underline">
                      {formatOrderNumber(order.orderNumber)}
                    </Link>
                    {order.flagged && <RiskFlag />}
                  </TableCell>
                  <TableCell>
                    <div className="font-medium">{order.customerName}</div>
                    <div className="text-xs text-brand-cool-gray">{order.customerEmail}</div>
                    <div className="text-xs text-brand-cool-gray">
                      {order.provinceName}
                      {order.trackingCode && ` · ${order.carrierName ?? ""} ${order.trackingCode}`}
                    </div>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTimeVi(order.createdAt)}</TableCell>
                  <TableCell>
                    <OrderStatusBadge status={order.status} />
                  </TableCell>
                  <TableCell>
                    <PaymentStatusBadge status={order.paymentStatus} />
                  </TableCell>
                  <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">
                    {formatVnd(order.total)}
                  </TableCell>
                  <TableDetailsCell
                    to={detailHref(order.id)}
                    label={`Xem đơn ${formatOrderNumber(order.orderNumber)}`}
                  />
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>

      {/* On a phone, cards; an empty list is the table's one empty row at every width. */}
      {list.rows.length > 0 && (
        <ul aria-label="Danh sách đơn hàng" className="flex flex-col gap-2 lg:hidden">
          {list.rows.map((order) => (
            <li
              key={order.id}
              className="flex items-start gap-3 rounded-xl border border-brand-charcoal/10 bg-white p-3 has-checked:border-brand-teal-strong"
            >
              <SelectBox order={order} checked={selected.has(order.id)} onChange={toggle} className="mt-1" />
              {/* Named by its number, as the table's link is; the rest of the card describes it. */}
              <Link
                to={detailHref(order.id)}
                aria-labelledby={`order-card-${order.id}-number`}
                aria-describedby={
                  order.flagged
                    ? `order-card-${order.id}-flag order-card-${order.id}-details`
                    : `order-card-${order.id}-details`
                }
                className="flex min-w-0 flex-1 flex-col gap-1.5"
              >
                <span className="flex items-baseline justify-between gap-2">
                  <span className="font-mono font-semibold text-brand-teal-strong">
                    <span id={`order-card-${order.id}-number`}>{formatOrderNumber(order.orderNumber)}</span>
                    {order.flagged && (
                      <span id={`order-card-${order.id}-flag`}>
                        <RiskFlag />
                      </span>
                    )}
                  </span>
                  <span className="font-semibold whitespace-nowrap tabular-nums">{formatVnd(order.total)}</span>
                </span>
                <span id={`order-card-${order.id}-details`} className="flex min-w-0 flex-col gap-1.5">
                  <span className="truncate font-medium">{order.customerName}</span>
                  <span className="flex flex-wrap items-center gap-1.5">
                    <OrderStatusBadge status={order.status} />
                    <PaymentStatusBadge status={order.paymentStatus} />
                  </span>
                  <span className="text-xs text-brand-cool-gray">{formatDateTimeVi(order.createdAt)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} hrefFor={hrefFor} className="mt-4" />
    </>
  );
}

/** A row's selection box, in the selection form: it posts the order with the version its row shows. */
function SelectBox({
  order,
  checked,
  onChange,
  className,
}: {
  order: OrderListRow;
  checked: boolean;
  onChange: (id: string, on: boolean) => void;
  className?: string;
}) {
  return (
    <input
      type="checkbox"
      form={SELECTION_FORM}
      name="order"
      value={`${order.id}:${order.version}`}
      checked={checked}
      onChange={(event) => onChange(order.id, event.currentTarget.checked)}
      aria-label={`Chọn đơn ${formatOrderNumber(order.orderNumber)}`}
      className={`size-5 shrink-0 accent-brand-teal-strong ${className ?? ""}`}
    />
  );
}

/** What to do with the selected orders: change their status, print, export. */
function BulkBar({ count, busy, canExport }: { count: number; busy: boolean; canExport: boolean }) {
  const [status, setStatus] = useState<string>("processing");
  // Before scripts run the count is unknown (the boxes are plain): the server says when none is chosen.
  const none = useHydrated() && count === 0;
  return (
    <fieldset
      className="flex flex-wrap items-end gap-2 rounded-xl border border-brand-charcoal/10 bg-white p-3"
      aria-label="Thao tác với các đơn đã chọn"
    >
      <p className="w-full text-sm font-medium sm:w-auto sm:self-center" aria-live="polite">
        {count === 0 ? "Chọn đơn để thao tác hàng loạt" : `Đã chọn ${count} đơn`}
      </p>
      <div className="flex flex-col gap-1">
        <Label htmlFor="bulk-status" className="sr-only">
          Chuyển các đơn đã chọn sang
        </Label>
        <Select
          id="bulk-status"
          name="status"
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value)}
          dense
          className="sm:w-44"
        >
          {bulkStatusValues.map((value) => (
            <option key={value} value={value}>
              {bulkStatusLabels[value]}
            </option>
          ))}
        </Select>
      </div>
      {status === "cancelled" && (
        <>
          <div className="flex flex-col gap-1">
            <Label htmlFor="bulk-reason" className="sr-only">
              Lý do hủy
            </Label>
            <Input id="bulk-reason" name="reason" placeholder="Lý do hủy" maxLength={500} dense className="sm:w-44" />
          </div>
          <label className="flex h-9 items-center gap-2 text-sm">
            <input type="checkbox" name="restock" className="size-5 accent-brand-teal-strong" defaultChecked />
            Nhập lại hàng vào kho
          </label>
        </>
      )}
      <Button type="submit" name="intent" value="bulk-status" size="sm" variant="teal" disabled={none || busy}>
        {busy ? "Đang cập nhật..." : "Đổi trạng thái"}
      </Button>
      <span className="hidden h-6 border-l border-brand-charcoal/15 sm:block" aria-hidden="true" />
      <Button
        type="submit"
        formMethod="get"
        formAction="/admin/orders/print"
        formTarget="_blank"
        name="kind"
        value="slips"
        size="sm"
        variant="outline"
        disabled={none}
      >
        <Printer className="size-4" aria-hidden="true" />
        In phiếu đóng gói
      </Button>
      <Button
        type="submit"
        formMethod="get"
        formAction="/admin/orders/print"
        formTarget="_blank"
        name="kind"
        value="labels"
        size="sm"
        variant="outline"
        disabled={none}
      >
        <Tags className="size-4" aria-hidden="true" />
        In nhãn
      </Button>
      {canExport && (
        <Button
          type="submit"
          formMethod="get"
          formAction="/admin/orders/export"
          size="sm"
          variant="outline"
          disabled={none}
        >
          <Download className="size-4" aria-hidden="true" />
          Xuất CSV
        </Button>
      )}
    </fieldset>
  );
}

function bulkSummary(report: BulkStatusReport): string {
  const parts = [`Đã cập nhật ${report.changed.length} đơn`];
  if (report.unchanged.length > 0) parts.push(`${report.unchanged.length} đơn đã ở trạng thái này`);
  if (report.refused.length > 0) parts.push(`${report.refused.length} đơn không đổi được`);
  const summary = parts.join(", ");
  return report.skipped.length > 0 ? `${summary}. ${skippedSummary(report)}` : summary;
}

/** "Đã bỏ qua 2 đơn: DH000012 (Số điện thoại bị chặn…), DH000013 (Nên hủy…)": left for a call. */
function skippedSummary(report: Pick<BulkStatusReport, "skipped">): string {
  const listed = report.skipped.map((order) => `${numberOf(order.orderNumber)} (${order.message})`).join(", ");
  return `Đã bỏ qua ${report.skipped.length} đơn: ${listed}`;
}

const numberOf = (orderNumber: number | null) =>
  orderNumber === null ? "Đơn không tồn tại" : formatOrderNumber(orderNumber);

/** The answer of a bulk change: what changed, and each refused order with its reason. */
function BulkReportPanel({ answer }: { answer: BulkAnswer }) {
  if (!answer.ok)
    return (
      <p role="alert" className="mb-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        {answer.error}
      </p>
    );
  const report = answer.result;
  if (!report) return null;
  return (
    <div
      role="status"
      data-testid="bulk-report"
      className="mb-3 rounded-lg border border-brand-charcoal/10 bg-white p-3 text-sm"
    >
      <p className="font-medium">{bulkSummary(report)}.</p>
      {report.refused.length > 0 && (
        <ul className="mt-2 list-disc pl-5 text-red-900">
          {report.refused.map((refused) => (
            <li key={refused.id}>
              <span className="font-mono font-semibold">{numberOf(refused.orderNumber)}</span>: {refused.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The orders list's mark for an order the buyer-risk panel flags (the reasons are on its page). */
export function RiskFlag() {
  return (
    <span
      className="ml-1.5 inline-flex align-middle text-amber-700"
      title="Cần chú ý: xem Lịch sử người mua trong đơn"
      data-testid="risk-flag"
    >
      <AlertTriangle className="size-4" aria-hidden="true" />
      <span className="sr-only">Cần chú ý: xem Lịch sử người mua trong đơn</span>
    </span>
  );
}
