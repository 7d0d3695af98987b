import { ArrowLeft, ExternalLink, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, redirect, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/features/auth/auth.server";
import { flashCookie } from "~/features/auth/flash.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { AdminPageHeader } from "~/features/auth/components/admin-shell";
import { listActiveCategoryOptions } from "~/features/catalog/admin-categories.server";
import { deleteProduct, getProductForEdit, updateProduct } from "~/features/catalog/admin-products.server";
import { DeleteProductDialog } from "~/features/catalog/components/delete-product-dialog";
import { ProductForm, type ProductActionData } from "~/features/catalog/components/product-form";
import { ProductImagesManager } from "~/features/catalog/components/product-images-manager";
import { StockPanel, STOCK_ADJUST_INTENT } from "~/features/inventory/components/stock-panel";
import { movementsShownSchema } from "~/features/inventory/inventory.schema";
import { adjustStock, listStockMovements } from "~/features/inventory/inventory.server";
import { formValues } from "~/lib/form-fields";
import { useActionToast } from "~/features/catalog/components/use-action-toast";
import {
  addProductImages,
  deleteProductImage,
  MAX_UPLOAD_REQUEST_BYTES,
  moveProductImage,
  setProductCover,
  setProductImageAlt,
} from "~/features/catalog/product-images.server";
import { actionFailure, actionOk, parseId } from "~/server/action-result.server";
import { AppError } from "~/server/errors.server";
import { IMAGE_SIZE_MESSAGE } from "~/lib/image-variants";
import { storageFor } from "~/server/storage.server";
import type { Route } from "./+types/product-edit";
import { readForm } from "~/server/request-guards.server";

function productId(params: { id?: string }): number {
  const id = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  if (!id) throw new Response("Không tìm thấy sản phẩm", { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = productId(params);
  const db = context.database.db;
  const shown = movementsShownSchema.parse(new URL(request.url).searchParams.get("movements") ?? undefined);
  try {
    const [{ product, images, storefrontPath }, categories, movements] = await Promise.all([
      getProductForEdit(db, id),
      listActiveCategoryOptions(db),
      listStockMovements(db, id, shown),
    ]);
    return { product, images, storefrontPath, categories, movements, shown };
  } catch (error) {
    if (error instanceof AppError && error.kind === "not_found") throw new Response(error.message, { status: 404 });
    throw error;
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const id = productId(params);
  const db = context.database.db;
  let intent = "";
  try {
    const length = Number(request.headers.get("content-length") ?? "0");
    if (length > MAX_UPLOAD_REQUEST_BYTES)
      throw new AppError("invalid", IMAGE_SIZE_MESSAGE, { images: IMAGE_SIZE_MESSAGE });
    const form = await readForm(request);
    intent = String(form.get("intent") ?? "");
    const imageId = () => parseId(form.get("imageId"), "ảnh");
    switch (intent) {
      case "update":
        await updateProduct(db, id, form);
        return actionOk(intent);
      case STOCK_ADJUST_INTENT:
        await adjustStock(db, id, formValues(form), { userId: admin.user.id, name: admin.user.email });
        return actionOk(intent);
      case "delete":
        await deleteProduct(db, storageFor(context.env), id);
        // Back to the list; the console shows 'Đã xóa' there.
        return redirect("/admin/products", { headers: { "Set-Cookie": flashCookie("product-deleted", context.env) } });
      case "image-upload": {
        const files = form.getAll("images").filter((f): f is File => typeof f !== "string" && f.size > 0);
        const uploads = await Promise.all(
          files.map(async (file) => ({ bytes: new Uint8Array(await file.arrayBuffer()) })),
        );
        await addProductImages(db, storageFor(context.env), id, uploads);
        return actionOk(intent);
      }
      case "image-move": {
        const direction = form.get("direction") === "up" ? "up" : "down";
        await moveProductImage(db, id, imageId(), direction);
        return actionOk(intent);
      }
      case "image-cover":
        await setProductCover(db, id, imageId());
        return actionOk(intent);
      case "image-alt":
        await setProductImageAlt(db, id, imageId(), { alt: form.get("alt") });
        return actionOk(intent);
      case "image-delete":
        await deleteProductImage(db, storageFor(context.env), id, imageId());
        return actionOk(intent);
      default:
        throw new AppError("invalid", "Thao tác không hợp lệ");
    }
  } catch (error) {
    return actionFailure(error, intent, context.logger);
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData ? `Sửa ${loaderData.product.name}` : "Sản phẩm");

export default function AdminProductEdit({ loaderData }: Route.ComponentProps) {
  const { product, images, storefrontPath, categories, movements, shown } = loaderData;
  const fetcher = useFetcher<ProductActionData>();
  const [deleting, setDeleting] = useState(false);
  useActionToast(fetcher.data, {
    success: { update: { title: "Đã cập nhật", description: "Sản phẩm đã được cập nhật thành công" } },
    errorTitle: () => "Không thể lưu sản phẩm",
  });
  return (
    <section aria-labelledby="admin-page-title">
      <Link
        to="/admin/products"
        className="mb-3 inline-flex min-h-11 items-center gap-2 text-sm font-medium text-brand-teal-strong hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Danh sách sản phẩm
      </Link>
      <AdminPageHeader title="Sửa sản phẩm" description={`SKU ${product.sku}`}>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="ghost" size="sm">
            <a href={storefrontPath} target="_blank" rel="noreferrer">
              <ExternalLink className="size-4" aria-hidden="true" />
              Xem trên cửa hàng
            </a>
          </Button>
          <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setDeleting(true)}>
            <Trash2 className="size-4" aria-hidden="true" />
            Xóa sản phẩm
          </Button>
        </div>
      </AdminPageHeader>
      <div className="flex flex-col gap-4">
        <ProductImagesManager images={images} />
        <StockPanel product={product} movements={movements.rows} hasMore={movements.hasMore} shown={shown} />
        {/* Keyed by version: after a save, or a reload over someone else's save, the form shows the stored product. */}
        <ProductForm
          key={`${product.id}:${product.version}`}
          product={product}
          categories={categories}
          intent="update"
          fetcher={fetcher}
          submitLabel="Cập nhật"
        />
      </div>
      {deleting && (
        <DeleteProductDialog
          product={{ id: product.id, name: product.name }}
          action={`/admin/products/${product.id}`}
          onClose={() => setDeleting(false)}
        />
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
