import { Download, MailCheck, MailQuestion, Users } from "~/components/ui/icons";
import { useState } from "react";
import { useFetcher } from "react-router";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Pagination } from "~/components/ui/pagination";
import { SearchFilterForm } from "~/components/ui/search-filter-form";
import { StatCard } from "~/components/ui/stat-card";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { formatDateTimeVi } from "~/lib/dates";
import { listPageHref, type Page } from "~/lib/pagination";
import type { NewsletterListRow } from "../newsletter-admin.server";

const statusBadges = {
  confirmed: { label: "Đã xác nhận", variant: "success" },
  pending: { label: "Chờ xác nhận", variant: "warning" },
} as const;

const sourceLabels: Record<string, string> = {
  footer: "Chân trang",
  shop: "Trang cửa hàng",
  home: "Trang chủ",
  other: "Khác",
};

export interface NewsletterPageProps {
  list: Page<NewsletterListRow>;
  q: string;
  status: "confirmed" | "pending" | undefined;
  counts: { confirmed: number; pending: number };
  /** The owner lets this member's role export customer data (decision 0046). */
  canExport: boolean;
}

/**
 * "Bản tin": the newsletter's addresses (double opt-in, so only confirmed ones are on the list),
 * searched and filtered; an address can be unsubscribed (confirmed first) and the list exported.
 */
export function NewsletterPage({ list, q, status, counts, canExport }: NewsletterPageProps) {
  const [removing, setRemoving] = useState<NewsletterListRow | null>(null);
  const remove = useFetcher<ActionFeedbackResult>();
  useActionFeedback(remove.data, {
    success: { unsubscribe: { title: "Thành công", description: "Đã hủy đăng ký nhận bản tin" } },
    pending: remove.state !== "idle",
    onSuccess: () => setRemoving(null),
  });
  const filters = { q: q || undefined, status };
  const exportHref = `/admin/newsletter/export${listPageHref("", filters, 1)}`;

  return (
    <section aria-labelledby="admin-page-title">
      <AdminPageHeader
        title="Bản tin"
        description="Người đăng ký nhận bản tin. Chỉ địa chỉ đã xác nhận qua email mới nhận bản tin."
      >
        {canExport && (
          <Button asChild variant="outline">
            <a href={exportHref} download>
              <Download className="size-4" aria-hidden="true" />
              Xuất CSV
            </a>
          </Button>
        )}
      </AdminPageHeader>

      <div className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-3" data-testid="newsletter-counts">
        <StatCard
          label="Đã xác nhận"
          value={counts.confirmed.toLocaleString("vi-VN")}
          icon={MailCheck}
          hint="đang nhận bản tin"
          to="/admin/newsletter?status=confirmed"
        />
        <StatCard
          label="Chờ xác nhận"
          value={counts.pending.toLocaleString("vi-VN")}
          icon={MailQuestion}
          hint="chưa mở liên kết trong email"
          to="/admin/newsletter?status=pending"
        />
        <StatCard
          label="Tổng cộng"
          value={(counts.confirmed + counts.pending).toLocaleString("vi-VN")}
          icon={Users}
          hint="địa chỉ đã đăng ký"
          to="/admin/newsletter"
        />
      </div>

      <SearchFilterForm
        key={`${q}|${status ?? ""}`}
        id="newsletter"
        q={q}
        placeholder="Tìm theo email..."
        filter={{
          name: "status",
          label: "Trạng thái",
          value: status,
          allLabel: "Tất cả trạng thái",
          options: [
            { value: "confirmed", label: "Đã xác nhận" },
            { value: "pending", label: "Chờ xác nhận" },
          ],
        }}
      />

      <p className="mb-2 text-sm text-brand-cool-gray" aria-live="polite">
        {list.total.toLocaleString("vi-VN")} địa chỉ
      </p>
      <Table label="Danh sách người đăng ký bản tin">
        <TableHeader>
          <TableRow>
            <TableHead>Email</TableHead>
            <TableHead>Trạng thái</TableHead>
            <TableHead className="hidden sm:table-cell">Nguồn</TableHead>
            <TableHead className="hidden sm:table-cell">Ngày đăng ký</TableHead>
            <TableHead>
              <span className="sr-only">Thao tác</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.rows.length === 0 ? (
            <TableEmpty colSpan={5}>
              {q || status ? "Không có địa chỉ nào khớp" : "Chưa có ai đăng ký nhận bản tin"}
            </TableEmpty>
          ) : (
            list.rows.map((row) => (
              <TableRow key={row.id} data-testid="newsletter-row">
                <TableCell className="max-w-64 font-medium break-all">{row.email}</TableCell>
                <TableCell>
                  <Badge variant={statusBadges[row.status].variant}>{statusBadges[row.status].label}</Badge>
                </TableCell>
                <TableCell className="hidden sm:table-cell">{sourceLabels[row.source] ?? row.source}</TableCell>
                <TableCell className="hidden whitespace-nowrap sm:table-cell">
                  {formatDateTimeVi(row.createdAt)}
                </TableCell>
                <TableCell className="text-right">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Hủy đăng ký ${row.email}`}
                    onClick={() => setRemoving(row)}
                  >
                    Hủy đăng ký
                  </Button>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        hrefFor={(page) => listPageHref("/admin/newsletter", filters, page)}
        className="mt-4"
      />

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Hủy đăng ký nhận bản tin"
        description={`${removing?.email ?? ""} sẽ không nhận bản tin nữa. Người này có thể đăng ký lại sau.`}
        confirmLabel="Hủy đăng ký"
        cancelLabel="Giữ lại"
        busyLabel="Đang hủy..."
        busy={remove.state !== "idle"}
        onConfirm={() =>
          removing &&
          remove.submit({ intent: "unsubscribe", id: String(removing.id), email: removing.email }, { method: "post" })
        }
      />
    </section>
  );
}
