import { CheckCircle2, Printer } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { getOrderConfirmation } from "~/features/checkout/order-confirmation.server";
import { formatVnd } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import type { Route } from "./+types/order-confirmation";
import { storeMeta } from "./store-meta";
import "~/features/checkout/components/print.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const orderId = new URL(request.url).searchParams.get("order_id");
  try {
    const confirmation = await getOrderConfirmation(context.database.db, orderId);
    return { confirmation };
  } catch (error) {
    // SPEC §8: a load failure is only logged; the not-found view appears.
    context.logger.error({ err: error, orderId }, "order confirmation failed to load");
    return { confirmation: null };
  }
}

export const meta: Route.MetaFunction = (args) =>
  storeMeta(args, {
    title: args.loaderData?.confirmation ? "Đặt hàng thành công!" : "Không tìm thấy đơn hàng",
    description: "Order confirmation",
    noIndex: true,
  });

const methodLabels = { "local-delivery": "Giao hàng tận nơi", "store-pickup": "Nhận tại cửa hàng", express: "Giao hàng nhanh" } as const;

export default function OrderConfirmationPage({ loaderData }: Route.ComponentProps) {
  const { confirmation } = loaderData;
  if (!confirmation) {
    return (
      <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Không tìm thấy đơn hàng</h1>
        <Button asChild>
          <Link to="/">Về trang chủ</Link>
        </Button>
      </div>
    );
  }
  const { order, items } = confirmation;
  return (
    <div className="order-confirmation mx-auto w-full max-w-3xl px-4 py-8 md:py-12">
      <div className="flex flex-col items-center gap-3 text-center">
        <CheckCircle2 className="size-14 text-brand-teal-strong print:hidden" aria-hidden="true" />
        <h1 className="text-2xl font-bold md:text-3xl">Đặt hàng thành công!</h1>
        <p className="max-w-lg text-brand-charcoal">
          Cảm ơn {order.firstName} đã đặt hàng. Chúng tôi sẽ liên hệ để xác nhận và giao hàng đến bạn trong thời gian sớm nhất.
        </p>
        <p className="rounded-full bg-brand-white px-5 py-2 text-sm">
          Mã đơn hàng: <strong className="text-base tabular-nums" data-testid="order-number">{formatOrderNumber(order.orderNumber)}</strong>
        </p>
      </div>

      <section aria-labelledby="items-title" className="mt-8 rounded-2xl border border-brand-charcoal/10 p-5 print:border-0 print:p-0">
        <h2 id="items-title" className="text-lg font-bold">
          Sản phẩm
        </h2>
        <ul className="mt-3 divide-y divide-brand-charcoal/10">
          {items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 py-3">
              {item.productImage && (
                <img src={item.productImage} alt="" width={56} height={56} className="size-14 rounded-lg bg-brand-white object-cover print:hidden" />
              )}
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="font-medium">{item.productName}</span>
                <span className="text-sm text-brand-cool-gray tabular-nums">
                  Số lượng: {item.quantity} × {formatVnd(item.unitPrice)}
                </span>
              </div>
              <span className="font-semibold tabular-nums">{formatVnd(item.totalPrice)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 flex flex-col gap-2 border-t border-brand-charcoal/10 pt-3 text-sm">
          <div className="flex justify-between">
            <dt>Tạm tính</dt>
            <dd className="tabular-nums">{formatVnd(order.subtotal)}</dd>
          </div>
          {(order.discount > 0 || order.discountCode) && (
            <div className="flex justify-between">
              <dt>Giảm giá{order.discountCode ? ` (${order.discountCode})` : ""}</dt>
              <dd className="tabular-nums">−{formatVnd(order.discount)}</dd>
            </div>
          )}
          <div className="flex justify-between">
            <dt>Phí vận chuyển ({methodLabels[order.shippingMethod]})</dt>
            <dd className="tabular-nums">{order.shippingFee === 0 ? "Miễn phí" : formatVnd(order.shippingFee)}</dd>
          </div>
          <div className="flex justify-between border-t border-brand-charcoal/10 pt-3 text-base">
            <dt className="font-bold">Tổng cộng</dt>
            <dd className="text-lg font-bold tabular-nums" data-testid="order-total">
              {formatVnd(order.total)}
            </dd>
          </div>
          <div className="flex justify-between text-xs text-brand-cool-gray">
            <dt>Đã bao gồm VAT</dt>
            <dd className="tabular-nums">{formatVnd(order.tax)}</dd>
          </div>
        </dl>
      </section>

      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="address-title" className="rounded-2xl border border-brand-charcoal/10 p-5 print:border-0 print:p-0">
          <h2 id="address-title" className="text-lg font-bold">
            Địa chỉ giao hàng
          </h2>
          <address className="mt-2 text-sm not-italic leading-relaxed" data-testid="order-address">
            {order.firstName} {order.lastName}
            <br />
            {order.address}
            <br />
            {[order.wardName, order.districtName].filter(Boolean).join(", ")}
            <br />
            {order.provinceName}, {order.postalCode}
          </address>
          {order.shippingDate && (
            <p className="mt-2 text-sm text-brand-cool-gray">
              Giao ngày {new Date(`${order.shippingDate}T00:00:00Z`).toLocaleDateString("vi-VN", { timeZone: "UTC" })}, {order.shippingSlot}
            </p>
          )}
        </section>
        <section aria-labelledby="payment-title" className="rounded-2xl border border-brand-charcoal/10 p-5 print:border-0 print:p-0">
          <h2 id="payment-title" className="text-lg font-bold">
            Phương thức thanh toán
          </h2>
          <p className="mt-2 text-sm">Thanh toán khi nhận hàng</p>
          {order.isGift && <p className="mt-2 text-sm">Quà tặng{order.giftMessage ? `: “${order.giftMessage}”` : ""}</p>}
          {order.vatInvoice && (
            <p className="mt-2 text-sm">
              Hóa đơn VAT: {order.vatCompanyName} (MST {order.vatTaxCode})
            </p>
          )}
        </section>
      </div>

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center print:hidden">
        <Button asChild size="lg">
          <Link to="/">Tiếp tục mua sắm</Link>
        </Button>
        <Button type="button" variant="outline" size="lg" onClick={() => window.print()}>
          <Printer aria-hidden="true" /> In đơn hàng
        </Button>
      </div>
    </div>
  );
}
