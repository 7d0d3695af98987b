import { AlertTriangle, Check } from "~/components/ui/icons";
import { useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Textarea } from "~/components/ui/input";
import { useI18n } from "~/lib/i18n/i18n-context";
import { formatVnd } from "~/lib/money";
import { shopperEmail, type CheckoutStepData, type StepRefusal } from "../checkout-progress";
import { messages, ORDER_NOTE_MAX, type CheckoutShippingMethod } from "../checkout-rules";
import { deliverySlots } from "../delivery-days";
import { formatDeliveryDate, formatShortDeliveryDate } from "~/features/settings/delivery-calendar";
import { freeDeliveryFrom, leadDaysText } from "../delivery-promise";
import type { DeliveryPromise } from "../delivery-rules";
import { discountAmount, shippingFeeFor } from "../pricing";
import type { PickupChoice } from "../pickup-choice.server";
import { CheckoutShell } from "./checkout-shell";
import { PickupShopList } from "./pickup-shop-list";

interface ShippingStepProps extends CheckoutStepData {
  /** What the delivery rules promise to step 1's province: a range, and whether a day and slot are chosen there. */
  promise: DeliveryPromise;
  /** The bookable delivery days where slots are offered. */
  dates: { min: string; max: string };
  /** Store pickup's days (from tomorrow). */
  pickupDates: { min: string; max: string };
  /** The active shops with what they hold of the cart, nearest the buyer first (store pickup). */
  pickupShops: PickupChoice[];
  /** The step's last answer: a refusal's messages, and the values as typed (kept while the code is applied or removed). */
  answer: { ok: boolean; intent: string; fieldErrors?: Record<string, string>; result?: StepRefusal } | null;
}

/**
 * Checkout step 2: delivery date and slot, shipping method, order note and discount code, as one
 * form posted to the step's action ("continue", "apply-code", "remove-code"); the code is checked
 * by the server and kept with the cart, so the summary shows it from the loader.
 */
