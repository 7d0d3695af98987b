import { useId } from "react";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { formatDateTimeVi, formatIsoDayVi } from "~/lib/dates";
import { formatVnd } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { outstandingBuckets } from "../cod.schema";
import type { CodPageData } from "../remittances.server";

// The COD page's tables: money carriers still owe by age, their fees per month, past payouts (with "Đối soát lại").

export function Card({
  id,
  title,
  description,
  children,
}: {
  id?: string;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="mb-6 scroll-mt-20 rounded-xl border border-brand-charcoal/10 bg-white p-4 shadow-xs sm:p-5"
    >
      <h2 id={headingId} className="text-lg font-bold">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-brand-cool-gray">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Carrier select with "Khác" and a name field. */

export function OrderLink({ orderId, orderNumber }: { orderId: string | null; orderNumber: number | null }) {
  if (!orderId || orderNumber === null) return <span className="text-brand-cool-gray">—</span>;
  return (
    <Link to={`/admin/orders/${orderId}`} className="font-mono font-semibold text-brand-teal-strong hover:underline">
      {formatOrderNumber(orderNumber)}
    </Link>
  );
}

export function Outstanding({ outstanding }: { outstanding: CodPageData["outstanding"] }) {
  return (
    <Card
      id="cod-outstanding"
      title="COD chưa đối soát"
      description="Đơn đã giao mà cửa hàng chưa nhận tiền thu hộ (đơn giao không qua vận đơn nằm ở dòng “Chưa có vận đơn”), theo hãng và số ngày kể từ khi giao."
    >
      <Table label="COD chưa đối soát theo hãng và tuổi nợ" data-testid="outstanding-table">
        <TableHeader>
          <TableRow>
            <TableHead>Hãng</TableHead>
            {outstandingBuckets.map((b) => (
              <TableHead key={b.key} className="text-right">
                {b.label}
              </TableHead>
            ))}
            <TableHead className="text-right">Tổng</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {outstanding.carriers.length === 0 ? (
            <TableEmpty colSpan={outstandingBuckets.length + 2}>Không còn khoản thu hộ nào chưa đối soát</TableEmpty>
          ) : (
            <>
              {outstanding.carriers.map((c) => (
                <TableRow key={c.carrierName}>
                  <TableCell className="font-medium">{c.carrierName}</TableCell>
                  {outstandingBuckets.map((b) => (
                    <AmountCell key={b.key} cell={c.buckets[b.key]} />
                  ))}
                  <AmountCell cell={c.total} strong />
                </TableRow>
              ))}
              <TableRow className="bg-brand-white/70 font-semibold">
                <TableCell>Tổng cộng</TableCell>
                {outstandingBuckets.map((b) => (
                  <AmountCell key={b.key} cell={outstanding.buckets[b.key]} strong />
                ))}
                <AmountCell cell={outstanding.total} strong />
              </TableRow>
            </>
          )}
        </TableBody>
      </Table>
      {outstanding.shipments.length > 0 && (
        <details className="mt-4 group">
          <summary className="cursor-pointer rounded text-sm font-medium text-brand-teal-strong focus-visible:ring-2 focus-visible:ring-brand-teal-strong focus-visible:outline-none">
            Xem{" "}
            {outstanding.shipments.length < outstanding.total.count
              ? `${outstanding.shipments.length} vận đơn lâu nhất`
              : `${outstanding.total.count} vận đơn`}
          </summary>
          <div className="mt-3">
            <Table label="Vận đơn chưa đối soát">
              <TableHeader>
                <TableRow>
                  <TableHead>Mã vận đơn</TableHead>
                  <TableHead>Đơn hàng</TableHead>
                  <TableHead>Hãng</TableHead>
                  <TableHead>Ngày giao</TableHead>
                  <TableHead className="text-right">Số ngày</TableHead>
                  <TableHead className="text-right">Tiền thu hộ</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {outstanding.shipments.map((s) => (
                  <TableRow key={s.orderId}>
                    <TableCell className="font-mono">{s.trackingCode ?? "—"}</TableCell>
                    <TableCell>
                      <OrderLink orderId={s.orderId} orderNumber={s.orderNumber} />
                    </TableCell>
                    <TableCell>{s.carrierName}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatIsoDayVi(s.deliveredOn, true)}</TableCell>
                    <TableCell className="text-right tabular-nums">{s.ageDays}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatVnd(s.codAmount)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </details>
      )}
    </Card>
  );
}

function AmountCell({ cell, strong = false }: { cell: { count: number; sum: number }; strong?: boolean }) {
  return (
    <TableCell className="text-right whitespace-nowrap tabular-nums">
      <span className={strong ? "font-semibold" : undefined}>{formatVnd(cell.sum)}</span>
      <span className="block text-xs text-brand-cool-gray">{cell.count.toLocaleString("vi-VN")} đơn</span>
    </TableCell>
  );
}

function monthLabel(month: string): string {
  const [year, m] = month.split("-");
  return `Tháng ${Number(m)}/${year}`;
}

export function CarrierFees({ fees }: { fees: CodPageData["fees"] }) {
  return (
    <Card
      id="cod-fees"
      title="Phí vận chuyển theo tháng"
      description="6 tháng gần nhất: phí hãng trừ trong các khoản chuyển tiền, và phí báo giá của vận đơn chưa có trong khoản chuyển nào."
    >
      <Table label="Phí vận chuyển theo tháng">
        <TableHeader>
          <TableRow>
            <TableHead>Tháng</TableHead>
            <TableHead>Hãng</TableHead>
            <TableHead className="text-right">Phí đã đối soát</TableHead>
            <TableHead className="text-right">Phí chưa đối soát</TableHead>
            <TableHead className="text-right">Tổng phí</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {fees.length === 0 ? (
            <TableEmpty colSpan={5}>Chưa có phí vận chuyển nào trong 6 tháng qua</TableEmpty>
          ) : (
            fees.map((f) => (
              <TableRow key={`${f.month}-${f.carrierName}`}>
                <TableCell className="whitespace-nowrap">{monthLabel(f.month)}</TableCell>
                <TableCell>{f.carrierName}</TableCell>
                <TableCell className="text-right tabular-nums">{formatVnd(f.remittedFees)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatVnd(f.shipmentFees)}</TableCell>
                <TableCell className="text-right font-semibold tabular-nums">{formatVnd(f.total)}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </Card>
  );
}

export function PastRemittances({ remittances }: { remittances: CodPageData["remittances"] }) {
  return (
    <Card id="cod-remittances" title="Các lần đối soát" description="20 lần gần nhất.">
      <Table label="Các lần đối soát" data-testid="past-remittances">
        <TableHeader>
          <TableRow>
            <TableHead>Thời gian</TableHead>
            <TableHead>Hãng</TableHead>
            <TableHead>Nguồn</TableHead>
            <TableHead className="text-right">Tiền thu hộ</TableHead>
            <TableHead className="text-right">Phí</TableHead>
            <TableHead className="text-right">Khớp</TableHead>
            <TableHead className="text-right">Chờ xử lý</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {remittances.length === 0 ? (
            <TableEmpty colSpan={7}>Chưa đối soát lần nào</TableEmpty>
          ) : (
            remittances.map((r) => (
              <TableRow key={r.id}>
                <TableCell className="whitespace-nowrap">
                  {formatDateTimeVi(r.createdAt)}
                  {r.createdByName && <span className="block text-xs text-brand-cool-gray">{r.createdByName}</span>}
                </TableCell>
                <TableCell>{r.carrierName}</TableCell>
                <TableCell className="max-w-56 [overflow-wrap:anywhere]">
                  {r.source === "file" ? r.fileName : "Nhập tay"}
                  {r.remittedOn && (
                    <span className="block text-xs text-brand-cool-gray">
                      Ngày chuyển {formatIsoDayVi(r.remittedOn, true)}
                    </span>
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatVnd(r.codTotal)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatVnd(r.feeTotal)}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {r.matchedCount}/{r.lineCount}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {r.openCount > 0 ? (
                    <span className="inline-flex items-center gap-2">
                      <Badge variant="warning">{r.openCount}</Badge>
                      <ReevaluateRemittance remittanceId={r.id} />
                    </span>
                  ) : (
                    <span className="text-brand-cool-gray">0</span>
                  )}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </Card>
  );
}

/** "Đối soát lại" for one payout's open lines. */
function ReevaluateRemittance({ remittanceId }: { remittanceId: number }) {
  const fetcher = useFetcher<ActionFeedbackResult<{ matched: number }>>();
  const busy = fetcher.state !== "idle";
  useActionFeedback(fetcher.data, {
    pending: busy,
    success: (done) => ({
      title: "Đã đối soát lại",
      description: `${(done.result?.matched ?? 0).toLocaleString("vi-VN")} dòng khớp thêm.`,
    }),
    errorTitle: () => "Không đối soát lại được",
  });
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="reevaluate" />
      <input type="hidden" name="remittanceId" value={remittanceId} />
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        Đối soát lại
      </Button>
    </fetcher.Form>
  );
}
