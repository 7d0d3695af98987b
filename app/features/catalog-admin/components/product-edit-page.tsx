import { ExternalLink, Trash2 } from "~/components/ui/icons";
import { useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import type { listActiveCategoryOptions } from "../admin-categories.server";
import type { getProductForEdit } from "../admin-products.server";
import { DeleteProductDialog } from "./delete-product-dialog";
import { ProductForm } from "./product-form";
import { ProductImagesManager } from "./product-images-manager";

/**
 * "Sửa sản phẩm": the images, the stock (`stockPanel`, the inventory's panel the route composes
 * in; none when the variants hold the stock), the variants, the product form, and delete with
 * confirmation.
 */
export function ProductEditPage({
  loaderData,
  stockPanel,
  variantsCard,
}: {
  loaderData: Awaited<ReturnType<typeof getProductForEdit>> & {
    categories: Awaited<ReturnType<typeof listActiveCategoryOptions>>;
  };
  stockPanel: ReactNode;
  /** The "Biến thể" card (decision 0038), below the stock. */
  variantsCard: ReactNode;
}) {
  const { product, images, storefrontPath, categories } = loaderData;
  const fetcher = useFetcher<ActionFeedbackResult>();
  const [deleting, setDeleting] = useState(false);
  useActionFeedback(fetcher.data, {
    success: { update: { title: "Đã cập nhật", description: "Sản phẩm đã được cập nhật thành công" } },
    errorTitle: () => "Không thể lưu sản phẩm",
  });
  return (
    <section aria-labelledby="admin-page-title">
      <BackLink to="/admin/products">Danh sách sản phẩm</BackLink>
      <AdminPageHeader title="Sửa sản phẩm" description={`SKU ${product.sku}`}>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="ghost" size="sm">
            <a href={storefrontPath} target="_blank" rel="noreferrer">
              <ExternalLink className="size-4" aria-hidden="true" />
              Xem trên cửa hàng
            </a>
          </Button>
          <Button variant="danger" size="sm" onClick={() => setDeleting(true)}>
            <Trash2 className="size-4" aria-hidden="true" />
            Xóa sản phẩm
          </Button>
        </div>
      </AdminPageHeader>
      <div className="flex flex-col gap-4">
        <ProductImagesManager images={images} />
        {stockPanel}
        {variantsCard}
        {/* Keyed by version: after a save, or a reload over someone else's save, the form shows the stored product. */}
        <ProductForm
          key={`${product.id}:${product.version}`}
          product={product}
          categories={categories}
          intent="update"
          fetcher={fetcher}
          submitLabel="Cập nhật"
          hasVariants={loaderData.variants.length > 0}
        />
      </div>
      {deleting && (
        <DeleteProductDialog
          product={{ id: product.id, name: product.name, version: product.version }}
          action={`/admin/products/${product.id}`}
          onClose={() => setDeleting(false)}
        />
      )}
    </section>
  );
}
