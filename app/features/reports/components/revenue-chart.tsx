import { formatIsoDayVi } from "~/lib/dates";
import { formatVnd, formatVndShort, roundAxisTop } from "~/lib/money";
import type { RevenuePoint } from "../reports.schema";

/**
 * Revenue per day (or week) as bars: plain elements, no chart library. The figures are also in
 * a table for screen readers; each bar shows its day and amount on hover.
 */
export function RevenueChart({
  points,
  granularity = "day",
  title,
}: {
  points: RevenuePoint[];
  granularity?: "day" | "week";
  title: string;
}) {
  const max = roundAxisTop(Math.max(0, ...points.map((p) => p.revenue)));
  const total = points.reduce((sum, p) => sum + p.revenue, 0);
  const labelEvery = Math.max(1, Math.ceil(points.length / 8));
  const unit = granularity === "week" ? "Tuần từ" : "Ngày";
  return (
    <figure className="relative flex flex-col gap-3">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-bold">{title}</span>
        <span className="text-sm text-brand-cool-gray">Tổng: {formatVnd(total)}</span>
      </figcaption>
      {total === 0 ? (
        <p className="flex h-48 items-center justify-center rounded-lg border border-dashed border-brand-charcoal/15 text-sm text-brand-cool-gray">
          Chưa có doanh thu trong kỳ này
        </p>
      ) : (
        <div className="flex gap-2" aria-hidden="true">
          <div className="flex h-48 w-12 shrink-0 flex-col justify-between text-right text-xs text-brand-cool-gray tabular-nums">
            <span>{formatVndShort(max)}</span>
            <span>{formatVndShort(max / 2)}</span>
            <span>0</span>
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="relative flex h-48 items-end gap-px border-b border-l border-brand-charcoal/15 sm:gap-0.5">
              <div className="pointer-events-none absolute inset-x-0 top-0 border-t border-dashed border-brand-charcoal/10" />
              <div className="pointer-events-none absolute inset-x-0 top-1/2 border-t border-dashed border-brand-charcoal/10" />
              {points.map((p) => (
                <div
                  key={p.day}
                  className="group relative flex h-full min-w-0 flex-1 items-end"
                  title={`${unit} ${formatIsoDayVi(p.day, true)}: ${formatVnd(p.revenue)} (${p.orders} đơn)`}
                >
                  <div
                    className="w-full rounded-t-sm bg-brand-teal-strong/80 transition group-hover:bg-brand-teal-strong"
                    style={{
                      height: max > 0 ? `${Math.max((p.revenue / max) * 100, p.revenue > 0 ? 1.5 : 0)}%` : "0%",
                    }}
                  />
                </div>
              ))}
            </div>
            <div className="flex gap-px text-[11px] text-brand-cool-gray sm:gap-0.5">
              {points.map((p, i) => (
                <span key={p.day} className="min-w-0 flex-1 overflow-visible text-center whitespace-nowrap">
                  {i % labelEvery === 0 ? formatIsoDayVi(p.day) : ""}
                </span>
              ))}
            </div>
          </div>
        </div>
      )}
      {/* The wrapper hides it: a table ignores sr-only's 1px height and would leave a blank scroll area. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{unit}</th>
              <th scope="col">Doanh thu</th>
              <th scope="col">Số đơn</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.day}>
                <td>{formatIsoDayVi(p.day, true)}</td>
                <td>{formatVnd(p.revenue)}</td>
                <td>{p.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
