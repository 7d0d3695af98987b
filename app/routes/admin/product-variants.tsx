import { redirect } from "react-router";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { VARIANT_MOVE_INTENT, VARIANT_UPDATE_INTENT } from "~/features/catalog-admin/components/variant-intents";
import { expectVariantOf, moveVariant, updateVariant } from "~/features/catalog-admin/product-variants.server";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import { parseId } from "~/server/form-action.server";
import type { Route } from "./+types/product-variants";

/** The product of the URL (/admin/products/:id/variants). */
function productId(params: { id?: string }): number {
  const id = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  if (!id) throw new Response("Không tìm thấy sản phẩm", { status: 404 });
  return id;
}

/** Nothing to show here: the variants are on their product's page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return redirect(`/admin/products/${productId(params)}`);
}

/**
 * A product's variants (decision 0038), posted to by its "Biến thể" card (reorder) and by a
 * variant's own page (save): each names its variant (`variantId`), which must be this product's.
 */
export const action = adminAction({
  intents: {
    [VARIANT_MOVE_INTENT]: adminIntent({
      run: async ({ input, context, params, guard: admin }) => {
        const id = productId(params);
        const variantId = parseId(input.variantId, "biến thể");
        await expectVariantOf(context.database.db, id, variantId);
        await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          moveVariant(tx, id, variantId, input.direction === "up" ? "up" : "down"),
        );
      },
    }),
    [VARIANT_UPDATE_INTENT]: adminIntent({
      run: async ({ form, input, context, params, guard: admin }) => {
        const variantId = parseId(input.variantId, "biến thể");
        await expectVariantOf(context.database.db, productId(params), variantId);
        await inAuditedTransaction(context.database.db, admin.user.id, (tx) => updateVariant(tx, variantId, form));
      },
    }),
  },
});
