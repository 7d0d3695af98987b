import { ArrowLeft, Printer } from "~/components/ui/icons";
import { data, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { getSettings } from "~/features/settings/settings.server";
import {
  labelPageCss,
  labelSizeOf,
  labelSizes,
  ShippingLabel,
  type LabelSize,
} from "~/features/shipping/components/shipping-label";
import { getShipmentLabels } from "~/features/shipping/shipments.server";
import { formatOrderNumber } from "~/lib/order-number";
import { AppError, publicMessage, toHttpStatus } from "~/server/errors.server";
import type { Route } from "./+types/shipment-label";

/**
 * Printable shipping labels, outside the admin chrome: `?size=a6` one label per A6 page,
 * `?size=100x150` one per 100 × 150 mm thermal label, `?size=a4` four per A4 sheet.
 * `?ids=a,b,c` prints several shipments at once.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const size = labelSizeOf(url.searchParams.get("size"));
  const extra = (url.searchParams.get("ids") ?? "").split(",").filter(Boolean);
  try {
    const ids = [params.id, ...extra.filter((id) => id !== params.id)];
    const [labels, settings] = await Promise.all([
      getShipmentLabels(context.database.db, ids),
      getSettings(context.database.db),
    ]);
    const { storeName, phone, address } = settings.store;
    return { labels, size, store: { storeName, phone, address }, printedAt: new Date().toISOString() };
  } catch (error) {
    if (error instanceof AppError) throw data(publicMessage(error), { status: toHttpStatus(error) });
    throw error;
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(
    loaderData?.labels.length === 1
      ? `Nhãn vận đơn ${formatOrderNumber(loaderData.labels[0].order.orderNumber)}`
      : "Nhãn vận đơn",
  );

export default function ShipmentLabelPage({ loaderData }: Route.ComponentProps) {
  const { labels, size, store, printedAt } = loaderData;
  const first = labels[0];
  return (
    <main className="mx-auto max-w-4xl bg-white p-4 text-black print:max-w-none print:p-0">
      <style>{labelPageCss(size)}</style>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link
          to={`/admin/orders/${first.order.id}`}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-teal-strong hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Về đơn hàng
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          <nav aria-label="Khổ giấy" className="flex gap-1 text-sm">
            {(Object.keys(labelSizes) as LabelSize[]).map((s) => (
              <Link
                key={s}
                to={`?size=${s}${labels.length > 1 ? `&ids=${labels.map((l) => l.shipment.id).join(",")}` : ""}`}
                aria-current={s === size ? "page" : undefined}
                className="rounded-md border px-3 py-1.5 aria-[current=page]:border-brand-teal-strong aria-[current=page]:font-semibold"
              >
                {labelSizes[s].name}
              </Link>
            ))}
          </nav>
          <Button onClick={() => window.print()}>
            <Printer className="size-4" aria-hidden="true" />
            In nhãn
          </Button>
        </div>
      </div>
      <h1 className="sr-only">Nhãn vận đơn</h1>
      <div className={`label-sheet grid gap-4 ${size === "a4" ? "sm:grid-cols-2" : "justify-items-center"}`}>
        {labels.map((label) => (
          <div
            key={label.shipment.id}
            className="label-cell w-full"
            style={size === "a4" ? undefined : { maxWidth: `${labelSizes[size].widthMm}mm` }}
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
