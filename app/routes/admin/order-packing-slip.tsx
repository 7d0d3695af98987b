import { ArrowLeft, Printer } from "~/components/ui/icons";
import { data, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { getOrderDetail } from "~/features/orders/orders.server";
import { PackingSlip } from "~/features/orders/components/packing-slip";
import { getSettings } from "~/features/settings/settings.server";
import { formatOrderNumber } from "~/lib/order-number";
import { AppError, publicMessage, toHttpStatus } from "~/server/errors.server";
import type { Route } from "./+types/order-packing-slip";

/** A printable packing slip: outside the admin chrome, with a print stylesheet (A4, black on white). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  try {
    const [detail, settings] = await Promise.all([
      getOrderDetail(context.database.db, params.id),
      getSettings(context.database.db),
    ]);
    return { ...detail, store: settings.store };
  } catch (error) {
    if (error instanceof AppError) throw data(publicMessage(error), { status: toHttpStatus(error) });
    throw error;
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ loaderData: slip }) =>
  adminMeta(slip ? `Phiếu đóng gói ${formatOrderNumber(slip.order.orderNumber)}` : "Phiếu đóng gói");

export default function PackingSlipPage({ loaderData }: Route.ComponentProps) {
  const { order, items, store } = loaderData;
  return (
    <main className="mx-auto max-w-3xl bg-white p-6 text-brand-charcoal print:max-w-none print:p-0 print:text-black">
      <style>{"@page { size: A4; margin: 14mm; } @media print { body { background: #fff; } }"}</style>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link
          to={`/admin/orders/${order.id}`}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-teal-strong hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Về đơn hàng
        </Link>
        <Button onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden="true" />
          In phiếu
        </Button>
      </div>

      <PackingSlip order={order} items={items} store={store} />
    </main>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
