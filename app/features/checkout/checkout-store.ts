import { useMemo, useSyncExternalStore } from "react";
import { emptyAddress, isAddressStructure, type AddressValue } from "~/features/address/address.schema";
import { addressCodesSchema } from "~/features/address/address.schema";
import { informationSchemaFor, shippingSchema, checkoutShippingMethods, type CheckoutShippingMethod } from "./checkout.schema";
import type { CheckoutFieldsSettings } from "~/features/settings/settings.schema";
import type { Locale } from "~/lib/i18n/locale";
import { displayName } from "~/lib/person-name";
import type { PricingDiscount } from "./pricing";

/**
 * What the shopper entered during checkout (SPEC §3 "checkout data"), kept in sessionStorage so a
 * refresh keeps it for the session and a new session starts clean. Partial updates merge; clear
 * resets. Never holds a price: the applied code's kind and value are shown in the summary, and
 * the server re-checks the code when the order is placed.
 */
export const CHECKOUT_STORAGE_KEY = "uvc-shop-checkout-v1";
const CHANGE_EVENT = "uvc-shop-checkout-change";

export interface CheckoutData {
  email: string;
  /** The one name field ("Họ và tên") when the shop's settings ask for it instead of first and last. */
  fullName: string;
  firstName: string;
  lastName: string;
  company: string;
  address: string;
  city: string;
  postalCode: string;
  phone: string;
  location: AddressValue;
  isGift: boolean;
  giftMessage: string;
  vatInvoice: boolean;
  vatCompanyName: string;
  vatTaxCode: string;
  vatCompanyAddress: string;
  shippingMethod: CheckoutShippingMethod;
  shippingDate: string;
  shippingTime: string;
  orderInstructions: string;
  /** The applied discount (checked by the server when applied, and again when placing). */
  discount: PricingDiscount | null;
  /** Generated once per checkout: placing twice returns the same order. */
  idempotencyKey: string;
}

export const emptyCheckoutData: CheckoutData = {
  email: "",
  fullName: "",
  firstName: "",
  lastName: "",
  company: "",
  address: "",
  city: "",
  postalCode: "",
  phone: "",
  location: emptyAddress,
  isGift: false,
  giftMessage: "",
  vatInvoice: false,
  vatCompanyName: "",
  vatTaxCode: "",
  vatCompanyAddress: "",
  shippingMethod: "local-delivery",
  shippingDate: "",
  shippingTime: "",
  orderInstructions: "",
  discount: null,
  idempotencyKey: "",
};

const str = (v: unknown) => (typeof v === "string" ? v.slice(0, 1000) : "");

/** A stored value repaired over the defaults; anything malformed is dropped, never a crash. */
export function parseCheckoutData(raw: string | null): CheckoutData {
  if (!raw) return emptyCheckoutData;
  let value: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return emptyCheckoutData;
    value = parsed as Record<string, unknown>;
  } catch {
    return emptyCheckoutData;
  }
  const loc = (value.location ?? {}) as Record<string, unknown>;
  const discount = value.discount as Record<string, unknown> | null | undefined;
  return {
    email: str(value.email),
    fullName: str(value.fullName),
    firstName: str(value.firstName),
    lastName: str(value.lastName),
    company: str(value.company),
    address: str(value.address),
    city: str(value.city),
    postalCode: str(value.postalCode),
    phone: str(value.phone),
    location: {
      structure: isAddressStructure(loc.structure) ? loc.structure : "current",
      provinceCode: str(loc.provinceCode),
      provinceName: str(loc.provinceName),
      districtCode: str(loc.districtCode),
      districtName: str(loc.districtName),
      wardCode: str(loc.wardCode),
      wardName: str(loc.wardName),
    },
    isGift: value.isGift === true,
    giftMessage: str(value.giftMessage),
    vatInvoice: value.vatInvoice === true,
    vatCompanyName: str(value.vatCompanyName),
    vatTaxCode: str(value.vatTaxCode),
    vatCompanyAddress: str(value.vatCompanyAddress),
    shippingMethod: (checkoutShippingMethods as readonly string[]).includes(str(value.shippingMethod))
      ? (value.shippingMethod as CheckoutShippingMethod)
      : "local-delivery",
    shippingDate: str(value.shippingDate),
    shippingTime: str(value.shippingTime),
    orderInstructions: str(value.orderInstructions),
    discount:
      discount &&
      typeof discount.code === "string" &&
      (discount.type === "percent" || discount.type === "fixed" || discount.type === "free_shipping") &&
      typeof discount.value === "number"
        ? { code: discount.code, type: discount.type, value: discount.value }
        : null,
    idempotencyKey: str(value.idempotencyKey),
  };
}

