import { useRef, useState } from "react";
import { Form, Link, useActionData, useNavigation, useSubmit } from "react-router";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { CircleAlert, CircleCheck } from "~/components/ui/icons";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { FormAlert } from "~/features/auth/components/form-alert";
import { formatDateTimeVi } from "~/lib/dates";
import type { GoLiveChecklist, GoLiveItem } from "../go-live.server";

/** The action's answer: a go-live, or an item the owner confirmed. */
export type GoLiveActionResult = ActionFeedbackResult<{ message: string }>;

/** What the samples going live removes, in words. */
function samplesSentence(samples: GoLiveChecklist["samples"]): string {
  const parts = [
    samples.reviews > 0 ? `${samples.reviews.toLocaleString("vi-VN")} đánh giá mẫu (không phải của người mua)` : null,
    samples.testimonials ? 'mục "Cảm nhận khách hàng" mẫu trên trang chủ (được ẩn, bạn có thể viết lại và bật)' : null,
  ].filter(Boolean);
  return parts.length > 0
    ? `Sẽ xóa: ${parts.join("; ")}. Nội dung bạn đã tự viết hoặc sửa được giữ nguyên.`
    : "Không còn nội dung mẫu nào để xóa.";
}

/**
 * "Mở bán": the go-live checklist (each item computed on the server, with where to do it) and the
 * owner's one action that removes the samples and records the shop as live. A plain form post
 * without JavaScript; with it, a confirm dialog first.
 */
export function GoLivePage({ checklist }: { checklist: GoLiveChecklist }) {
  const result = useActionData() as GoLiveActionResult | undefined;
  const navigation = useNavigation();
  const submit = useSubmit();
  const goLiveForm = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "go-live";
  useActionFeedback(result, {
    success: (done) => (done.result ? { title: done.result.message } : null),
    onSuccess: () => setConfirming(false),
  });
  const open = checklist.items.filter((item) => !item.done);

  return (
    <section aria-labelledby="admin-page-title" className="flex max-w-3xl flex-col gap-6">
      <AdminPageHeader
        title="Mở bán"
        description="Những việc cần làm trước khi bán cho khách thật. Mỗi mục được kiểm tra từ cài đặt hiện tại của cửa hàng."
      />

      {checklist.live ? (
        <p role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
          Cửa hàng đã mở bán chính thức từ {formatDateTimeVi(checklist.live.at)}
          {checklist.live.by ? ` (${checklist.live.by})` : ""}. Trang sản phẩm chỉ hiện đánh giá của người mua thật.
        </p>
      ) : (
        <p className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          Cửa hàng đang ở chế độ mẫu: đánh giá mẫu hiện trên trang sản phẩm với nhãn &quot;Đánh giá mẫu&quot;.{" "}
          {open.length === 0 ? "Mọi mục đã xong." : `Còn ${open.length.toLocaleString("vi-VN")} mục chưa xong.`}
        </p>
      )}

      {result?.ok === true && result.result && (
        <p role="status" className="text-sm text-emerald-900">
          {result.result.message}
        </p>
      )}
      <FormAlert message={result?.ok === false ? result.error : null} />

      <ol className="flex flex-col gap-3" aria-label="Danh sách việc cần làm">
        {checklist.items.map((item) => (
          <li key={item.key}>
            <ChecklistItem item={item} />
          </li>
        ))}
      </ol>

      {!checklist.live && (
        <Form
          ref={goLiveForm}
          method="post"
          className="flex flex-col gap-3 rounded-2xl border border-brand-charcoal/10 bg-white p-4 sm:p-6"
          aria-label="Mở bán chính thức"
          onSubmit={(event) => {
            // With JavaScript the owner confirms in a dialog first; without it the button posts at once.
            event.preventDefault();
            setConfirming(true);
          }}
        >
          <input type="hidden" name="intent" value="go-live" />
          <h2 className="text-lg font-semibold">Mở bán chính thức</h2>
          <p className="text-sm text-brand-cool-gray">{samplesSentence(checklist.samples)}</p>
          {!checklist.ready && (
            <p className="text-sm text-red-800">
              Cần hoàn tất các mục bắt buộc (thông tin doanh nghiệp và liên hệ) trước khi mở bán.
            </p>
          )}
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? "Đang mở bán..." : "Mở bán chính thức"}
            </Button>
          </div>
        </Form>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Mở bán chính thức?"
        description={`${samplesSentence(checklist.samples)} Việc này không hoàn tác được.`}
        confirmLabel="Mở bán"
        cancelLabel="Để sau"
        busyLabel="Đang mở bán..."
        busy={busy}
        destructive
        onConfirm={() => goLiveForm.current && submit(goLiveForm.current, { method: "post" })}
      />
    </section>
  );
}

function ChecklistItem({ item }: { item: GoLiveItem }) {
  const Icon = item.done ? CircleCheck : CircleAlert;
  return (
    <div className="flex gap-3 rounded-2xl border border-brand-charcoal/10 bg-white p-4">
      <Icon
        className={item.done ? "mt-0.5 size-5 shrink-0 text-emerald-700" : "mt-0.5 size-5 shrink-0 text-amber-700"}
        aria-hidden="true"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold">{item.title}</h2>
          <Badge variant={item.done ? "success" : item.required ? "danger" : "warning"}>
            {item.done ? "Đã xong" : item.required ? "Bắt buộc" : "Chưa xong"}
          </Badge>
        </div>
        <p className="text-sm break-words text-brand-cool-gray">{item.detail}</p>
        {item.confirmedBy && (
          <p className="text-xs text-brand-cool-gray">
            Xác nhận bởi {item.confirmedBy.by}, {formatDateTimeVi(item.confirmedBy.at)}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {item.href && (
            <Button asChild variant="outline" size="sm">
              <Link to={item.href}>{item.done ? "Xem" : "Làm ngay"}</Link>
            </Button>
          )}
          {item.confirmable && !item.confirmedBy && (
            <Form method="post">
              <input type="hidden" name="intent" value="confirm" />
              <input type="hidden" name="item" value={item.key} />
              <Button type="submit" variant="ghost" size="sm">
                {item.key === "shipping" ? "Tôi tự gửi hàng, không dùng hãng kết nối" : "Tôi đã đọc lại"}
              </Button>
            </Form>
          )}
        </div>
      </div>
    </div>
  );
}
