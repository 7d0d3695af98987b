import { AlertTriangle, Ban, ShieldCheck } from "~/components/ui/icons";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { formatDateTimeVi } from "~/lib/dates";
import { formatVnd } from "~/lib/money";
import { ReasonDialog, useReasonDialog } from "./reason-dialog";
import type { BuyerRisk } from "../buyer-risk.server";
import { nationalPhone } from "~/lib/phone";

const blockToasts = {
  "block-phone": { title: "Thành công", description: "Đã chặn số điện thoại" },
  "unblock-phone": { title: "Thành công", description: "Đã bỏ chặn số điện thoại" },
};

/**
 * "Lịch sử người mua" (issue 16): the phone's orders in this shop, the reasons to be careful, and
 * blocking the phone (its orders still go through, held for confirmation and flagged).
 */
export function BuyerRiskPanel({ risk }: { risk: BuyerRisk }) {
  const fetcher = useFetcher<ActionFeedbackResult>({ key: "block-phone" });
  const [blockOpen, setBlockOpen] = useState(false);
  useActionFeedback(fetcher.data, { success: blockToasts, pending: fetcher.state !== "idle" });
  const national = nationalPhone(risk.phone);
  const figures = [
    { label: "Đã đặt", value: risk.placed },
    { label: "Đã giao", value: risk.delivered },
    { label: "Từ chối / hoàn", value: risk.refused, bad: risk.refused > 0 },
    { label: "Đã hủy", value: risk.cancelled },
    { label: "Đang mở", value: risk.open },
  ];

  return (
    <section
      aria-labelledby="buyer-risk-title"
      className="rounded-xl border border-brand-charcoal/10 bg-white p-4 shadow-xs sm:p-5"
      data-testid="buyer-risk"
    >
      <h2 id="buyer-risk-title" className="font-bold">
        Lịch sử người mua
      </h2>
      <p className="mb-3 text-xs text-brand-cool-gray">Các đơn của số {national} tại cửa hàng (kể cả đơn này)</p>
      <dl className="grid grid-cols-3 gap-2 sm:grid-cols-5 xl:grid-cols-3">
        {figures.map((f) => (
          <div
            key={f.label}
            className={`rounded-lg px-2 py-2 text-center ${f.bad ? "bg-red-50 text-red-900" : "bg-brand-charcoal/5"}`}
          >
            <dt className="text-xs">{f.label}</dt>
            <dd className="text-lg font-bold tabular-nums">{f.value}</dd>
          </div>
        ))}
      </dl>

      {risk.flags.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-1.5" aria-label="Cảnh báo">
          {risk.flags.map((flag) => (
            <li
              key={flag.kind}
              className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950"
            >
              {flag.kind === "blocked" ? (
                <Ban className="mt-0.5 size-4 shrink-0 text-red-700" aria-hidden="true" />
              ) : (
                <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
              )}
              <span className="break-words">{flag.text}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 flex items-center gap-2 text-sm text-emerald-900">
          <ShieldCheck className="size-4" aria-hidden="true" />
          Chưa có dấu hiệu rủi ro
        </p>
      )}
      {risk.averageOrderValue !== null && (
        <p className="mt-2 text-xs text-brand-cool-gray">
          Giá trị đơn trung bình của cửa hàng: {formatVnd(risk.averageOrderValue)}
        </p>
      )}

      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-brand-charcoal/10 pt-3">
        <Link
          to={`/admin/orders?q=${encodeURIComponent(national)}`}
          className="inline-flex min-h-11 items-center text-sm font-medium text-brand-teal-strong hover:underline"
        >
          Xem các đơn của số này
        </Link>
        {risk.blocked ? (
          <fetcher.Form method="post" className="ml-auto">
            <input type="hidden" name="intent" value="unblock-phone" />
            <input type="hidden" name="phone" value={risk.phone} />
            <Button type="submit" variant="ghost" size="sm" disabled={fetcher.state !== "idle"}>
              Bỏ chặn
            </Button>
          </fetcher.Form>
        ) : (
          <Button type="button" variant="danger" size="sm" className="ml-auto" onClick={() => setBlockOpen(true)}>
            <Ban className="size-4" aria-hidden="true" />
            Chặn số này
          </Button>
        )}
      </div>
      {risk.blocked && (
        <p className="mt-1 text-xs text-brand-cool-gray">
          Chặn lúc {formatDateTimeVi(risk.blocked.createdAt)}
          {risk.blocked.blockedByName ? ` bởi ${risk.blocked.blockedByName}` : ""} ·{" "}
          <Link to="/admin/blocked-phones" className="text-brand-teal-strong hover:underline">
            Danh sách số bị chặn
          </Link>
        </p>
      )}
      <BlockPhoneDialog
        key={String(blockOpen)}
        open={blockOpen}
        onOpenChange={setBlockOpen}
        phone={risk.phone}
        fetcher={fetcher}
      />
    </section>
  );
}

/** Blocking asks for a note (why: "bom hàng", refused twice…), kept with the number. */
export function BlockPhoneDialog({
  open,
  onOpenChange,
  phone,
  fetcher,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  phone: string;
  fetcher: ReturnType<typeof useFetcher<ActionFeedbackResult>>;
}) {
  const state = useReasonDialog(fetcher, onOpenChange);
  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      state={state}
      title={`Chặn số ${nationalPhone(phone)}`}
      description="Số bị chặn vẫn đặt hàng được, nhưng đơn của số này luôn phải được xác nhận trước khi giao và được gắn cảnh báo."
      label="Chặn số này"
      busyLabel="Đang chặn..."
    >
      <input type="hidden" name="intent" value="block-phone" />
      <input type="hidden" name="phone" value={phone} />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="block-note">Ghi chú</Label>
        <Textarea id="block-note" name="note" rows={3} maxLength={500} placeholder="Ví dụ: từ chối nhận hàng 2 lần" />
      </div>
    </ReasonDialog>
  );
}
