import { eq } from "drizzle-orm";
import { orders, type CustomerAddress } from "~/db/schema";
import { resolveAddress } from "~/features/address/address.server";
import { MAX_LINE_QUANTITY } from "~/features/cart/cart-store";
import { upsertCustomerFromCheckout } from "~/features/customers/customers.server";
import { applicableDiscount, recordDiscountUsage, redeemDiscount } from "~/features/discounts/discount-redemption.server";
import { queueOrderEmail, type OrderEmailLinks } from "~/features/email/email.server";
import { NO_STAFF, takeStockForOrder } from "~/features/inventory/inventory.server";
import { insertPlacedOrder, type PlacedOrderValues } from "~/features/orders/orders.server";
import { getSetting, getSettings, type Settings } from "~/features/settings/settings.server";
import type { Locale } from "~/lib/i18n/locale";
import type { Db, Tx } from "~/server/db.server";
import { uniqueViolation } from "~/server/db-errors.server";
import { AppError } from "~/server/errors.server";
import { translatorFor } from "~/server/i18n.server";
import { notifyOrderCreated } from "~/server/events.server";
import { coverImagesOf, readCartProducts } from "./cart-quote.server";
import { fieldErrorsOf } from "~/lib/form-fields";
import { messages, placeOrderSchemaFor, type PlaceOrderData } from "./checkout.schema";
import { codLimitProblem, MERGED_QUANTITY_MESSAGE, mergeQuantities } from "./order-limits";
import { isShippingMethodOffered, priceOrder, type PricingResult } from "./pricing";

export interface PlacedOrder {
  id: string;
  orderNumber: number;
  total: number;
  /** False when the idempotency key had already placed this order (a retry or double click). */
  created: boolean;
}

const INVALID_ORDER_MESSAGE = "checkout.errors.invalidOrder";

/**
 * Places an order in one transaction. The input is validated with the shared schema (prices in
 * it, if any, are dropped); product prices, stock, settings and the discount code are read from
 * the database. Tracked stock is decremented with a conditional update, so the last unit can
 * never be sold twice; a limited code is counted the same way. The idempotency key makes a
 * retry return the first order. Throws AppError (invalid, conflict) with a readable message.
 */
export async function placeOrder(
  db: Db,
  rawInput: unknown,
  options: {
    /** The shop's public address: the confirmation e-mail links to the order's tracking page on it. */
    links: OrderEmailLinks;
    now?: Date;
    /** The storefront language the order is placed in (its e-mails are written in it). */
    locale?: Locale;
  },
): Promise<PlacedOrder> {
  // The fields the shop's checkout settings ask for, validated exactly so: a hidden field is not
  // kept, an optional one may be empty. The schema's own messages are catalogue keys; a body of
  // the wrong shape (not from our checkout) gets one key instead of zod's English defaults.
  const fields = await getSetting(db, "checkout");
  const parsed = placeOrderSchemaFor(fields).safeParse(rawInput, { error: () => INVALID_ORDER_MESSAGE });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error, { leaf: true });
    throw new AppError("invalid", Object.values(fieldErrors)[0] ?? INVALID_ORDER_MESSAGE, fieldErrors);
  }
  const input = parsed.data;

  const existing = await findByIdempotencyKey(db, input.idempotencyKey);
  if (existing) return existing;

  const resolved = resolveAddress(input.address);
  if (!resolved) {
    throw new AppError("invalid", "checkout.errors.invalidAddress", {
      province: messages.province,
      ward: messages.ward,
    });
  }

  try {
    return await db.transaction((tx) => writeOrder(tx, input, resolved, {
      now: options.now ?? new Date(),
      locale: options.locale ?? "vi",
      links: options.links,
    }));
  } catch (error) {
    // The same checkout placed concurrently (double click): the other transaction won.
    if (uniqueViolation(error) !== null) {
      const again = await findByIdempotencyKey(db, input.idempotencyKey);
      if (again) return again;
    }
    throw error;
  }
}

