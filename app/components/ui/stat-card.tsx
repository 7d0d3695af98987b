import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** One figure on a console page (dashboard, reports, a customer). */
export function StatCard({ label, value, icon: Icon, hint }: { label: string; value: ReactNode; icon: LucideIcon; hint?: ReactNode }) {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-brand-charcoal/10 bg-white p-4 shadow-xs">
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
    </div>
  );
}
