import { Plus } from "~/components/ui/icons";
import { useState } from "react";
import { useFetcher } from "react-router";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useRowDialog } from "~/components/ui/form-dialog";
import { RowActions, RowEditButton } from "~/components/ui/row-actions";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { formatVnd } from "~/lib/money";
import { discountTypeLabels } from "../discounts.schema";
import type { listDiscountCodes } from "../discounts.server";
import { DiscountDialog, type EditableDiscount } from "./discount-dialog";

const dateFormat = new Intl.DateTimeFormat("vi-VN", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "Asia/Ho_Chi_Minh",
});

function valueText(d: EditableDiscount): string {
  if (d.type === "percent") return `${d.value}%`;
  if (d.type === "fixed") return formatVnd(d.value);
  return "Miễn phí ship";
}

function status(d: EditableDiscount, now: number) {
  if (!d.isActive) return <Badge variant="neutral">Đã tắt</Badge>;
  if (d.endsAt && new Date(d.endsAt).getTime() < now) return <Badge variant="danger">Hết hạn</Badge>;
  if (d.startsAt && new Date(d.startsAt).getTime() > now) return <Badge variant="info">Chưa bắt đầu</Badge>;
  if (d.usageLimit !== null && d.usedCount >= d.usageLimit) return <Badge variant="warning">Hết lượt</Badge>;
  return <Badge variant="success">Đang hoạt động</Badge>;
}

/** "Mã giảm giá": the codes with their rules and uses, create/edit in a dialog, switch off (confirmed) and on. */
export function DiscountsPage({
  loaderData,
}: {
  loaderData: { discounts: Awaited<ReturnType<typeof listDiscountCodes>>; now: number };
}) {
  const { discounts, now } = loaderData;
  const dialog = useRowDialog(discounts);
  const [deactivating, setDeactivating] = useState<EditableDiscount | null>(null);
  const toggle = useFetcher<ActionFeedbackResult>();
  useActionFeedback(toggle.data, {
    success: {
      deactivate: { title: "Thành công", description: "Đã tắt mã giảm giá" },
      activate: { title: "Thành công", description: "Đã bật lại mã giảm giá" },
    },
    onSuccess: () => setDeactivating(null),
  });

  return (
    <section aria-labelledby="admin-page-title">
      <AdminPageHeader title="Mã giảm giá" description="Mã được kiểm tra và áp dụng trên máy chủ khi khách đặt hàng.">
        <Button onClick={() => dialog.show("new")}>
          <Plus className="size-4" aria-hidden="true" />
          Thêm mã giảm giá
        </Button>
      </AdminPageHeader>
      <Table label="Danh sách mã giảm giá">
        <TableHeader>
          <TableRow>
            <TableHead>Mã</TableHead>
            <TableHead>Giảm</TableHead>
            <TableHead className="hidden md:table-cell">Đơn tối thiểu</TableHead>
            <TableHead className="hidden lg:table-cell">Thời hạn</TableHead>
            <TableHead className="text-right">Đã dùng</TableHead>
            <TableHead>Trạng thái</TableHead>
            <TableHead className="text-right">Thao tác</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {discounts.length === 0 && <TableEmpty colSpan={7}>Chưa có mã giảm giá nào</TableEmpty>}
          {discounts.map((d) => (
            <TableRow key={d.id}>
              <TableCell>
                <p className="font-mono font-semibold">{d.code}</p>
                <p className="text-xs text-brand-cool-gray">
                  {[
                    discountTypeLabels[d.type],
                    d.firstOrderOnly && "Đơn đầu tiên",
                    d.oncePerCustomer && "Mỗi khách 1 lần",
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">{valueText(d)}</TableCell>
              <TableCell className="hidden whitespace-nowrap tabular-nums md:table-cell">
                {d.minOrderTotal > 0 ? formatVnd(d.minOrderTotal) : "—"}
              </TableCell>
              <TableCell className="hidden text-xs lg:table-cell">
                {d.startsAt || d.endsAt ? (
                  <>
                    {d.startsAt ? dateFormat.format(new Date(d.startsAt)) : "…"} →{" "}
                    {d.endsAt ? dateFormat.format(new Date(d.endsAt)) : "…"}
                  </>
                ) : (
                  "Không thời hạn"
                )}
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {d.usedCount}
                {d.usageLimit !== null ? ` / ${d.usageLimit}` : ""}
              </TableCell>
              <TableCell>{status(d, now)}</TableCell>
              <TableCell>
                <RowActions>
                  <RowEditButton label={`Sửa mã ${d.code}`} onClick={() => dialog.show(d.id)} />
                  {d.isActive ? (
                    <Button
                      variant="danger"
                      size="md"
                      onClick={() => setDeactivating(d)}
                      aria-label={`Tắt mã ${d.code}`}
                    >
                      Tắt
                    </Button>
                  ) : (
                    <Button
                      variant="ghost"
                      size="md"
                      disabled={toggle.state !== "idle"}
                      onClick={() => toggle.submit({ intent: "activate", id: String(d.id) }, { method: "post" })}
                      aria-label={`Bật lại mã ${d.code}`}
                    >
                      Bật lại
                    </Button>
                  )}
                </RowActions>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {dialog.open && (
        <DiscountDialog key={dialog.key} discount={dialog.row} onClose={dialog.close} reload={dialog.reload} />
      )}
      <ConfirmDialog
        open={deactivating !== null}
        onOpenChange={(open) => !open && setDeactivating(null)}
        title={`Tắt mã ${deactivating?.code ?? ""}`}
        description="Khách sẽ không dùng được mã này nữa. Các đơn đã dùng mã vẫn giữ nguyên. Bạn có thể bật lại sau."
        confirmLabel="Tắt mã"
        busyLabel="Đang lưu..."
        busy={toggle.state !== "idle"}
        onConfirm={() =>
          deactivating && toggle.submit({ intent: "deactivate", id: String(deactivating.id) }, { method: "post" })
        }
      />
    </section>
  );
}
