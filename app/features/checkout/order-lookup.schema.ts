import { z } from "zod";
import { ORDER_NUMBER_PREFIX } from "~/lib/order-number";

/** The order look-up form (order number + phone), shared by the page and its action. Messages are catalogue keys. */
export const orderLookupMessages = {
  numberRequired: "checkout.lookup.numberRequired",
  phoneRequired: "checkout.lookup.phoneRequired",
  /** One answer for a wrong number, a wrong phone, or both: the form says nothing about which. */
  notFound: "checkout.lookup.notFound",
  tooMany: "checkout.lookup.tooMany",
  /** Look-ups of one order number, or of one phone, from any addresses (decision 0045). */
  tooManyForOrder: "checkout.lookup.tooManyForOrder",
  tooManyForPhone: "checkout.lookup.tooManyForPhone",
} as const;

export const orderLookupSchema = z.object({
  number: z
    .string({ error: orderLookupMessages.numberRequired })
    .trim()
    .min(1, orderLookupMessages.numberRequired)
    .max(30),
  phone: z
    .string({ error: orderLookupMessages.phoneRequired })
    .trim()
    .min(1, orderLookupMessages.phoneRequired)
    .max(30),
});

export type OrderLookupInput = z.infer<typeof orderLookupSchema>;

const orderNumberPattern = new RegExp(`^(?:#|${ORDER_NUMBER_PREFIX})?\\s*(\\d{1,15})$`, "i");

/** "DH000123", "dh123", "#123" or "123" → 123; anything else → null. */
export function parseOrderNumber(text: string): number | null {
  const match = orderNumberPattern.exec(text.trim());
  if (!match) return null;
  const n = Number(match[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
