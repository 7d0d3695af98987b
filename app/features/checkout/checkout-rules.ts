/**
 * The checkout's messages, limits and delivery methods without zod, for the pages that only show
 * them (checkout.schema.ts builds its schemas from these and re-exports them). Messages are
 * catalogue keys ("checkout.errors.firstName": SPEC §5's texts in English, their Vietnamese in
 * vi); the page shows them with useI18n().text().
 */
export const messages = {
  emailRequired: "checkout.errors.emailRequired",
  emailInvalid: "checkout.errors.emailInvalid",
  fullName: "checkout.errors.fullName",
  firstName: "checkout.errors.firstName",
  lastName: "checkout.errors.lastName",
  address: "checkout.errors.address",
  province: "checkout.errors.province",
  district: "checkout.errors.district",
  ward: "checkout.errors.ward",
  postalCode: "checkout.errors.postalCode",
  phoneRequired: "checkout.errors.phoneRequired",
  phoneInvalid: "checkout.errors.phoneInvalid",
  vatCompanyName: "checkout.errors.vatCompanyName",
  vatTaxCode: "checkout.errors.vatTaxCode",
  vatCompanyAddress: "checkout.errors.vatCompanyAddress",
  deliveryDateTime: "checkout.errors.deliveryDateTime",
  deliveryDatePast: "checkout.errors.deliveryDatePast",
  pickupStore: "checkout.errors.pickupStore",
  noteTooLong: "checkout.errors.noteTooLong",
  giftTooLong: "checkout.errors.giftTooLong",
  tooLong: "checkout.errors.tooLong",
} as const;

export const ORDER_NOTE_MAX = 255;
export const GIFT_MESSAGE_MAX = 255;

export const checkoutShippingMethods = ["local-delivery", "store-pickup", "express"] as const;
export type CheckoutShippingMethod = (typeof checkoutShippingMethods)[number];
