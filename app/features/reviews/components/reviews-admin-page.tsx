import { Trash2 } from "~/components/ui/icons";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Pagination } from "~/components/ui/pagination";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { REVIEW_REPLY_MAX } from "../review-rules";
import { formatDateTimeVi } from "~/lib/dates";
import { formatOrderNumber } from "~/lib/order-number";
import { listPageHref, type Page } from "~/lib/pagination";
import type { ReviewListRow } from "../reviews.server";
import type { ReviewFilter } from "../reviews.schema";
import { StarRating } from "./star-rating";
import { ReviewPhotos } from "./review-photos";

const statusBadges = {
  pending: { label: "Chờ duyệt", variant: "warning" },
  approved: { label: "Đã duyệt", variant: "success" },
  hidden: { label: "Đã ẩn", variant: "neutral" },
} as const;

const filters: Array<{ value: ReviewFilter | undefined; label: string }> = [
  { value: undefined, label: "Tất cả" },
  { value: "pending", label: "Chờ duyệt" },
  { value: "approved", label: "Đã duyệt" },
  { value: "hidden", label: "Đã ẩn" },
  { value: "demo", label: "Đánh giá mẫu" },
];

const successToasts = {
  approve: { title: "Đã duyệt", description: "Đánh giá đã hiển thị trên trang sản phẩm" },
  hide: { title: "Đã ẩn", description: "Đánh giá không còn hiển thị trên trang sản phẩm" },
  reply: { title: "Đã lưu phản hồi", description: "Phản hồi hiển thị dưới đánh giá khi đánh giá được duyệt" },
  "delete-demo": { title: "Đã xóa", description: "Đã xóa tất cả đánh giá mẫu" },
};

export interface ReviewsAdminPageProps {
  list: Page<ReviewListRow>;
  filter: ReviewFilter | undefined;
  counts: Record<ReviewFilter, number>;
}

/**
 * "Đánh giá": buyers' reviews waiting for approval and those already shown or hidden, filtered by
 * status or demo; approve, hide and reply per review; every seeded demo review removed at once.
 */
