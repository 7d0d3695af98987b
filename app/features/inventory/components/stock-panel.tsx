import { useRef, useState, type FormEvent } from "react";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
import { FormField } from "~/components/ui/label";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { formatDateTimeVi } from "~/lib/dates";
import { fieldErrorsOf, formValues } from "~/lib/form-fields";
import { formatOrderNumber } from "~/lib/order-number";
import {
  adjustmentReasonValues,
  MOVEMENTS_PAGE,
  stockAdjustmentSchema,
  stockMovementReasonLabels,
  type StockMovementReason,
} from "../inventory.schema";

export interface StockMovementView {
  id: number;
  createdAt: Date | string;
  delta: number;
  reason: StockMovementReason;
  balanceAfter: number;
  note: string | null;
  actorName: string | null;
  orderId: string | null;
  orderNumber: number | null;
}

export const STOCK_ADJUST_INTENT = "stock-adjust";

/** Who moved the stock: the staff member's e-mail, "Khách hàng" for a shopper's order. */
const actorOf = (m: StockMovementView) =>
  m.actorName ?? (m.orderId || m.reason === "order_placed" ? "Khách hàng" : "—");

/**
 * The product page's "Tồn kho": the stock now, an adjustment (+/−, a reason, a note) posted to
 * the page's action, and the movement history, newest first ("Xem thêm" shows older ones).
 */
export function StockPanel({
  product,
  movements,
  hasMore,
  shown,
}: {
  product: { stockQuantity: number; trackStock: boolean; lowStockThreshold: number };
  movements: StockMovementView[];
  hasMore: boolean;
  shown: number;
}) {
  const fetcher = useFetcher<ActionFeedbackResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const failure = fetcher.data && !fetcher.data.ok && fetcher.state === "idle" ? fetcher.data : null;
  const errors: Record<string, string | undefined> = { ...(failure?.fieldErrors ?? {}), ...clientErrors };
  const busy = fetcher.state !== "idle";

  useActionFeedback(fetcher.data, {
    success: { [STOCK_ADJUST_INTENT]: { title: "Đã điều chỉnh tồn kho" } },
    errorTitle: () => "Không thể điều chỉnh tồn kho",
    pending: busy,
    onSuccess: () => formRef.current?.reset(),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = stockAdjustmentSchema.safeParse(formValues(new FormData(event.currentTarget)));
    if (!parsed.success) {
      event.preventDefault();
      const found = fieldErrorsOf(parsed.error);
      setClientErrors(found);
      event.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
      return;
    }
    setClientErrors({});
  }

  const stock = product.stockQuantity;
  return (
    <section
      id="stock"
      aria-labelledby="stock-title"
      className="scroll-mt-4 rounded-xl border border-brand-charcoal/10 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="stock-title" className="text-base font-bold">
          Tồn kho
        </h2>
        <p className="text-sm" data-testid="stock-now">
          Hiện có <strong className="text-lg tabular-nums">{stock.toLocaleString("vi-VN")}</strong> sản phẩm{" "}
          {!product.trackStock ? (
            <Badge variant="neutral">Không theo dõi tồn kho</Badge>
          ) : stock <= 0 ? (
            <Badge variant="danger">Hết hàng</Badge>
          ) : stock <= product.lowStockThreshold ? (
            <Badge variant="warning">Sắp hết</Badge>
          ) : null}
        </p>
      </div>

      <fetcher.Form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={onSubmit}
        aria-label="Điều chỉnh tồn kho"
        className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-[8rem_8rem_minmax(0,12rem)_minmax(0,1fr)_auto] md:items-start"
      >
        <input type="hidden" name="intent" value={STOCK_ADJUST_INTENT} />
        <FormField id="stock-direction" label="Tăng / giảm" error={errors.direction}>
          {(f) => (
            <Select {...f} name="direction" defaultValue="in">
              <option value="in">+ Tăng</option>
              <option value="out">− Giảm</option>
            </Select>
          )}
        </FormField>
        <FormField id="stock-quantity" label="Số lượng" required error={errors.quantity}>
          {(f) => <Input {...f} name="quantity" type="number" min={1} step={1} inputMode="numeric" required />}
        </FormField>
        <FormField id="stock-reason" label="Lý do" required error={errors.reason} className="col-span-2 md:col-span-1">
          {(f) => (
            <Select {...f} name="reason" defaultValue="received">
              {adjustmentReasonValues.map((reason) => (
                <option key={reason} value={reason}>
                  {stockMovementReasonLabels[reason]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="stock-note" label="Ghi chú" error={errors.note} className="col-span-2 md:col-span-1">
          {(f) => <Input {...f} name="note" maxLength={500} placeholder="Không bắt buộc" />}
        </FormField>
        <Button type="submit" className="col-span-2 md:col-span-1 md:mt-6" disabled={busy}>
          {busy ? "Đang lưu..." : "Điều chỉnh"}
        </Button>
        {failure && !failure.fieldErrors && (
          <p role="alert" className="col-span-2 text-sm text-red-700 md:col-span-5">
            {failure.error}
          </p>
        )}
      </fetcher.Form>

      <h3 className="mt-6 mb-2 text-sm font-bold">Lịch sử kho</h3>
      {movements.length === 0 ? (
        <p className="text-sm text-brand-cool-gray">Chưa có thay đổi tồn kho nào.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label="Lịch sử kho, mới nhất trước">
            <thead className="text-left text-xs text-brand-cool-gray uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Thời gian
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Thay đổi
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Tồn sau
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Lý do
                </th>
                <th scope="col" className="hidden py-2 pl-3 font-semibold sm:table-cell">
                  Người thực hiện
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-brand-charcoal/10" data-testid="stock-movements">
              {movements.map((m) => (
                <tr key={m.id}>
                  <td className="py-2 pr-3 sm:whitespace-nowrap">{formatDateTimeVi(m.createdAt)}</td>
                  <td
                    className={`px-3 py-2 text-right font-semibold tabular-nums ${m.delta > 0 ? "text-emerald-800" : "text-red-800"}`}
                  >
                    {m.delta > 0 ? `+${m.delta}` : `−${-m.delta}`}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{m.balanceAfter}</td>
                  <td className="px-3 py-2">
                    <span>{stockMovementReasonLabels[m.reason]}</span>
                    {m.orderId && m.orderNumber !== null && (
                      <>
                        {" "}
                        <Link to={`/admin/orders/${m.orderId}`} className="text-brand-teal-strong hover:underline">
                          {formatOrderNumber(m.orderNumber)}
                        </Link>
                      </>
                    )}
                    {m.note && <span className="block text-xs break-words text-brand-cool-gray">{m.note}</span>}
                    <span className="block text-xs break-all text-brand-cool-gray sm:hidden">{actorOf(m)}</span>
                  </td>
                  <td className="hidden py-2 pl-3 break-all sm:table-cell">{actorOf(m)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hasMore && (
        <Link
          to={`?movements=${shown + MOVEMENTS_PAGE}#stock`}
          preventScrollReset
          className="mt-3 inline-flex min-h-11 items-center text-sm font-medium text-brand-teal-strong hover:underline"
        >
          Xem thêm
        </Link>
      )}
    </section>
  );
}
