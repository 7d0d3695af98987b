import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { DiscountsPage } from "~/features/discounts/components/discounts-page";
import {
  createDiscountCode,
  listDiscountCodes,
  setDiscountCodeActive,
  updateDiscountCode,
} from "~/features/discounts/discounts.server";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import { parseId } from "~/server/form-action.server";
import type { Route } from "./+types/discounts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { discounts: await listDiscountCodes(context.database.db), now: Date.now() };
}

const setActive = (active: boolean) =>
  adminIntent({
    run: async ({ input, context, guard: admin }) => {
      await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
        setDiscountCodeActive(tx, parseId(input.id, "giảm giá"), active),
      );
    },
  });

export const action = adminAction({
  intents: {
    create: adminIntent({
      run: async ({ form, context, guard: admin }) => {
        await inAuditedTransaction(context.database.db, admin.user.id, (tx) => createDiscountCode(tx, form));
      },
    }),
    update: adminIntent({
      run: async ({ form, input, context, guard: admin }) => {
        const { version } = await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          updateDiscountCode(tx, parseId(input.id, "giảm giá"), form),
        );
        return { version };
      },
    }),
    deactivate: setActive(false),
    activate: setActive(true),
  },
});

export const meta: Route.MetaFunction = () => adminMeta("Mã giảm giá");

export default function AdminDiscounts({ loaderData }: Route.ComponentProps) {
  return <DiscountsPage loaderData={loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
