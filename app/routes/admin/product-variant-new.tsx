import { useFetcher } from "react-router";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { BackLink } from "~/components/ui/back-link";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { VariantForm } from "~/features/catalog-admin/components/variant-form";
import { productSummary } from "~/features/catalog-admin/admin-products.server";
import { createVariant, VARIANT_OF_VARIANT_MESSAGE } from "~/features/catalog-admin/product-variants.server";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import { AppError } from "~/server/errors.server";
import { redirectWithFlash } from "~/server/flash.server";
import type { Route } from "./+types/product-variant-new";

function productId(params: { id?: string }): number {
  const id = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  if (!id) throw new Response("Không tìm thấy sản phẩm", { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  try {
    const product = await productSummary(context.database.db, productId(params));
    if (product.parentId !== null) throw new Response(VARIANT_OF_VARIANT_MESSAGE, { status: 404 });
    return { product: { id: product.id, name: product.name, price: product.price } };
  } catch (error) {
    if (error instanceof AppError && error.kind === "not_found") throw new Response(error.message, { status: 404 });
    throw error;
  }
}

export const action = adminAction({
  intents: {
    "variant-create": adminIntent({
      run: async ({ form, context, params, guard: admin }) => {
        const id = productId(params);
        await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          createVariant(tx, id, form, { userId: admin.user.id, name: admin.user.email }),
        );
        // Back to the product's variants; the console shows 'Đã thêm' there.
        return redirectWithFlash(`/admin/products/${id}#variants`, "variant-created", context.env);
      },
    }),
  },
});

export const meta: Route.MetaFunction = () => adminMeta("Thêm biến thể");

/** "Thêm biến thể": the variant form, its price prefilled with the product's. */
export default function AdminProductVariantNew({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const fetcher = useFetcher<ActionFeedbackResult>();
  useActionFeedback(fetcher.data, { success: {}, errorTitle: () => "Không thể lưu biến thể" });
  return (
    <section aria-labelledby="admin-page-title">
      <BackLink to={`/admin/products/${product.id}#variants`}>{product.name}</BackLink>
      <AdminPageHeader title="Thêm biến thể" description={product.name} />
      <VariantForm
        variant={{
          variantLabel: null,
          sku: "",
          price: product.price,
          compareAtPrice: null,
          color: null,
          colorHex: null,
          lowStockThreshold: 5,
          isActive: true,
          translations: {},
        }}
        productPrice={product.price}
        intent="variant-create"
        fetcher={fetcher}
        submitLabel="Thêm biến thể"
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
