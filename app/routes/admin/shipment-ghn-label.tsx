import { ArrowLeft, Printer, RotateCw } from "~/components/ui/icons";
import { data, Link, redirect, useLocation } from "react-router";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { ghnLabelUrlFor } from "~/features/shipping/carrier-accounts.server";
import { getShipmentCarrier } from "~/features/shipping/shipments.server";
import { AppError, publicMessage, toHttpStatus } from "~/server/errors.server";
import type { Route } from "./+types/shipment-ghn-label";

/**
 * "In nhãn GHN" (decision 0061): the server asks GHN for a short-lived print token with the saved
 * API token (which never reaches the page) and sends the staff browser on to GHN's print page
 * (`?size=a5|80x80|52x70`). When GHN refuses or does not answer, the page says why, with our own
 * label one click away; nothing is written either way.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = context.database.db;
  let shipment: Awaited<ReturnType<typeof getShipmentCarrier>>;
  try {
    shipment = await getShipmentCarrier(db, params.id);
  } catch (error) {
    if (error instanceof AppError) throw data(publicMessage(error), { status: toHttpStatus(error) });
    throw error;
  }
  let printUrl: string;
  try {
    printUrl = await ghnLabelUrlFor(db, params.id, new URL(request.url).searchParams.get("size"));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data(
      { message: publicMessage(error), orderId: shipment.orderId, shipmentId: params.id },
      { status: toHttpStatus(error), headers: { "Cache-Control": "private, no-store" } },
    );
  }
  // The print token is short-lived and the page is GHN's: not cached, and our URL not sent along.
  return redirect(printUrl, { headers: { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" } });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => adminMeta("Không in được nhãn GHN");

export default function ShipmentGhnLabelPage({ loaderData }: Route.ComponentProps) {
  const { message, orderId, shipmentId } = loaderData;
  const location = useLocation();
  const linkClass =
    "inline-flex items-center gap-1 rounded-full border px-4 py-2 text-sm font-medium hover:border-brand-teal-strong";
  return (
    <main className="min-h-dvh bg-[#f6f8f8] px-4">
      <section role="alert" className="mx-auto flex max-w-xl flex-col items-start gap-3 py-10">
        <h1 className="text-2xl font-bold">Không in được nhãn GHN</h1>
        <p data-testid="ghn-label-error">{message}</p>
        <p className="text-brand-cool-gray">Không có gì thay đổi. Bạn có thể thử lại, hoặc in nhãn của cửa hàng.</p>
        <div className="flex flex-wrap gap-2">
          <Link to={location.pathname + location.search} reloadDocument className={linkClass}>
            <RotateCw className="size-4" aria-hidden="true" />
            Thử lại
          </Link>
          <Link to={`/admin/shipments/${shipmentId}/label?size=a6`} reloadDocument className={linkClass}>
            <Printer className="size-4" aria-hidden="true" />
            In nhãn của cửa hàng
          </Link>
          <Link to={`/admin/orders/${orderId}`} className={linkClass}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Về đơn hàng
          </Link>
        </div>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
