import { Plus, Search } from "~/components/ui/icons";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ImageWithFallback } from "~/components/ui/image-with-fallback";
import { Input, Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Pagination } from "~/components/ui/pagination";
import { RowActions, RowDeleteButton, RowEditButton } from "~/components/ui/row-actions";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { PLACEHOLDER_IMAGE } from "~/lib/image-variants";
import { formatVnd } from "~/lib/money";
import type { ProductListQuery } from "../admin-products.schema";
import type { AdminProductRow, ProductPage } from "../admin-products.server";
import { DeleteProductDialog } from "./delete-product-dialog";

/** The product list's data: the search, one page of products (null when it could not be read), the category filter. */
export interface ProductsPageData {
  query: ProductListQuery;
  page: ProductPage | null;
  categories: Array<{ id: number; name: string }>;
  loadError: string | null;
}

/** The stock badge; with variants, their total, "sắp hết" when one of them is low. */
function stockBadge(row: AdminProductRow) {
  if (!row.trackStock) return <Badge variant="neutral">Không theo dõi</Badge>;
  if (row.stockQuantity <= 0) return <Badge variant="danger">Hết hàng</Badge>;
  if (row.lowStock) return <Badge variant="warning">Sắp hết: {row.stockQuantity}</Badge>;
  return <Badge variant="success">Còn {row.stockQuantity}</Badge>;
}

function priceText(row: AdminProductRow) {
  return row.minPrice === row.maxPrice
    ? formatVnd(row.minPrice)
    : `${formatVnd(row.minPrice)} – ${formatVnd(row.maxPrice)}`;
}

/**
 * "Sản phẩm": search by name or SKU (a variant's finds its product), category and low stock, one
 * page of products (one row per product, its variants summed), delete with confirmation.
 */
export function ProductsPage({ loaderData }: { loaderData: ProductsPageData }) {
  const { query, page, categories, loadError } = loaderData;
  const [deleting, setDeleting] = useState<{ id: number; name: string; version: number } | null>(null);
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/products";

  const hrefFor = (p: number) => {
    const params = new URLSearchParams();
    if (query.q) params.set("q", query.q);
    if (query.category) params.set("category", String(query.category));
    if (query.stock) params.set("stock", query.stock);
    if (p > 1) params.set("page", String(p));
    const s = params.toString();
    return `/admin/products${s ? `?${s}` : ""}`;
  };

  return (
    <section aria-labelledby="admin-page-title">
      <AdminPageHeader title="Sản phẩm" description={page ? `${page.total} sản phẩm` : undefined}>
        <Button asChild>
          <Link to="/admin/products/new">
            <Plus className="size-4" aria-hidden="true" />
            Thêm sản phẩm
          </Link>
        </Button>
      </AdminPageHeader>

      <Form
        method="get"
        role="search"
        aria-label="Tìm sản phẩm"
        className="mb-4 flex flex-col gap-3 rounded-xl border border-brand-charcoal/10 bg-white p-3 sm:flex-row sm:items-end"
      >
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor="product-search">Tìm theo tên hoặc SKU</Label>
          <Input
            id="product-search"
            type="search"
            name="q"
            defaultValue={query.q}
            placeholder="vd: may tiet trung, UVC-STER-WHT"
          />
        </div>
        <div className="flex flex-col gap-1.5 sm:w-56">
          <Label htmlFor="product-category-filter">Danh mục</Label>
          <Select id="product-category-filter" name="category" defaultValue={query.category ?? ""}>
            <option value="">Tất cả danh mục</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5 sm:w-44">
          <Label htmlFor="product-stock-filter">Tồn kho</Label>
          <Select id="product-stock-filter" name="stock" defaultValue={query.stock ?? ""}>
            <option value="">Tất cả</option>
            <option value="low">Sắp hết hàng</option>
          </Select>
        </div>
        <Button type="submit" variant="teal" disabled={searching}>
          <Search className="size-4" aria-hidden="true" />
          Tìm
        </Button>
      </Form>

      {loadError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {loadError}
        </p>
      )}

      {page && (
        <>
          <Table label="Danh sách sản phẩm">
            <TableHeader>
              <TableRow>
                <TableHead>Sản phẩm</TableHead>
                <TableHead className="hidden md:table-cell">Danh mục</TableHead>
                <TableHead className="text-right">Giá</TableHead>
                <TableHead>Tồn kho</TableHead>
                <TableHead className="hidden sm:table-cell">Trạng thái</TableHead>
                <TableHead className="text-right">Thao tác</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {page.rows.length === 0 && (
                <TableEmpty colSpan={6}>
                  {query.q || query.category || query.stock
                    ? "Không tìm thấy sản phẩm phù hợp"
                    : "Chưa có sản phẩm nào"}
                </TableEmpty>
              )}
              {page.rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>
                    <div className="flex min-w-48 items-center gap-3">
                      <ImageWithFallback
                        src={row.coverUrl ?? PLACEHOLDER_IMAGE}
                        alt=""
                        sizes="48px"
                        width={48}
                        height={48}
                        className="size-12 shrink-0 rounded-lg border border-brand-charcoal/10 bg-brand-white object-cover"
                      />
                      <div className="min-w-0">
                        <Link to={`/admin/products/${row.id}`} className="font-semibold hover:underline">
                          {row.name}
                        </Link>
                        <p className="text-xs text-brand-cool-gray">SKU: {row.sku}</p>
                        <div className="mt-1 flex flex-wrap gap-1">
                          {row.variantCount > 0 && <Badge variant="neutral">{row.variantCount} biến thể</Badge>}
                          {row.isFeatured && <Badge variant="info">Nổi bật</Badge>}
                          {row.isBestSeller && <Badge variant="info">Bán chạy</Badge>}
                        </div>
                      </div>
                    </div>
                  </TableCell>
                  <TableCell className="hidden md:table-cell">{row.categoryName ?? "—"}</TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">{priceText(row)}</TableCell>
                  <TableCell>{stockBadge(row)}</TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <Badge variant={row.isActive ? "success" : "neutral"}>{row.isActive ? "Đang bán" : "Ẩn"}</Badge>
                  </TableCell>
                  <TableCell>
                    <RowActions>
                      <RowEditButton label={`Sửa ${row.name}`} to={`/admin/products/${row.id}`} />
                      <RowDeleteButton
                        label={`Xóa ${row.name}`}
                        onClick={() => setDeleting({ id: row.id, name: row.name, version: row.version })}
                      />
                    </RowActions>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination className="mt-4" page={page.page} pageCount={page.pageCount} hrefFor={hrefFor} />
        </>
      )}
      {deleting && <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}
