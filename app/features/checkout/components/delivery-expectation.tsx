import { describeDeliveryExpectation, type OrderDeliveryExpectation } from "~/features/settings/delivery-calendar";
import { useI18n } from "~/lib/i18n/i18n-context";

/** An order's delivery as its confirmation and tracking pages state it (the booked slot, the rules' range or the carrier's day). */
export function DeliveryExpectationText({ expectation }: { expectation: OrderDeliveryExpectation }) {
  const { t, locale } = useI18n();
  return describeDeliveryExpectation(expectation, locale, t);
}
