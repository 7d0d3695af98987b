import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { FormField } from "~/components/ui/label";
import { fieldError, useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { formatDateTimeVi } from "~/lib/dates";
import { formatVnd } from "~/lib/money";
import { lineStatusLabels } from "../cod.schema";
import type { BulkResolution } from "../remittance-resolution.server";
import type { OpenDifference, RemittanceDifference } from "../remittances.server";
import { Card, OrderLink } from "./cod-tables";

/*
 * "Chênh lệch cần xử lý": each open line with its own note and buttons, a checkbox to pick lines for
 * one action on all of them (issue 31), and "Đối soát lại" to match every open line again.
 */

type ResolveResult = ActionFeedbackResult<{ lineId: number; status: string } | BulkResolution | { matched: number }>;

export const statusVariant = (status: RemittanceDifference["status"]) =>
  status === "amount_mismatch" ? "warning" : status === "unknown_code" ? "danger" : "neutral";

const BULK_FORM_ID = "cod-bulk-resolve";

export function OpenDifferences({ differences, canMarkPaid }: { differences: OpenDifference[]; canMarkPaid: boolean }) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const shown = new Set(differences.map((d) => d.lineId));
  // Lines resolved meanwhile leave the list, and the selection with them.
  const chosen = [...selected].filter((id) => shown.has(id));
  const toggle = (lineId: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(lineId);
      else next.delete(lineId);
      return next;
    });
  return (
    <Card
      id="cod-differences"
      title="Chênh lệch cần xử lý"
      description="Chấp nhận một khoản lệch tiền (đơn được ghi nhận đã thanh toán với ghi chú), hoặc bỏ qua dòng không thuộc về cửa hàng. Cần ghi chú lý do. Dòng chưa giao hoặc chưa tìm thấy mã tự khớp khi vận đơn được giao."
    >
      <Reevaluate />
      {differences.length === 0 ? (
        <p className="py-6 text-center text-brand-cool-gray">Không có chênh lệch nào đang chờ xử lý</p>
      ) : (
        <>
          <BulkResolve
            chosen={chosen}
            total={differences.length}
            canAccept={canMarkPaid}
            onSelectAll={(all) => setSelected(new Set(all ? differences.map((d) => d.lineId) : []))}
            onDone={() => setSelected(new Set())}
          />
          <ul className="flex flex-col gap-3" data-testid="open-differences">
            {differences.map((d) => (
              <DifferenceItem
                key={d.lineId}
                difference={d}
                canAccept={canMarkPaid}
                selected={chosen.includes(d.lineId)}
                onSelect={(on) => toggle(d.lineId, on)}
              />
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

/** "Đối soát lại" for every open line (a payout's own button is in "Các lần đối soát"). */
function Reevaluate() {
  const fetcher = useFetcher<ResolveResult>();
  const busy = fetcher.state !== "idle";
  useActionFeedback(fetcher.data, {
    pending: busy,
    success: (done) => ({
      title: "Đã đối soát lại",
      description: `${((done.result as { matched: number }).matched ?? 0).toLocaleString("vi-VN")} dòng khớp thêm.`,
    }),
    errorTitle: () => "Không đối soát lại được",
  });
  return (
    <fetcher.Form method="post" className="mb-3 flex flex-wrap items-center gap-2 text-sm text-brand-cool-gray">
      <input type="hidden" name="intent" value="reevaluate" />
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        Đối soát lại
      </Button>
      <span>Khớp lại mọi dòng còn mở với trạng thái vận đơn hiện tại.</span>
    </fetcher.Form>
  );
}

function BulkResolve({
  chosen,
  total,
  canAccept,
  onSelectAll,
  onDone,
}: {
  chosen: number[];
  total: number;
  canAccept: boolean;
  onSelectAll: (all: boolean) => void;
  onDone: () => void;
}) {
  const fetcher = useFetcher<ResolveResult>();
  const id = useId();
  const busy = fetcher.state !== "idle";
  useActionFeedback(fetcher.data, {
    pending: busy,
    onSuccess: onDone,
    success: (done) => {
      const { resolved, refused } = done.result as BulkResolution;
      return {
        title: `Đã xử lý ${resolved.length.toLocaleString("vi-VN")} dòng`,
        description: refused.length
          ? `${refused.length.toLocaleString("vi-VN")} dòng không xử lý được: ${refused[0].message}`
          : undefined,
      };
    },
    errorTitle: () => "Không xử lý được các dòng đã chọn",
  });
  return (
    <fetcher.Form
      id={BULK_FORM_ID}
      method="post"
      className="mb-4 flex flex-col gap-2 rounded-lg bg-brand-charcoal/5 p-3 sm:flex-row sm:items-end"
      aria-label="Xử lý các dòng đã chọn"
    >
      <input type="hidden" name="intent" value="resolve-many" />
      <label className="flex items-center gap-2 self-start text-sm font-medium sm:self-center">
        <input
          type="checkbox"
          className="size-4 accent-brand-teal-strong"
          checked={chosen.length === total}
          onChange={(e) => onSelectAll(e.currentTarget.checked)}
        />
        Chọn tất cả ({chosen.length}/{total})
      </label>
      <FormField
        id={`${id}-note`}
        label="Ghi chú cho các dòng đã chọn"
        error={fieldError(fetcher.data, "note") ?? fieldError(fetcher.data, "lineIds")}
        className="flex-1"
      >
        {(control) => <Input {...control} name="note" maxLength={500} placeholder="Lý do chấp nhận hoặc bỏ qua" />}
      </FormField>
      <div className="flex flex-wrap gap-2">
        {canAccept && (
          <Button type="submit" name="action" value="accept" size="sm" variant="teal" disabled={busy || !chosen.length}>
            Chấp nhận số tiền của hãng
          </Button>
        )}
        <Button
          type="submit"
          name="action"
          value="dismiss"
          size="sm"
          variant="outline"
          disabled={busy || !chosen.length}
        >
          Bỏ qua các dòng đã chọn
        </Button>
      </div>
    </fetcher.Form>
  );
}

function DifferenceItem({
  difference: d,
  canAccept,
  selected,
  onSelect,
}: {
  difference: OpenDifference;
  canAccept: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const fetcher = useFetcher<ResolveResult>();
  const id = useId();
  const busy = fetcher.state !== "idle";
  useActionFeedback(fetcher.data, {
    pending: busy,
    success: (done) =>
      done.intent === "resolve"
        ? {
            title:
              fetcher.formData?.get("action") === "accept" || (done.result as { status?: string })?.status === "matched"
                ? "Đã chấp nhận chênh lệch"
                : "Đã bỏ qua dòng",
          }
        : null,
    errorTitle: () => "Không xử lý được chênh lệch",
  });
  return (
    <li className="rounded-lg border border-brand-charcoal/10 p-3 sm:p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <input
          type="checkbox"
          name="lineIds"
          value={d.lineId}
          form={BULK_FORM_ID}
          checked={selected}
          onChange={(e) => onSelect(e.currentTarget.checked)}
          className="size-4 accent-brand-teal-strong"
          aria-label={`Chọn dòng ${d.trackingCode}`}
        />
        <Badge variant={statusVariant(d.status)}>{lineStatusLabels[d.status]}</Badge>
        <span className="font-mono font-semibold">{d.trackingCode}</span>
        <OrderLink orderId={d.orderId} orderNumber={d.orderNumber} />
        <span className="text-sm text-brand-cool-gray">
          {d.carrierName} · dòng {d.rowNumber}
          {d.fileName ? ` tệp ${d.fileName}` : " (nhập tay)"} · {formatDateTimeVi(d.importedAt)}
        </span>
      </div>
      <p className="mt-2 text-sm">
        Hãng trả <strong className="tabular-nums">{formatVnd(d.codAmount)}</strong>
        {d.expectedAmount !== null && (
          <>
            {" "}
            · cần thu <strong className="tabular-nums">{formatVnd(d.expectedAmount)}</strong>
            {d.status === "amount_mismatch" && canAccept && (
              <span className="text-red-800"> (lệch {formatVnd(d.codAmount - d.expectedAmount)})</span>
            )}
          </>
        )}
      </p>
      <fetcher.Form method="post" className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="resolve" />
        <input type="hidden" name="lineId" value={d.lineId} />
        <FormField
          id={`${id}-note`}
          label="Ghi chú"
          required
          error={fieldError(fetcher.data, "note")}
          className="flex-1"
        >
          {(control) => (
            <Input {...control} name="note" maxLength={500} placeholder="Lý do chấp nhận hoặc bỏ qua" required />
          )}
        </FormField>
        <div className="flex gap-2">
          {d.status === "amount_mismatch" && (
            <Button type="submit" name="action" value="accept" size="sm" variant="teal" disabled={busy}>
              Chấp nhận
            </Button>
          )}
          <Button type="submit" name="action" value="dismiss" size="sm" variant="outline" disabled={busy}>
            Bỏ qua
          </Button>
        </div>
      </fetcher.Form>
    </li>
  );
}
