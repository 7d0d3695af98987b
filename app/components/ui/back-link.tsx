import { ArrowLeft } from "./icons";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The "← list" link above a console page's header (e.g. "Danh sách sản phẩm", "Đơn hàng"). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="mb-3 inline-flex min-h-11 items-center gap-2 text-sm font-medium text-brand-teal-strong hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}
