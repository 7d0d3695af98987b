import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { createCategory, deleteCategory, listCategories, updateCategory } from "~/features/catalog-admin/admin-categories.server";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
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
      run: async ({ form, context, guard: admin }) => ({
        id: (await inAuditedTransaction(context.database.db, admin.user.id, (tx) => createCategory(tx, form))).id,
      }),
    }),
    update: adminIntent({
      run: async ({ form, input, context, guard: admin }) => {
        const { id, version } = await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          updateCategory(tx, parseId(input.id, "danh mục"), form),
        );
        return { id, version };
      },
    }),
    delete: adminIntent({
      run: ({ input, context, guard: admin }) => {
        const move = String(input.moveProductsTo ?? "");
        const moveProductsTo = move === "" ? null : parseId(move, "danh mục");
        return inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          deleteCategory(tx, parseId(input.id, "danh mục"), { moveProductsTo }),
        );
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
