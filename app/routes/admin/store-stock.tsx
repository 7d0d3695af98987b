import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { StoreStockPage } from "~/features/catalog-admin/components/store-stock-page";
import { getStoreLocation, listStoreStock, setStoreStock } from "~/features/catalog-admin/store-locations.server";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import { parseId } from "~/server/form-action.server";
import type { Route } from "./+types/store-stock";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = context.database.db;
  const id = parseId(params.id, "cửa hàng");
  const store = await getStoreLocation(db, id);
  return { store, rows: await listStoreStock(db, id) };
}

export const action = adminAction({
  intents: {
    stock: adminIntent({
      run: ({ form, params, context, guard: admin }) =>
        inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          setStoreStock(tx, parseId(params.id, "cửa hàng"), form),
        ),
    }),
  },
});

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Tồn kho tại ${loaderData.store.name}` : "Tồn kho cửa hàng");

export default function AdminStoreStock({ loaderData }: Route.ComponentProps) {
  return <StoreStockPage store={loaderData.store} rows={loaderData.rows} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
