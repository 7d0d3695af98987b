import { ExternalLink, PackageSearch, Truck } from "~/components/ui/icons";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { FormField } from "~/components/ui/label";
import { fieldError, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { useI18n } from "~/lib/i18n/i18n-context";
import { formatOrderNumber } from "~/lib/order-number";
import type { OrderConfirmation } from "../order-confirmation.server";
import { OrderDetails } from "./order-details";
import "./print.css";

/** The look-up's answer: why it found nothing, with what was typed (the form shows it again). */
/** An order's status in the shopper's language (the console has its own Vietnamese labels). */
const statusLabels = {
  pending: "checkout.order.status.pending",
  processing: "checkout.order.status.processing",
  shipped: "checkout.order.status.shipped",
  delivered: "checkout.order.status.delivered",
  returning: "checkout.order.status.returning",
  returned: "checkout.order.status.returned",
  cancelled: "checkout.order.status.cancelled",
} as const;

/** A shipment event in the shopper's language ("update": carrier news that changed no status). */
const shipmentStatusLabels = {
  booked: "checkout.lookup.shipment.status.booked",
  in_transit: "checkout.lookup.shipment.status.in_transit",
  delivered: "checkout.lookup.shipment.status.delivered",
  failed: "checkout.lookup.shipment.status.failed",
  returning: "checkout.lookup.shipment.status.returning",
  returned: "checkout.lookup.shipment.status.returned",
  cancelled: "checkout.lookup.shipment.status.cancelled",
  update: "checkout.lookup.shipment.status.update",
} as const;

/** The parcel's carrier, tracking code (linked to the carrier's own page) and its events, newest first. */
function ShipmentTrackingCard({ shipment }: { shipment: NonNullable<OrderConfirmation["shipment"]> }) {
  const { t, locale } = useI18n();
  return (
    <section
      className="mt-8 rounded-xl border border-brand-charcoal/10 bg-white p-4 sm:p-6"
      data-testid="shipment-tracking"
      aria-labelledby="shipment-title"
    >
      <h2 id="shipment-title" className="mb-3 flex items-center gap-2 text-lg font-bold">
        <Truck className="size-5" aria-hidden="true" />
        {t("checkout.lookup.shipment.title")}
      </h2>
      <dl className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
        <dt className="text-brand-cool-gray">{t("checkout.lookup.shipment.carrier")}</dt>
        <dd className="font-medium">{shipment.carrierName}</dd>
        <dt className="text-brand-cool-gray">{t("checkout.lookup.shipment.trackingCode")}</dt>
        <dd className="font-mono font-semibold" data-testid="tracking-code">
          {shipment.trackingCode ?? (
            <span className="font-sans font-normal">{t("checkout.lookup.shipment.noCode")}</span>
          )}
        </dd>
      </dl>
      {shipment.trackingUrl && (
        <a
          href={shipment.trackingUrl}
          target="_blank"
          rel="noreferrer noopener"
          className="mt-3 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-teal-strong underline-offset-4 hover:underline"
        >
          {t("checkout.lookup.shipment.trackOnCarrier", { carrier: shipment.carrierName })}
          <ExternalLink className="size-4" aria-hidden="true" />
        </a>
      )}
      <h3 className="mt-4 mb-2 text-sm font-semibold">{t("checkout.lookup.shipment.events")}</h3>
      <ol className="flex flex-col gap-3" data-testid="tracking-events">
        {[...shipment.events].reverse().map((event, i) => (
          <li key={i} className="flex gap-3 text-sm">
            <span
              className={`mt-1.5 size-2.5 shrink-0 rounded-full ${i === 0 ? "bg-brand-teal-strong" : "bg-brand-charcoal/25"}`}
              aria-hidden="true"
            />
            <div className="flex flex-col">
              <span className="font-medium">{t(shipmentStatusLabels[event.status ?? "update"])}</span>
              {event.description && <span>{event.description}</span>}
              <time className="text-xs text-brand-cool-gray" dateTime={new Date(event.occurredAt).toISOString()}>
                {new Date(event.occurredAt).toLocaleString(locale === "vi" ? "vi-VN" : "en-GB", {
                  timeZone: "Asia/Ho_Chi_Minh",
                })}
              </time>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

export type OrderLookupAnswer = ActionFeedbackResult & { result?: { values: { number: string; phone: string } } };

/**
 * /order-lookup: the order this browser may see (its status and details), or the form that asks
 * for its number and phone (pre-filled with `number`, or with what was posted and refused).
 */
export function OrderLookupPage({
  confirmation,
  number,
  result,
}: {
  confirmation: OrderConfirmation | null;
  number: string;
  result: OrderLookupAnswer | undefined;
}) {
  const { t, href } = useI18n();
  if (confirmation) {
    const { order } = confirmation;
    return (
      <div className="order-confirmation mx-auto w-full max-w-3xl px-4 py-8 md:py-12">
        <div className="flex flex-col items-center gap-3 text-center">
          <h1 className="text-2xl font-bold md:text-3xl">
            {t("checkout.lookup.orderTitle")}{" "}
            <span className="tabular-nums" data-testid="order-number">
              {formatOrderNumber(order.orderNumber)}
            </span>
          </h1>
          <p className="rounded-full bg-brand-white px-5 py-2 text-sm">
            {t("checkout.lookup.status")} <strong data-testid="order-status">{t(statusLabels[order.status])}</strong>
          </p>
          <p className="text-sm text-brand-cool-gray">
            {t("checkout.lookup.placedAt", {
              date: new Date(order.createdAt).toLocaleString("vi-VN", { timeZone: "Asia/Ho_Chi_Minh" }),
            })}
          </p>
        </div>
        {confirmation.shipment && <ShipmentTrackingCard shipment={confirmation.shipment} />}
        <OrderDetails confirmation={confirmation} />
        <div className="mt-8 flex justify-center print:hidden">
          <Button asChild variant="outline">
            <Link to={href("/order-lookup")}>{t("checkout.lookup.another")}</Link>
          </Button>
        </div>
      </div>
    );
  }
  return <LookupForm number={number} result={result} />;
}

function LookupForm({ number, result }: { number: string; result: OrderLookupAnswer | undefined }) {
  const { t, text } = useI18n();
  const busy = useNavigation().state === "submitting";
  const numberError = fieldError(result, "number");
  const phoneError = fieldError(result, "phone");
  const typed = result?.result?.values;
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-12 md:py-16">
      <div className="flex flex-col items-center gap-3 text-center">
        <PackageSearch className="size-12 text-brand-teal-strong" aria-hidden="true" />
        <h1 className="text-2xl font-bold">{t("checkout.lookup.title")}</h1>
        <p className="text-sm text-brand-charcoal">{t("checkout.lookup.intro")}</p>
      </div>
      <Form
        method="post"
        noValidate
        className="flex flex-col gap-4 rounded-2xl border border-brand-charcoal/10 p-5"
        aria-labelledby="lookup-title"
      >
        <h2 id="lookup-title" className="sr-only">
          {t("checkout.lookup.formTitle")}
        </h2>
        <FormField
          id="lookup-number"
          label={t("checkout.lookup.number")}
          required
          error={numberError && text(numberError)}
        >
          {(f) => (
            <Input
              {...f}
              name="number"
              defaultValue={typed?.number ?? number}
              placeholder="DH000123"
              autoComplete="off"
              spellCheck={false}
              maxLength={30}
              className="uppercase"
            />
          )}
        </FormField>
        <FormField id="lookup-phone" label={t("checkout.lookup.phone")} required error={phoneError && text(phoneError)}>
          {(f) => (
            <Input
              {...f}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              defaultValue={typed?.phone ?? ""}
              placeholder="0912 345 678"
              maxLength={30}
            />
          )}
        </FormField>
        {result && !result.ok && !result.fieldErrors && (
          <p role="alert" className="text-sm text-red-700" data-testid="lookup-error">
            {text(result.error)}
          </p>
        )}
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? t("checkout.lookup.searching") : t("checkout.lookup.submit")}
        </Button>
      </Form>
    </div>
  );
}
