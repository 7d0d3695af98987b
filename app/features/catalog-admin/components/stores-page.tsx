import { Boxes, Plus } from "~/components/ui/icons";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useRowDialog } from "~/components/ui/form-dialog";
import { RowActions, RowDeleteButton, RowEditButton } from "~/components/ui/row-actions";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import type { AdminStoreLocation } from "../store-locations.server";
import { StoreDialog } from "./store-dialog";

/** /admin/stores: the shops buyers can visit, their hours and how much each holds. */
export function StoresPage({ stores }: { stores: AdminStoreLocation[] }) {
  const dialog = useRowDialog(stores);
  const [deleting, setDeleting] = useState<AdminStoreLocation | null>(null);
  return (
    <section aria-labelledby="admin-page-title">
      <AdminPageHeader
        title="Cửa hàng"
        description="Các cửa hàng khách có thể đến xem và mua. Trang /stores và hộp “Kiểm tra tại cửa hàng” của sản phẩm đọc từ đây."
      >
        <Button onClick={() => dialog.show("new")}>
          <Plus className="size-4" aria-hidden="true" />
          Thêm cửa hàng
        </Button>
      </AdminPageHeader>

      <Table label="Danh sách cửa hàng">
        <TableHeader>
          <TableRow>
            <TableHead className="w-16">Thứ tự</TableHead>
            <TableHead>Cửa hàng</TableHead>
            <TableHead>Giờ mở cửa</TableHead>
            <TableHead className="text-right">Tồn kho</TableHead>
            <TableHead>Hiển thị</TableHead>
            <TableHead className="text-right">Thao tác</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {stores.length === 0 && <TableEmpty colSpan={6}>Chưa có cửa hàng nào</TableEmpty>}
          {stores.map((store) => (
            <TableRow key={store.id}>
              <TableCell className="tabular-nums">{store.displayOrder}</TableCell>
              <TableCell>
                <p className="font-semibold">{store.name}</p>
                <p className="text-xs text-brand-cool-gray">
                  {store.address}
                  {store.phone && ` · ${store.phone}`}
                </p>
              </TableCell>
              <TableCell className="tabular-nums whitespace-nowrap">
                {store.opensAt}–{store.closesAt}
              </TableCell>
              <TableCell className="text-right tabular-nums whitespace-nowrap">
                {store.units} sp · {store.productsInStock} mặt hàng
              </TableCell>
              <TableCell>
                <Badge variant={store.isActive ? "success" : "neutral"}>{store.isActive ? "Hiển thị" : "Ẩn"}</Badge>
              </TableCell>
              <TableCell>
                <RowActions>
                  <Button asChild variant="outline" size="sm">
                    <Link to={`/admin/stores/${store.id}/stock`} aria-label={`Tồn kho tại ${store.name}`}>
                      <Boxes className="size-4" aria-hidden="true" />
                      Tồn kho
                    </Link>
                  </Button>
                  <RowEditButton label={`Sửa ${store.name}`} onClick={() => dialog.show(store.id)} />
                  <RowDeleteButton label={`Xóa ${store.name}`} onClick={() => setDeleting(store)} />
                </RowActions>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      {dialog.open && <StoreDialog key={dialog.key} store={dialog.row} onClose={dialog.close} reload={dialog.reload} />}
      {deleting && <DeleteStoreDialog store={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}

function DeleteStoreDialog({ store, onClose }: { store: AdminStoreLocation; onClose: () => void }) {
  const fetcher = useFetcher<ActionFeedbackResult>();
  useActionFeedback(fetcher.data, {
    success: { delete: { title: "Thành công", description: "Đã xóa cửa hàng" } },
    onSuccess: onClose,
  });
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Xóa cửa hàng “${store.name}”`}
      description="Cửa hàng và danh sách tồn kho của nó sẽ bị xóa. Đơn hàng không bị ảnh hưởng."
      busy={fetcher.state !== "idle"}
      onConfirm={() =>
        fetcher.submit({ intent: "delete", id: String(store.id), version: String(store.version) }, { method: "post" })
      }
    >
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}
