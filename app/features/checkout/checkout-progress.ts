import {
  emptyAddress,
  isAddressStructure,
  type AddressOption,
  type AddressValue,
} from "~/features/address/address-value";
import type { CartView } from "./cart-quote.schema";
import type { CheckoutSettings } from "./checkout.schema";
import { checkoutShippingMethods, type CheckoutShippingMethod } from "./checkout-rules";
import type { PricingDiscount } from "./pricing";
import type { CheckoutFieldsSettings } from "~/features/settings/settings.schema";
import type { Locale } from "~/lib/i18n/locale";
import { displayName } from "~/lib/person-name";

/**
 * What the shopper entered during checkout (SPEC §3 "checkout data"), kept with the server cart
 * (`carts.checkout`, issue 17) so a refresh, a second tab or the back button loses nothing. Never
 * holds a price; the discount code and the idempotency key live in their own columns of the cart.
 * The stored JSON is never trusted: parseCheckoutProgress repairs it over the defaults.
 */

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
  /** Store pickup: the chosen shop's id as the form posted it ("" when none). */
  pickupStoreId: string;
  orderInstructions: string;
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
  pickupStoreId: "",
  orderInstructions: "",
};

const str = (v: unknown) => (typeof v === "string" ? v.slice(0, 1000) : "");

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A stored value (the cart's jsonb, or a form's fields) repaired over the defaults; anything malformed is dropped, never a crash. */
export function parseCheckoutData(value: unknown): CheckoutData {
  if (!isRecord(value)) return emptyCheckoutData;
  const loc = isRecord(value.location) ? value.location : {};
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
    pickupStoreId: str(value.pickupStoreId),
    orderInstructions: str(value.orderInstructions),
  };
}

/** Step 1's fields as its form names them (the address codes apart: see locationCodesFromForm). */
export const INFORMATION_FIELDS = [
  "email",
  "fullName",
  "firstName",
  "lastName",
  "company",
  "address",
  "city",
  "postalCode",
  "phone",
  "isGift",
  "giftMessage",
  "vatInvoice",
  "vatCompanyName",
  "vatTaxCode",
  "vatCompanyAddress",
] as const satisfies readonly (keyof CheckoutData)[];

/** Step 2's fields as its form names them. */
export const SHIPPING_FIELDS = [
  "shippingMethod",
  "shippingDate",
  "shippingTime",
  "pickupStoreId",
  "orderInstructions",
] as const satisfies readonly (keyof CheckoutData)[];

/**
 * A step's form fields read over what was saved, repaired like stored progress: a checkbox not
 * sent is unticked, a field not sent is empty. The same reading in the browser (checking as the
 * shopper types) and on the server (checking and saving the post).
 */
export function progressFromForm(
  saved: CheckoutData,
  form: FormData,
  names: readonly (keyof CheckoutData)[],
): CheckoutData {
  const posted: Record<string, unknown> = { ...saved };
  for (const name of names) {
    const value = form.get(name);
    if (name === "isGift" || name === "vatInvoice") posted[name] = value === "on" || value === "true";
    else posted[name] = typeof value === "string" ? value : "";
  }
  return parseCheckoutData(posted);
}

/** The address codes a form posted (`structure`, `provinceCode`, `districtCode`, `wardCode`), names left empty. */
export function locationCodesFromForm(form: FormData): AddressValue {
  const value = (name: string) => {
    const raw = form.get(name);
    return typeof raw === "string" ? raw.trim() : "";
  };
  return {
    ...emptyAddress,
    structure: value("structure") === "legacy" ? "legacy" : "current",
    provinceCode: value("provinceCode"),
    districtCode: value("districtCode"),
    wardCode: value("wardCode"),
  };
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
    pickupStoreId: data.pickupStoreId,
    orderInstructions: data.orderInstructions,
  };
}

export type CheckoutStep = 1 | 2 | 3;

/** The lists the address selects offer without JavaScript: the provinces, and the chosen province's (or district's) children. */
export interface AddressChoices {
  provinces: AddressOption[];
  /** Legacy structure, once a province is chosen. */
  districts: AddressOption[];
  wards: AddressOption[];
}

/** What every step's loader gives its page (checkout-steps.server.ts). */
export interface CheckoutStepData {
  settings: CheckoutSettings;
  /** The server cart priced now. */
  cart: CartView;
  /** What the steps took so far, repaired; the address names are the official ones of its codes. */
  progress: CheckoutData;
  /** The cart's code as it applies now (null: none, or it no longer applies). */
  discount: PricingDiscount | null;
}

/** What a refused step answers besides the message: the values as typed, to show them again. */
export interface StepRefusal {
  values: CheckoutData;
  /** The discount code as typed, when it was refused. */
  discountCode?: string;
}
