import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { isInternational, useDeliveryLocation } from "~/features/address/delivery-locations";
import { useI18n } from "~/lib/i18n/i18n-context";
import { formatVnd } from "~/lib/money";
import type { CartQuote } from "../cart-quote.schema";
import { deliveryDestination, type DeliveryTerms } from "../delivery-promise";
import { DeliveryPromiseList } from "./delivery-promise-list";
import { VatIncludedLine } from "./vat-included-line";

/** The /cart page's order summary: subtotal, tax estimate, what blocks checkout, the way to it and the delivery promise. */
export function CartSummary({ quote, delivery }: { quote: CartQuote | null; delivery: DeliveryTerms | undefined }) {
  const { t, href } = useI18n();
  const place = useDeliveryLocation();
  return (
    <aside
      aria-labelledby="summary-title"
      className="flex flex-col gap-4 rounded-2xl bg-brand-white p-5 lg:sticky lg:top-28"
    >
      <h2 id="summary-title" className="text-lg font-bold">
        {t("cart.summaryTitle")}
      </h2>
      <dl className="flex flex-col gap-2 text-sm">
        <div className="flex justify-between">
          <dt>{t("cart.subtotal")}</dt>
          <dd className="font-semibold tabular-nums" data-testid="cart-subtotal">
            {quote ? formatVnd(quote.subtotal) : "…"}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt>{t("cart.shipping")}</dt>
          <dd className="text-brand-cool-gray">{t("cart.shippingAtCheckout")}</dd>
        </div>
        <div className="mt-2 flex justify-between border-t border-brand-charcoal/10 pt-3 text-base">
          <dt className="font-bold">{t("cart.total")}</dt>
          <dd className="font-bold tabular-nums">{quote ? formatVnd(quote.subtotal) : "…"}</dd>
        </div>
      </dl>
      {quote && (
        <VatIncludedLine
          vatRateBasisPoints={quote.vatRateBasisPoints}
          amount={quote.taxEstimate}
          className="-mt-3"
          data-testid="cart-tax"
        />
      )}
      {quote?.hasProblems && (
        <p role="alert" className="text-sm text-red-800">
          {t("cart.needsAttention")}
        </p>
      )}
      {quote?.orderLimit && (
        <p role="alert" className="text-sm text-red-800" data-testid="order-limit-message">
          {t(quote.orderLimit.message, quote.orderLimit.params)}
        </p>
      )}
      {quote?.hasProblems || quote?.orderLimit || !quote ? (
        <Button disabled size="lg" className="w-full">
          {t("cart.proceedToCheckout")}
        </Button>
      ) : (
        <Button asChild size="lg" className="w-full">
          <Link to={href("/checkout/information")}>{t("cart.proceedToCheckout")}</Link>
        </Button>
      )}
      {delivery && (
        <DeliveryPromiseList
          terms={delivery}
          destination={deliveryDestination(place, isInternational(place))}
          framed={false}
        />
      )}
    </aside>
  );
}
