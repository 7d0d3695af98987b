import { Banknote } from "lucide-react";
import { useRef } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { clearCart } from "~/features/cart/cart-store";
import { useI18n } from "~/lib/i18n/i18n-context";
import {
  addressCodesOf,
  clearCheckoutData,
  ensureIdempotencyKey,
  informationValues,
  shippingValues,
  updateCheckoutData,
  shopperEmail,
  shopperName,
} from "../checkout-store";
import type { CheckoutSettings } from "../checkout.schema";
import { CheckoutShell, useCheckoutStep } from "./checkout-shell";

/** The server's answer to "place the order": the order's id and number, or why not. */
type PlaceOrderResult = ActionFeedbackResult & { result?: { orderId: string; orderNumber: string } };

const methodLabels = {
  "local-delivery": "checkout.shipping.localDelivery",
  "store-pickup": "checkout.shipping.storePickup",
  express: "checkout.shipping.express",
} as const;

/** Checkout step 3: the review of steps 1 and 2, cash on delivery, and the button that places the order. */
export function PaymentStep({ settings }: { settings: CheckoutSettings }) {
  const { t, text, href, locale } = useI18n();
  const placed = useRef(false);
  const { data, cart, ready } = useCheckoutStep(3, settings.fields, placed);
  const navigate = useNavigate();
  const fetcher = useFetcher<PlaceOrderResult>();
  const placing = fetcher.state !== "idle";

  useActionFeedback(fetcher.data, {
    pending: placing,
    success: ({ result }) =>
      result
        ? { title: t("checkout.payment.placed"), description: t("checkout.payment.orderNumber", { number: result.orderNumber }) }
        : null,
    errorText: (refused) => ({
      title: t("checkout.error"),
      // A code that no longer applies is refused by the discounts feature in its own words.
      description: refused.fieldErrors?.discountCode
        ? t("checkout.errors.invalidCode")
        : text(refused.error || "checkout.payment.failed"),
    }),
    onError: (refused) => {
      console.error("Order creation failed:", refused.error);
      // The code no longer applies: take it off so the summary shows the real total.
      if (refused.fieldErrors?.discountCode) updateCheckoutData({ discount: null });
    },
    onSuccess: ({ result }) => {
      if (!result) return;
      placed.current = true;
      clearCart();
      clearCheckoutData();
      navigate(href(`/order-confirmation?order_id=${encodeURIComponent(result.orderId)}`), { replace: true });
    },
  });

  const placeOrderNow = () => {
    if (placing) return;
    const idempotencyKey = ensureIdempotencyKey();
    fetcher.submit(
      {
        information: informationValues(data),
        address: addressCodesOf(data),
        shipping: shippingValues(data),
        discountCode: data.discount?.code ?? null,
        lines: cart.lines.map(({ productId, quantity }) => ({ productId, quantity })),
        idempotencyKey,
      },
      { method: "post", encType: "application/json" },
    );
  };

  const loc = data.location;
  return (
    <CheckoutShell step={3} settings={settings} data={data} cart={cart} ready={ready}>
      <div className="flex flex-col gap-8">
        <h1 className="text-2xl font-bold">{t("checkout.payment.title")}</h1>
        <dl className="divide-y divide-brand-charcoal/10 rounded-xl border border-brand-charcoal/10 text-sm">
          <div className="flex flex-wrap gap-x-4 gap-y-1 p-4">
            <dt className="w-28 text-brand-cool-gray">{t("checkout.payment.contact")}</dt>
            <dd className="flex-1">
              {shopperEmail(data, settings.fields) && (
                <>
                  {shopperEmail(data, settings.fields)}
                  <br />
                </>
              )}
              {data.phone}
              <ChangeLink to={href("/checkout/information")} label={t("checkout.payment.changeContact")} text={t("checkout.change")} />
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-4 gap-y-1 p-4">
            <dt className="w-28 text-brand-cool-gray">{t("checkout.payment.shipTo")}</dt>
            <dd className="flex-1" data-testid="review-address">
              {shopperName(data, settings.fields, locale)}
              {data.company && settings.fields.company !== "hidden" ? `, ${data.company}` : ""}
              <br />
              {data.address}
              <br />
              {[loc.wardName, loc.districtName].filter(Boolean).join(", ")}
              <br />
              {loc.provinceName}, {data.postalCode}
              {loc.structure === "legacy" && (
                <span className="block text-xs text-brand-cool-gray">{t("checkout.address.legacy")}</span>
              )}
              <ChangeLink to={href("/checkout/information")} label={t("checkout.payment.changeAddress")} text={t("checkout.change")} />
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-4 gap-y-1 p-4">
            <dt className="w-28 text-brand-cool-gray">{t("checkout.payment.delivery")}</dt>
            <dd className="flex-1">
              {t(methodLabels[data.shippingMethod])}
              <br />
              {data.shippingDate &&
                new Date(`${data.shippingDate}T00:00:00Z`).toLocaleDateString("vi-VN", { timeZone: "UTC" })}{" "}
              · {data.shippingTime}
              {data.orderInstructions && (
                <span className="mt-1 block text-brand-cool-gray">
                  {t("checkout.payment.note", { note: data.orderInstructions })}
                </span>
              )}
              <ChangeLink to={href("/checkout/shipping")} label={t("checkout.payment.changeDelivery")} text={t("checkout.change")} />
            </dd>
          </div>
          {(data.isGift || data.vatInvoice) && (
            <div className="flex flex-wrap gap-x-4 gap-y-1 p-4">
              <dt className="w-28 text-brand-cool-gray">{t("checkout.payment.options")}</dt>
              <dd className="flex-1">
                {data.isGift && (
                  <span className="block">
                    {data.giftMessage
                      ? t("checkout.payment.giftWithMessage", { message: data.giftMessage })
                      : t("checkout.payment.gift")}
                  </span>
                )}
                {data.vatInvoice && (
                  <span className="block">
                    {t("checkout.payment.vatInvoice", {
                      company: data.vatCompanyName,
                      taxCode: data.vatTaxCode,
                      address: data.vatCompanyAddress,
                    })}
                  </span>
                )}
              </dd>
            </div>
          )}
        </dl>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-3 text-xl font-bold">{t("checkout.payment.payment")}</legend>
          <label className="flex min-h-14 items-center gap-3 rounded-xl border border-brand-charcoal bg-brand-white p-4">
            <input
              type="radio"
              name="paymentMethod"
              value="cod"
              checked
              readOnly
              className="size-5 accent-brand-teal-strong"
            />
            <Banknote className="size-5 text-brand-teal-strong" aria-hidden="true" />
            <span className="flex flex-col">
              <span className="font-medium">{t("checkout.payment.cod")}</span>
              <span className="text-xs text-brand-cool-gray">{t("checkout.payment.codDescription")}</span>
            </span>
          </label>
        </fieldset>

        <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Link
            to={href("/checkout/shipping")}
            className="inline-flex min-h-11 items-center justify-center text-sm font-medium text-brand-teal-strong hover:underline"
          >
            {t("checkout.payment.returnToShipping")}
          </Link>
          <Button
            type="button"
            size="lg"
            onClick={placeOrderNow}
            disabled={placing || cart.quote?.hasProblems || Boolean(cart.quote?.orderLimit)}
            aria-busy={placing}
          >
            {placing ? t("checkout.payment.placing") : t("checkout.payment.placeOrder")}
          </Button>
        </div>
        {cart.quote?.orderLimit && (
          <p role="alert" className="text-sm text-red-800">
            {t(cart.quote.orderLimit.message, cart.quote.orderLimit.params)}{" "}
            <Link to={href("/cart")} className="underline">
              {t("checkout.payment.fixCart")}
            </Link>
          </p>
        )}
        {cart.quote?.hasProblems && (
          <p role="alert" className="text-sm text-red-800">
            {t("checkout.payment.unavailableItems")}{" "}
            <Link to={href("/cart")} className="underline">
              {t("checkout.payment.reviewCart")}
            </Link>
            .
          </p>
        )}
      </div>
    </CheckoutShell>
  );
}

/** The "Change" link under each part of the review, back to the step that set it (`to` in the page's language). */
function ChangeLink({ to, label, text }: { to: string; label: string; text: string }) {
  return (
    <span className="mt-1 block">
      <Link to={to} className="font-medium text-brand-teal-strong hover:underline" aria-label={label}>
        {text}
      </Link>
    </span>
  );
}
