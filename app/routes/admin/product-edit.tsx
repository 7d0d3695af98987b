import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import { redirectWithFlash } from "~/server/flash.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { listActiveCategoryOptions } from "~/features/catalog-admin/admin-categories.server";
import { deleteProduct, getProductForEdit, updateProduct } from "~/features/catalog-admin/admin-products.server";
import { ProductEditPage } from "~/features/catalog-admin/components/product-edit-page";
import { VariantEditPage } from "~/features/catalog-admin/components/variant-edit-page";
import { VariantsCard } from "~/features/catalog-admin/components/variants-card";
import { StockPanel, STOCK_ADJUST_INTENT } from "~/features/inventory/components/stock-panel";
import { movementsShownSchema } from "~/features/inventory/inventory.schema";
import { adjustStock, listStockMovements } from "~/features/inventory/inventory.server";
import { MAX_UPLOAD_REQUEST_BYTES } from "~/features/catalog-admin/product-images.server";
import { AppError } from "~/server/errors.server";
import { IMAGE_SIZE_MESSAGE } from "~/lib/image-variants";
import { storageFor } from "~/server/storage.server";
import { productId, productImageIntents } from "./product-edit.server";
import type { Route } from "./+types/product-edit";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = productId(params);
  const db = context.database.db;
  const shown = movementsShownSchema.parse(new URL(request.url).searchParams.get("movements") ?? undefined);
  try {
    const [{ product, images, storefrontPath, variants, parent }, categories, movements] = await Promise.all([
      getProductForEdit(db, id),
      listActiveCategoryOptions(db),
      listStockMovements(db, id, shown),
    ]);
    const highlight = Number(new URL(request.url).searchParams.get("variant")) || null;
    return { product, images, storefrontPath, variants, parent, categories, movements, shown, highlight };
  } catch (error) {
    if (error instanceof AppError && error.kind === "not_found") throw new Response(error.message, { status: 404 });
    throw error;
  }
}

export const action = adminAction({
  intents: {
    update: adminIntent({
      run: async ({ form, context, params, guard: admin }) => {
        await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          updateProduct(tx, productId(params), form),
        );
      },
    }),
    [STOCK_ADJUST_INTENT]: adminIntent({
      run: async ({ input, context, params, guard: admin }) => {
        await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          adjustStock(tx, productId(params), input, { userId: admin.user.id, name: admin.user.email }),
        );
      },
    }),
    delete: adminIntent({
      run: async ({ input, context, params, guard: admin }) => {
        const actor = { userId: admin.user.id, name: admin.user.email };
        const { parentId, archived } = await deleteProduct(
          context.database.db,
          storageFor(context.env),
          productId(params),
          input,
          actor,
        );
        // Back to the list (a variant: to its product); the console says there what happened.
        return parentId === null
          ? redirectWithFlash("/admin/products", archived ? "product-archived" : "product-deleted", context.env)
          : redirectWithFlash(
              `/admin/products/${parentId}#variants`,
              archived ? "variant-archived" : "variant-deleted",
              context.env,
            );
      },
    }),
    // The gallery: upload, order, cover, alt text, delete.
    ...productImageIntents,
  },
  maxBytes: { bytes: MAX_UPLOAD_REQUEST_BYTES, message: IMAGE_SIZE_MESSAGE, field: "images" },
});

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Sửa ${loaderData.product.name}` : "Sản phẩm");

export default function AdminProductEdit({ loaderData }: Route.ComponentProps) {
  const { product, movements, shown, parent, variants, highlight } = loaderData;
  const stockPanel = (
    <StockPanel product={product} movements={movements.rows} hasMore={movements.hasMore} shown={shown} />
  );
  if (parent) return <VariantEditPage loaderData={loaderData} parent={parent} stockPanel={stockPanel} />;
  return (
    <ProductEditPage
      loaderData={loaderData}
      // A product with variants holds no stock (its variants do): its movements stay readable in their history.
      stockPanel={variants.length > 0 ? null : stockPanel}
      variantsCard={<VariantsCard product={product} variants={variants} highlight={highlight} />}
    />
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
