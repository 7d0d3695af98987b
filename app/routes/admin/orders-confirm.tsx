import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { ConfirmationQueuePage } from "~/features/orders/components/confirmation-queue-page";
import { listConfirmationQueue } from "~/features/orders/confirmation.server";
import { pageParamSchema } from "~/features/orders/orders.schema";
import { getSettings } from "~/features/settings/settings.server";
import type { Route } from "./+types/orders-confirm";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = context.database.db;
  const page = pageParamSchema.parse(new URL(request.url).searchParams.get("page") ?? undefined);
  const [queue, { fulfilment }] = await Promise.all([listConfirmationQueue(db, page), getSettings(db)]);
  return {
    queue,
    maxAttempts: fulfilment.maxConfirmationAttempts,
    requireConfirmation: fulfilment.requireConfirmation,
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Cần xác nhận");

export default function AdminOrdersToConfirm({ loaderData }: Route.ComponentProps) {
  return <ConfirmationQueuePage {...loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
