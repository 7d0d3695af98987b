import { z } from "zod";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { callHolderOf, takeCallHold } from "~/features/orders/call-holds.server";
import { ConfirmationQueuePage } from "~/features/orders/components/confirmation-queue-page";
import { listConfirmationQueue } from "~/features/orders/confirmation.server";
import { pageParamSchema } from "~/features/orders/orders.schema";
import { getSettings } from "~/features/settings/settings.server";
import { redirect } from "react-router";
import type { Route } from "./+types/orders-confirm";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const db = context.database.db;
  const page = pageParamSchema.parse(new URL(request.url).searchParams.get("page") ?? undefined);
  const [queue, { fulfilment }] = await Promise.all([listConfirmationQueue(db, page), getSettings(db)]);
  return {
    queue,
    maxAttempts: fulfilment.maxConfirmationAttempts,
    requireConfirmation: fulfilment.requireConfirmation,
    currentUserId: admin.user.id,
  };
}

// "Nhận gọi": the order is this member's call for a while (call-holds.server.ts), then its page.
export const action = adminAction({
  intents: {
    "take-call": adminIntent({
      schema: z.object({ orderId: z.string().trim().max(64) }),
      run: async ({ input, context, guard: admin }) => {
        await takeCallHold(context.database.db, input.orderId, callHolderOf(admin));
        return redirect(`/admin/orders/${input.orderId}`);
      },
    }),
  },
});

export const meta: Route.MetaFunction = () => adminMeta("Cần xác nhận");

export default function AdminOrdersToConfirm({ loaderData }: Route.ComponentProps) {
  return <ConfirmationQueuePage {...loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
