import { Banknote } from "~/components/ui/icons";
import { Fragment, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { useI18n } from "~/lib/i18n/i18n-context";
import { shopperEmail, shopperName, type CheckoutStepData } from "../checkout-progress";
import { CheckoutShell } from "./checkout-shell";

const methodLabels = {
  "local-delivery": "checkout.shipping.localDelivery",
  "store-pickup": "checkout.shipping.storePickup",
  express: "checkout.shipping.express",
} as const;

interface PaymentStepProps extends CheckoutStepData {
  /** Why the last "place the order" was refused (a catalogue key or a text), or null. */
  refused: string | null;
  /** The shop's published policies (site paths), for the agreement above "Đặt hàng" (issue 19). */
  policyLinks?: Array<{ text: string; url: string }>;
}

/**
 * Checkout step 3: the review of steps 1 and 2, cash on delivery, and the form that places the
 * order (from the server cart alone: the post carries nothing but its intent).
 */
export function PaymentStep({ settings, cart, progress: data, discount, refused, policyLinks = [] }: PaymentStepProps) {
  const { t, text, href, locale } = useI18n();
  const navigation = useNavigation();
  const placing = navigation.state === "submitting" && navigation.formData?.get("intent") === "place-order";

  const loc = data.location;
  return (
    <CheckoutShell step={3} settings={settings} cart={cart} discount={discount} shippingMethod={data.shippingMethod}>
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
              <ChangeLink
                to={href("/checkout/information")}
                label={t("checkout.payment.changeContact")}
                text={t("checkout.change")}
              />
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
              <ChangeLink
                to={href("/checkout/information")}
                label={t("checkout.payment.changeAddress")}
                text={t("checkout.change")}
              />
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
              <ChangeLink
                to={href("/checkout/shipping")}
                label={t("checkout.payment.changeDelivery")}
                text={t("checkout.change")}
              />
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

        <OrderAgreement policyLinks={policyLinks} />

        <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Link
            to={href("/checkout/shipping")}
            className="inline-flex min-h-11 items-center justify-center text-sm font-medium text-brand-teal-strong hover:underline"
          >
            {t("checkout.payment.returnToShipping")}
          </Link>
          <Form method="post" className="flex">
            <Button
              type="submit"
              name="intent"
              value="place-order"
              size="lg"
              className="w-full"
              disabled={placing || cart.quote?.hasProblems || Boolean(cart.quote?.orderLimit)}
              aria-busy={placing}
            >
              {placing ? t("checkout.payment.placing") : t("checkout.payment.placeOrder")}
            </Button>
          </Form>
        </div>
        {refused && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="order-refused">
            {text(refused)}
          </p>
        )}
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

/**
 * "Bằng việc đặt hàng, bạn đồng ý với Điều khoản dịch vụ và Chính sách bảo mật của chúng tôi.":
 * each name links to its policy when the shop has published it (else it stays plain text).
 */
function OrderAgreement({ policyLinks }: { policyLinks: Array<{ text: string; url: string }> }) {
  const { t, href } = useI18n();
  const linkTo = (path: string, label: string) =>
    policyLinks.some((link) => link.url === path) ? (
      <Link to={href(path)} className="font-medium text-brand-teal-strong underline">
        {label}
      </Link>
    ) : (
      label
    );
  const parts: Record<string, ReactNode> = {
    "{terms}": linkTo("/policies/terms", t("checkout.payment.termsLink")),
    "{privacy}": linkTo("/policies/privacy", t("checkout.payment.privacyLink")),
  };
  return (
    <p className="text-sm text-brand-cool-gray" data-testid="order-agreement">
      {t("checkout.payment.agreement")
        .split(/(\{terms\}|\{privacy\})/)
        .map((part, index) => (
          <Fragment key={index}>{parts[part] ?? part}</Fragment>
        ))}
    </p>
  );
}
