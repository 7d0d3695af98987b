import { ArrowLeft } from "lucide-react";
import { Link, redirect, useFetcher } from "react-router";
import { requireAdmin } from "~/features/auth/auth.server";
import { flashCookie } from "~/server/flash.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { AdminPageHeader } from "~/features/auth/components/admin-shell";
import { listActiveCategoryOptions } from "~/features/catalog/admin-categories.server";
import { createProduct } from "~/features/catalog/admin-products.server";
import { emptyProduct, ProductForm, type ProductActionData } from "~/features/catalog/components/product-form";
import { useActionFeedback } from "~/components/ui/use-action-feedback";
import { actionFailure } from "~/server/action-result.server";
import { AppError } from "~/server/errors.server";
import type { Route } from "./+types/product-new";
import { readForm } from "~/server/request-guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { categories: await listActiveCategoryOptions(context.database.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent !== "create") throw new AppError("invalid", "Thao tác không hợp lệ");
    const product = await createProduct(context.database.db, form, { userId: admin.user.id, name: admin.user.email });
    // Open the new product's page (to add images); the console shows 'Đã thêm' there.
    return redirect(`/admin/products/${product.id}`, { headers: { "Set-Cookie": flashCookie("product-created", context.env) } });
  } catch (error) {
    return actionFailure(error, intent, context.logger);
  }
}

export const meta: Route.MetaFunction = () => adminMeta("Thêm sản phẩm");

export default function AdminProductNew({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<ProductActionData>();
  useActionFeedback(fetcher.data, { success: {}, errorTitle: () => "Không thể lưu sản phẩm" });
  return (
    <section aria-labelledby="admin-page-title">
      <Link
        to="/admin/products"
        className="mb-3 inline-flex min-h-11 items-center gap-2 text-sm font-medium text-brand-teal-strong hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Danh sách sản phẩm
      </Link>
      <AdminPageHeader title="Thêm sản phẩm" description="Lưu sản phẩm trước, sau đó thêm ảnh." />
      <ProductForm
        product={emptyProduct}
        categories={loaderData.categories}
        intent="create"
        fetcher={fetcher}
        submitLabel="Thêm sản phẩm"
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
