import { code128Bars } from "~/lib/barcode-code128";
import { formatDateTimeVi } from "~/lib/dates";
import { formatVnd } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { nationalPhone } from "~/lib/phone";
import { displayName } from "~/lib/person-name";
import { vndInWords } from "~/lib/vnd-words";
import type { ShipmentLabel } from "../shipments.server";

/** A Code 128 barcode as inline SVG (crisp at any print resolution). */
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

/** A barcode, or the text alone when the value has characters Code 128 B cannot carry. */
function ScannableBarcode({ value, className }: { value: string; className?: string }) {
  return /^[\x20-\x7e]+$/.test(value) ? <Code128Barcode value={value} className={className} /> : null;
}

interface StoreLine {
  storeName: string;
  phone: string;
  address: string;
}

/**
 * The label sizes a merchant prints on: A6 (105 × 148 mm) and the 100 × 150 mm thermal roll, one
 * label per page, or four A6 labels on an A4 sheet. Chromium ignores `@page { size: A6 }` keywords
 * with its default margins, so single labels give the page's size in millimetres, no page margin,
 * and a label box of exactly that size (decision 0056).
 */
export const labelSizes = {
  a6: { name: "A6 (105 × 148 mm)", widthMm: 105, heightMm: 148 },
  "100x150": { name: "Nhãn nhiệt 100 × 150 mm", widthMm: 100, heightMm: 150 },
  a4: { name: "A4 (4 nhãn)", widthMm: 210, heightMm: 297 },
} as const;
export type LabelSize = keyof typeof labelSizes;

export function labelSizeOf(value: string | null): LabelSize {
  return value !== null && Object.hasOwn(labelSizes, value) ? (value as LabelSize) : "a6";
}

/** The print CSS of a page of labels; each label sits in a `.label-cell`. */
export function labelPageCss(size: LabelSize): string {
  if (size === "a4") {
    return "@page { size: A4; margin: 6mm; } @media print { body { background: #fff; } .label-sheet { display: grid !important; grid-template-columns: 1fr 1fr !important; gap: 4mm !important; } .label-cell { height: 138mm; overflow: hidden; } .label-cell:nth-child(4n) { break-after: page; } }";
  }
  const { widthMm, heightMm } = labelSizes[size];
  return (
    `@page { size: ${widthMm}mm ${heightMm}mm; margin: 0; } ` +
    "@media print { html, body { margin: 0; padding: 0; background: #fff; } .label-sheet { display: block !important; } " +
    `.label-cell { box-sizing: border-box; width: ${widthMm}mm !important; max-width: none !important; height: ${heightMm}mm; padding: 3mm; margin: 0; overflow: hidden; break-after: page; break-inside: avoid; } ` +
    ".label-cell:last-child { break-after: auto; } .label-cell > .shipping-label { height: 100%; } }"
  );
}

/** At most this many goods lines fit under the addresses; the rest are counted. */
const ITEM_LINES = 3;

/** One shipping label, black on white for thermal and laser printers. */
export function ShippingLabel({
  label,
  store,
  printedAt,
}: {
  label: ShipmentLabel;
  store: StoreLine;
  printedAt: string;
}) {
  const { shipment, order, items, sortCode, declaredValue } = label;
  const number = formatOrderNumber(order.orderNumber);
  const place = [order.address, order.wardName, order.districtName, order.provinceName].filter(Boolean).join(", ");
  const code = shipment.trackingCode;
  return (
    <article className="shipping-label flex flex-col gap-1.5 overflow-hidden border-2 border-black bg-white p-2.5 text-[11px] leading-snug text-black">
      <header className="flex items-start justify-between gap-2 border-b border-black pb-1.5">
        <div className="min-w-0">
          <p className="text-[10px] font-bold uppercase">Người gửi</p>
          <p className="font-bold">{store.storeName}</p>
          <p>{store.phone}</p>
          <p className="text-[10px]">{store.address}</p>
        </div>
        <div className="shrink-0 text-right">
          <p className="text-base font-bold">{shipment.carrierName}</p>
          {shipment.service && <p className="text-[10px]">{shipment.service}</p>}
          {/* In the header, so a long list of goods never pushes it off the page. */}
          <p className="text-[9px]" data-testid="label-printed-at">
            In lúc {formatDateTimeVi(printedAt)}
          </p>
          {sortCode && (
            <p className="mt-1 border-2 border-black px-1.5 font-mono text-lg font-bold" data-testid="label-sort-code">
              {sortCode}
            </p>
          )}
        </div>
      </header>

      {/* The carrier's waybill is what the hub scans: the main barcode; our order number comes second. */}
      <section className="flex flex-col items-center border-b border-black pb-1.5" data-testid="label-tracking">
        {code ? (
          <>
            <ScannableBarcode value={code} className="h-16 w-full" />
            <p className="font-mono text-lg font-bold tracking-wider">{code}</p>
          </>
        ) : (
          <p className="py-2 font-bold">Chưa có mã vận đơn</p>
        )}
        <div className="flex w-full items-center justify-center gap-2">
          <ScannableBarcode value={number} className="h-7 w-[45%]" />
          <p className="font-mono text-xs font-bold">Đơn {number}</p>
        </div>
      </section>
      <section className="border-b border-black pb-1.5">
        <p className="text-[10px] font-bold uppercase">Người nhận</p>
        <p className="text-base font-bold">{displayName(order, "vi")}</p>
        <p className="text-sm font-bold">{nationalPhone(order.phone)}</p>
        <p>{place}</p>
      </section>

      <section className="border-b border-black pb-1.5">
        <p className="text-[10px] font-bold uppercase">Tiền thu hộ (COD)</p>
        <p className="text-xl font-bold" data-testid="label-cod">
          {formatVnd(shipment.codAmount)}
        </p>
        <p className="italic" data-testid="label-cod-words">
          {vndInWords(shipment.codAmount)}
        </p>
        <p className="text-[10px]" data-testid="label-declared-value">
          Giá trị khai giá: {formatVnd(declaredValue)}
        </p>
        <p className="text-[10px]">
          {shipment.feePayer === "buyer" ? "Người nhận trả phí vận chuyển" : "Shop trả phí vận chuyển"} ·{" "}
          {shipment.weightGrams.toLocaleString("vi-VN")} g · {shipment.lengthCm} × {shipment.widthCm} ×{" "}
          {shipment.heightCm} cm
        </p>
      </section>

      <section className="border-b border-black pb-1.5">
        <p className="text-[10px] font-bold uppercase">Hàng hóa</p>
        <ul>
          {items.slice(0, ITEM_LINES).map((item, i) => (
            <li key={i} className="flex justify-between gap-2">
              <span className="min-w-0 truncate">{item.name}</span>
              <span className="shrink-0 font-bold">× {item.quantity}</span>
            </li>
          ))}
          {items.length > ITEM_LINES && <li>… và {items.length - ITEM_LINES} sản phẩm khác</li>}
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
