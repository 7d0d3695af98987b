import { X } from "~/components/ui/icons";
import { Form, Link, useFetcher, useSearchParams } from "react-router";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/input";
import { SHOP_TIME_ZONE } from "~/lib/dates";
import { formatOrderNumber } from "~/lib/order-number";
import { displayName } from "~/lib/person-name";
import type { getOutboxEmail, listOrdersForPreview, listOutbox, previewOrderEmail } from "../email.server";
import { orderEmailKindLabels, orderEmailKinds, type OrderEmailKind } from "../order-email-kinds";

const statusLabels = {
  pending: { label: "Đang chờ gửi", variant: "warning" },
  sent: { label: "Đã gửi", variant: "success" },
  failed: { label: "Gửi thất bại", variant: "danger" },
  logged: { label: "Đã lưu (chưa cấu hình SMTP)", variant: "info" },
} as const;

const templateLabels: Record<string, string> = {
  ...orderEmailKindLabels,
  newsletter_confirmation: "Xác nhận đăng ký bản tin",
  staff_invitation: "Lời mời nhân viên",
};

const languageLabels = { vi: "Tiếng Việt", en: "Tiếng Anh" } as const;

const dateTime = new Intl.DateTimeFormat("vi-VN", { dateStyle: "short", timeStyle: "short", timeZone: SHOP_TIME_ZONE });
const when = (value: Date | string | null) => (value ? dateTime.format(new Date(value)) : "—");

function StatusBadge({ status }: { status: keyof typeof statusLabels }) {
  const s = statusLabels[status] ?? { label: status, variant: "neutral" as const };
  // Wraps in a narrow column rather than running out of its cell ("Đã lưu (chưa cấu hình SMTP)").
  return (
    <Badge variant={s.variant} wrap>
      {s.label}
    </Badge>
  );
}

export interface EmailsPageProps {
  outbox: Awaited<ReturnType<typeof listOutbox>>;
  /** The message opened beside the list (?id=), if any. */
  message: Awaited<ReturnType<typeof getOutboxEmail>>;
  smtpConfigured: boolean;
  /** The newest orders, to preview an order e-mail with. */
  previewOrders: Awaited<ReturnType<typeof listOrdersForPreview>>;
  /** The order e-mail previewed (?preview=kind&order=id), if any. */
  preview: (NonNullable<Awaited<ReturnType<typeof previewOrderEmail>>> & { kind: OrderEmailKind }) | null;
}

