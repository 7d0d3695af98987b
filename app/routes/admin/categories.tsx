import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { createCategory, deleteCategory, listCategories, updateCategory } from "~/features/catalog-admin/admin-categories.server";
import { parseId } from "~/server/form-action.server";
import type { Route } from "./+types/categories";
import { CategoriesPage } from "~/features/catalog-admin/components/categories-page";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { categories: await listCategories(context.database.db) };
}

export const action = adminAction({
  intents: {
    create: adminIntent({
      run: async ({ form, context }) => ({ id: (await createCategory(context.database.db, form)).id }),
    }),
    update: adminIntent({
      run: async ({ form, input, context }) => {
        const { id, version } = await updateCategory(context.database.db, parseId(input.id, "danh mục"), form);
        return { id, version };
      },
    }),
    delete: adminIntent({
      run: ({ input, context }) => {
        const move = String(input.moveProductsTo ?? "");
        const moveProductsTo = move === "" ? null : parseId(move, "danh mục");
        return deleteCategory(context.database.db, parseId(input.id, "danh mục"), { moveProductsTo });
      },
    }),
  },
});

export const meta: Route.MetaFunction = () => adminMeta("Danh mục");

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  return <CategoriesPage loaderData={loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
