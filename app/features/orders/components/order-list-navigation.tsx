import { ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";

export interface OrderListNavigationProps {
  /** The newer order above this one in the list it was opened from, and the older one below. */
  previousId: string | null;
  nextId: string | null;
  /** That list's filters as a query string ("" for the whole list). */
  listSearch: string;
}

/** Whether a key press belongs to a field being typed in (or a shortcut of the browser). */
function isTyping(event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return true;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) ||
    target.closest("[role=dialog]") !== null
  );
}

/**
 * The previous and next order of the list the page was opened from, as links and as the keys J
 * (next, older) and K (previous, newer): a staff member works down the list without going back.
 */
export function OrderListNavigation({ previousId, nextId, listSearch }: OrderListNavigationProps) {
  const navigate = useNavigate();
  const hrefOf = (id: string) => `/admin/orders/${id}${listSearch ? `?${listSearch}` : ""}`;
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (isTyping(event)) return;
      const key = event.key.toLowerCase();
      const target = key === "j" ? nextId : key === "k" ? previousId : null;
      if (!target) return;
      event.preventDefault();
      void navigate(`/admin/orders/${target}${listSearch ? `?${listSearch}` : ""}`);
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, nextId, previousId, listSearch]);

  const linkClass =
    "inline-flex h-9 items-center gap-1 rounded-full px-3 text-sm font-medium text-brand-teal-strong hover:bg-brand-white aria-disabled:pointer-events-none aria-disabled:text-brand-cool-gray/60";
  return (
    <nav aria-label="Đơn khác trong danh sách" className="flex flex-wrap items-center gap-1 text-sm">
      {previousId ? (
        <Link to={hrefOf(previousId)} className={linkClass} aria-keyshortcuts="K">
          <ChevronLeft className="size-4" aria-hidden="true" />
          Đơn trước
        </Link>
      ) : (
        <span className={linkClass} aria-disabled="true">
          <ChevronLeft className="size-4" aria-hidden="true" />
          Đơn trước
        </span>
      )}
      {nextId ? (
        <Link to={hrefOf(nextId)} className={linkClass} aria-keyshortcuts="J">
          Đơn tiếp theo
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : (
        <span className={linkClass} aria-disabled="true">
          Đơn tiếp theo
          <ChevronRight className="size-4" aria-hidden="true" />
        </span>
      )}
      <span className="hidden text-xs text-brand-cool-gray sm:inline" data-testid="shortcut-hint">
        Phím tắt: <kbd className="rounded border px-1 font-mono">J</kbd> đơn tiếp theo ·{" "}
        <kbd className="rounded border px-1 font-mono">K</kbd> đơn trước
      </span>
    </nav>
  );
}
