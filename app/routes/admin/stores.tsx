import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { StoresPage } from "~/features/catalog-admin/components/stores-page";
import {
  createStoreLocation,
  deleteStoreLocation,
  listStoreLocations,
  updateStoreLocation,
} from "~/features/catalog-admin/store-locations.server";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import { parseId } from "~/server/form-action.server";
import type { Route } from "./+types/stores";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { stores: await listStoreLocations(context.database.db) };
}

export const action = adminAction({
  intents: {
    create: adminIntent({
      run: async ({ form, context, guard: admin }) => ({
        id: (await inAuditedTransaction(context.database.db, admin.user.id, (tx) => createStoreLocation(tx, form))).id,
      }),
    }),
    update: adminIntent({
      run: async ({ form, input, context, guard: admin }) => {
        const { id, version } = await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          updateStoreLocation(tx, parseId(input.id, "cửa hàng"), form),
        );
        return { id, version };
      },
    }),
    delete: adminIntent({
      run: ({ input, context, guard: admin }) =>
        inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          deleteStoreLocation(tx, parseId(input.id, "cửa hàng"), input),
        ),
    }),
  },
});

export const meta: Route.MetaFunction = () => adminMeta("Cửa hàng");

export default function AdminStores({ loaderData }: Route.ComponentProps) {
  return <StoresPage stores={loaderData.stores} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
