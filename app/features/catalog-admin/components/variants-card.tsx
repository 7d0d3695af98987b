import { ArrowDown, ArrowUp, Plus } from "~/components/ui/icons";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { RowActions, RowDeleteButton, RowEditButton } from "~/components/ui/row-actions";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { formatVnd } from "~/lib/money";
import type { VariantRow } from "../admin-products.server";
import { DeleteProductDialog } from "./delete-product-dialog";
import { VARIANT_MOVE_INTENT } from "./variant-intents";

function stockBadge(row: VariantRow) {
  if (row.stockQuantity <= 0) return <Badge variant="danger">Hết hàng</Badge>;
  if (row.stockQuantity <= row.lowStockThreshold) return <Badge variant="warning">Sắp hết: {row.stockQuantity}</Badge>;
  return <Badge variant="success">Còn {row.stockQuantity}</Badge>;
}

/**
 * The product page's "Biến thể" card (decision 0038): its variants in order with their swatch,
 * SKU, price, stock and availability; move up/down, edit (the variant's own page), delete with
 * confirmation, and "Thêm biến thể". `highlight` marks the variant a low-stock link pointed at.
 */
export function VariantsCard({
  product,
  variants,
  highlight,
}: {
  product: { id: number; stockQuantity: number };
  variants: VariantRow[];
  highlight: number | null;
}) {
  const fetcher = useFetcher<ActionFeedbackResult>();
  const [deleting, setDeleting] = useState<{ id: number; name: string; version: number } | null>(null);
  useActionFeedback(fetcher.data, {
    success: { [VARIANT_MOVE_INTENT]: { title: "Đã đổi thứ tự biến thể" } },
    errorTitle: () => "Không thể đổi thứ tự biến thể",
  });
  const busy = fetcher.state !== "idle";
  const move = (variantId: number, direction: "up" | "down") =>
    fetcher.submit(
      { intent: VARIANT_MOVE_INTENT, variantId: String(variantId), direction },
      { method: "post", action: `/admin/products/${product.id}/variants` },
    );

  return (
    <section
      id="variants"
      aria-labelledby="variants-title"
      className="min-w-0 rounded-xl border border-brand-charcoal/10 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="variants-title" className="text-base font-bold">
            Biến thể
          </h2>
          <p className="mt-0.5 text-sm text-brand-cool-gray">
            {variants.length > 0
              ? "Mỗi biến thể có SKU, giá, tồn kho, ảnh riêng; sản phẩm chính không bán riêng."
              : product.stockQuantity > 0
                ? `Khi thêm biến thể đầu tiên, tồn kho hiện có của sản phẩm (${product.stockQuantity}) được chuyển sang biến thể đó.`
                : "Thêm biến thể nếu sản phẩm có nhiều màu hoặc loại (mỗi loại một SKU, giá, tồn kho)."}
          </p>
        </div>
        <Button asChild size="sm">
          <Link to={`/admin/products/${product.id}/variants/new`}>
            <Plus className="size-4" aria-hidden="true" />
            Thêm biến thể
          </Link>
        </Button>
      </div>
      {variants.length > 0 && (
        <div className="mt-4">
          <Table label="Danh sách biến thể">
            <TableHeader>
              <TableRow>
                <TableHead>Biến thể</TableHead>
                <TableHead className="text-right">Giá</TableHead>
                <TableHead>Tồn kho</TableHead>
                <TableHead className="hidden sm:table-cell">Trạng thái</TableHead>
                <TableHead className="text-right">Thao tác</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {variants.map((row, index) => (
                <TableRow
                  key={row.id}
                  aria-current={row.id === highlight ? "true" : undefined}
                  className={row.id === highlight ? "bg-amber-50" : undefined}
                >
                  <TableCell>
                    <div className="flex min-w-36 items-center gap-2">
                      <span
                        aria-hidden="true"
                        className="size-5 shrink-0 rounded-full border border-brand-charcoal/20"
                        style={{ backgroundColor: row.colorHex ?? "transparent" }}
                      />
                      <div className="min-w-0">
                        <Link to={`/admin/products/${row.id}`} className="font-semibold hover:underline">
                          {row.variantLabel}
                        </Link>
                        <p className="text-xs text-brand-cool-gray">SKU: {row.sku}</p>
                      </div>
                    </div>
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">{formatVnd(row.price)}</TableCell>
                  <TableCell>{stockBadge(row)}</TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <Badge variant={row.isActive ? "success" : "neutral"}>{row.isActive ? "Đang bán" : "Ẩn"}</Badge>
                  </TableCell>
                  <TableCell>
                    <RowActions>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Đưa ${row.variantLabel} lên`}
                        disabled={busy || index === 0}
                        onClick={() => move(row.id, "up")}
                      >
                        <ArrowUp aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Đưa ${row.variantLabel} xuống`}
                        disabled={busy || index === variants.length - 1}
                        onClick={() => move(row.id, "down")}
                      >
                        <ArrowDown aria-hidden="true" />
                      </Button>
                      <RowEditButton label={`Sửa ${row.variantLabel}`} to={`/admin/products/${row.id}`} />
                      <RowDeleteButton
                        label={`Xóa ${row.variantLabel}`}
                        onClick={() => setDeleting({ id: row.id, name: row.variantLabel, version: row.version })}
                      />
                    </RowActions>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {/* The delete redirects back to this page: the dialog goes with the variant it deleted, or archived (a new version). */}
      {deleting && variants.some((v) => v.id === deleting.id && v.version === deleting.version) && (
        <DeleteProductDialog
          product={deleting}
          variant
          action={`/admin/products/${deleting.id}`}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