export function ReviewsAdminPage({ list, filter, counts }: ReviewsAdminPageProps) {
  const [confirming, setConfirming] = useState(false);
  const removeDemo = useFetcher<ActionFeedbackResult>();
  useActionFeedback(removeDemo.data, {
    success: successToasts,
    pending: removeDemo.state !== "idle",
    onSuccess: () => setConfirming(false),
  });
  const total = counts.pending + counts.approved + counts.hidden;

  return (
    <section aria-labelledby="admin-page-title">
      <AdminPageHeader
        title="Đánh giá"
        description="Đánh giá của người mua đơn đã giao: duyệt để hiển thị trên trang sản phẩm, ẩn, hoặc trả lời."
      >
        {counts.demo > 0 && (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            <Trash2 className="size-4" aria-hidden="true" />
            Xóa tất cả đánh giá mẫu
          </Button>
        )}
      </AdminPageHeader>

      <nav aria-label="Lọc đánh giá" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {filters.map((item) => {
            const current = item.value === filter;
            const n = item.value ? counts[item.value] : total;
            return (
              <li key={item.label}>
                <Link
                  to={listPageHref("/admin/reviews", { filter: item.value }, 1)}
                  aria-current={current ? "page" : undefined}
                  className={
                    current
                      ? "inline-flex h-9 items-center gap-1.5 rounded-full bg-brand-charcoal px-4 text-sm font-medium text-white"
                      : "inline-flex h-9 items-center gap-1.5 rounded-full border border-brand-charcoal/20 bg-white px-4 text-sm font-medium hover:bg-brand-charcoal/5"
                  }
                >
                  {item.label}
                  <span className={current ? "text-white/80" : "text-brand-cool-gray"}>{n.toLocaleString("vi-VN")}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <p className="mb-3 text-sm text-brand-cool-gray" aria-live="polite">
        {list.total.toLocaleString("vi-VN")} đánh giá
      </p>
      {list.rows.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-brand-charcoal/20 bg-white p-8 text-center text-brand-cool-gray">
          {filter ? "Không có đánh giá nào khớp" : "Chưa có đánh giá nào"}
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {list.rows.map((row) => (
            <li key={row.id}>
              <ReviewCard row={row} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        hrefFor={(page) => listPageHref("/admin/reviews", { filter }, page)}
        className="mt-4"
      />

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Xóa tất cả đánh giá mẫu"
        description={`${counts.demo.toLocaleString("vi-VN")} đánh giá mẫu sẽ bị xóa khỏi cửa hàng. Đánh giá của người mua thật được giữ nguyên.`}
        confirmLabel="Xóa tất cả"
        cancelLabel="Giữ lại"
        busyLabel="Đang xóa..."
        busy={removeDemo.state !== "idle"}
        onConfirm={() => removeDemo.submit({ intent: "delete-demo" }, { method: "post" })}
      />
    </section>
  );
}

function ReviewCard({ row }: { row: ReviewListRow }) {
  const act = useFetcher<ActionFeedbackResult>({ key: `review-${row.id}` });
  useActionFeedback(act.data, { success: successToasts, pending: act.state !== "idle" });
  const busy = act.state !== "idle";
  const status = statusBadges[row.status];
  const replyId = `review-${row.id}-reply`;
  const replyError = act.data?.ok === false && act.data.intent === "reply" ? act.data.fieldErrors?.reply : undefined;

  return (
    <article
      aria-labelledby={`review-${row.id}-product`}
      className="flex flex-col gap-3 rounded-2xl border border-brand-charcoal/10 bg-white p-4 shadow-sm sm:p-5"
      data-testid="admin-review"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`review-${row.id}-product`} className="mr-auto font-bold">
          {row.productName}
        </h2>
        <Badge variant={status.variant}>{status.label}</Badge>
        {row.isDemo && <Badge variant="info">Đánh giá mẫu</Badge>}
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-brand-cool-gray">
        <StarRating rating={row.rating} label={`${row.rating} trên 5 sao`} />
        <span className="font-medium text-brand-charcoal">{row.displayName}</span>
        <span>{formatDateTimeVi(row.createdAt)}</span>
        {row.orderId && row.orderNumber !== null && (
          <Link to={`/admin/orders/${row.orderId}`} className="underline underline-offset-2">
            Đơn {formatOrderNumber(row.orderNumber)}
          </Link>
        )}
      </div>
      {row.title && <p className="font-semibold">{row.title}</p>}
      <p className="leading-relaxed whitespace-pre-line">{row.body}</p>
      <ReviewPhotos
        photos={row.photos}
        altOf={(index) => `Ảnh ${index + 1} của ${row.displayName}`}
        label="Ảnh của người mua"
      />
      {row.replyText && (
        <div className="rounded-xl bg-brand-white p-3 text-sm">
          <p className="font-semibold">
            Phản hồi của cửa hàng
            {row.replyByName && <span className="font-normal text-brand-cool-gray"> · {row.replyByName}</span>}
            {row.repliedAt && <span className="font-normal text-brand-cool-gray"> · {formatDateTimeVi(row.repliedAt)}</span>}
          </p>
          <p className="mt-1 whitespace-pre-line">{row.replyText}</p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {row.status !== "approved" && (
          <act.Form method="post">
            <input type="hidden" name="id" value={row.id} />
            <Button type="submit" name="intent" value="approve" size="sm" variant="teal" disabled={busy}>
              Duyệt
            </Button>
          </act.Form>
        )}
        {row.status !== "hidden" && (
          <act.Form method="post">
            <input type="hidden" name="id" value={row.id} />
            <Button type="submit" name="intent" value="hide" size="sm" variant="outline" disabled={busy}>
              Ẩn
            </Button>
          </act.Form>
        )}
      </div>
      <details className="group">
        <summary className="cursor-pointer text-sm font-medium text-brand-teal-strong">
          {row.replyText ? "Sửa phản hồi" : "Trả lời"}
        </summary>
        <act.Form method="post" className="mt-2 flex flex-col gap-2">
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="id" value={row.id} />
          <Label htmlFor={replyId}>Phản hồi hiển thị dưới đánh giá (để trống để xóa)</Label>
          <Textarea
            id={replyId}
            name="reply"
            rows={3}
            maxLength={REVIEW_REPLY_MAX}
            defaultValue={row.replyText ?? ""}
            aria-invalid={replyError ? true : undefined}
            aria-describedby={replyError ? `${replyId}-error` : undefined}
          />
          {replyError && (
            <p id={`${replyId}-error`} className="text-sm text-red-700">
              {replyError}
            </p>
          )}
          <div>
            <Button type="submit" size="sm" disabled={busy}>
              Lưu phản hồi
            </Button>
          </div>
        </act.Form>
      </details>
    </article>
  );
}
