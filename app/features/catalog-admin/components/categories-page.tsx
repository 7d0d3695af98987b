import { Plus } from "~/components/ui/icons";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useRowDialog } from "~/components/ui/form-dialog";
import { Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { RowActions, RowDeleteButton, RowEditButton } from "~/components/ui/row-actions";
import { Switch } from "~/components/ui/switch";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import type { AdminCategory } from "../admin-categories.server";
import { CategoryDialog } from "~/features/catalog-admin/components/category-dialog";
import { ImageWithFallback } from "~/components/ui/image-with-fallback";
import { useActionFeedback } from "~/components/ui/use-action-feedback";
import type { ActionFeedbackResult } from "~/components/ui/use-action-feedback";
export function CategoriesPage({ loaderData }: { loaderData: { categories: AdminCategory[] } }) {
  const { categories } = loaderData;
  const dialog = useRowDialog(categories);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);

  return (
    <section aria-labelledby="admin-page-title">
      <AdminPageHeader
        title="Danh mục"
        description="Sắp xếp sản phẩm của cửa hàng theo nhóm. Thứ tự hiển thị nhỏ hơn đứng trước."
      >
        <Button onClick={() => dialog.show("new")}>
          <Plus className="size-4" aria-hidden="true" />
          Thêm danh mục
        </Button>
      </AdminPageHeader>

      <Table label="Danh sách danh mục">
        <TableHeader>
          <TableRow>
            <TableHead className="w-16">Thứ tự</TableHead>
            <TableHead>Tên danh mục</TableHead>
            <TableHead>Slug</TableHead>
            <TableHead className="text-right">Sản phẩm</TableHead>
            <TableHead>Hiển thị</TableHead>
            <TableHead className="text-right">Thao tác</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {categories.length === 0 && <TableEmpty colSpan={6}>Chưa có danh mục nào</TableEmpty>}
          {categories.map((category) => (
            <TableRow key={category.id}>
              <TableCell className="tabular-nums">{category.displayOrder}</TableCell>
              <TableCell>
                <div className="flex items-center gap-3">
                  <ImageWithFallback
                    src={category.image ?? "/images/placeholder.svg"}
                    alt=""
                    width={40}
                    height={40}
                    className="size-10 shrink-0 rounded-lg border border-brand-charcoal/10 bg-brand-white object-cover"
                  />
                  <div className="min-w-0">
                    <p className="font-semibold">{category.name}</p>
                    {category.description && (
                      <p className="line-clamp-1 max-w-xs text-xs text-brand-cool-gray">{category.description}</p>
                    )}
                  </div>
                </div>
              </TableCell>
              <TableCell>
                <code className="rounded bg-brand-white px-1.5 py-0.5 text-xs">{category.slug}</code>
              </TableCell>
              <TableCell className="text-right tabular-nums">{category.productCount}</TableCell>
              <TableCell>
                <div className="flex items-center gap-2">
                  <Switch
                    checked={category.isActive}
                    disabled
                    aria-label={`${category.name}: ${category.isActive ? "đang hiển thị" : "đang ẩn"}`}
                  />
                  <Badge variant={category.isActive ? "success" : "neutral"} className="max-md:hidden">
                    {category.isActive ? "Hiển thị" : "Ẩn"}
                  </Badge>
                </div>
              </TableCell>
              <TableCell>
                <RowActions>
                  <RowEditButton label={`Sửa ${category.name}`} onClick={() => dialog.show(category.id)} />
                  <RowDeleteButton label={`Xóa ${category.name}`} onClick={() => setDeleting(category)} />
                </RowActions>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      {dialog.open && (
        <CategoryDialog key={dialog.key} category={dialog.row} onClose={dialog.close} reload={dialog.reload} />
      )}
      {deleting && (
        <DeleteCategoryDialog
          category={deleting}
          others={categories.filter((c) => c.id !== deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}

function DeleteCategoryDialog({
  category,
  others,
  onClose,
}: {
  category: AdminCategory;
  others: AdminCategory[];
  onClose: () => void;
}) {
  const fetcher = useFetcher<ActionFeedbackResult>();
  const [moveTo, setMoveTo] = useState("");
  useActionFeedback(fetcher.data, {
    success: { delete: { title: "Thành công", description: "Đã xóa danh mục" } },
    onSuccess: onClose,
  });
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const busy = fetcher.state !== "idle";
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Xóa danh mục “${category.name}”`}
      description="Bạn có chắc muốn xóa danh mục này?"
      busy={busy}
      onConfirm={() =>
        fetcher.submit({ intent: "delete", id: String(category.id), moveProductsTo: moveTo }, { method: "post" })
      }
    >
      {category.productCount > 0 && (
        <div className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3">
          <p className="text-sm text-amber-900">
            Danh mục này còn <strong>{category.productCount}</strong> sản phẩm. Chọn danh mục nhận các sản phẩm này,
            hoặc hủy.
          </p>
          <Label htmlFor="move-products-to">Chuyển sản phẩm sang danh mục…</Label>
          <Select
            id="move-products-to"
            value={moveTo}
            onChange={(e) => setMoveTo(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "delete-category-error" : undefined}
          >
            <option value="">— Chọn danh mục —</option>
            {others.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
                {c.isActive ? "" : " (đang ẩn)"}
              </option>
            ))}
          </Select>
        </div>
      )}
      {error && (
        <p id="delete-category-error" role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}
