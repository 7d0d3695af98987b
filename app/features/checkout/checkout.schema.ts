import { z } from "zod";
import { addressCodesSchema } from "~/features/address/address.schema";
import { INVALID_CODE_MESSAGE } from "~/features/discounts/discounts.schema";
import {
  type CheckoutFieldsSettings,
  type DeliveryRules,
  type FieldRequirement,
} from "~/features/settings/settings.schema";
import { normalizeVietnamesePhone } from "~/lib/phone";
import { MAX_LINE_QUANTITY } from "~/features/cart/cart-store";
import { cartLinesSchema } from "./cart-quote.schema";
import { deliveryChoiceRefusal } from "./delivery-rules";
import { checkoutShippingMethods, GIFT_MESSAGE_MAX, messages, ORDER_NOTE_MAX } from "./checkout-rules";
import { MERGED_QUANTITY_MESSAGE, mergeQuantities } from "./order-limits";

/**
 * The checkout's rules, shared by the forms (validated as the shopper types) and by placeOrder
 * (validated again on the server). Messages are catalogue keys ("checkout.errors.firstName": SPEC §5's
 * texts in English, their Vietnamese in vi); the page shows them with useI18n().text().
 */

/** SPEC §8: a code that does not apply (the discounts feature's message, checked here as typed). */
export { INVALID_CODE_MESSAGE };

/** The delivery calendar lives in a zod-free module, for the pages that only show it. */
export {
  addDays,
  dateInVietnam,
  DELIVERY_DAYS_AHEAD,
  deliveryDateRange,
  deliverySlots,
} from "./delivery-days";

/** The messages, limits and delivery methods live in a zod-free module, for the pages that only show them. */
export {
  checkoutShippingMethods,
  GIFT_MESSAGE_MAX,
  messages,
  ORDER_NOTE_MAX,
  type CheckoutShippingMethod,
} from "./checkout-rules";

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const text = (max: number) => z.string().trim().max(max, messages.tooLong).default("");
const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, messages.tooLong);

const requiredEmail = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .regex(emailPattern, messages.emailInvalid)
  .transform((v) => v.toLowerCase());
const optionalEmail = z
  .string()
  .trim()
  .max(254, messages.emailInvalid)
  .refine((v) => v === "" || emailPattern.test(v), messages.emailInvalid)
  .transform((v) => v.toLowerCase())
  .default("");
/** A field the settings hide: whatever a stale form or a tampered body sends, it is not kept. */
const notAsked = z
  .unknown()
  .optional()
  .transform(() => "");

const byRequirement = (
  requirement: FieldRequirement,
  required: z.ZodType<string, unknown>,
  optional: z.ZodType<string, unknown>,
) => (requirement === "required" ? required : requirement === "optional" ? optional : notAsked);

/**
 * Step 1 without the address codes (see addressCodesSchema), as the shop's checkout settings ask
 * for it: the same rules on the form and on the server. With one name field ("full"), the name
 * is kept whole in firstName and lastName is "" (displayName() shows it as typed; decision 0022).
 * E-mail, postal code, company and city are "" when not given or not asked for.
 */
export function informationSchemaFor(fields: CheckoutFieldsSettings) {
  const fullName = fields.nameFields === "full";
  return z
    .object({
      email: byRequirement(fields.email, requiredEmail, optionalEmail),
      fullName: fullName ? requiredText(messages.fullName, 200) : notAsked,
      firstName: fullName ? notAsked : requiredText(messages.firstName, 100),
      lastName: fullName ? notAsked : requiredText(messages.lastName, 100),
      company: fields.company === "hidden" ? notAsked : text(200),
      address: requiredText(messages.address, 300),
      city: fields.city === "hidden" ? notAsked : text(100),
      postalCode: byRequirement(fields.postalCode, requiredText(messages.postalCode, 20), text(20)),
      phone: z
        .string({ error: messages.phoneRequired })
        .trim()
        .min(1, messages.phoneRequired)
        .transform((value, ctx) => {
          const normalized = normalizeVietnamesePhone(value);
          if (!normalized) {
            ctx.addIssue({ code: "custom", message: messages.phoneInvalid });
            return z.NEVER;
          }
          return normalized;
        }),
      isGift: z.boolean().catch(false),
      giftMessage: z.string().trim().max(GIFT_MESSAGE_MAX, messages.giftTooLong).default(""),
      vatInvoice: z.boolean().catch(false),
      vatCompanyName: text(200),
      vatTaxCode: z.string().trim().max(30).default(""),
      vatCompanyAddress: text(300),
    })
    .superRefine((value, ctx) => {
      if (!value.vatInvoice) return;
      if (!value.vatCompanyName)
        ctx.addIssue({ code: "custom", path: ["vatCompanyName"], message: messages.vatCompanyName });
      if (!/^(\d{10}|\d{13})$/.test(value.vatTaxCode.replace(/[\s-]/g, "")))
        ctx.addIssue({ code: "custom", path: ["vatTaxCode"], message: messages.vatTaxCode });
      if (!value.vatCompanyAddress)
        ctx.addIssue({ code: "custom", path: ["vatCompanyAddress"], message: messages.vatCompanyAddress });
    })
    .transform(({ fullName: wholeName, ...value }) => ({
      ...value,
      firstName: fullName ? wholeName : value.firstName,
      lastName: fullName ? "" : value.lastName,
      giftMessage: value.isGift ? value.giftMessage : "",
      vatCompanyName: value.vatInvoice ? value.vatCompanyName : "",
      vatTaxCode: value.vatInvoice ? value.vatTaxCode.replace(/[\s-]/g, "") : "",
      vatCompanyAddress: value.vatInvoice ? value.vatCompanyAddress : "",
    }));
}

