import { data } from "react-router";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { listCategories } from "~/features/catalog-admin/admin-categories.server";
import { productListQuerySchema } from "~/features/catalog-admin/admin-products.schema";
import { deleteProduct, listProductsForConsole } from "~/features/catalog-admin/admin-products.server";
import { ProductsPage } from "~/features/catalog-admin/components/products-page";
import { parseId } from "~/server/form-action.server";
import { storageFor } from "~/server/storage.server";
import type { Route } from "./+types/products";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const query = productListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const db = context.database.db;
  try {
    const [page, categories] = await Promise.all([listProductsForConsole(db, query), listCategories(db)]);
    return { query, page, categories: categories.map((c) => ({ id: c.id, name: c.name })), loadError: null };
  } catch (error) {
    context.logger.error({ err: error }, "admin product list failed");
    return data({ query, page: null, categories: [], loadError: "Không thể tải danh sách sản phẩm" }, { status: 500 });
  }
}

export const action = adminAction({
  intents: {
    delete: adminIntent({
      run: async ({ input, context, guard: admin }) => {
        // { archived: true } when orders have it: hidden rather than deleted (the dialog says so).
        return await deleteProduct(context.database.db, storageFor(context.env), parseId(input.id, "sản phẩm"), input, {
          userId: admin.user.id,
          name: admin.user.email,
        });
      },
    }),
  },
});

export const meta: Route.MetaFunction = () => adminMeta("Sản phẩm");

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  return <ProductsPage loaderData={loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
