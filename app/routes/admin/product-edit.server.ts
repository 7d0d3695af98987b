import { adminIntent } from "~/features/auth/admin-action.server";
import {
  addProductImages,
  deleteProductImage,
  moveProductImage,
  setProductCover,
  setProductImageAlt,
} from "~/features/catalog-admin/product-images.server";
import type { StockActor } from "~/features/inventory/inventory.server";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import type { Tx } from "~/server/db.server";
import { parseId } from "~/server/form-action.server";
import { storageFor } from "~/server/storage.server";
import type { Route } from "./+types/product-edit";

/** The product (or variant) id of the URL; anything else is a 404. */
export function productId(params: { id?: string }): number {
  const id = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  if (!id) throw new Response("Không tìm thấy sản phẩm", { status: 404 });
  return id;
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

/** The product page's gallery intents, spread into its action. */
export const productImageIntents = {
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
};
