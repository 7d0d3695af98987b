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
import { adjustStock, listStockMovements, type StockActor } from "~/features/inventory/inventory.server";
import {
  addProductImages,
  deleteProductImage,
  MAX_UPLOAD_REQUEST_BYTES,
  moveProductImage,
  setProductCover,
  setProductImageAlt,
} from "~/features/catalog-admin/product-images.server";
import { parseId } from "~/server/form-action.server";
import { AppError } from "~/server/errors.server";
import { IMAGE_SIZE_MESSAGE } from "~/lib/image-variants";
import type { Tx } from "~/server/db.server";
import { storageFor } from "~/server/storage.server";
import type { Route } from "./+types/product-edit";

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

/** An intent on the product of the URL and, for image intents, one of its images; `actor` is the admin. */
const productIntent = (
  run: (
    target: { id: number; imageId: () => number },
    args: { input: Record<string, unknown>; context: Route.ActionArgs["context"]; actor: StockActor },
  ) => Promise<unknown>,
) =>
  adminIntent({
    run: async ({ input, context, params, guard: admin }) => {
      const actor = { userId: admin.user.id, name: admin.user.email };
      await run({ id: productId(params), imageId: () => parseId(input.imageId, "ảnh") }, { input, context, actor });
    },
  });

/** An image intent that only changes rows: in one audited transaction. */
const imageRowsIntent = (
  change: (tx: Tx, target: { id: number; imageId: number }, input: Record<string, unknown>) => Promise<void>,
) =>
  productIntent(({ id, imageId }, { input, context, actor }) =>
    inAuditedTransaction(context.database.db, actor.userId, (tx) => change(tx, { id, imageId: imageId() }, input)),
  );

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
          : redirectWithFlash(`/admin/products/${parentId}#variants`, archived ? "variant-archived" : "variant-deleted", context.env);
      },
    }),
    "image-upload": adminIntent({
      run: async ({ form, context, params, guard: admin }) => {
        const files = form.getAll("images").filter((f): f is File => typeof f !== "string" && f.size > 0);
        const uploads = await Promise.all(
          files.map(async (file) => ({ bytes: new Uint8Array(await file.arrayBuffer()) })),
        );
        await addProductImages(context.database.db, storageFor(context.env), productId(params), uploads, {
          userId: admin.user.id,
          name: admin.user.email,
        });
      },
    }),
    "image-move": imageRowsIntent((tx, { id, imageId }, input) =>
      moveProductImage(tx, id, imageId, input.direction === "up" ? "up" : "down"),
    ),
    "image-cover": imageRowsIntent((tx, { id, imageId }) => setProductCover(tx, id, imageId)),
    "image-alt": imageRowsIntent((tx, { id, imageId }, input) =>
      setProductImageAlt(tx, id, imageId, { alt: input.alt, en_alt: input.en_alt }),
    ),
    // The stored files are deleted after the rows' transaction, by the service.
    "image-delete": productIntent(({ id, imageId }, { context, actor }) =>
      deleteProductImage(context.database.db, storageFor(context.env), id, imageId(), actor),
    ),
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
