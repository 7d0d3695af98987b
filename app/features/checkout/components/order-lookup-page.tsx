import { PackageSearch } from "lucide-react";
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
        <FormField
          id="lookup-phone"
          label={t("checkout.lookup.phone")}
          required
          error={phoneError && text(phoneError)}
        >
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