export type InformationInput = z.input<ReturnType<typeof informationSchemaFor>>;
export type Information = z.output<ReturnType<typeof informationSchemaFor>>;

/**
 * Step 2's fields as posted: the method, the day and slot ("" when none), the pickup shop and the
 * note. Which day and slot the shop allows depends on the province and the delivery rules
 * (delivery-rules.ts): shippingSchemaFor checks them; placeOrder checks the order's own province
 * the same way. Whether the pickup shop exists, is open and holds the goods is checked on the server.
 */
export const shippingSchema = z
  .object({
    shippingMethod: z.enum(checkoutShippingMethods).catch("local-delivery"),
    shippingDate: z.string().trim().catch(""),
    shippingTime: z.string().trim().catch(""),
    pickupStoreId: z.union([z.string(), z.number()]).catch("").default(""),
    orderInstructions: z.string().trim().max(ORDER_NOTE_MAX, messages.noteTooLong).default(""),
  })
  .superRefine((value, ctx) => {
    if (value.shippingMethod === "store-pickup" && pickupStoreIdOf(value) === null)
      ctx.addIssue({ code: "custom", path: ["pickupStoreId"], message: messages.pickupStore });
  })
  .transform((value) => ({ ...value, pickupStoreId: pickupStoreIdOf(value) }));

/** The chosen pickup shop's id: only for store pickup, only a whole positive number (else null). */
function pickupStoreIdOf(value: { shippingMethod: string; pickupStoreId?: string | number }): number | null {
  if (value.shippingMethod !== "store-pickup") return null;
  const id = String(value.pickupStoreId ?? "").trim();
  return /^[1-9]\d{0,8}$/.test(id) ? Number(id) : null;
}

/** Where the order goes and the rules that say when it can arrive there. */
export interface DeliveryContext {
  /** The checkout address's province ("" or null: not chosen yet). */
  provinceCode: string | null;
  rules: DeliveryRules;
}

/** Step 2 with its day and slot checked against the delivery rules for the province, at now(). */
export function shippingSchemaFor(delivery: DeliveryContext, now: () => Date = () => new Date()) {
  return shippingSchema.superRefine((value, ctx) => {
    const refusal = deliveryChoiceRefusal(value, delivery.provinceCode, delivery.rules, now());
    if (refusal) ctx.addIssue({ code: "custom", path: [refusal.field], message: refusal.message });
  });
}

export type ShippingInput = z.input<typeof shippingSchema>;
export type ShippingStep = z.output<typeof shippingSchema>;

/**
 * Discount codes: case-insensitive, trimmed; "" means none. Only the characters a code can have
 * (discounts.schema.ts): anything else (a NUL, which PostgreSQL cannot even compare) is no code.
 */
export const discountCodeSchema = z
  .string()
  .trim()
  .max(50)
  .regex(/^[A-Za-z0-9_-]*$/, INVALID_CODE_MESSAGE)
  .transform((v) => v.toUpperCase());

/**
 * What the payment step posts to place an order. There is no price anywhere: the server reads
 * every price, fee and discount from the database (unknown keys such as a "price" are dropped).
 */
export const placeOrderSchemaFor = (fields: CheckoutFieldsSettings) =>
  z.object({
    information: informationSchemaFor(fields),
    address: addressCodesSchema,
    shipping: shippingSchema,
    discountCode: discountCodeSchema.nullish().transform((v) => (v ? v : null)),
    lines: cartLinesSchema.min(1, "cart.empty").superRefine((lines, ctx) => {
      // The cap is per product, not per line: a tampered cart may repeat a product.
      if ([...mergeQuantities(lines).values()].some((quantity) => quantity > MAX_LINE_QUANTITY))
        ctx.addIssue({ code: "custom", message: MERGED_QUANTITY_MESSAGE });
    }),
    idempotencyKey: z.string().trim().min(8).max(100),
  });

export type PlaceOrderInput = z.input<ReturnType<typeof placeOrderSchemaFor>>;
export type PlaceOrderData = z.output<ReturnType<typeof placeOrderSchemaFor>>;

/** The settings the checkout pages show (fees, VAT rate); the server recomputes everything. */
export interface CheckoutSettings {
  shipping: {
    freeShippingThreshold: number;
    standardFee: number;
    expressFee: number;
    expressEnabled: boolean;
    storePickupFee: number;
  };
  vatRateBasisPoints: number;
  /** Which fields the information step asks for. */
  fields: CheckoutFieldsSettings;
  /** When deliveries can arrive where (the shipping step offers and checks days and slots with them). */
  delivery: DeliveryRules;
}
