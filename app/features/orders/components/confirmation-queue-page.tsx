import { Phone } from "~/components/ui/icons";
import { Form, Link, useActionData } from "react-router";
import { Button } from "~/components/ui/button";
import type { ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { Badge } from "~/components/ui/badge";
import { Pagination } from "~/components/ui/pagination";
import {
  Table,
  TableActionsHead,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { formatDateTimeVi } from "~/lib/dates";
import { formatVnd } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { listPageHref, type Page } from "~/lib/pagination";
import { nationalPhone } from "~/lib/phone";
import type { ConfirmationQueueRow } from "../confirmation.server";
import { RiskFlag } from "./orders-page";
import { OrdersTabs } from "./orders-tabs";

export interface ConfirmationQueuePageProps {
  queue: Page<ConfirmationQueueRow>;
  maxAttempts: number;
  requireConfirmation: boolean;
  /** The member viewing the queue (their own holds read "Bạn đang gọi"). */
  currentUserId: string;
}

/** "Cần xác nhận": the orders to call, the retries that are due first (issue 16). */
export function ConfirmationQueuePage({
  queue,
  maxAttempts,
  requireConfirmation,
  currentUserId,
}: ConfirmationQueuePageProps) {
  const due = queue.rows.filter((r) => r.due).length;
  return (
    <>
      <AdminPageHeader
        title="Cần xác nhận"
        description={`${queue.total.toLocaleString("vi-VN")} đơn chờ gọi xác nhận với người mua, đơn đến hạn gọi lại ở trên cùng, sau đó là đơn cũ nhất.`}
      />
      <OrdersTabs current="confirm" toConfirm={queue.total} />
      {!requireConfirmation && (
        <p className="mb-4 rounded-lg border border-brand-charcoal/10 bg-brand-white px-3 py-2 text-sm">
          Cửa hàng đang không bắt buộc xác nhận trước khi giao (
          <Link to="/admin/settings?tab=fulfilment" className="text-brand-teal-strong hover:underline">
            Cài đặt › Vận hành COD
          </Link>
          ): đơn chưa xác nhận vẫn tạo được vận đơn, trừ đơn của số bị chặn.
        </p>
      )}
      <TakeCallRefusal />
      {due > 0 && (
        <p
          role="status"
          className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {due} đơn đã đến hạn gọi lại.
        </p>
      )}
      <Table label="Đơn hàng cần xác nhận">
        <TableHeader>
          <TableRow>
            <TableHead>Mã đơn</TableHead>
            <TableHead>Người mua</TableHead>
            <TableHead className="hidden md:table-cell">Ngày đặt</TableHead>
            <TableHead>Đã gọi</TableHead>
            <TableHead className="hidden text-right md:table-cell">Tổng tiền</TableHead>
            <TableActionsHead />
          </TableRow>
        </TableHeader>
        <TableBody>
          {queue.rows.length === 0 ? (
            <TableEmpty colSpan={6}>Không có đơn nào cần xác nhận</TableEmpty>
          ) : (
            queue.rows.map((row) => {
              const phone = nationalPhone(row.phone);
              const number = formatOrderNumber(row.orderNumber);
              return (
                <TableRow key={row.id} data-testid="confirm-row" className={row.due ? "bg-amber-50/60" : undefined}>
                  <TableCell className="font-mono font-semibold whitespace-nowrap">
                    <Link
                      to={`/admin/orders/${row.id}`}
                      className="text-brand-teal-strong underline underline-offset-2"
                    >
                      {number}
                    </Link>
                    {row.flagged && <RiskFlag />}
                    {/* The date and total columns are hidden on a phone: both under the number. */}
                    <div className="mt-1 font-sans text-xs font-normal text-brand-cool-gray md:hidden">
                      {formatDateTimeVi(row.createdAt)}
                      <br />
                      {formatVnd(row.total)}
                    </div>
                  </TableCell>
                  <TableCell>
                    <div className="font-medium">{row.customerName}</div>
                    <a
                      href={`tel:${phone}`}
                      className="inline-flex min-h-9 items-center gap-1 text-sm text-brand-teal-strong hover:underline"
                      aria-label={`Gọi ${phone} (đơn ${number})`}
                    >
                      <Phone className="size-3.5" aria-hidden="true" />
                      {phone}
                    </a>
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap md:table-cell">
                    {formatDateTimeVi(row.createdAt)}
                  </TableCell>
                  <TableCell>
                    <div className="flex flex-col items-start gap-1">
                      <span className="text-sm tabular-nums">
                        {row.attempts}/{maxAttempts} lần
                      </span>
                      {row.due && <Badge variant="warning">Đến hạn gọi lại</Badge>}
                      {!row.due && row.nextConfirmationAt && (
                        <span className="text-xs text-brand-cool-gray">
                          Hẹn gọi lại: {formatDateTimeVi(row.nextConfirmationAt)}
                        </span>
                      )}
                      {row.shouldCancel && <Badge variant="danger">Nên hủy</Badge>}
                      {row.heldBy && (
                        <Badge variant={row.heldBy.userId === currentUserId ? "info" : "warning"} wrap>
                          {row.heldBy.userId === currentUserId ? "Bạn đang gọi" : `Đang gọi: ${row.heldBy.name}`}
                        </Badge>
                      )}
                    </div>
                  </TableCell>
                  <TableCell className="hidden text-right font-semibold whitespace-nowrap tabular-nums md:table-cell">
                    {formatVnd(row.total)}
                  </TableCell>
                  <TableCell className="text-right">
                    {row.heldBy && row.heldBy.userId !== currentUserId ? (
                      <Link
                        to={`/admin/orders/${row.id}`}
                        className="text-sm text-brand-teal-strong hover:underline"
                        aria-label={`Xem đơn ${number}`}
                      >
                        Xem
                      </Link>
                    ) : (
                      // Taking the call opens the order's page (a plain form: works before scripts load).
                      <Form method="post">
                        <input type="hidden" name="intent" value="take-call" />
                        <input type="hidden" name="orderId" value={row.id} />
                        <Button type="submit" size="sm" variant="teal" aria-label={`Nhận gọi đơn ${number}`}>
                          <Phone className="size-4" aria-hidden="true" />
                          Nhận gọi
                        </Button>
                      </Form>
                    )}
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
      <Pagination
        page={queue.page}
        pageCount={queue.pageCount}
        hrefFor={(page) => listPageHref("/admin/orders/confirm", {}, page)}
        className="mt-4"
      />
    </>
  );
}

/** "Đơn này đang được <name> gọi": a take refused because someone else was quicker. */
function TakeCallRefusal() {
  const answer = useActionData<ActionFeedbackResult>();
  if (!answer || answer.ok) return null;
  return (
    <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
      {answer.error}
    </p>
  );
}
