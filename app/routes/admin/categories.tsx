import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useReloadForms } from "~/components/ui/stale-row-notice";
import { Switch } from "~/components/ui/switch";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { AdminPageHeader } from "~/features/auth/components/admin-shell";
import {
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
  type AdminCategory,
} from "~/features/catalog/admin-categories.server";
import { CategoryDialog } from "~/features/catalog/components/category-dialog";
import { ImageWithFallback } from "~/features/catalog/components/image-with-fallback";
import { useActionFeedback } from "~/components/ui/use-action-feedback";
import { parseId } from "~/server/form-action.server";
import type { Route } from "./+types/categories";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { categories: await listCategories(context.database.db) };
}

export const action = adminAction({
  intents: {
    create: adminIntent({
      run: async ({ form, context }) => ({ id: (await createCategory(context.database.db, form)).id }),
    }),
    update: adminIntent({
      run: async ({ form, input, context }) => {
        const { id, version } = await updateCategory(context.database.db, parseId(input.id, "danh mục"), form);
        return { id, version };
      },
    }),
    delete: adminIntent({
      run: ({ input, context }) => {
        const move = String(input.moveProductsTo ?? "");
        const moveProductsTo = move === "" ? null : parseId(move, "danh mục");
        return deleteCategory(context.database.db, parseId(input.id, "danh mục"), { moveProductsTo });
      },
    }),
  },
});

export const meta: Route.MetaFunction = () => adminMeta("Danh mục");

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  // The id of the category being edited: the dialog takes the row when it mounts (and again after "Tải lại").
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const { generation, reload, reloading } = useReloadForms();
  const editedRow = typeof editing === "number" ? categories.find((c) => c.id === editing) : undefined;
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);

  return (
    <section aria-labelledby="admin-page-title">
      <AdminPageHeader
        title="Danh mục"
        description="Sắp xếp sản phẩm của cửa hàng theo nhóm. Thứ tự hiển thị nhỏ hơn đứng trước."
      >
        <Button onClick={() => setEditing("new")}>
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
                  <Badge variant={category.isActive ? "success" : "neutral"} className="hidden md:inline-flex">
                    {category.isActive ? "Hiển thị" : "Ẩn"}
                  </Badge>
                </div>
              </TableCell>
              <TableCell>
                <div className="flex justify-end gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => setEditing(category.id)}
                    aria-label={`Sửa ${category.name}`}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-red-700 hover:bg-red-50"
                    onClick={() => setDeleting(category)}
                    aria-label={`Xóa ${category.name}`}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      {(editing === "new" || editedRow) && (
        <CategoryDialog
          key={editedRow ? `${editedRow.id}-${generation}` : "new"}
          category={editedRow ?? null}
          onClose={() => setEditing(null)}
          reload={{ run: () => void reload(), busy: reloading }}
        />
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
  const fetcher = useFetcher<typeof action>();
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

export function ErrorBoundary() {
  return <AdminRouteError />;
}
