import { ChevronLeft, ChevronRight } from "./icons";
import { Link } from "react-router";
import { cn } from "./cn";

/** The pages to show: first, last, and two around the current one, with gaps as null. */
export function pageWindow(page: number, pageCount: number): Array<number | null> {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  for (const [i, p] of sorted.entries()) {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(null);
    out.push(p);
  }
  return out;
}

const itemClasses = "inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-medium";
const linkClasses = `${itemClasses} hover:bg-brand-white`;

export interface PaginationLabels {
  navigation: string;
  previous: string;
  next: string;
  page: (page: number) => string;
}

/** The console's labels; the storefront passes its own language's. */
const vietnameseLabels: PaginationLabels = {
  navigation: "Phân trang",
  previous: "Trang trước",
  next: "Trang sau",
  page: (p) => `Trang ${p}`,
};

/** Page links (?page=n, other query parameters kept by `hrefFor`). Renders nothing for one page. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  className,
  labels = vietnameseLabels,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  className?: string;
  labels?: PaginationLabels;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={labels.navigation} className={cn("flex flex-wrap items-center justify-center gap-1", className)}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClasses} aria-label={labels.previous}>
          <ChevronLeft className="size-4" aria-hidden="true" />
        </Link>
      ) : (
        <span className={cn(itemClasses, "opacity-40")} aria-hidden="true">
          <ChevronLeft className="size-4" />
        </span>
      )}
      {pageWindow(page, pageCount).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="px-1 text-brand-cool-gray" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={p}
            to={hrefFor(p)}
            aria-label={labels.page(p)}
            aria-current={p === page ? "page" : undefined}
            className={p === page ? cn(itemClasses, "bg-brand-charcoal text-white") : linkClasses}
          >
            {p}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={linkClasses} aria-label={labels.next}>
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : (
        <span className={cn(itemClasses, "opacity-40")} aria-hidden="true">
          <ChevronRight className="size-4" />
        </span>
      )}
    </nav>
  );
}
