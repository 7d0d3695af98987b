import { Ban, Download } from "~/components/ui/icons";
import { Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import { SearchForm } from "~/components/ui/search-filter-form";
import {
  Table,
  TableActionsHead,
  TableBody,
  TableCell,
  TableDetailsCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { formatDateVi } from "~/lib/dates";
import { formatVnd } from "~/lib/money";
import { listPageHref } from "~/lib/pagination";
import type { listCustomers } from "../customers.server";
import { displayName } from "~/lib/person-name";

export interface CustomersPageProps {
  list: Awaited<ReturnType<typeof listCustomers>>;
  /** The search as typed ("" for none). */
  q: string;
  /** Newsletter addresses: confirmed (on the list) and still waiting for their confirmation. */
  newsletter: { confirmed: number; pending: number };
  /** The owner lets this member's role export customer data (decision 0046). */
  canExport: boolean;
}

/** The console's customer list: counts, CSV export, search, one page of customers. */
export function CustomersPage({ list, q, newsletter, canExport }: CustomersPageProps) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/customers";
  const exportHref = `/admin/customers/export${q ? `?q=${encodeURIComponent(q)}` : ""}`;
  const hrefFor = (page: number) => listPageHref("/admin/customers", { q }, page);

  return (
    <>
      <AdminPageHeader
        title="Quản lý Khách hàng"
        description={
          <>
            {list.total.toLocaleString("vi-VN")} khách hàng ·{" "}
            <span data-testid="newsletter-count">
              Bản tin: {newsletter.confirmed.toLocaleString("vi-VN")} người đăng ký đã xác nhận
              {newsletter.pending > 0 && `, ${newsletter.pending.toLocaleString("vi-VN")} chờ xác nhận qua email`}
            </span>
          </>
        }
      >
        <div className="flex flex-wrap gap-2">
        <Button asChild variant="ghost" size="sm">
          <Link to="/admin/blocked-phones">
            <Ban className="size-4" aria-hidden="true" />
            Số điện thoại bị chặn
          </Link>
        </Button>
        {canExport && (
          <Button asChild variant="outline" size="sm">
            <a href={exportHref} download>
              <Download className="size-4" aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        )}
        </div>
      </AdminPageHeader>

      <SearchForm key={q} id="customers-q" q={q} label="Tìm khách hàng" placeholder="Tìm theo tên, email, phone..." />

      {loading && (
        <p role="status" className="mb-2 text-sm text-brand-cool-gray">
          Đang tải...
        </p>
      )}
      <Table label="Danh sách khách hàng">
        <TableHeader>
          <TableRow>
            <TableHead>Tên</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Số điện thoại</TableHead>
            <TableHead className="text-right">Tổng đơn</TableHead>
            <TableHead className="text-right">Tổng chi tiêu</TableHead>
            <TableHead>Ngày tạo</TableHead>
            <TableActionsHead />
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.rows.length === 0 ? (
            <TableEmpty colSpan={7}>Không có khách hàng nào</TableEmpty>
          ) : (
            list.rows.map((c) => (
              <TableRow key={c.id}>
                <TableCell className="font-medium whitespace-nowrap">
                  {displayName(c, "vi")}
                </TableCell>
                <TableCell className="whitespace-nowrap">{c.email ?? "—"}</TableCell>
                <TableCell className="whitespace-nowrap">{c.phone || "N/A"}</TableCell>
                <TableCell className="text-right tabular-nums">{c.totalOrders}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{formatVnd(c.totalSpent)}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDateVi(c.createdAt)}</TableCell>
                <TableDetailsCell
                  to={`/admin/customers/${c.id}`}
                  label={`Xem khách hàng ${displayName(c, "vi")}`}
                />
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Pagination page={list.page} pageCount={list.pageCount} hrefFor={hrefFor} className="mt-4" />
    </>
  );
}
