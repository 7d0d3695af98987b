import type { ComponentProps } from "react";
import { Link } from "react-router";
import { cn } from "./cn";

/**
 * A data table that scrolls sideways inside its card on narrow screens. The wrapper is
 * positioned so that absolutely positioned content (the sr-only header labels) is clipped by
 * it too: otherwise that content overflows the page and a phone zooms the whole page out.
 */
export function Table({ className, label, ...props }: ComponentProps<"table"> & { label?: string }) {
  return (
    <div
      className="relative overflow-x-auto rounded-xl border border-brand-charcoal/10 bg-white"
      role={label ? "region" : undefined}
      aria-label={label}
      tabIndex={label ? 0 : undefined}
    >
      <table className={cn("w-full caption-bottom border-collapse text-sm", className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("bg-brand-white/70 text-left", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-b border-brand-charcoal/10 hover:bg-brand-white/40", className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      scope="col"
      className={cn(
        "h-11 px-3 text-xs font-semibold tracking-wide whitespace-nowrap text-brand-cool-gray uppercase first:pl-4 last:pr-4",
        className,
      )}
      {...props}
    />
  );
}

/** A body cell, its content centred vertically; `top`: aligned to the top (rows of uneven height). */
export function TableCell({ className, top = false, ...props }: ComponentProps<"td"> & { top?: boolean }) {
  return (
    <td className={cn("px-3 py-3 first:pl-4 last:pr-4", top ? "align-top" : "align-middle", className)} {...props} />
  );
}

/** A full-width row for an empty list. */
export function TableEmpty({ colSpan, children }: { colSpan: number; children: React.ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-12 text-center text-brand-cool-gray">
        {children}
      </td>
    </tr>
  );
}

/** The header of a list's last column (its row links), named for screen readers only. */
export function TableActionsHead() {
  return (
    <TableHead>
      <span className="sr-only">Thao tác</span>
    </TableHead>
  );
}

/** A list row's last cell: "Chi tiết", the link to its detail page; `label` says which row for screen readers. */
export function TableDetailsCell({ to, label }: { to: string; label: string }) {
  return (
    <TableCell className="text-right">
      <Link
        to={to}
        className="inline-flex h-9 items-center rounded-full px-3 text-sm font-medium whitespace-nowrap text-brand-teal-strong hover:bg-brand-white"
        aria-label={label}
      >
        Chi tiết
      </Link>
    </TableCell>
  );
}
