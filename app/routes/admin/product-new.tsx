import { useFetcher } from "react-router";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { redirectWithFlash } from "~/server/flash.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { BackLink } from "~/components/ui/back-link";
import { listActiveCategoryOptions } from "~/features/catalog-admin/admin-categories.server";
import { createProductWithImages, MAX_UPLOAD_REQUEST_BYTES } from "~/features/catalog-admin/product-images.server";
import { IMAGE_SIZE_MESSAGE } from "~/lib/image-variants";
import { storageFor } from "~/server/storage.server";
import { emptyProduct, ProductForm } from "~/features/catalog-admin/components/product-form";
import { useActionFeedback } from "~/components/ui/use-action-feedback";
import type { Route } from "./+types/product-new";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { categories: await listActiveCategoryOptions(context.database.db) };
}

export const action = adminAction({
  intents: {
    create: adminIntent({
      run: async ({ form, context, guard: admin }) => {
        // Images chosen in the create form, each with its alt text (fields in the same order).
        const alts = form.getAll("imageAlt").map(String);
        const files = form.getAll("images").filter((f): f is File => typeof f !== "string" && f.size > 0);
        const uploads = await Promise.all(
          files.map(async (file, index) => ({ bytes: new Uint8Array(await file.arrayBuffer()), alt: alts[index] ?? "" })),
        );
        const product = await createProductWithImages(context.database.db, storageFor(context.env), form, uploads, {
          userId: admin.user.id,
          name: admin.user.email,
        });
        // Open the new product's page; the console shows 'Đã thêm' there.
        return redirectWithFlash(`/admin/products/${product.id}`, "product-created", context.env);
      },
    }),
  },
  maxBytes: { bytes: MAX_UPLOAD_REQUEST_BYTES, message: IMAGE_SIZE_MESSAGE, field: "images" },
});

export const meta: Route.MetaFunction = () => adminMeta("Thêm sản phẩm");

export default function AdminProductNew({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  useActionFeedback(fetcher.data, { success: {}, errorTitle: () => "Không thể lưu sản phẩm" });
  return (
    <section aria-labelledby="admin-page-title">
      <BackLink to="/admin/products">Danh sách sản phẩm</BackLink>
      <AdminPageHeader title="Thêm sản phẩm" description="Điền thông tin, chọn ảnh (không bắt buộc) rồi lưu." />
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