async function findByIdempotencyKey(db: Db | Tx, key: string): Promise<PlacedOrder | null> {
  const [row] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, total: orders.total })
    .from(orders)
    .where(eq(orders.idempotencyKey, key))
    .limit(1);
  return row ? { ...row, created: false } : null;
}

/** The order's goods: one line per product with its current row and cover image, sorted by product id. */
async function readOrderLines(tx: Tx, input: PlaceOrderData, t: ReturnType<typeof translatorFor>) {
  // One line per product (a tampered cart could repeat one); the per-product cap holds after merging.
  const quantities = mergeQuantities(input.lines);
  if ([...quantities.values()].some((quantity) => quantity > MAX_LINE_QUANTITY))
    throw new AppError("invalid", MERGED_QUANTITY_MESSAGE, { lines: MERGED_QUANTITY_MESSAGE });
  const productIds = [...quantities.keys()].sort((a, b) => a - b);

  // One after the other: a transaction is one connection (no concurrent queries on it).
  const rows = await readCartProducts(tx, productIds);
  const images = await coverImagesOf(tx, productIds);
  return productIds.map((productId) => {
    const row = rows.get(productId);
    if (!row) throw new AppError("conflict", "checkout.errors.productGone");
    if (!row.isActive || !row.categoryActive)
      throw new AppError("conflict", t("checkout.errors.productNotSold", { name: row.name }));
    return { row, quantity: quantities.get(productId) ?? 0, image: images.get(productId)?.url ?? null };
  });
}

type OrderLine = Awaited<ReturnType<typeof readOrderLines>>[number];

/** Refuses what the shop's settings do not take: an order over the cash-on-delivery caps, a shipping method not offered. */
function assertOrderAccepted(
  lines: readonly OrderLine[],
  subtotal: number,
  method: PlaceOrderData["shipping"]["shippingMethod"],
  settings: Settings,
  t: ReturnType<typeof translatorFor>,
) {
  // Every order is cash on delivery: its size is capped by the shop's settings (issue 13 item 7).
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const tooLarge = codLimitProblem({ units, subtotal }, settings.payment);
  if (tooLarge) {
    // The cart and the payment step already show this (the quote); a refusal here is a race
    // with the console's caps.
    const message = t(tooLarge.message, tooLarge.params);
    throw new AppError("invalid", message, { lines: message });
  }
  if (!isShippingMethodOffered(method, settings.shipping)) {
    throw new AppError("invalid", "checkout.errors.methodUnavailable", { shippingMethod: "checkout.errors.methodUnavailable" });
  }
}

type ResolvedAddress = { provinceName: string; districtName: string | null; wardName: string };

function deliveryAddressOf(input: PlaceOrderData, address: ResolvedAddress): CustomerAddress {
  return {
    address: input.information.address,
    ward: address.wardName,
    ward_code: input.address.wardCode,
    district: address.districtName,
    district_code: input.address.districtCode || null,
    province: address.provinceName,
    province_code: input.address.provinceCode,
    postal_code: input.information.postalCode || null,
    structure: input.address.structure,
  };
}

/** The order row's snapshot of the checkout: contact, amounts, address, delivery, gift and invoice. */
function placedOrderValues(
  input: PlaceOrderData,
  address: ResolvedAddress,
  pricing: PricingResult,
  customerId: string,
  locale: Locale,
): PlacedOrderValues {
  const info = input.information;
  return {
    customerId,
    email: info.email || null,
    locale,
    phone: info.phone,
    firstName: info.firstName,
    lastName: info.lastName,
    company: info.company || null,
    subtotal: pricing.subtotal,
    discount: pricing.discount,
    shippingFee: pricing.shippingFee,
    tax: pricing.tax,
    total: pricing.total,
    discountCode: pricing.discountCode,
    address: info.address,
    wardName: address.wardName,
    wardCode: input.address.wardCode,
    districtName: address.districtName,
    districtCode: input.address.districtCode || null,
    provinceName: address.provinceName,
    provinceCode: input.address.provinceCode,
    postalCode: info.postalCode,
    city: info.city || null,
    addressStructure: input.address.structure,
    shippingMethod: input.shipping.shippingMethod,
    shippingDate: input.shipping.shippingDate,
    shippingSlot: input.shipping.shippingTime,
    isGift: info.isGift,
    giftMessage: info.isGift ? info.giftMessage || null : null,
    vatInvoice: info.vatInvoice,
    vatCompanyName: info.vatInvoice ? info.vatCompanyName : null,
    vatTaxCode: info.vatInvoice ? info.vatTaxCode : null,
    vatCompanyAddress: info.vatInvoice ? info.vatCompanyAddress : null,
    paymentMethod: "cod",
    notes: input.shipping.orderInstructions || null,
    idempotencyKey: input.idempotencyKey,
  };
}

