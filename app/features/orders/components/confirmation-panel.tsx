import {
  AlertTriangle,
  CheckCircle2,
  Copy,
  MessageCircle,
  MessageSquareText,
  Phone,
  PhoneOff,
  UserX,
} from "~/components/ui/icons";
import { useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { FormField } from "~/components/ui/label";
import { fieldError, useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { formatDateTimeVi } from "~/lib/dates";
import { nationalPhone } from "~/lib/phone";
import {
  BUYER_CANCEL_REASON_REQUIRED,
  confirmationOutcomeLabels,
  type ConfirmationOutcomeValue,
} from "../confirmation.schema";
import { ReasonDialog, ReasonField, useReasonDialog } from "./reason-dialog";
import type { ConfirmationAttemptRow } from "../confirmation.server";

export interface ConfirmationPanelProps {
  order: {
    status: string;
    phone: string;
    version: number;
    confirmedAt: Date | null;
    confirmationAttempts: number;
    nextConfirmationAt: Date | null;
  };
  number: string;
  attempts: ConfirmationAttemptRow[];
  /** The prepared message, its variables filled in. */
  message: string;
  maxAttempts: number;
  /** The next try's time has come (computed on the server, so the page renders the same in the browser). */
  due: boolean;
  /** Who is calling the buyer now (call-holds.server.ts), or null; `mine` when it is this member. */
  hold: { name: string; expiresAt: Date; mine: boolean } | null;
}

const outcomeToast: Record<ConfirmationOutcomeValue, string> = {
  confirmed: "Đã xác nhận đơn hàng với người mua",
  no_answer: "Đã ghi nhận: người mua không nghe máy",
  cancelled: "Đã hủy đơn theo yêu cầu người mua, hàng đã nhập lại kho",
};

const outcomeIcon: Record<ConfirmationOutcomeValue, typeof Phone> = {
  confirmed: CheckCircle2,
  no_answer: PhoneOff,
  cancelled: UserX,
};

/**
 * "Xác nhận đơn hàng" (issue 16): while the order waits for confirmation, the one-tap ways to reach
 * the buyer (call, Zalo, SMS with the prepared message), the three outcomes and the calls so far.
 * Once confirmed, who confirmed it and when.
 */
export function ConfirmationPanel({
  order,
  number,
  attempts,
  message,
  maxAttempts,
  due,
  hold,
}: ConfirmationPanelProps) {
  const fetcher = useFetcher<ActionFeedbackResult<{ outcome: ConfirmationOutcomeValue }>>({ key: "confirm-call" });
  const [cancelOpen, setCancelOpen] = useState(false);
  const heldByOther = hold !== null && !hold.mine;
  const busy = fetcher.state !== "idle" || heldByOther;
  useActionFeedback(fetcher.data, {
    success: (done) => (done.result ? { title: "Thành công", description: outcomeToast[done.result.outcome] } : null),
    pending: busy,
  });
  const pending = order.status === "pending";
  const confirmedBy = [...attempts].reverse().find((a) => a.outcome === "confirmed");
  const national = nationalPhone(order.phone);
  const nextTryError = fieldError(fetcher.data, "nextTryAt");
  const noteError = fieldError(fetcher.data, "note");

  function copyMessage() {
    navigator.clipboard
      .writeText(message)
      .then(() => toast.success("Đã sao chép tin nhắn"))
      .catch(() =>
        toast.error("Không sao chép được", {
          description: "Trình duyệt không cho phép; hãy chọn và sao chép tin nhắn bằng tay.",
        }),
      );
  }

  return (
    <section
      aria-labelledby="confirmation-title"
      className={`rounded-xl border bg-white p-4 shadow-xs sm:p-5 ${pending ? "border-amber-300 ring-1 ring-amber-200" : "border-brand-charcoal/10"}`}
      data-testid="confirmation-panel"
    >
      <h2 id="confirmation-title" className="mb-3 font-bold">
        Xác nhận đơn hàng
      </h2>

      {order.confirmedAt && (
        <p className="mb-3 flex items-start gap-2 text-sm text-emerald-900">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Đã xác nhận lúc {formatDateTimeVi(order.confirmedAt)}
            {confirmedBy?.byName ? ` bởi ${confirmedBy.byName}` : ""}
          </span>
        </p>
      )}

      {pending && (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-brand-cool-gray">
            Gọi hoặc nhắn cho người mua để xác nhận trước khi giao hàng: đơn COD chưa xác nhận là đơn hay bị từ chối khi
            giao.
          </p>
          <CallHoldBar hold={hold} />
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="teal">
              <a href={`tel:${national}`}>
                <Phone className="size-4" aria-hidden="true" />
                Gọi {national}
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href={`https://zalo.me/${national}`} target="_blank" rel="noreferrer">
                <MessageCircle className="size-4" aria-hidden="true" />
                Zalo
              </a>
            </Button>
            <Button asChild variant="outline">
              {/* "?&body=" works on both iOS and Android. */}
              <a href={`sms:${national}?&body=${encodeURIComponent(message)}`}>
                <MessageSquareText className="size-4" aria-hidden="true" />
                SMS
              </a>
            </Button>
          </div>

          <div className="flex flex-col gap-1.5">
            <div className="flex items-center justify-between gap-2">
              <span id="confirmation-message-label" className="text-sm font-medium">
                Tin nhắn soạn sẵn
              </span>
              <Button type="button" variant="ghost" size="sm" onClick={copyMessage}>
                <Copy className="size-4" aria-hidden="true" />
                Sao chép
              </Button>
            </div>
            <p
              aria-labelledby="confirmation-message-label"
              className="rounded-lg bg-brand-charcoal/5 px-3 py-2 text-sm break-words whitespace-pre-line"
              data-testid="confirmation-message"
            >
              {message}
            </p>
          </div>

          {order.confirmationAttempts >= maxAttempts && (
            <p
              role="status"
              className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
            >
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              Đã gọi {order.confirmationAttempts} lần không liên lạc được (tối đa {maxAttempts}): nên hủy đơn này.
            </p>
          )}
          {order.nextConfirmationAt && (
            <p className="text-sm">
              Hẹn gọi lại: <strong>{formatDateTimeVi(order.nextConfirmationAt)}</strong>
              {due ? " · đã đến hạn" : ""}
            </p>
          )}

          <fetcher.Form method="post" className="flex flex-col gap-3" key={order.version}>
            <input type="hidden" name="intent" value="confirm-call" />
            <input type="hidden" name="version" value={order.version} />
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField id="confirm-note" label="Ghi chú cuộc gọi" hint="Không bắt buộc" error={noteError}>
                {(control) => <Input {...control} name="note" maxLength={500} autoComplete="off" />}
              </FormField>
              <FormField
                id="confirm-next-try"
                label="Hẹn giờ gọi lại"
                hint="Khi không nghe máy; để trống để dùng thời gian trong cài đặt"
                error={nextTryError}
              >
                {(control) => <Input {...control} name="nextTryAt" type="datetime-local" />}
              </FormField>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="outcome" value="confirmed" disabled={busy}>
                <CheckCircle2 className="size-4" aria-hidden="true" />
                Người mua đã xác nhận
              </Button>
              <Button type="submit" name="outcome" value="no_answer" variant="outline" disabled={busy}>
                <PhoneOff className="size-4" aria-hidden="true" />
                Không nghe máy
              </Button>
              <Button
                type="button"
                variant="danger"

                onClick={() => setCancelOpen(true)}
                disabled={busy}
              >
                <UserX className="size-4" aria-hidden="true" />
                Người mua hủy đơn
              </Button>
            </div>
          </fetcher.Form>
        </div>
      )}

      {attempts.length > 0 && (
        <div className={pending ? "mt-5 border-t border-brand-charcoal/10 pt-4" : ""}>
          <h3 className="mb-2 text-sm font-semibold">Các lần gọi ({attempts.length})</h3>
          <ol className="flex flex-col gap-2" data-testid="confirmation-attempts">
            {attempts.map((attempt) => {
              const Icon = outcomeIcon[attempt.outcome];
              return (
                <li key={attempt.id} className="flex gap-2 text-sm">
                  <Icon className="mt-0.5 size-4 shrink-0 text-brand-cool-gray" aria-hidden="true" />
                  <div className="flex min-w-0 flex-col">
                    <span className="font-medium">{confirmationOutcomeLabels[attempt.outcome]}</span>
                    {attempt.note && <span className="break-words">{attempt.note}</span>}
                    <span className="text-xs text-brand-cool-gray">
                      {formatDateTimeVi(attempt.createdAt)} · {attempt.byName ?? "—"}
                      {attempt.nextTryAt ? ` · hẹn gọi lại ${formatDateTimeVi(attempt.nextTryAt)}` : ""}
                    </span>
                  </div>
                </li>
              );
            })}
          </ol>
        </div>
      )}

      {pending && (
        <BuyerCancelDialog
          key={String(cancelOpen)}
          open={cancelOpen}
          onOpenChange={setCancelOpen}
          number={number}
          version={order.version}
          fetcher={fetcher}
        />
      )}
    </section>
  );
}

function BuyerCancelDialog({
  open,
  onOpenChange,
  number,
  version,
  fetcher,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  number: string;
  version: number;
  fetcher: ReturnType<typeof useFetcher<ActionFeedbackResult<{ outcome: ConfirmationOutcomeValue }>>>;
}) {
  const state = useReasonDialog(fetcher, onOpenChange, BUYER_CANCEL_REASON_REQUIRED);
  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      state={state}
      alert
      title={`Người mua hủy đơn ${number}`}
      description="Đơn hàng chuyển sang “Đã hủy”, hàng được nhập lại vào kho; lý do được ghi vào lịch sử."
      label="Hủy đơn hàng"
      busyLabel="Đang hủy..."
    >
      <input type="hidden" name="intent" value="confirm-call" />
      <input type="hidden" name="outcome" value="cancelled" />
      <input type="hidden" name="version" value={version} />
      <ReasonField id="buyer-cancel-reason" label="Lý do người mua hủy" error={state.error} />
    </ReasonDialog>
  );
}

/**
 * Who is on the phone with this buyer: "Đang gọi: <name>" while another member holds the call
 * (the outcomes wait for them), or the member's own hold with "Giữ thêm", or "Nhận gọi".
 */
function CallHoldBar({ hold }: { hold: ConfirmationPanelProps["hold"] }) {
  const fetcher = useFetcher<ActionFeedbackResult<{ expiresAt: Date }>>({ key: "take-call" });
  useActionFeedback(fetcher.data, {
    success: { "take-call": { title: "Đã nhận cuộc gọi", description: "Người khác không ghi kết quả được trong lúc bạn gọi." } },
    pending: fetcher.state !== "idle",
  });
  if (hold && !hold.mine)
    return (
      <p
        role="status"
        data-testid="call-hold"
        className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
      >
        <Phone className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Đang gọi: <strong>{hold.name}</strong> (đến {formatDateTimeVi(hold.expiresAt)}). Kết quả cuộc gọi do người
          này ghi.
        </span>
      </p>
    );
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2 text-sm" data-testid="call-hold">
      <input type="hidden" name="intent" value="take-call" />
      {hold?.mine && <span>Bạn đang gọi đơn này (đến {formatDateTimeVi(hold.expiresAt)}).</span>}
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
        <Phone className="size-4" aria-hidden="true" />
        {hold?.mine ? "Giữ thêm" : "Nhận gọi"}
      </Button>
    </fetcher.Form>
  );
}
