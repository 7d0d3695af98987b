import { Archive, ArchiveRestore, Ban, Printer, Trash2 } from "~/components/ui/icons";
import { useState, type FormEvent, type ReactNode } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { BackLink } from "~/components/ui/back-link";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DetailCard, DetailInfo } from "~/components/ui/detail-card";
import { Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useActionFeedback, type ActionFeedbackResult, type ToastText } from "~/components/ui/use-action-feedback";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { formatDateTimeVi, formatDateVi } from "~/lib/dates";
import { formatVnd } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { staleRowMessage } from "~/lib/row-version";
import {
  CANCEL_REASON_REQUIRED,
  canMoveOrder,
  hasShipped,
  isDeletable,
  orderStatusLabels,
  orderStatusValues,
  paymentMethodLabels,
  paymentStatusLabels,
  paymentStatusValues,
  shippingMethodLabels,
} from "../orders.schema";
import { ReasonDialog, ReasonField, useReasonDialog } from "./reason-dialog";
import type { getOrderDetail, OrderHistoryEntry } from "../orders.server";
import type { BuyerRisk } from "../buyer-risk.server";
import { BuyerRiskPanel } from "./buyer-risk-panel";
import { ConfirmationPanel, type ConfirmationPanelProps } from "./confirmation-panel";
import { OrderListNavigation, type OrderListNavigationProps } from "./order-list-navigation";
import { OrderStatusBadge, PaymentStatusBadge } from "./order-status-badge";
import { displayName } from "~/lib/person-name";

export type OrderDetailPageProps = Awaited<ReturnType<typeof getOrderDetail>> & {
  /**
   * Panels of other features, built by the route (features compose at the route, decision 0048):
   * the customer's profile-difference note (null when there is none) and the shipment panel.
   */
  profileNote: ReactNode;
  shipmentPanel: ReactNode;
  confirmation: Omit<ConfirmationPanelProps, "order" | "number">;
  risk: BuyerRisk;
  listNavigation: OrderListNavigationProps;
  /** The owner lets this member's role change the payment status by hand (decision 0046). */
  canMarkPaid: boolean;
};

const STALE_ORDER_MESSAGE = staleRowMessage("Đơn hàng");
const shipmentOnlyStatuses = new Set<string>(["returning", "returned"]);

const successText: Record<string, ToastText> = {
  status: { title: "Thành công", description: "Đã cập nhật trạng thái đơn hàng" },
  payment: { title: "Thành công", description: "Đã cập nhật trạng thái thanh toán" },
  archive: { title: "Thành công", description: "Đã lưu trữ đơn hàng" },
  unarchive: { title: "Thành công", description: "Đã bỏ lưu trữ đơn hàng" },
};

/**
 * Toasts for an order action's answer (SPEC §8: 'Thành công' / 'Lỗi' with the message). A change
 * refused because the order changed meanwhile offers to reload it; what was chosen stays as it is.
 */
function useOrderActionFeedback(fetcher: { data?: ActionFeedbackResult; state: string }) {
  const { revalidate } = useRevalidator();
  useActionFeedback(fetcher.data, {
    success: successText,
    pending: fetcher.state !== "idle",
    errorAction: (failed) =>
      failed.error === STALE_ORDER_MESSAGE ? { label: "Tải lại", onClick: () => void revalidate() } : undefined,
  });
}

