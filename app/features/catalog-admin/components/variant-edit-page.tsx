import { ExternalLink, Trash2 } from "~/components/ui/icons";
import { useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import type { getProductForEdit } from "../admin-products.server";
import { DeleteProductDialog } from "./delete-product-dialog";
import { ProductImagesManager } from "./product-images-manager";
import { VariantForm } from "./variant-form";
import { VARIANT_UPDATE_INTENT } from "./variant-intents";

/**
 * A variant's own page (decision 0038): its images, its stock (`stockPanel`), its fields only
 * (its texts are its product's), delete, and the way back to its product.
 */
export function VariantEditPage({
  loaderData,
  parent,
  stockPanel,
}: {
  loaderData: Awaited<ReturnType<typeof getProductForEdit>>;
  parent: { id: number; name: string; price: number };
  stockPanel: ReactNode;
}) {
  const { product: variant, images, storefrontPath } = loaderData;
  const fetcher = useFetcher<ActionFeedbackResult>();
  const [deleting, setDeleting] = useState(false);
  useActionFeedback(fetcher.data, {
    success: { [VARIANT_UPDATE_INTENT]: { title: "Đã cập nhật", description: "Biến thể đã được cập nhật" } },
    errorTitle: () => "Không thể lưu biến thể",
  });
  return (
    <section aria-labelledby="admin-page-title">
      <BackLink to={`/admin/products/${parent.id}#variants`}>{parent.name}</BackLink>
      <AdminPageHeader
        title={`Sửa biến thể: ${variant.variantLabel ?? ""}`}
        description={`SKU ${variant.sku} · ${parent.name}`}
      >
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="ghost" size="sm">
            <a href={storefrontPath} target="_blank" rel="noreferrer">
              <ExternalLink className="size-4" aria-hidden="true" />
              Xem trên cửa hàng
            </a>
          </Button>
          <Button variant="danger" size="sm" onClick={() => setDeleting(true)}>
            <Trash2 className="size-4" aria-hidden="true" />
            Xóa biến thể
          </Button>
        </div>
      </AdminPageHeader>
      <div className="flex flex-col gap-4">
        <ProductImagesManager images={images} />
        {stockPanel}
        <VariantForm
          key={`${variant.id}:${variant.version}`}
          variant={variant}
          productPrice={parent.price}
          intent={VARIANT_UPDATE_INTENT}
          action={`/admin/products/${parent.id}/variants`}
          fetcher={fetcher}
          submitLabel="Cập nhật biến thể"
        />
      </div>
      {deleting && (
        <DeleteProductDialog
          product={{ id: variant.id, name: variant.variantLabel ?? variant.name, version: variant.version }}
          variant
          action={`/admin/products/${variant.id}`}
          onClose={() => setDeleting(false)}
        />
      )}
    </section>
  );
}