function readRaw(): string | null {
  try {
    return window.sessionStorage.getItem(CHECKOUT_STORAGE_KEY);
  } catch {
    return null;
  }
}

function write(data: CheckoutData | null): void {
  try {
    if (data) window.sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(data));
    else window.sessionStorage.removeItem(CHECKOUT_STORAGE_KEY);
  } catch {
    // storage disabled: the data lasts for this page only
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function readCheckoutData(): CheckoutData {
  return parseCheckoutData(readRaw());
}

/** Merges a partial update into the stored checkout data. */
export function updateCheckoutData(partial: Partial<CheckoutData>): void {
  write({ ...readCheckoutData(), ...partial });
}

export function clearCheckoutData(): void {
  write(null);
}

/**
 * 128 random bits as hex. Not crypto.randomUUID: browsers offer it only in secure contexts, and a
 * shop reached over plain http at a LAN address or host name is not one (the order button did nothing).
 */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The checkout's idempotency key, generated once and kept until the order is placed. */
export function ensureIdempotencyKey(): string {
  const data = readCheckoutData();
  if (data.idempotencyKey) return data.idempotencyKey;
  const key = randomKey();
  write({ ...data, idempotencyKey: key });
  return key;
}

export function useCheckoutData(): CheckoutData {
  const raw = useSyncExternalStore(
    (onChange) => {
      window.addEventListener(CHANGE_EVENT, onChange);
      return () => window.removeEventListener(CHANGE_EVENT, onChange);
    },
    readRaw,
    () => null,
  );
  return useMemo(() => parseCheckoutData(raw), [raw]);
}

/** The shopper's name as the information step took it, in the order of the page's language. */
export function shopperName(data: CheckoutData, fields: CheckoutFieldsSettings, locale: Locale): string {
  return fields.nameFields === "full" ? data.fullName.trim() : displayName(data, locale);
}

/** The e-mail the order will carry: "" when the settings hide the field or the shopper left it empty. */
export function shopperEmail(data: CheckoutData, fields: CheckoutFieldsSettings): string {
  return fields.email === "hidden" ? "" : data.email.trim();
}

/** The information step's values as the schemas read them. */
export function informationValues(data: CheckoutData) {
  return {
    email: data.email,
    fullName: data.fullName,
    firstName: data.firstName,
    lastName: data.lastName,
    company: data.company,
    address: data.address,
    city: data.city,
    postalCode: data.postalCode,
    phone: data.phone,
    isGift: data.isGift,
    giftMessage: data.giftMessage,
    vatInvoice: data.vatInvoice,
    vatCompanyName: data.vatCompanyName,
    vatTaxCode: data.vatTaxCode,
    vatCompanyAddress: data.vatCompanyAddress,
  };
}

export function addressCodesOf(data: CheckoutData) {
  const { structure, provinceCode, districtCode, wardCode } = data.location;
  return { structure, provinceCode, districtCode, wardCode };
}

export function shippingValues(data: CheckoutData) {
  return {
    shippingMethod: data.shippingMethod,
    shippingDate: data.shippingDate,
    shippingTime: data.shippingTime,
    orderInstructions: data.orderInstructions,
  };
}

/** Field → message for the information step (SPEC §5, as the shop's checkout settings ask), empty when valid. */
export function informationErrors(data: CheckoutData, fields: CheckoutFieldsSettings): Record<string, string> {
  const errors: Record<string, string> = {};
  const info = informationSchemaFor(fields).safeParse(informationValues(data));
  if (!info.success) for (const issue of info.error.issues) errors[String(issue.path.at(-1) ?? "_")] ??= issue.message;
  const address = addressCodesSchema.safeParse(addressCodesOf(data));
  if (!address.success) for (const issue of address.error.issues) errors[String(issue.path.at(-1) ?? "_")] ??= issue.message;
  return errors;
}

export function shippingErrors(data: CheckoutData): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = shippingSchema.safeParse(shippingValues(data));
  if (!result.success) for (const issue of result.error.issues) errors[String(issue.path.at(-1) ?? "_")] ??= issue.message;
  return errors;
}
