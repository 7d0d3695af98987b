import { Pencil, Plus } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useReloadForms } from "~/components/ui/stale-row-notice";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { AdminPageHeader } from "~/features/auth/components/admin-shell";
import { useActionFeedback } from "~/components/ui/use-action-feedback";
import { DiscountDialog, type EditableDiscount } from "~/features/discounts/components/discount-dialog";
import { discountTypeLabels } from "~/features/discounts/discounts.schema";
import {
  createDiscountCode,
  listDiscountCodes,
  setDiscountCodeActive,
  updateDiscountCode,
} from "~/features/discounts/discounts.server";
import { formatVnd } from "~/lib/money";
import { parseId } from "~/server/form-action.server";
import type { Route } from "./+types/discounts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { discounts: await listDiscountCodes(context.database.db), now: Date.now() };
}

const setActive = (active: boolean) =>
  adminIntent({
    run: async ({ input, context }) => {
      await setDiscountCodeActive(context.database.db, parseId(input.id, "giảm giá"), active);
    },
  });

export const action = adminAction({
  intents: {
    create: adminIntent({
      run: async ({ form, context }) => {
        await createDiscountCode(context.database.db, form);
      },
    }),
    update: adminIntent({
      run: async ({ form, input, context }) => {
        const { version } = await updateDiscountCode(context.database.db, parseId(input.id, "giảm giá"), form);
        return { version };
      },
    }),
    deactivate: setActive(false),
    activate: setActive(true),
  },
});

export const meta: Route.MetaFunction = () => adminMeta("Mã giảm giá");

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

export default function AdminDiscounts({ loaderData }: Route.ComponentProps) {
  const { discounts, now } = loaderData;
  // The id of the code being edited: the dialog takes the row when it mounts (and again after "Tải lại").
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const { generation, reload, reloading } = useReloadForms();
  const editedRow = typeof editing === "number" ? discounts.find((d) => d.id === editing) : undefined;
  const [deactivating, setDeactivating] = useState<EditableDiscount | null>(null);
  const toggle = useFetcher<typeof action>();
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
        <Button onClick={() => setEditing("new")}>
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
                  {[discountTypeLabels[d.type], d.firstOrderOnly && "Đơn đầu tiên", d.oncePerCustomer && "Mỗi khách 1 lần"]
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
                <div className="flex justify-end gap-1">
                  <Button variant="ghost" size="icon" onClick={() => setEditing(d.id)} aria-label={`Sửa mã ${d.code}`}>
                    <Pencil aria-hidden="true" />
                  </Button>
                  {d.isActive ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="h-11 text-red-700 hover:bg-red-50"
                      onClick={() => setDeactivating(d)}
                      aria-label={`Tắt mã ${d.code}`}
                    >
                      Tắt
                    </Button>
                  ) : (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="h-11"
                      disabled={toggle.state !== "idle"}
                      onClick={() => toggle.submit({ intent: "activate", id: String(d.id) }, { method: "post" })}
                      aria-label={`Bật lại mã ${d.code}`}
                    >
                      Bật lại
                    </Button>
                  )}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {(editing === "new" || editedRow) && (
        <DiscountDialog
          key={editedRow ? `${editedRow.id}-${generation}` : "new"}
          discount={editedRow ?? null}
          onClose={() => setEditing(null)}
          reload={{ run: () => void reload(), busy: reloading }}
        />
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

export function ErrorBoundary() {
  return <AdminRouteError />;
}
