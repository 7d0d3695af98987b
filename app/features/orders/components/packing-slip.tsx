import { formatDateTimeVi, formatDateVi } from "~/lib/dates";
import { formatVnd } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { displayName } from "~/lib/person-name";
import { paymentMethodLabels, shippingMethodLabels } from "../orders.schema";
import type { PackingSlipData } from "../orders-bulk.server";

interface StoreLines {
  storeName: string;
  address: string;
  phone: string;
  email: string;
}

/** One order's packing slip (A4, black on white): one order's page, or one page of a bulk print. */
export function PackingSlip({
  order,
  items,
  store,
}: {
  order: PackingSlipData["order"];
  items: ReadonlyArray<Omit<PackingSlipData["items"][number], "orderId">>;
  store: StoreLines;
}) {
  const number = formatOrderNumber(order.orderNumber);
  const quantity = items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <article aria-label={`Phiếu đóng gói ${number}`} className="packing-slip">
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
          {order.pickupStore && (
            <p data-testid="slip-pickup-shop">
              Nhận tại: <strong>{order.pickupStore.name}</strong> · {order.pickupStore.address}
            </p>
          )}
          <p>
            {order.shippingDate ? formatDateVi(`${order.shippingDate}T12:00:00+07:00`) : ""}
            {order.shippingSlot ? ` · ${order.shippingSlot}` : ""}
          </p>
          {/* The courier collects only what is still owed: a paid order says so instead of an amount. */}
          {order.paymentStatus === "paid" ? (
            <p data-testid="slip-payment">
              <strong>Đã thanh toán</strong>
            </p>
          ) : (
            <p data-testid="slip-payment">
              {paymentMethodLabels[order.paymentMethod] ?? order.paymentMethod} — thu hộ:{" "}
              <strong>{formatVnd(order.total)}</strong>
            </p>
          )}
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
    </article>
  );
}