export function ShippingStep({
  settings,
  cart,
  progress,
  discount,
  promise,
  dates: slotDates,
  pickupDates,
  pickupShops,
  answer,
}: ShippingStepProps) {
  const { t, text, href, locale } = useI18n();
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const applyButton = useRef<HTMLButtonElement>(null);
  const values = answer?.result?.values ?? progress;
  const errors = (answer && !answer.ok && answer.fieldErrors) || {};
  // Only what the page shows as the shopper chooses (the warning, the counter); the fields themselves are plain form fields.
  const [date, setDate] = useState(values.shippingDate);
  const [slot, setSlot] = useState(values.shippingTime);
  const [noteLength, setNoteLength] = useState(values.orderInstructions.length);
  const [chosenMethod, setChosenMethod] = useState(values.shippingMethod);
  // A day and slot are chosen only where the rules offer slots (and for pickup at the store).
  const choosesDay = chosenMethod === "store-pickup" || promise.slots;
  // Where the rules offer no slots, the day fields are pickup's alone: its days, shown by CSS when
  // pickup is checked, so the page works the same before (or without) JavaScript.
  const dates = chosenMethod === "store-pickup" || !promise.slots ? pickupDates : slotDates;
  const pickupOnlyDay = !promise.slots && pickupShops.length > 0;
  const missingDateTime = choosesDay && (!date || !slot);
  const refusedDelivery = answer?.intent === "continue" && !answer.ok;

  const subtotal = cart.quote?.subtotal ?? 0;
  const subtotalAfterDiscount = subtotal - discountAmount(subtotal, discount);
  // The same free-delivery line as the product page and the cart (delivery-promise.ts).
  const freeThreshold = freeDeliveryFrom(settings.shipping);
  const freeFrom =
    freeThreshold === null
      ? ""
      : ` · ${t("checkout.shipping.localDeliveryFreeFrom", { threshold: formatVnd(freeThreshold) })}`;
  const methods: Array<{ value: CheckoutShippingMethod; label: string; description: string }> = [
    {
      value: "local-delivery",
      label: t("checkout.shipping.localDelivery"),
      description: t("checkout.shipping.localDeliveryDescription") + freeFrom,
    },
    {
      value: "store-pickup",
      label: t("checkout.shipping.storePickup"),
      description: t("checkout.shipping.storePickupDescription"),
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
    if (discount?.type === "free_shipping") return t("checkout.summary.free");
    const fee = shippingFeeFor(method, subtotalAfterDiscount, settings.shipping);
    return fee === 0 ? t("checkout.summary.free") : formatVnd(fee);
  };
  const dateErrors = [messages.deliveryDatePast, "delivery.errors.outsideRange", "delivery.errors.closedDay"];
  const dateError = dateErrors.includes(errors.shippingDate) ? text(errors.shippingDate) : undefined;
  const slotNotOffered = Object.values(errors).includes("delivery.errors.slotNotOffered");
  const codeError = errors.discountCode ? text(errors.discountCode) : undefined;
  const { location } = progress;

  return (
    <CheckoutShell step={2} settings={settings} cart={cart} discount={discount} shippingMethod={values.shippingMethod}>
      <Form method="post" noValidate className="group/shipping flex flex-col gap-8" aria-labelledby="shipping-title">
        {/* Enter in a field continues (the first submit button is the form's default, before "Apply"). */}
        <button type="submit" name="intent" value="continue" tabIndex={-1} aria-hidden="true" className="sr-only" />
        <h1 id="shipping-title" className="sr-only">
          {t("checkout.shipping.title")}
        </h1>
        <div className="flex flex-col gap-1 rounded-xl border border-brand-charcoal/10 p-4 text-sm">
          <p>
            <span className="text-brand-cool-gray">{t("checkout.shipping.contact")}</span>
            {shopperEmail(progress, settings.fields) || progress.phone}
          </p>
          <p>
            <span className="text-brand-cool-gray">{t("checkout.shipping.shipTo")}</span>
            {[progress.address, location.wardName, location.districtName, location.provinceName]
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
          <p className="text-sm" data-testid="delivery-estimate">
            {t("delivery.shipping.estimate", {
              place: location.provinceName || "—",
              days: t("delivery.days", { days: leadDaysText(promise.minDays, promise.maxDays) }),
              earliest: formatShortDeliveryDate(promise.earliest, locale),
              latest: formatShortDeliveryDate(promise.latest, locale),
            })}{" "}
            {!promise.slots && t("delivery.shipping.noSlots")}
          </p>
          {(promise.slots || pickupOnlyDay) && (
            <div
              className={
                pickupOnlyDay
                  ? "hidden flex-col gap-4 group-has-[input[value=store-pickup]:checked]/shipping:flex"
                  : "flex flex-col gap-4"
              }
              data-testid="delivery-day-fields"
            >
              <div className="flex flex-col gap-1.5">
                <label htmlFor="shippingDate" className="text-sm font-medium">
                  {t("checkout.shipping.date")}
                </label>
                <Input
                  id="shippingDate"
                  name="shippingDate"
                  type="date"
                  min={dates.min}
                  max={dates.max}
                  defaultValue={values.shippingDate}
                  onChange={(e) => setDate(e.target.value)}
                  aria-invalid={dateError ? true : undefined}
                  aria-describedby={dateError ? "shippingDate-error" : "shippingDate-hint"}
                  className="sm:max-w-xs"
                />
                <p id="shippingDate-hint" className="text-xs text-brand-cool-gray">
                  {date && date >= dates.min && date <= dates.max
                    ? formatDeliveryDate(date, locale)
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
                  {deliverySlots.map((option) => (
                    <label
                      key={option}
                      className="flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-brand-charcoal/25 px-2 text-sm tabular-nums hover:border-brand-charcoal has-[:checked]:border-brand-charcoal has-[:checked]:bg-brand-charcoal has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-teal-strong"
                    >
                      <input
                        type="radio"
                        name="shippingTime"
                        value={option}
                        defaultChecked={values.shippingTime === option}
                        onChange={() => setSlot(option)}
                        className="sr-only"
                      />
                      {option}
                    </label>
                  ))}
                </div>
              </div>
            </div>
          )}
          {slotNotOffered && (
            <p role="alert" className="text-sm text-red-700">
              {text("delivery.errors.slotNotOffered")}
            </p>
          )}
          {(missingDateTime || (refusedDelivery && !dateError && !slotNotOffered && choosesDay)) && (
            <p
              role={refusedDelivery ? "alert" : undefined}
              className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
              data-testid="datetime-warning"
            >
              <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
              {text(messages.deliveryDateTime)}
            </p>
          )}
        </fieldset>

        <fieldset className="group/methods flex flex-col gap-3">
          <legend className="mb-4 text-xl font-bold">{t("checkout.shipping.method")}</legend>
          {methods.map((method) => (
            <label
              key={method.value}
              className="flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border border-brand-charcoal/20 p-4 has-[:checked]:border-brand-charcoal has-[:checked]:bg-brand-white"
            >
              <input
                type="radio"
                name="shippingMethod"
                value={method.value}
                defaultChecked={values.shippingMethod === method.value}
                onChange={() => setChosenMethod(method.value)}
                className="size-5 accent-brand-teal-strong"
              />
              <span className="flex flex-1 flex-col">
                <span className="font-medium">{method.label}</span>
                <span className="text-xs text-brand-cool-gray">{method.description}</span>
              </span>
              <span className="text-sm font-semibold tabular-nums">{feeLabel(method.value)}</span>
            </label>
          ))}
          <PickupShopList
            shops={pickupShops}
            lines={cart.lines}
            chosen={values.pickupStoreId}
            error={errors.pickupStoreId ? text(errors.pickupStoreId) : undefined}
          />
        </fieldset>

        <div className="flex flex-col gap-1.5">
          <label htmlFor="orderInstructions" className="text-xl font-bold">
            {t("checkout.shipping.note")}{" "}
            <span className="text-sm font-normal text-brand-cool-gray">{t("checkout.shipping.optional")}</span>
          </label>
          <Textarea
            id="orderInstructions"
            name="orderInstructions"
            rows={3}
            maxLength={ORDER_NOTE_MAX}
            defaultValue={values.orderInstructions}
            onChange={(e) => setNoteLength(e.target.value.length)}
            aria-describedby="orderInstructions-count"
          />
          <p
            id="orderInstructions-count"
            className="text-right text-xs text-brand-cool-gray"
            data-testid="note-counter"
          >
            {noteLength}/{ORDER_NOTE_MAX}
          </p>
          {errors.orderInstructions && <p className="text-sm text-red-700">{text(errors.orderInstructions)}</p>}
        </div>

        <div className="flex flex-col gap-1.5">
          <label htmlFor="discountCode" className="text-xl font-bold">
            {t("checkout.shipping.discountCode")}
          </label>
          {discount ? (
            <div className="flex gap-2">
              <Input id="discountCode" value={discount.code} readOnly className="flex-1 uppercase" />
              <span
                className="inline-flex h-11 items-center gap-1 px-2 text-sm font-medium text-brand-teal-strong"
                role="status"
              >
                <Check className="size-4" aria-hidden="true" /> {t("checkout.shipping.applied")}
              </span>
              <Button
                type="submit"
                name="intent"
                value="remove-code"
                variant="outline"
                className="h-11"
                disabled={!!pendingIntent}
              >
                {t("checkout.shipping.removeCode")}
              </Button>
            </div>
          ) : (
            <div className="flex gap-2">
              <Input
                id="discountCode"
                name="discountCode"
                defaultValue={answer?.result?.discountCode ?? ""}
                // With JavaScript, Enter here applies the code (without it, Enter continues).
                onKeyDown={(e) => {
                  if (e.key !== "Enter") return;
                  e.preventDefault();
                  applyButton.current?.click();
                }}
                autoCapitalize="characters"
                aria-invalid={codeError ? true : undefined}
                aria-describedby={codeError ? "discountCode-error" : undefined}
                className="flex-1 uppercase"
              />
              <Button
                ref={applyButton}
                type="submit"
                name="intent"
                value="apply-code"
                variant="outline"
                disabled={!!pendingIntent}
                className="h-11 min-w-28"
              >
                {pendingIntent === "apply-code" ? t("checkout.checking") : t("checkout.shipping.apply")}
              </Button>
            </div>
          )}
          {codeError && (
            <p id="discountCode-error" role="alert" className="text-sm text-red-700">
              {codeError}
            </p>
          )}
        </div>

        <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Link
            to={href("/checkout/information")}
            className="inline-flex min-h-11 items-center justify-center text-sm font-medium text-brand-teal-strong hover:underline"
          >
            {t("checkout.shipping.returnToInformation")}
          </Link>
          <Button type="submit" name="intent" value="continue" size="lg" disabled={!!pendingIntent}>
            {t("checkout.shipping.continue")}
          </Button>
        </div>
      </Form>
    </CheckoutShell>
  );
}