/**
 * The order's writes, in this order: the code's use (its row lock first), the customer, the order
 * with its items and history, the code's usage row, the stock, the e-mail and the live notice.
 * Each table is written by its own feature's service; any refusal rolls everything back (the
 * order number drawn from the sequence is then skipped, as with any rolled-back order).
 */
async function writeOrder(
  tx: Tx,
  input: PlaceOrderData,
  address: ResolvedAddress,
  { now, locale, links }: { now: Date; locale: Locale; links: OrderEmailLinks },
): Promise<PlacedOrder> {
  // Refusals that name a product or a number are told here, in the order's language.
  const t = translatorFor(locale);
  const lines = await readOrderLines(tx, input, t);
  const settings = await getSettings(tx);
  const subtotal = lines.reduce((sum, line) => sum + line.row.price * line.quantity, 0);
  assertOrderAccepted(lines, subtotal, input.shipping.shippingMethod, settings, t);

  const discount = input.discountCode ? await applicableDiscount(tx, input.discountCode, subtotal, now) : null;
  const pricing = priceOrder({
    lines: lines.map((line) => ({ unitPrice: line.row.price, quantity: line.quantity })),
    shipping: settings.shipping,
    vatRateBasisPoints: settings.tax.vatRateBasisPoints,
    shippingMethod: input.shipping.shippingMethod,
    discount,
  });

  if (discount) await redeemDiscount(tx, discount, input.information, locale);
  // The profile is never rewritten from an order (anyone can type anyone's e-mail): see upsertCustomerFromCheckout.
  const { email, firstName, lastName, phone, company } = input.information;
  const customerId = await upsertCustomerFromCheckout(
    tx,
    { email: email || null, firstName, lastName, phone, company: company || null },
    deliveryAddressOf(input, address),
  );
  const order = await insertPlacedOrder(
    tx,
    placedOrderValues(input, address, pricing, customerId, locale),
    lines.map(({ row, quantity, image }) => ({
      productId: row.id,
      productName: row.name,
      productSku: row.sku,
      productImage: image,
      quantity,
      unitPrice: row.price,
    })),
  );
  if (discount) {
    const amount = discount.type === "free_shipping" ? pricing.shippingFeeBeforeDiscount : pricing.discount;
    await recordDiscountUsage(tx, { discountId: discount.id, orderId: order.id, customerId, amount });
  }
  // Tracked stock: a conditional decrement per product with its movement, after the order row (the
  // movements name it).
  await takeStockForOrder(tx, {
    orderId: order.id,
    lines: lines.map((line) => ({ productId: line.row.id, quantity: line.quantity })),
    reason: "order_placed",
    actor: NO_STAFF,
    short: ({ name, left }) => (left > 0 ? t("checkout.errors.stockLeft", { name, left }) : t("checkout.errors.soldOut", { name })),
  });
  // Inside the transaction: the confirmation e-mail and the admins' live notice exist exactly
  // when the order does (NOTIFY is delivered on commit, never for a rolled-back order).
  await queueOrderEmail(tx, order, "order_confirmation", settings, links);
  await notifyOrderCreated(tx, order.id);
  return { id: order.id, orderNumber: order.orderNumber, total: order.total, created: true };
}
