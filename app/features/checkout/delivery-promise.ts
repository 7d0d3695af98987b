import { provinceOfLocation } from "~/features/address/delivery-locations";
import type { DeliveryRules, ShippingSettings } from "~/features/settings/settings.schema";
import type { StoreMessageKey } from "~/lib/i18n/i18n-context";
import type { Locale } from "~/lib/i18n/locale";
import type { MessageParams } from "~/lib/i18n/messages";
import { formatVnd } from "~/lib/money";
import { deliverySlots } from "./delivery-days";
import { deliveryPromiseFor } from "./delivery-rules";
import { isShippingMethodOffered } from "./pricing";

/**
 * What the shop promises about delivery, in one place (issue 15 part 7): the product page, the
 * top bar's placeholders, the cart and the shipping step all read these terms, and every number
 * in them comes from the same settings and rules checkout applies (pricing.ts's fees, the
 * delivery rules' days and slots: delivery-rules.ts). Browser-safe: no database, no server code.
 */
export interface DeliveryTerms {
  /** Local delivery is free from this subtotal (after discount) up. */
  freeShippingThreshold: number;
  /** Local delivery below the threshold. */
  standardFee: number;
  /** null when checkout does not offer express delivery. */
  expressFee: number | null;
  storePickupFee: number;
  /** Lead days, cut-off, working days and slot regions (the shipping step checks with the same). */
  rules: DeliveryRules;
  /** The moment the promise is made for (ISO instant): the server's, so the page and its hydration agree. */
  asOf: string;
  /** The first slot's start and the last slot's end ("12:00", "22:00"), where slots are offered. */
  slotsFrom: string;
  slotsUntil: string;
}

export type DeliveryShippingSettings = Pick<
  ShippingSettings,
  "freeShippingThreshold" | "standardFee" | "expressFee" | "expressEnabled" | "storePickupFee"
>;

/** The terms checkout offers now (the same fee and date functions checkout validates with). */
export function deliveryTerms(
  shipping: DeliveryShippingSettings,
  rules: DeliveryRules,
  now: Date = new Date(),
): DeliveryTerms {
  const [firstSlot, lastSlot] = [deliverySlots[0], deliverySlots[deliverySlots.length - 1]];
  return {
    freeShippingThreshold: shipping.freeShippingThreshold,
    standardFee: shipping.standardFee,
    expressFee: isShippingMethodOffered("express", shipping) ? shipping.expressFee : null,
    storePickupFee: shipping.storePickupFee,
    rules,
    asOf: now.toISOString(),
    slotsFrom: firstSlot.split(" - ")[0].padStart(5, "0"),
    slotsUntil: lastSlot.split(" - ")[1].padStart(5, "0"),
  };
}

/**
 * Where the shopper said we deliver to (the header's "Deliver to"): online checkout delivers
 * within Vietnam only, so a place abroad gets no delivery promise.
 */
export type DeliveryDestination =
  { kind: "unknown" } | { kind: "vietnam"; place: string } | { kind: "abroad"; place: string };

/** One line of the promise; the component words it from the catalogue. */
export type DeliveryPromiseLine =
  /** threshold null: local delivery is free on every order (no threshold, or no fee). */
  | { kind: "free-delivery"; threshold: number | null; fee: number }
  /**
   * When a parcel arrives (the delivery rules for the place's province; place null: the shop's
   * general range, known false). from/until: the slots' hours when slots are offered there, else null.
   */
  | {
      kind: "arrival";
      place: string | null;
      known: boolean;
      earliest: string;
      latest: string;
      minDays: number;
      maxDays: number;
      slots: { from: string; until: string } | null;
    }
  | { kind: "express"; fee: number }
  /**
   * Pickup at a shop that holds the goods (decision 0051): shops is how many hold the product shown
   * (the product page), or null where the goods are a cart the shipping step matches to the shops.
   */
  | { kind: "store-pickup"; fee: number; shops: number | null }
  | { kind: "abroad"; place: string };

/** The subtotal from which local delivery becomes free, or null when it is free on every order. */
export function freeDeliveryFrom(terms: Pick<DeliveryTerms, "freeShippingThreshold" | "standardFee">): number | null {
  return terms.freeShippingThreshold > 0 && terms.standardFee > 0 ? terms.freeShippingThreshold : null;
}

