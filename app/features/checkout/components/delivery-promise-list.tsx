import { Link } from "react-router";
import { CalendarClock, Globe, Store, Truck, Zap } from "~/components/ui/icons";
import { cn } from "~/components/ui/cn";
import { locationName } from "~/features/address/delivery-locations";
import { useI18n } from "~/lib/i18n/i18n-context";
import { formatShortDeliveryDate } from "~/features/settings/delivery-calendar";
import { formatVnd } from "~/lib/money";
import {
  deliveryPromise,
  leadDaysText,
  type DeliveryDestination,
  type DeliveryPromiseLine,
  type DeliveryTerms,
} from "../delivery-promise";

const icons = {
  "free-delivery": Truck,
  arrival: CalendarClock,
  express: Zap,
  "store-pickup": Store,
  abroad: Globe,
} as const;

/** The delivery promise (product page, cart): what checkout offers to the chosen destination. */
export function DeliveryPromiseList({
  terms,
  destination,
  pickupShops = null,
  framed = true,
}: {
  terms: DeliveryTerms;
  destination: DeliveryDestination;
  /** How many shops hold the product shown (the product page); null for a cart. */
  pickupShops?: number | null;
  /** A rounded card (the product page), or under a rule (the cart's summary). */
  framed?: boolean;
}) {
  const { t, locale, href } = useI18n();
  return (
    <ul
      aria-label={t("checkout.promise.label")}
      data-testid="delivery-promise"
      className={cn(
        "flex flex-col gap-3 bg-brand-white text-sm",
        framed ? "rounded-2xl p-4" : "border-t border-brand-charcoal/10 pt-4",
      )}
    >
      {deliveryPromise(terms, destination, pickupShops).map((line) => {
        const Icon = icons[line.kind];
        const [title, detail] = lineText(line);
        return (
          <li key={line.kind} className="flex gap-3" data-promise={line.kind}>
            <Icon className="size-5 shrink-0 text-brand-teal-strong" aria-hidden="true" />
            <span>
              <span className="font-bold">{title}</span> {detail}
              {line.kind === "store-pickup" && (
                <>
                  {" · "}
                  <Link to={href("/stores")} className="font-medium text-brand-teal-strong underline underline-offset-4">
                    {t("checkout.promise.storePickupStores")}
                  </Link>
                </>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );

  /** The line's bold title and its detail, in the page's language. */
  function lineText(line: DeliveryPromiseLine): [string, string] {
    switch (line.kind) {
      case "free-delivery":
        return [
          t("checkout.promise.freeDelivery"),
          line.threshold === null
            ? t("checkout.promise.freeDeliveryAll")
            : t("checkout.promise.freeDeliveryFrom", {
                threshold: formatVnd(line.threshold),
                fee: formatVnd(line.fee),
              }),
        ];
      case "arrival": {
        const days = t("delivery.days", { days: leadDaysText(line.minDays, line.maxDays) });
        if (!line.known) return [t("delivery.promise.nationwide"), t("delivery.promise.general", { days })];
        const range = t("delivery.promise.range", {
          earliest: formatShortDeliveryDate(line.earliest, locale),
          latest: formatShortDeliveryDate(line.latest, locale),
          days,
        });
        return [
          t("delivery.promise.to", { place: line.place ?? "" }),
          line.slots ? range + t("delivery.promise.slots", line.slots) : range,
        ];
      }
      case "express":
        return [t("checkout.promise.express"), t("checkout.promise.expressFee", { fee: formatVnd(line.fee) })];
      case "store-pickup": {
        const price =
          line.fee === 0 ? t("checkout.promise.storePickupFree") : t("checkout.promise.storePickupFee", { fee: formatVnd(line.fee) });
        return [
          t("checkout.promise.storePickup"),
          line.shops === null
            ? t("checkout.promise.storePickupAnyShop", { price })
            : t("checkout.promise.storePickupShops", { price, count: line.shops }),
        ];
      }
      case "abroad":
        return [t("checkout.promise.abroad", { place: locationName(line.place, t) }), t("checkout.promise.abroadText")];
    }
  }
}
