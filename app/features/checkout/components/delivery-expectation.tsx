import type { OrderDeliveryExpectation } from "~/features/settings/delivery-calendar";
import { useI18n } from "~/lib/i18n/i18n-context";
import { formatDeliveryDate, formatShortDeliveryDate } from "../delivery-promise";

/** An order's delivery as its confirmation and tracking pages state it (the booked slot, the rules' range or the carrier's day). */
export function DeliveryExpectationText({ expectation }: { expectation: OrderDeliveryExpectation }) {
  const { t, locale } = useI18n();
  switch (expectation.kind) {
    case "slot":
      return t("checkout.order.deliveryOn", { date: formatDeliveryDate(expectation.date, locale), slot: expectation.slot });
    case "range":
      return t("delivery.order.expected", {
        earliest: formatShortDeliveryDate(expectation.earliest, locale),
        latest: formatShortDeliveryDate(expectation.latest, locale),
      });
    case "carrier":
      return t("delivery.order.carrierExpected", { date: formatDeliveryDate(expectation.date, locale) });
  }
}
