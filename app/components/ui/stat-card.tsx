import type { IconComponent } from "./icons";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** One figure on a console page (dashboard, reports, a customer); with `to`, the card links to the list behind the figure. */
export function StatCard({
  label,
  value,
  icon: Icon,
  hint,
  to,
}: {
  label: string;
  value: ReactNode;
  icon: IconComponent;
  hint?: ReactNode;
  to?: string;
}) {
  const body = (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-white text-brand-teal-strong">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="flex min-w-0 flex-col">
        <span className="text-sm text-brand-cool-gray">{label}</span>
        <span className="text-xl leading-tight font-bold tabular-nums [overflow-wrap:anywhere]" data-stat={label}>
          {value}
        </span>
        {hint && <span className="text-xs text-brand-cool-gray">{hint}</span>}
      </div>
    </>
  );
  const frame = "flex items-start gap-3 rounded-xl border border-brand-charcoal/10 bg-white p-4 shadow-xs";
  if (!to) return <div className={frame}>{body}</div>;
  return (
    <Link
      to={to}
      className={`${frame} transition-colors hover:border-brand-teal-strong/40 hover:bg-brand-white/40 focus-visible:ring-2 focus-visible:ring-brand-teal-strong focus-visible:outline-none`}
    >
      {body}
    </Link>
  );
}
