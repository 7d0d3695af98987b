import { Link } from "react-router";
import { cn } from "~/components/ui/cn";

/** The period links of the dashboard and the reports (`?period=`), the current one marked. */
export function PeriodSwitch<P extends string>({
  label,
  periods,
  current,
}: {
  /** The navigation's name ("Kỳ báo cáo"). */
  label: string;
  periods: ReadonlyArray<{ value: P; label: string }>;
  current: P;
}) {
  return (
    <nav aria-label={label}>
      <ul className="inline-flex flex-wrap gap-1 rounded-full border border-brand-charcoal/10 bg-white p-1">
        {periods.map(({ value, label: text }) => (
          <li key={value}>
            <Link
              to={`?period=${value}`}
              aria-current={value === current ? "page" : undefined}
              preventScrollReset
              className={cn(
                "inline-flex h-9 items-center rounded-full px-4 text-sm font-medium",
                value === current ? "bg-brand-charcoal text-white" : "text-brand-charcoal hover:bg-brand-white",
              )}
            >
              {text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