/** The console's order page: details, status and payment changes, archive, cancel and delete. */
export function OrderDetailPage({
  order,
  customer,
  items,
  history,
  profileNote,
  confirmation,
  risk,
  shipmentPanel,
  listNavigation,
  canMarkPaid,
}: OrderDetailPageProps) {
  const statusFetcher = useFetcher<ActionFeedbackResult>();
  const paymentFetcher = useFetcher<ActionFeedbackResult>();
  const archiveFetcher = useFetcher<ActionFeedbackResult>();
  const deleteFetcher = useFetcher<ActionFeedbackResult>();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  useOrderActionFeedback(statusFetcher);
  useOrderActionFeedback(paymentFetcher);
  useOrderActionFeedback(archiveFetcher);
  // A deleted order leaves the page (redirect): only a refusal is shown here.
  useOrderActionFeedback(deleteFetcher);
  const deletable = isDeletable(order, history);
  const version = String(order.version);

  // Choosing "Đã hủy" in the status list asks for the reason and the restock choice first.
  function onStatusSubmit(event: FormEvent<HTMLFormElement>) {
    const status = new FormData(event.currentTarget).get("status");
    if (status === "cancelled" && order.status !== "cancelled") {
      event.preventDefault();
      setCancelOpen(true);
    }
  }

  const number = formatOrderNumber(order.orderNumber);
  const address = [order.address, order.wardName, order.districtName, order.provinceName].filter(Boolean).join(", ");

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BackLink to={`/admin/orders${listNavigation.listSearch ? `?${listNavigation.listSearch}` : ""}`}>
          Đơn hàng
        </BackLink>
        <OrderListNavigation {...listNavigation} />
      </div>
      <AdminPageHeader
        title={`Đơn hàng ${number}`}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            Đặt lúc {formatDateTimeVi(order.createdAt)} <OrderStatusBadge status={order.status} />
            <PaymentStatusBadge status={order.paymentStatus} />
          </span>
        }
      >
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={`/admin/orders/${order.id}/packing-slip`} target="_blank" rel="noreferrer">
              <Printer className="size-4" aria-hidden="true" />
              Phiếu đóng gói
            </a>
          </Button>
          {order.status !== "cancelled" && (
            <Button
              variant="danger"
              size="sm"

              onClick={() => setCancelOpen(true)}
            >
              <Ban className="size-4" aria-hidden="true" />
              Hủy đơn
            </Button>
          )}
          <archiveFetcher.Form method="post">
            <input type="hidden" name="intent" value={order.archivedAt ? "unarchive" : "archive"} />
            <input type="hidden" name="version" value={version} />
            <Button type="submit" variant="ghost" size="sm" disabled={archiveFetcher.state !== "idle"}>
              {order.archivedAt ? (
                <ArchiveRestore className="size-4" aria-hidden="true" />
              ) : (
                <Archive className="size-4" aria-hidden="true" />
              )}
              {order.archivedAt ? "Bỏ lưu trữ" : "Lưu trữ"}
            </Button>
          </archiveFetcher.Form>
          {deletable && (
            <Button
              variant="danger"
              size="sm"

              onClick={() => setConfirmOpen(true)}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Xóa đơn
            </Button>
          )}
        </div>
      </AdminPageHeader>

      {order.archivedAt && (
        <p
          role="status"
          className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          Đơn hàng đã được lưu trữ lúc {formatDateTimeVi(order.archivedAt)}
          {order.archivedByName ? ` bởi ${order.archivedByName}` : ""}: ẩn khỏi danh sách đơn hàng, vẫn được tính trong
          báo cáo.
        </p>
      )}

      {profileNote}

      {/* Waiting for its confirmation call: the first thing staff need, above everything else. */}
      {order.status === "pending" && (
        <div className="mb-6 grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <ConfirmationPanel order={order} number={number} {...confirmation} />
          <BuyerRiskPanel risk={risk} />
        </div>
      )}

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex flex-col gap-6">
          <DetailCard title="Sản phẩm">
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead className="text-left text-xs text-brand-cool-gray uppercase">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      Sản phẩm
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-semibold">
                      Đơn giá
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-semibold">
                      SL
                    </th>
                    <th scope="col" className="py-2 pl-3 text-right font-semibold">
                      Thành tiền
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-brand-charcoal/10">
                  {items.map((item) => (
                    <tr key={item.id}>
                      <td className="py-3 pr-3">
                        <div className="font-medium">{item.productName}</div>
                        <div className="text-xs text-brand-cool-gray">SKU: {item.productSku}</div>
                      </td>
                      <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                        {formatVnd(item.unitPrice)}
                      </td>
                      <td className="px-3 py-3 text-right tabular-nums">{item.quantity}</td>
                      <td className="py-3 pl-3 text-right font-medium whitespace-nowrap tabular-nums">
                        {formatVnd(item.totalPrice)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <dl className="mt-4 ml-auto flex max-w-xs flex-col gap-1.5 border-t border-brand-charcoal/10 pt-4 text-sm">
              <Row label="Tạm tính" value={formatVnd(order.subtotal)} />
              {order.discount > 0 && (
                <Row
                  label={order.discountCode ? `Giảm giá (${order.discountCode})` : "Giảm giá"}
                  value={`−${formatVnd(order.discount)}`}
                />
              )}
              <Row label="Phí vận chuyển" value={order.shippingFee > 0 ? formatVnd(order.shippingFee) : "Miễn phí"} />
              <Row label="VAT (đã bao gồm)" value={formatVnd(order.tax)} />
              <div className="flex justify-between gap-4 border-t border-brand-charcoal/10 pt-2 text-base font-bold">
                <dt>Tổng cộng</dt>
                <dd className="tabular-nums">{formatVnd(order.total)}</dd>
              </div>
            </dl>
          </DetailCard>

          {shipmentPanel}

          <DetailCard title="Lịch sử trạng thái">
            <HistoryList history={history} />
          </DetailCard>
        </div>

        <div className="flex flex-col gap-6">
          {order.status !== "pending" && <BuyerRiskPanel risk={risk} />}
          {order.status !== "pending" && (order.confirmedAt || confirmation.attempts.length > 0) && (
            <ConfirmationPanel order={order} number={number} {...confirmation} />
          )}
          <DetailCard title="Cập nhật">
            <statusFetcher.Form method="post" className="flex flex-col gap-2" onSubmit={onStatusSubmit}>
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="version" value={version} />
              <Label htmlFor="order-status">Trạng thái đơn hàng</Label>
              <div className="flex gap-2">
                <Select id="order-status" name="status" defaultValue={order.status} key={`s-${order.status}`}>
                  {/* Only steps forward (decision 0054); returning and returned come from the shipment, never from here. */}
                  {orderStatusValues
                    .filter(
                      (value) =>
                        value === order.status || (canMoveOrder(order.status, value) && !shipmentOnlyStatuses.has(value)),
                    )
                    .map((value) => (
                      <option key={value} value={value}>
                        {orderStatusLabels[value]}
                      </option>
                    ))}
                </Select>
                <Button type="submit" size="md" disabled={statusFetcher.state !== "idle"}>
                  {statusFetcher.state !== "idle" ? "Đang lưu..." : "Lưu"}
                </Button>
              </div>
            </statusFetcher.Form>
            {canMarkPaid && (
            <paymentFetcher.Form method="post" className="mt-4 flex flex-col gap-2">
              <input type="hidden" name="intent" value="payment" />
              <input type="hidden" name="version" value={version} />
              <Label htmlFor="payment-status">Trạng thái thanh toán</Label>
              <div className="flex gap-2">
                <Select
                  id="payment-status"
                  name="paymentStatus"
                  defaultValue={order.paymentStatus}
                  key={`p-${order.paymentStatus}`}
                >
                  {paymentStatusValues.map((value) => (
                    <option key={value} value={value}>
                      {paymentStatusLabels[value]}
                    </option>
                  ))}
                </Select>
                <Button type="submit" size="md" disabled={paymentFetcher.state !== "idle"}>
                  {paymentFetcher.state !== "idle" ? "Đang lưu..." : "Lưu"}
                </Button>
              </div>
            </paymentFetcher.Form>
            )}
          </DetailCard>

          <DetailCard title="Khách hàng">
            <dl className="flex flex-col gap-2 text-sm">
              <DetailInfo label="Họ tên">
                {customer ? (
                  <Link
                    to={`/admin/customers/${customer.id}`}
                    className="font-medium text-brand-teal-strong hover:underline"
                  >
                    {displayName(order, "vi")}
                  </Link>
                ) : (
                  displayName(order, "vi")
                )}
              </DetailInfo>
              <DetailInfo label="Email">{order.email ?? "—"}</DetailInfo>
              <DetailInfo label="Điện thoại">{order.phone}</DetailInfo>
              {order.company && <DetailInfo label="Công ty">{order.company}</DetailInfo>}
            </dl>
          </DetailCard>

          <DetailCard title="Giao hàng">
            <dl className="flex flex-col gap-2 text-sm">
              <DetailInfo label="Địa chỉ">
                {address}
                {order.postalCode ? `, ${order.postalCode}` : ""}
              </DetailInfo>
              <DetailInfo label="Phương thức">
                {shippingMethodLabels[order.shippingMethod] ?? order.shippingMethod}
              </DetailInfo>
              {order.pickupStore && (
                <DetailInfo label="Nhận tại">
                  <span data-testid="order-pickup-shop">
                    <strong>{order.pickupStore.name}</strong> · {order.pickupStore.address} · mở cửa{" "}
                    {order.pickupStore.opensAt}–{order.pickupStore.closesAt}
                  </span>
                </DetailInfo>
              )}
              <DetailInfo label="Ngày giao">
                {order.shippingDate ? formatDateVi(`${order.shippingDate}T12:00:00+07:00`) : "—"}
                {order.shippingSlot ? ` · ${order.shippingSlot}` : ""}
              </DetailInfo>
              <DetailInfo label="Ghi chú">{order.notes || "—"}</DetailInfo>
              {order.isGift && (
                <DetailInfo label="Quà tặng">{order.giftMessage ? `Lời nhắn: ${order.giftMessage}` : "Có"}</DetailInfo>
              )}
            </dl>
          </DetailCard>

          <DetailCard title="Thanh toán">
            <dl className="flex flex-col gap-2 text-sm">
              <DetailInfo label="Phương thức">
                {paymentMethodLabels[order.paymentMethod] ?? order.paymentMethod}
              </DetailInfo>
              <DetailInfo label="Trạng thái">{paymentStatusLabels[order.paymentStatus]}</DetailInfo>
              {order.vatInvoice && (
                <DetailInfo label="Hóa đơn VAT">
                  {[order.vatCompanyName, order.vatTaxCode && `MST ${order.vatTaxCode}`, order.vatCompanyAddress]
                    .filter(Boolean)
                    .join(" · ")}
                </DetailInfo>
              )}
            </dl>
          </DetailCard>
        </div>
      </div>

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={`Xóa đơn hàng ${number}`}
        description="Đơn hàng chưa được xử lý này sẽ bị xóa hẳn và hàng được nhập lại vào kho. Bạn có chắc muốn xóa đơn hàng này?"
        busy={deleteFetcher.state !== "idle"}
        onConfirm={() => void deleteFetcher.submit({ intent: "delete", version }, { method: "post" })}
      />
      <CancelOrderDialog
        key={String(cancelOpen)}
        open={cancelOpen}
        onOpenChange={setCancelOpen}
        number={number}
        version={version}
        shipped={hasShipped(order.status, history)}
        fetcher={statusFetcher}
      />
    </>
  );
}

/**
 * Cancelling asks first: a reason (required, also on the server) and whether the goods go back in
 * stock — checked by default only while the parcel has not left the shop.
 */
function CancelOrderDialog({
  open,
  onOpenChange,
  number,
  version,
  shipped,
  fetcher,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  number: string;
  version: string;
  shipped: boolean;
  fetcher: ReturnType<typeof useFetcher<ActionFeedbackResult>>;
}) {
  const state = useReasonDialog(fetcher, onOpenChange, CANCEL_REASON_REQUIRED);
  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      state={state}
      alert
      title={`Hủy đơn hàng ${number}`}
      description="Lý do và lựa chọn nhập kho được ghi vào lịch sử đơn hàng; người mua nhận email báo hủy kèm lý do."
      label="Hủy đơn hàng"
      busyLabel="Đang hủy..."
    >
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="status" value="cancelled" />
      <input type="hidden" name="version" value={version} />
      <ReasonField id="cancel-reason" label="Lý do hủy" error={state.error} />
      <div className="flex items-start gap-3">
        <input
          id="cancel-restock"
          name="restock"
          type="checkbox"
          defaultChecked={!shipped}
          className="mt-0.5 size-5 accent-brand-teal-strong"
          aria-describedby="cancel-restock-hint"
        />
        <div className="flex flex-col gap-0.5">
          <Label htmlFor="cancel-restock">Nhập lại hàng vào kho</Label>
          <p id="cancel-restock-hint" className="text-xs text-brand-cool-gray">
            {shipped
              ? "Đơn đã được giao đi: chỉ chọn khi hàng đã thực sự về lại kho."
              : "Đơn chưa được giao đi: hàng vẫn ở kho."}
          </p>
        </div>
      </div>
    </ReasonDialog>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-brand-cool-gray">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

function HistoryList({ history }: { history: OrderHistoryEntry[] }) {
  return (
    <ol className="flex flex-col gap-3" data-testid="order-history">
      {[...history].reverse().map((entry) => {
        const payment = entry.toPaymentStatus !== null && entry.fromPaymentStatus !== null;
        let text: string;
        if (entry.fromStatus === null) text = `Đơn hàng được tạo · ${orderStatusLabels[entry.toStatus]}`;
        else if (payment)
          text = `Thanh toán: ${paymentStatusLabels[entry.fromPaymentStatus!]} → ${paymentStatusLabels[entry.toPaymentStatus!]}`;
        // A row that kept the status (an unanswered confirmation call) is told by its note.
        else if (entry.fromStatus === entry.toStatus && entry.note) text = entry.note;
        else text = `${orderStatusLabels[entry.fromStatus]} → ${orderStatusLabels[entry.toStatus]}`;
        const toldByNote = !payment && entry.fromStatus === entry.toStatus;
        return (
          <li key={entry.id} className="flex gap-3 text-sm">
            <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-teal-strong" aria-hidden="true" />
            <div className="flex flex-col">
              <span className="font-medium">{text}</span>
              {entry.fromStatus !== null && entry.note && !toldByNote && (
                <span className="break-words">{entry.note}</span>
              )}
              <span className="text-xs text-brand-cool-gray">
                {formatDateTimeVi(entry.createdAt)} ·{" "}
                {entry.changedByName ?? (entry.fromStatus === null ? "Khách hàng" : "—")}
              </span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
