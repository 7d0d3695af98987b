import { code128Bars } from "~/lib/barcode-code128";
import { formatVnd } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { nationalPhone } from "~/lib/phone";
import { displayName } from "~/lib/person-name";
import { vndInWords } from "~/lib/vnd-words";
import type { ShipmentLabel } from "../shipments.server";

/** The order number's Code 128 barcode as inline SVG (crisp at any print resolution). */
export function Code128Barcode({ value, className }: { value: string; className?: string }) {
  const { modules, bars } = code128Bars(value);
  // Ten modules of quiet zone each side: scanners need the white margin.
  const quiet = 10;
  return (
    <svg
      role="img"
      aria-label={`Mã vạch ${value}`}
      viewBox={`0 0 ${modules + 2 * quiet} 40`}
      preserveAspectRatio="none"
      className={className}
      shapeRendering="crispEdges"
    >
      <rect width={modules + 2 * quiet} height={40} fill="#fff" />
      {bars.map((bar) => (
        <rect key={bar.x} x={bar.x + quiet} y={0} width={bar.width} height={40} fill="#000" />
      ))}
    </svg>
  );
}

interface StoreLine {
  storeName: string;
  phone: string;
  address: string;
}

/** One shipping label (A6: 105 × 148 mm), black on white for thermal and laser printers. */
export function ShippingLabel({ label, store }: { label: ShipmentLabel; store: StoreLine }) {
  const { shipment, order, items } = label;
  const number = formatOrderNumber(order.orderNumber);
  const place = [order.address, order.wardName, order.districtName, order.provinceName].filter(Boolean).join(", ");
  return (
    <article className="shipping-label flex flex-col gap-2 border-2 border-black bg-white p-3 text-[12px] leading-snug text-black">
      <header className="flex items-start justify-between gap-2 border-b border-black pb-2">
        <div className="min-w-0">
          <p className="text-[10px] font-bold uppercase">Người gửi</p>
          <p className="font-bold">{store.storeName}</p>
          <p>{store.phone}</p>
          <p className="text-[11px]">{store.address}</p>
        </div>
        <div className="shrink-0 text-right">
          <p className="text-base font-bold">{shipment.carrierName}</p>
          {shipment.service && <p className="text-[11px]">{shipment.service}</p>}
          <p className="font-mono text-sm font-bold">{shipment.trackingCode ?? "Chưa có mã vận đơn"}</p>
        </div>
      </header>

      <section className="flex flex-col items-center border-b border-black pb-2">
        <Code128Barcode value={number} className="h-14 w-full max-w-[80mm]" />
        <p className="font-mono text-lg font-bold tracking-widest">{number}</p>
      </section>

      <section className="border-b border-black pb-2">
        <p className="text-[10px] font-bold uppercase">Người nhận</p>
        <p className="text-base font-bold">{displayName(order, "vi")}</p>
        <p className="text-sm font-bold">{nationalPhone(order.phone)}</p>
        <p>{place}</p>
      </section>

      <section className="border-b border-black pb-2">
        <p className="text-[10px] font-bold uppercase">Tiền thu hộ (COD)</p>
        <p className="text-xl font-bold" data-testid="label-cod">
          {formatVnd(shipment.codAmount)}
        </p>
        <p className="italic" data-testid="label-cod-words">
          {vndInWords(shipment.codAmount)}
        </p>
        <p className="text-[11px]">
          {shipment.feePayer === "buyer" ? "Người nhận trả phí vận chuyển" : "Shop trả phí vận chuyển"} ·{" "}
          {shipment.weightGrams.toLocaleString("vi-VN")} g · {shipment.lengthCm} × {shipment.widthCm} ×{" "}
          {shipment.heightCm} cm
        </p>
      </section>

      <section className="border-b border-black pb-2">
        <p className="text-[10px] font-bold uppercase">Hàng hóa</p>
        <ul>
          {items.map((item, i) => (
            <li key={i} className="flex justify-between gap-2">
              <span className="min-w-0 truncate">{item.name}</span>
              <span className="shrink-0 font-bold">× {item.quantity}</span>
            </li>
          ))}
        </ul>
      </section>

      {shipment.courierNote && (
        <section>
          <p className="text-[10px] font-bold uppercase">Ghi chú cho bưu tá</p>
          <p className="font-bold">{shipment.courierNote}</p>
        </section>
      )}
    </article>
  );
}
