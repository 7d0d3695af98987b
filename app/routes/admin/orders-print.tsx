import { Printer } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { PackingSlip } from "~/features/orders/components/packing-slip";
import { getPackingSlips, orderIdsOf } from "~/features/orders/orders-bulk.server";
import { getSettings } from "~/features/settings/settings.server";
import {
  labelPageCss,
  labelSizeOf,
  labelSizes,
  ShippingLabel,
  type LabelSize,
} from "~/features/shipping/components/shipping-label";
import { getShipmentLabels, labelShipmentIdsOfOrders } from "~/features/shipping/shipments.server";
import { formatOrderNumber } from "~/lib/order-number";
import type { Route } from "./+types/orders-print";

/**
 * The orders list's bulk print, opened in a new tab for one print job: `?order=…` (repeated, as the
 * list's selection posts it) and `?kind=slips` (a packing slip per A4 page) or `?kind=labels` (each
 * order's shipping label, one per page of `?size=a6|100x150`; orders without a shipment are named, not printed).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const ids = orderIdsOf(url.searchParams.getAll("order"));
  const db = context.database.db;
  const { store } = await getSettings(db);
  if (url.searchParams.get("kind") === "labels") {
    const shipmentOf = await labelShipmentIdsOfOrders(db, ids);
    const labels = shipmentOf.size > 0 ? await getShipmentLabels(db, [...shipmentOf.values()]) : [];
    const slips = await getPackingSlips(
      db,
      ids.filter((id) => !shipmentOf.has(id)),
    );
    const withoutShipment = slips.map(({ order }) => order.orderNumber);
    // One label per page: the A4 sheet of four is the shipments list's.
    const size: LabelSize = labelSizeOf(url.searchParams.get("size")) === "100x150" ? "100x150" : "a6";
    return {
      kind: "labels" as const,
      labels,
      withoutShipment,
      slips: [],
      store,
      size,
      printedAt: new Date().toISOString(),
    };
  }
  const slips = await getPackingSlips(db, ids);
  return {
    kind: "slips" as const,
    slips,
    labels: [],
    withoutShipment: [],
    store,
    size: "a6" as LabelSize,
    printedAt: "",
  };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.kind === "labels" ? "In nhãn vận đơn" : "In phiếu đóng gói");

const slipsCss =
  "@page { size: A4; margin: 14mm; } @media print { body { background: #fff; } .print-page { break-after: page; } .print-page:last-child { break-after: auto; } }";

export default function OrdersPrint({ loaderData }: Route.ComponentProps) {
  const { kind, slips, labels, withoutShipment, store, size, printedAt } = loaderData;
  const count = kind === "labels" ? labels.length : slips.length;
  const what = kind === "labels" ? "nhãn vận đơn" : "phiếu đóng gói";
  return (
    <main className="mx-auto max-w-3xl bg-white p-6 text-brand-charcoal print:max-w-none print:p-0 print:text-black">
      <style>{kind === "labels" ? labelPageCss(size) : slipsCss}</style>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 border-b pb-4 print:hidden">
        <h1 className="text-lg font-semibold">
          {count} {what}
        </h1>
        <Button onClick={() => window.print()} disabled={count === 0}>
          <Printer className="size-4" aria-hidden="true" />
          In {count} {kind === "labels" ? "nhãn" : "phiếu"}
        </Button>
        {withoutShipment.length > 0 && (
          <p role="status" className="w-full rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            Chưa có vận đơn, không in nhãn: {withoutShipment.map(formatOrderNumber).join(", ")}
          </p>
        )}
        {count === 0 && <p className="w-full text-sm">Không có {what} nào để in: hãy chọn đơn hàng trong danh sách.</p>}
      </div>
      <div className="label-sheet grid gap-8 print:block">
        {kind === "slips"
          ? slips.map((slip) => (
              <div
                key={slip.order.id}
                className="print-page border-t-2 border-dashed border-brand-charcoal/20 pt-8 first:border-0 first:pt-0 print:border-0 print:pt-0"
              >
                <PackingSlip order={slip.order} items={slip.items} store={store} />
              </div>
            ))
          : labels.map((label) => (
              <div
                key={label.shipment.id}
                className="label-cell mx-auto w-full"
                style={{ maxWidth: `${labelSizes[size].widthMm}mm` }}
              >
                <ShippingLabel label={label} store={store} printedAt={printedAt} />
              </div>
            ))}
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
