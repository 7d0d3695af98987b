import type { PickupStoreSnapshot } from "~/db/schema";
import { useI18n } from "~/lib/i18n/i18n-context";
import { formatVnd } from "~/lib/money";
import type { OrderConfirmation } from "../order-confirmation.server";
import { displayName } from "~/lib/person-name";
import { DeliveryExpectationText } from "./delivery-expectation";
import { VatIncludedLine } from "./vat-included-line";

const methodLabels = {
  "local-delivery": "checkout.shipping.localDelivery",
  "store-pickup": "checkout.shipping.storePickup",
  express: "checkout.shipping.express",
} as const;

/**
 * An order's items, totals, delivery address and payment: the body of the confirmation and
 * look-up pages. Personal data: render it only for a browser granted the order.
 */
export function OrderDetails({ confirmation }: { confirmation: OrderConfirmation }) {
  const { t, locale } = useI18n();
  const { order, items, vatRateBasisPoints, delivery } = confirmation;
  return (
    <>
      <section
        aria-labelledby="items-title"
        className="mt-8 rounded-2xl border border-brand-charcoal/10 p-5 print:border-0 print:p-0"
      >
        <h2 id="items-title" className="text-lg font-bold">
          {t("checkout.order.items")}
        </h2>
        <ul className="mt-3 divide-y divide-brand-charcoal/10">
          {items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 py-3">
              {item.productImage && (
                <img
                  src={item.productImage}
                  alt=""
                  width={56}
                  height={56}
                  className="size-14 rounded-lg bg-brand-white object-cover print:hidden"
                />
              )}
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="font-medium">{item.productName}</span>
                <span className="text-sm text-brand-cool-gray tabular-nums">
                  {t("checkout.order.quantity", { quantity: item.quantity, price: formatVnd(item.unitPrice) })}
                </span>
              </div>
              <span className="font-semibold tabular-nums">{formatVnd(item.totalPrice)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 flex flex-col gap-2 border-t border-brand-charcoal/10 pt-3 text-sm">
          <div className="flex justify-between">
            <dt>{t("checkout.order.subtotal")}</dt>
            <dd className="tabular-nums">{formatVnd(order.subtotal)}</dd>
          </div>
          {(order.discount > 0 || order.discountCode) && (
            <div className="flex justify-between">
              <dt>
                {order.discountCode
                  ? t("checkout.order.discountWithCode", { code: order.discountCode })
                  : t("checkout.order.discount")}
              </dt>
              {/* A code that took nothing off the goods waived the delivery fee (free_shipping). */}
              <dd className="tabular-nums">{order.discount > 0 ? `−${formatVnd(order.discount)}` : t("checkout.order.freeShipping")}</dd>
            </div>
          )}
          <div className="flex justify-between">
            <dt>{t("checkout.order.shipping", { method: t(methodLabels[order.shippingMethod]) })}</dt>
            <dd className="tabular-nums">{order.shippingFee === 0 ? t("checkout.order.freeShipping") : formatVnd(order.shippingFee)}</dd>
          </div>
          <div className="flex justify-between border-t border-brand-charcoal/10 pt-3 text-base">
            <dt className="font-bold">{t("checkout.order.total")}</dt>
            <dd className="text-lg font-bold tabular-nums" data-testid="order-total">
              {formatVnd(order.total)}
            </dd>
          </div>
        </dl>
        <VatIncludedLine vatRateBasisPoints={vatRateBasisPoints} amount={order.tax} className="mt-1" data-testid="order-tax" />
      </section>

      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <section
          aria-labelledby="address-title"
          className="rounded-2xl border border-brand-charcoal/10 p-5 print:border-0 print:p-0"
        >
          <h2 id="address-title" className="text-lg font-bold">
            {t("checkout.order.address")}
          </h2>
          <address className="mt-2 text-sm not-italic leading-relaxed" data-testid="order-address">
            {displayName(order, locale)}
            <br />
            {order.address ?? <span className="text-brand-cool-gray">{t("checkout.order.streetHidden")}</span>}
            <br />
            {[order.wardName, order.districtName].filter(Boolean).join(", ")}
            <br />
            {order.provinceName}, {order.postalCode}
          </address>
          {order.pickupStore && <PickupShopDetails shop={order.pickupStore} />}
          <p className="mt-2 text-sm text-brand-cool-gray" data-testid="order-delivery">
            <DeliveryExpectationText expectation={delivery} />
          </p>
        </section>
        <section
          aria-labelledby="payment-title"
          className="rounded-2xl border border-brand-charcoal/10 p-5 print:border-0 print:p-0"
        >
          <h2 id="payment-title" className="text-lg font-bold">
            {t("checkout.order.paymentMethod")}
          </h2>
          <p className="mt-2 text-sm">{t("checkout.order.cod")}</p>
          {order.isGift && (
            <p className="mt-2 text-sm">
              {order.giftMessage
                ? t("checkout.order.giftWithMessage", { message: order.giftMessage })
                : t("checkout.order.gift")}
            </p>
          )}
          {order.vatInvoice && (
            <p className="mt-2 text-sm">
              {confirmation.access === "full"
                ? t("checkout.order.vatInvoice", { company: order.vatCompanyName ?? "", taxCode: order.vatTaxCode ?? "" })
                : t("checkout.order.vatInvoiceRequested")}
            </p>
          )}
        </section>
      </div>
    </>
  );
}

/** A pickup order's shop: where to collect, when it opens, its phone and map (decision 0051). */
function PickupShopDetails({ shop }: { shop: PickupStoreSnapshot }) {
  const { t } = useI18n();
  return (
    <div className="mt-4 text-sm leading-relaxed" data-testid="order-pickup-shop">
      <h3 className="font-bold">{t("checkout.order.pickupAt")}</h3>
      <p>
        {shop.name}
        <br />
        {shop.address}
        <br />
        {t("checkout.shipping.pickupHours", { opens: shop.opensAt, closes: shop.closesAt })}
        {shop.phone && (
          <>
            <br />
            {shop.phone}
          </>
        )}
      </p>
      {shop.mapUrl && (
        <a href={shop.mapUrl} target="_blank" rel="noreferrer" className="font-medium text-brand-teal-strong hover:underline print:hidden">
          {t("checkout.shipping.pickupMap")}
        </a>
      )}
    </div>
  );
}
