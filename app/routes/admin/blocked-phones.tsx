import { z } from "zod";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { blockPhone, listBlockedPhones, unblockPhone } from "~/features/orders/blocked-phones.server";
import { BlockedPhonesPage } from "~/features/orders/components/blocked-phones-page";
import { blockPhoneInputSchema, unblockPhoneInputSchema } from "~/features/orders/confirmation.schema";
import { pageParamSchema } from "~/features/orders/orders.schema";
import type { Route } from "./+types/blocked-phones";
import { inAuditedTransaction } from "~/server/audited-transaction.server";

const querySchema = z.object({ q: z.string().trim().max(100).optional().catch(undefined), page: pageParamSchema });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await listBlockedPhones(context.database.db, { q: query.q || undefined, page: query.page });
  return { list, q: query.q ?? "" };
}

export const action = adminAction({
  intents: {
    block: adminIntent({
      schema: blockPhoneInputSchema,
      run: async ({ input, context, guard: admin }) =>
        inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          blockPhone(tx, input, { userId: admin.user.id, name: admin.user.email }),
        ),
    }),
    unblock: adminIntent({
      schema: unblockPhoneInputSchema,
      run: async ({ input, context, guard: admin }) =>
        inAuditedTransaction(context.database.db, admin.user.id, (tx) => unblockPhone(tx, input.phone)),
    }),
  },
});

export const meta: Route.MetaFunction = () => adminMeta("Số điện thoại bị chặn");

export default function AdminBlockedPhones({ loaderData }: Route.ComponentProps) {
  return <BlockedPhonesPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