/**
 * The lines a shopper reads about delivery to this destination (nothing checkout does not offer):
 * pickupShops is how many shops hold the product shown (no pickup line when none does), or null
 * for a cart.
 */
export function deliveryPromise(
  terms: DeliveryTerms,
  destination: DeliveryDestination,
  pickupShops: number | null = null,
): DeliveryPromiseLine[] {
  const pickup: DeliveryPromiseLine[] =
    pickupShops === 0 ? [] : [{ kind: "store-pickup", fee: terms.storePickupFee, shops: pickupShops }];
  if (destination.kind === "abroad") return [{ kind: "abroad", place: destination.place }, ...pickup];
  return [
    {
      kind: "free-delivery",
      threshold: freeDeliveryFrom(terms),
      fee: terms.standardFee,
    },
    arrivalLine(terms, destination.kind === "vietnam" ? destination.place : null),
    ...(terms.expressFee === null ? [] : [{ kind: "express" as const, fee: terms.expressFee }]),
    ...pickup,
  ];
}

function arrivalLine(terms: DeliveryTerms, place: string | null): DeliveryPromiseLine {
  // A place the address data does not know (none is) still gets the general range, never a guess.
  const province = provinceOfLocation(place);
  const promise = deliveryPromiseFor(province?.code ?? null, new Date(terms.asOf), terms.rules);
  return {
    kind: "arrival",
    place: province ? place : null,
    known: promise.known,
    earliest: promise.earliest,
    latest: promise.latest,
    minDays: promise.minDays,
    maxDays: promise.maxDays,
    slots: promise.slots ? { from: terms.slotsFrom, until: terms.slotsUntil } : null,
  };
}

/** "2–5" working days, or "2" when the range is one number (the catalogue's delivery.days words it). */
export function leadDaysText(minDays: number, maxDays: number): string {
  return minDays === maxDays ? String(minDays) : `${minDays}–${maxDays}`;
}

/**
 * The values content texts may name (`{free_shipping_threshold}`, `{standard_fee}`,
 * `{store_pickup_fee}`), so an editor's announcement states the same amounts as checkout.
 */
export function deliveryPlaceholders(terms: DeliveryTerms): Record<string, string> {
  return {
    free_shipping_threshold: formatVnd(terms.freeShippingThreshold),
    standard_fee: formatVnd(terms.standardFee),
    store_pickup_fee: formatVnd(terms.storePickupFee),
  };
}

/** A name typed in the console as text inside a Markdown list item: on one line, its inline markup escaped. */
function markdownText(text: string): string {
  return text.replace(/\s+/g, " ").replace(/[\\*_[\]()!`]/g, (c) => `\\${c}`);
}

/**
 * The delivery rules' figures a policy may name (issue 31), in the page's language:
 * `{delivery_times}` is a Markdown list, one line per region and one for every other province
 * ("- Nội thành Hà Nội: 1–2 ngày làm việc."), `{delivery_cutoff}` the cut-off time. A policy the
 * merchant wrote without them keeps its own words.
 */
export function deliveryPolicyPlaceholders(
  rules: DeliveryRules,
  locale: Locale,
  t: (key: StoreMessageKey, params?: MessageParams) => string,
): Record<string, string> {
  const days = (range: { minDays: number; maxDays: number }) =>
    t("delivery.days", { days: leadDaysText(range.minDays, range.maxDays) });
  const lines = rules.regions.map((region) =>
    t(region.slots ? "delivery.policy.regionSlots" : "delivery.policy.region", {
      name: markdownText(locale === "en" && region.nameEn !== "" ? region.nameEn : region.name),
      days: days(region),
    }),
  );
  const others = { minDays: rules.otherMinDays, maxDays: rules.otherMaxDays };
  lines.push(t(rules.regions.length > 0 ? "delivery.policy.other" : "delivery.policy.everywhere", { days: days(others) }));
  return { delivery_times: lines.map((line) => `- ${line}`).join("\n"), delivery_cutoff: rules.cutoffTime };
}

/** The destination of a "Deliver to" choice (null: not chosen yet). */
export function deliveryDestination(place: string | null, abroad: boolean): DeliveryDestination {
  if (place === null) return { kind: "unknown" };
  return abroad ? { kind: "abroad", place } : { kind: "vietnam", place };
}

