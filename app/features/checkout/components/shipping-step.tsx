import { AlertTriangle, Check } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Input, Textarea } from "~/components/ui/input";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { useI18n } from "~/lib/i18n/i18n-context";
import { formatVnd } from "~/lib/money";
import { shippingErrors, shopperEmail, updateCheckoutData } from "../checkout-store";
import {
  deliverySlots,
  messages,
  ORDER_NOTE_MAX,
  type CheckoutSettings,
  type CheckoutShippingMethod,
} from "../checkout.schema";
import { formatDeliveryDate, freeDeliveryFrom } from "../delivery-promise";
import { shippingFeeFor } from "../pricing";
import { CheckoutShell, useCheckoutStep } from "./checkout-shell";

/** The server's answer to a discount code: the code as applied, or why it does not apply. */
type DiscountCheck = ActionFeedbackResult & {
  result?: { discount: { code: string; type: "percent" | "fixed" | "free_shipping"; value: number } };
};

/** Checkout step 2: delivery date and slot, shipping method, order note and discount code. */
export function ShippingStep({ settings, dates }: { settings: CheckoutSettings; dates: { min: string; max: string } }) {
  const { t, text, href, locale } = useI18n();
  const { data, cart, ready } = useCheckoutStep(2, settings.fields);
  const navigate = useNavigate();
  const fetcher = useFetcher<DiscountCheck>();
  const [code, setCode] = useState("");
  const [triedContinue, setTriedContinue] = useState(false);

  const errors = shippingErrors(data);
  const missingDateTime = !data.shippingDate || !data.shippingTime;
  const applied = data.discount;

  useActionFeedback(fetcher.data, {
    pending: fetcher.state !== "idle",
    success: ({ result }) =>
      result
        ? {
            title: t("checkout.shipping.discountApplied"),
            description: t("checkout.shipping.discountAppliedDescription", { code: result.discount.code }),
          }
        : null,
    errorTitle: () => t("checkout.shipping.invalidCode"),
    onSuccess: ({ result }) => result && updateCheckoutData({ discount: result.discount }),
  });

  const applyCode = () => {
    const trimmed = code.trim();
    if (!trimmed || applied) {
      if (!trimmed) toast.error(t("checkout.shipping.invalidCode"), { description: t("checkout.errors.invalidCode") });
      return;
    }
    fetcher.submit(
      { code: trimmed, lines: cart.lines.map(({ productId, quantity }) => ({ productId, quantity })) },
      { method: "post", encType: "application/json" },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTriedContinue(true);
    if (missingDateTime) {
      toast.error(t("checkout.error"), { description: text(messages.deliveryDateTime) });
      return;
    }
    if (Object.keys(errors).length > 0) return;
    navigate(href("/checkout/payment"));
  };

  const subtotalAfterDiscount = (() => {
    const subtotal = cart.viewLines.reduce(
      (s, l) => s + (l.line.problem === "unavailable" ? 0 : l.line.unitPrice * l.quantity),
      0,
    );
    if (!applied || applied.type === "free_shipping") return subtotal;
    if (applied.type === "percent") return subtotal - Math.min(subtotal, Math.round((subtotal * applied.value) / 100));
    return subtotal - Math.min(subtotal, applied.value);
  })();
  // The same free-delivery line as the product page and the cart (delivery-promise.ts).
  const freeThreshold = freeDeliveryFrom(settings.shipping);
  const freeFrom =
    freeThreshold === null ? "" : ` · ${t("checkout.shipping.localDeliveryFreeFrom", { threshold: formatVnd(freeThreshold) })}`;
  const methods: Array<{ value: CheckoutShippingMethod; label: string; description: string }> = [
    {
      value: "local-delivery",
      label: t("checkout.shipping.localDelivery"),
      description: t("checkout.shipping.localDeliveryDescription") + freeFrom,
    },
    {
      value: "store-pickup",
      label: t("checkout.shipping.storePickup"),
      description: t("checkout.shipping.storePickupDescription", { address: settings.storeAddress }),
    },
    ...(settings.shipping.expressEnabled
      ? [
          {
            value: "express" as const,
            label: t("checkout.shipping.express"),
            description: t("checkout.shipping.expressDescription"),
          },
        ]
      : []),
  ];
  const feeLabel = (method: CheckoutShippingMethod) => {
    if (applied?.type === "free_shipping") return t("checkout.summary.free");
    const fee = shippingFeeFor(method, subtotalAfterDiscount, settings.shipping);
    return fee === 0 ? t("checkout.summary.free") : formatVnd(fee);
  };
  const dateError = errors.shippingDate === messages.deliveryDatePast ? text(errors.shippingDate) : undefined;

  return (
    <CheckoutShell step={2} settings={settings} data={data} cart={cart} ready={ready}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-8" aria-labelledby="shipping-title">
        <h1 id="shipping-title" className="sr-only">
          {t("checkout.shipping.title")}
        </h1>
        <div className="flex flex-col gap-1 rounded-xl border border-brand-charcoal/10 p-4 text-sm">
          <p>
            <span className="text-brand-cool-gray">{t("checkout.shipping.contact")}</span>
            {shopperEmail(data, settings.fields) || data.phone}
          </p>
          <p>
            <span className="text-brand-cool-gray">{t("checkout.shipping.shipTo")}</span>
            {[data.address, data.location.wardName, data.location.districtName, data.location.provinceName]
              .filter(Boolean)
              .join(", ")}
          </p>
          <Link
            to={href("/checkout/information")}
            className="mt-1 inline-flex min-h-11 items-center self-start font-medium text-brand-teal-strong hover:underline"
          >
            {t("checkout.change")}
          </Link>
        </div>

        <fieldset className="flex flex-col gap-4">
          <legend className="mb-4 text-xl font-bold">{t("checkout.shipping.dateAndTime")}</legend>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="shippingDate" className="text-sm font-medium">
              {t("checkout.shipping.date")}
            </label>
            <Input
              id="shippingDate"
              type="date"
              min={dates.min}
              max={dates.max}
              value={data.shippingDate}
              onChange={(e) => updateCheckoutData({ shippingDate: e.target.value })}
              aria-invalid={dateError ? true : undefined}
              aria-describedby={dateError ? "shippingDate-error" : "shippingDate-hint"}
              className="sm:max-w-xs"
            />
            <p id="shippingDate-hint" className="text-xs text-brand-cool-gray">
              {data.shippingDate && !errors.shippingDate
                ? formatDeliveryDate(data.shippingDate, locale)
                : t("checkout.shipping.earliest", { date: formatDeliveryDate(dates.min, locale) })}
            </p>
            {dateError && (
              <p id="shippingDate-error" className="text-sm text-red-700">
                {dateError}
              </p>
            )}
          </div>
          <div role="radiogroup" aria-labelledby="slot-label" className="flex flex-col gap-2">
            <span id="slot-label" className="text-sm font-medium">
              {t("checkout.shipping.timeSlot")}
            </span>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
              {deliverySlots.map((slot) => (
                <label
                  key={slot}
                  className={cn(
                    "flex min-h-11 cursor-pointer items-center justify-center rounded-lg border px-2 text-sm tabular-nums has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-teal-strong",
                    data.shippingTime === slot
                      ? "border-brand-charcoal bg-brand-charcoal text-white"
                      : "border-brand-charcoal/25 hover:border-brand-charcoal",
                  )}
                >
                  <input
                    type="radio"
                    name="shippingTime"
                    value={slot}
                    checked={data.shippingTime === slot}
                    onChange={() => updateCheckoutData({ shippingTime: slot })}
                    className="sr-only"
                  />
                  {slot}
                </label>
              ))}
            </div>
          </div>
          {missingDateTime && (
            <p
              role={triedContinue ? "alert" : undefined}
              className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
              data-testid="datetime-warning"
            >
              <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
              {text(messages.deliveryDateTime)}
            </p>
          )}
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-4 text-xl font-bold">{t("checkout.shipping.method")}</legend>
          {methods.map((method) => (
            <label
              key={method.value}
              className={cn(
                "flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border p-4",
                data.shippingMethod === method.value
                  ? "border-brand-charcoal bg-brand-white"
                  : "border-brand-charcoal/20",
              )}
            >
              <input
                type="radio"
                name="shippingMethod"
                value={method.value}
                checked={data.shippingMethod === method.value}
                onChange={() => updateCheckoutData({ shippingMethod: method.value })}
                className="size-5 accent-brand-teal-strong"
              />
              <span className="flex flex-1 flex-col">
                <span className="font-medium">{method.label}</span>
                <span className="text-xs text-brand-cool-gray">{method.description}</span>
              </span>
              <span className="text-sm font-semibold tabular-nums">{feeLabel(method.value)}</span>
            </label>
          ))}
        </fieldset>

        <div className="flex flex-col gap-1.5">
          <label htmlFor="orderInstructions" className="text-xl font-bold">
            {t("checkout.shipping.note")}{" "}
            <span className="text-sm font-normal text-brand-cool-gray">{t("checkout.shipping.optional")}</span>
          </label>
          <Textarea
            id="orderInstructions"
            rows={3}
            maxLength={ORDER_NOTE_MAX}
            value={data.orderInstructions}
            onChange={(e) => updateCheckoutData({ orderInstructions: e.target.value.slice(0, ORDER_NOTE_MAX) })}
            aria-describedby="orderInstructions-count"
          />
          <p
            id="orderInstructions-count"
            className="text-right text-xs text-brand-cool-gray"
            data-testid="note-counter"
          >
            {data.orderInstructions.length}/{ORDER_NOTE_MAX}
          </p>
        </div>

        <div className="flex flex-col gap-1.5">
          <label htmlFor="discountCode" className="text-xl font-bold">
            {t("checkout.shipping.discountCode")}
          </label>
          <div className="flex gap-2">
            <Input
              id="discountCode"
              value={applied ? applied.code : code}
              onChange={(e) => setCode(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  applyCode();
                }
              }}
              disabled={!!applied || fetcher.state !== "idle"}
              autoCapitalize="characters"
              className="flex-1 uppercase"
            />
            <Button
              type="button"
              variant={applied ? "teal" : "outline"}
              onClick={applyCode}
              disabled={!!applied || fetcher.state !== "idle"}
              className="h-11 min-w-28"
            >
              {applied ? (
                <>
                  <Check aria-hidden="true" /> {t("checkout.shipping.applied")}
                </>
              ) : fetcher.state !== "idle" ? (
                t("checkout.checking")
              ) : (
                t("checkout.shipping.apply")
              )}
            </Button>
          </div>
        </div>

        <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Link
            to={href("/checkout/information")}
            className="inline-flex min-h-11 items-center justify-center text-sm font-medium text-brand-teal-strong hover:underline"
          >
            {t("checkout.shipping.returnToInformation")}
          </Link>
          <Button
            type="submit"
            size="lg"
            aria-disabled={missingDateTime || undefined}
            className={cn(missingDateTime && "cursor-not-allowed opacity-50")}
          >
            {t("checkout.shipping.continue")}
          </Button>
        </div>
      </form>
    </CheckoutShell>
  );
}
