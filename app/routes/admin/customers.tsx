import { Download } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import { SearchInput } from "~/components/ui/search-input";
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
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { listCustomers } from "~/features/customers/customers.server";
import { countNewsletterSubscribers } from "~/features/newsletter/newsletter.server";
import { formatDateVi } from "~/lib/dates";
import { formatVnd } from "~/lib/money";
import { listPageHref } from "~/lib/pagination";
import type { Route } from "./+types/customers";

const querySchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await listCustomers(context.database.db, { q: query.q || undefined, page: query.page });
  // Only confirmed addresses are on the newsletter list (double opt-in); pending ones apart.
  const newsletter = await countNewsletterSubscribers(context.database.db);
  return { list, q: query.q ?? "", newsletter };
}

export const meta: Route.MetaFunction = () => adminMeta("Khách hàng");

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { list, q, newsletter } = loaderData;
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
        <Button asChild variant="outline" size="sm">
          <a href={exportHref} download>
            <Download className="size-4" aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </AdminPageHeader>

      <Form method="get" role="search" className="mb-4 flex gap-2" key={q}>
        <label htmlFor="customers-q" className="sr-only">
          Tìm khách hàng
        </label>
        <SearchInput id="customers-q" name="q" defaultValue={q} placeholder="Tìm theo tên, email, phone..." className="flex-1" />
        <Button type="submit" className="h-11">
          Tìm
        </Button>
      </Form>

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
                  {c.firstName} {c.lastName}
                </TableCell>
                <TableCell className="whitespace-nowrap">{c.email}</TableCell>
                <TableCell className="whitespace-nowrap">{c.phone || "N/A"}</TableCell>
                <TableCell className="text-right tabular-nums">{c.totalOrders}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{formatVnd(c.totalSpent)}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDateVi(c.createdAt)}</TableCell>
                <TableDetailsCell to={`/admin/customers/${c.id}`} label={`Xem khách hàng ${c.firstName} ${c.lastName}`} />
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Pagination page={list.page} pageCount={list.pageCount} hrefFor={hrefFor} className="mt-4" />
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