/** The console's outbox: one page of queued and sent messages, and the one opened beside it ("Gửi lại" for a failed one). */
export function EmailsPage({ outbox, message, smtpConfigured, previewOrders, preview }: EmailsPageProps) {
  const [searchParams] = useSearchParams();
  const retry = useFetcher<ActionFeedbackResult>({ key: "email-retry" });
  const hrefFor = (params: Record<string, string | number | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [k, v] of Object.entries(params)) {
      if (v === null) next.delete(k);
      else next.set(k, String(v));
    }
    return `?${next.toString()}`;
  };

  // With a message or a preview open beside it, the list drops its recipient column (shown under
  // the subject instead) so the subjects stay readable in the narrower column.
  const opened = Boolean(message || preview);
  useActionFeedback(retry.data, {
    success: { retry: { title: "Đã xếp lại vào hàng đợi" } },
    pending: retry.state !== "idle",
    toastId: "email-retry",
  });

  return (
    <>
      <AdminPageHeader
        title="Email"
        description={
          smtpConfigured
            ? "Hộp thư đi: email đơn hàng được gửi qua SMTP, tự thử lại khi máy chủ thư lỗi."
            : "Chưa cấu hình SMTP (SMTP_URL): email đơn hàng được lưu tại đây để bạn đọc."
        }
      />
      <PreviewPicker orders={previewOrders} preview={preview} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <Table label="Hộp thư đi">
            <TableHeader>
              <TableRow>
                <TableHead>Ngày tạo</TableHead>
                <TableHead className={opened ? "hidden" : undefined}>Người nhận</TableHead>
                <TableHead>Tiêu đề</TableHead>
                <TableHead>Trạng thái</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {outbox.rows.length === 0 ? (
                <TableEmpty colSpan={4}>Chưa có email nào</TableEmpty>
              ) : (
                outbox.rows.map((row) => (
                  <TableRow
                    key={row.id}
                    aria-selected={message?.id === row.id ? true : undefined}
                    className={message?.id === row.id ? "bg-brand-white" : undefined}
                  >
                    <TableCell className="whitespace-nowrap">{when(row.createdAt)}</TableCell>
                    <TableCell className={opened ? "hidden" : "max-w-48 truncate"}>{row.toEmail}</TableCell>
                    <TableCell className={opened ? "min-w-48" : "max-w-72"}>
                      <Link
                        to={hrefFor({ id: row.id, preview: null, order: null })}
                        className="font-medium text-brand-teal-strong hover:underline"
                        preventScrollReset
                      >
                        {row.subject}
                      </Link>
                      <p className="text-xs text-brand-cool-gray">{templateLabels[row.template] ?? row.template}</p>
                      {opened && <p className="truncate text-xs text-brand-cool-gray">{row.toEmail}</p>}
                    </TableCell>
                    <TableCell>
                      <StatusBadge status={row.status} />
                      {row.attempts > 0 && <p className="mt-1 text-xs text-brand-cool-gray">{row.attempts} lần gửi</p>}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
          <Pagination page={outbox.page} pageCount={outbox.pageCount} hrefFor={(p) => hrefFor({ page: p, id: null })} />
        </div>
        {preview ? (
          <PreviewPanel preview={preview} closeHref={hrefFor({ preview: null, order: null })} />
        ) : message ? (
          <section
            aria-labelledby="email-title"
            className="min-w-0 rounded-xl border border-brand-charcoal/10 bg-white p-5 shadow-xs"
          >
            <div className="flex items-start justify-between gap-3">
              <h2 id="email-title" className="text-lg font-bold break-words">
                {message.subject}
              </h2>
              <Link
                to={hrefFor({ id: null })}
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-brand-white"
                aria-label="Đóng email"
              >
                <X className="size-5" aria-hidden="true" />
              </Link>
            </div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-brand-cool-gray">Đến</dt>
              <dd className="break-all">{message.toEmail}</dd>
              <dt className="text-brand-cool-gray">Trạng thái</dt>
              <dd>
                <StatusBadge status={message.status} />
              </dd>
              <dt className="text-brand-cool-gray">Tạo lúc</dt>
              <dd>{when(message.createdAt)}</dd>
              <dt className="text-brand-cool-gray">Gửi lúc</dt>
              <dd>{when(message.sentAt)}</dd>
              <dt className="text-brand-cool-gray">Số lần gửi</dt>
              <dd>{message.attempts}</dd>
              {message.lastError && (
                <>
                  <dt className="text-brand-cool-gray">Lỗi gần nhất</dt>
                  <dd className="break-words text-red-800">{message.lastError}</dd>
                </>
              )}
            </dl>
            {message.status === "failed" && message.template === "staff_invitation" && (
              <p className="mt-3 text-sm text-brand-cool-gray">Gửi lại lời mời ở trang Nhân viên: lời mời mới có liên kết mới.</p>
            )}
            {message.status === "failed" && message.template !== "staff_invitation" && (
              <retry.Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="retry" />
                <input type="hidden" name="id" value={message.id} />
                <Button type="submit" size="sm" disabled={retry.state !== "idle"}>
                  Gửi lại
                </Button>
              </retry.Form>
            )}
            <h3 className="mt-5 text-sm font-bold">Nội dung</h3>
            {message.bodyHtml ? (
              // Sandboxed (no scripts, no same-origin): the HTML is escaped when rendered, and stays inert here regardless.
              <iframe
                title="Nội dung email"
                sandbox=""
                srcDoc={message.bodyHtml}
                className="mt-2 h-96 w-full rounded-lg border border-brand-charcoal/10"
              />
            ) : (
              <p className="mt-2 rounded-lg bg-brand-white p-4 text-sm whitespace-pre-wrap">{message.bodyText}</p>
            )}
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer font-medium">Bản văn bản thuần</summary>
              <p className="mt-2 rounded-lg bg-brand-white p-4 whitespace-pre-wrap">{message.bodyText}</p>
            </details>
          </section>
        ) : outbox.rows.length === 0 ? null : (
          <p className="self-start rounded-xl border border-dashed border-brand-charcoal/20 p-6 text-sm text-brand-cool-gray">
            Chọn một email trong danh sách để xem nội dung.
          </p>
        )}
      </div>
    </>
  );
}

/** Kind and order of the order e-mail to preview (a GET form: the preview is a link that can be shared). */
function PreviewPicker({
  orders,
  preview,
}: Pick<EmailsPageProps, "preview"> & { orders: EmailsPageProps["previewOrders"] }) {
  if (orders.length === 0) return null;
  return (
    <Form
      method="get"
      preventScrollReset
      className="mb-6 flex flex-col gap-3 rounded-xl border border-brand-charcoal/10 bg-white p-4 shadow-xs sm:flex-row sm:items-end"
      aria-labelledby="email-preview-title"
    >
      <h2 id="email-preview-title" className="text-sm font-bold sm:sr-only">
        Xem trước email đơn hàng
      </h2>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Label htmlFor="preview-kind">Loại email</Label>
        <Select id="preview-kind" name="preview" defaultValue={preview?.kind ?? "order_confirmation"}>
          {orderEmailKinds.map((kind) => (
            <option key={kind} value={kind}>
              {orderEmailKindLabels[kind]}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Label htmlFor="preview-order">Đơn hàng</Label>
        <Select id="preview-order" name="order" defaultValue={preview?.order.id ?? ""}>
          <option value="">Đơn mới nhất</option>
          {orders.map((order) => (
            <option key={order.id} value={order.id}>
              {formatOrderNumber(order.orderNumber)} · {displayName(order, "vi")} · {languageLabels[order.locale]}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="outline">
        Xem trước email
      </Button>
    </Form>
  );
}

/** An order e-mail as the buyer would get it, rendered from the order's data: the HTML part sandboxed, then the text part. */
function PreviewPanel({ preview, closeHref }: { preview: NonNullable<EmailsPageProps["preview"]>; closeHref: string }) {
  const { order, rendered } = preview;
  return (
    <section
      aria-labelledby="email-title"
      className="min-w-0 rounded-xl border border-brand-charcoal/10 bg-white p-5 shadow-xs"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-brand-cool-gray uppercase">Xem trước · chưa gửi</p>
          <h2 id="email-title" className="text-lg font-bold break-words">
            {rendered.subject}
          </h2>
        </div>
        <Link
          to={closeHref}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-brand-white"
          aria-label="Đóng bản xem trước"
        >
          <X className="size-5" aria-hidden="true" />
        </Link>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-brand-cool-gray">Loại</dt>
        <dd>{orderEmailKindLabels[preview.kind]}</dd>
        <dt className="text-brand-cool-gray">Đơn hàng</dt>
        <dd>
          <Link to={`/admin/orders/${order.id}`} className="font-medium text-brand-teal-strong hover:underline">
            {formatOrderNumber(order.orderNumber)}
          </Link>
        </dd>
        <dt className="text-brand-cool-gray">Đến</dt>
        <dd className="break-all">{order.email ?? "Đơn không có email: không gửi"}</dd>
        <dt className="text-brand-cool-gray">Ngôn ngữ</dt>
        <dd>{languageLabels[order.locale]}</dd>
      </dl>
      <h3 className="mt-5 text-sm font-bold">Bản HTML</h3>
      {/* Sandboxed (no scripts, no same-origin): the HTML is escaped when rendered, and stays inert here regardless. */}
      <iframe
        title="Bản HTML của email"
        sandbox=""
        srcDoc={rendered.html}
        className="mt-2 h-[32rem] w-full rounded-lg border border-brand-charcoal/10"
      />
      <h3 className="mt-5 text-sm font-bold">Bản văn bản thuần</h3>
      <pre
        className="mt-2 max-h-96 overflow-auto rounded-lg bg-brand-white p-4 font-sans text-sm whitespace-pre-wrap"
        data-testid="email-preview-text"
      >
        {rendered.text}
      </pre>
    </section>
  );
}
