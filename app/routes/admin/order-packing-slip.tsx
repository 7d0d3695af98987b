import { ArrowLeft, Printer } from "lucide-react";
import { data, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { getOrderDetail } from "~/features/orders/orders.server";
import { paymentMethodLabels, shippingMethodLabels } from "~/features/orders/orders.schema";
import { getSettings } from "~/features/settings/settings.server";
import { formatDateTimeVi, formatDateVi } from "~/lib/dates";
import { formatVnd } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { AppError, publicMessage, toHttpStatus } from "~/server/errors.server";
import type { Route } from "./+types/order-packing-slip";
import { displayName } from "~/lib/person-name";

/** A printable packing slip: outside the admin chrome, with a print stylesheet (A4, black on white). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  try {
    const [detail, settings] = await Promise.all([getOrderDetail(context.database.db, params.id), getSettings(context.database.db)]);
    return { ...detail, store: settings.store };
  } catch (error) {
    if (error instanceof AppError) throw data(publicMessage(error), { status: toHttpStatus(error) });
    throw error;
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ loaderData: slip }) =>
  adminMeta(slip ? `Phiếu đóng gói ${formatOrderNumber(slip.order.orderNumber)}` : "Phiếu đóng gói");

export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const { order, items, store } = loaderData;
  const number = formatOrderNumber(order.orderNumber);
  const quantity = items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <main className="mx-auto max-w-3xl bg-white p-6 text-brand-charcoal print:max-w-none print:p-0 print:text-black">
      <style>{"@page { size: A4; margin: 14mm; } @media print { body { background: #fff; } }"}</style>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={`/admin/orders/${order.id}`} className="inline-flex items-center gap-1 text-sm font-medium text-brand-teal-strong hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Về đơn hàng
        </Link>
        <Button onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden="true" />
          In phiếu
        </Button>
      </div>

      <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-black pb-4">
        <div>
          <p className="text-xl font-bold">{store.storeName}</p>
          <p className="text-sm">{store.address}</p>
          <p className="text-sm">
            {store.phone} · {store.email}
          </p>
        </div>
        <div className="text-right">
          <h1 className="text-2xl font-bold">PHIẾU ĐÓNG GÓI</h1>
          <p className="font-mono text-lg font-semibold">{number}</p>
          <p className="text-sm">Ngày đặt: {formatDateTimeVi(order.createdAt)}</p>
        </div>
      </header>

      <section className="grid gap-4 border-b border-black/30 py-4 sm:grid-cols-2 print:grid-cols-2">
        <div>
          <h2 className="text-xs font-bold tracking-wide uppercase">Giao đến</h2>
          <p className="font-semibold">{displayName(order, "vi")}</p>
          <p>{order.phone}</p>
          <p>{order.address}</p>
          <p>{[order.wardName, order.districtName, order.provinceName].filter(Boolean).join(", ")}</p>
          <p>{order.postalCode}</p>
        </div>
        <div>
          <h2 className="text-xs font-bold tracking-wide uppercase">Giao hàng</h2>
          <p>{shippingMethodLabels[order.shippingMethod] ?? order.shippingMethod}</p>
          <p>
            {order.shippingDate ? formatDateVi(`${order.shippingDate}T12:00:00+07:00`) : ""}
            {order.shippingSlot ? ` · ${order.shippingSlot}` : ""}
          </p>
          <p>
            {paymentMethodLabels[order.paymentMethod] ?? order.paymentMethod}: <strong>{formatVnd(order.total)}</strong>
          </p>
          {order.isGift && <p>Quà tặng{order.giftMessage ? ` — “${order.giftMessage}”` : ""}</p>}
        </div>
      </section>

      <table className="mt-4 w-full border-collapse text-sm">
        <thead>
          <tr className="border-b border-black text-left">
            <th scope="col" className="w-10 py-2">
              <span className="sr-only">Đã đóng</span>
            </th>
            <th scope="col" className="py-2">
              SKU
            </th>
            <th scope="col" className="py-2">
              Sản phẩm
            </th>
            <th scope="col" className="py-2 text-right">
              Số lượng
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="border-b border-black/20">
              <td className="py-2">
                <span className="inline-block size-4 border border-black" aria-hidden="true" />
              </td>
              <td className="py-2 font-mono">{item.productSku}</td>
              <td className="py-2">{item.productName}</td>
              <td className="py-2 text-right font-semibold">{item.quantity}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={3} className="py-2 text-right font-semibold">
              Tổng số lượng
            </td>
            <td className="py-2 text-right font-bold">{quantity}</td>
          </tr>
        </tfoot>
      </table>

      {order.notes && (
        <section className="mt-4 border border-black/40 p-3 text-sm">
          <h2 className="font-bold">Ghi chú của khách</h2>
          <p className="whitespace-pre-line">{order.notes}</p>
        </section>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
