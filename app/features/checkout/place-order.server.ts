import { eq, sql, type SQL } from "drizzle-orm";
import { orders, type CustomerAddress, type PickupStoreSnapshot } from "~/db/schema";
import { resolveAddress } from "~/features/address/address.server";
import { MAX_LINE_QUANTITY } from "~/features/cart/cart-store";
import { findPickupShop, takePickupShopStock } from "~/features/catalog-admin/pickup-stock.server";
import { upsertCustomerFromCheckout } from "~/features/customers/customers.server";
import {
  applicableDiscount,
  countDiscountUse,
  discountUsageInsert,
  hasCustomerRules,
  redeemDiscount,
  usedUpCodeError,
  type AppliedDiscount,
} from "~/features/discounts/discount-redemption.server";
import { newOrderEmailInsert, type OrderEmailLinks } from "~/features/email/email.server";
import {
  NO_STAFF,
  settleStockTaking,
  stockTakingStatement,
  type StockTaking,
} from "~/features/inventory/inventory.server";
import {
  drawOrderIdentity,
  insertPlacedOrder,
  placedOrderDetailInserts,
  type PlacedOrderValues,
} from "~/features/orders/orders.server";
import { getSettings, type Settings } from "~/features/settings/settings.server";
import type { Locale } from "~/lib/i18n/locale";
import { inLocale } from "~/lib/i18n/translated";
import { executePrepared, rowsOf, type Db, type Tx } from "~/server/db.server";
import { uniqueViolation } from "~/server/db-errors.server";
import { AppError } from "~/server/errors.server";
import { translatorFor } from "~/server/i18n.server";
import { orderCreatedNotice } from "~/server/events.server";
import { readCartProducts } from "./cart-quote.server";
import { fieldErrorsOf } from "~/lib/form-fields";
import { orderDeliveryExpectation } from "~/features/settings/delivery-calendar";
import { deliveryChoiceRefusal } from "./delivery-rules";
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
 * The order schema of each checkout-fields setting seen (a handful over a shop's life): building
 * the zod schema cost as much as parsing with it, on every order (decision 0026).
 */
const placeOrderSchemas = new Map<string, ReturnType<typeof placeOrderSchemaFor>>();

function placeOrderSchemaOf(fields: Settings["checkout"]): ReturnType<typeof placeOrderSchemaFor> {
  const key = JSON.stringify(fields);
  let schema = placeOrderSchemas.get(key);
  if (!schema) {
    // A console saving many variations must not grow this without bound.
    if (placeOrderSchemas.size >= 16) placeOrderSchemas.clear();
    schema = placeOrderSchemaFor(fields);
    placeOrderSchemas.set(key, schema);
  }
  return schema;
}

/**
 * Places an order in one transaction. The input is validated with the shared schema (prices in
 * it, if any, are dropped); product prices, stock, settings and the discount code are read from
 * the database. Tracked stock is decremented with a conditional update, so the last unit can
 * never be sold twice; a limited code is counted the same way. The idempotency key makes a
 * retry return the first order. Throws AppError (invalid, conflict) with a readable message.
 *
 * Built for a flash sale (decision 0026): everything is read before the transaction (no lock is
 * taken by a read), and the rows every order writes (the best-seller's stock, the day's sales
 * rollups, a popular code's count) are written by the last statements before commit.
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
  const now = options.now ?? new Date();
  const locale = options.locale ?? "vi";
  // Read once: the checkout fields, and later the caps, shipping, tax and e-mail templates.
  const settings = await getSettings(db);
  // The fields the shop's checkout settings ask for, validated exactly so: a hidden field is not
  // kept, an optional one may be empty. The schema's own messages are catalogue keys; a body of
  // the wrong shape (not from our checkout) gets one key instead of zod's English defaults.
  const parsed = placeOrderSchemaOf(settings.checkout).safeParse(rawInput, { error: () => INVALID_ORDER_MESSAGE });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error, { leaf: true });
    throw new AppError("invalid", Object.values(fieldErrors)[0] ?? INVALID_ORDER_MESSAGE, fieldErrors);
  }
  const input = parsed.data;
  // The day and slot the delivery rules allow to this province now (the shipping step checked the same).
  const deliveryRefusal = deliveryChoiceRefusal(input.shipping, input.address.provinceCode, settings.delivery, now);
  if (deliveryRefusal)
    throw new AppError("invalid", deliveryRefusal.message, { [deliveryRefusal.field]: deliveryRefusal.message });

  const existing = await findByIdempotencyKey(db, input.idempotencyKey);
  if (existing) return existing;

  const resolved = resolveAddress(input.address);
  if (!resolved) {
    throw new AppError("invalid", "checkout.errors.invalidAddress", {
      province: messages.province,
      ward: messages.ward,
    });
  }

  // Before the transaction: a read takes no lock and sees what is committed, as it would inside
  // (read committed); whatever must hold at commit (stock, the code's limit) is re-checked by the
  // conditional writes. Refusals that name a product or a number are told in the order's language.
  const t = translatorFor(locale);
  const lines = await readOrderLines(db, input, t);
  const subtotal = lines.reduce((sum, line) => sum + line.row.price * line.quantity, 0);
  assertOrderAccepted(lines, subtotal, input.shipping.shippingMethod, settings, t);
  const pickup = await pickupShopOf(db, input);
  const discount = input.discountCode ? await applicableDiscount(db, input.discountCode, subtotal, now) : null;
  const pricing = priceOrder({
    lines: lines.map((line) => ({ unitPrice: line.row.price, quantity: line.quantity })),
    shipping: settings.shipping,
    vatRateBasisPoints: settings.tax.vatRateBasisPoints,
    shippingMethod: input.shipping.shippingMethod,
    discount,
  });

  try {
    return await db.transaction((tx) =>
      writeOrder(tx, {
        input,
        address: resolved,
        lines,
        pricing,
        discount,
        pickup,
        settings,
        locale,
        links: options.links,
        t,
      }),
    );
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
    .limit(1)
    // Sent by every order: parsed and planned once per connection (see executePrepared).
    .prepare("checkout_order_by_idempotency_key")
    .execute();
  return row ? { ...row, created: false } : null;
}

/** The order's goods: one line per product with its current row and cover image, sorted by product id. */
async function readOrderLines(db: Db, input: PlaceOrderData, t: ReturnType<typeof translatorFor>) {
  // One line per product (a tampered cart could repeat one); the per-product cap holds after merging.
  const quantities = mergeQuantities(input.lines);
  if ([...quantities.values()].some((quantity) => quantity > MAX_LINE_QUANTITY))
    throw new AppError("invalid", MERGED_QUANTITY_MESSAGE, { lines: MERGED_QUANTITY_MESSAGE });
  const productIds = [...quantities.keys()].sort((a, b) => a - b);

  const rows = await readCartProducts(db, productIds);
  return productIds.map((productId) => {
    const row = rows.get(productId);
    if (!row) throw new AppError("conflict", "checkout.errors.productGone");
    if (!row.isActive || !row.categoryActive)
      throw new AppError("conflict", t("checkout.errors.productNotSold", { name: row.name }));
    // Never the product row of variants (it does not track stock): one of its variants is sold.
    if (row.hasVariants) throw new AppError("invalid", "cart.chooseOption");
    return { row, quantity: quantities.get(productId) ?? 0, image: row.cover?.url ?? null };
  });
}

type OrderLine = Awaited<ReturnType<typeof readOrderLines>>[number];

/** A line's English name (product and variant) where the product has one: the order item's English snapshot. */
function englishNameOf(row: OrderLine["row"]): string | null {
  const english = inLocale({ name: row.name }, row.translations, "en").name;
  return english === row.name ? null : english;
}

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
    throw new AppError("invalid", "checkout.errors.methodUnavailable", {
      shippingMethod: "checkout.errors.methodUnavailable",
    });
  }
}

/** A pickup order's shop as the order keeps it: it must exist and be active (its units are taken in the transaction). */
async function pickupShopOf(db: Db, input: PlaceOrderData): Promise<PickupStoreSnapshot | null> {
  const storeId = input.shipping.pickupStoreId;
  if (storeId === null) return null;
  const shop = await findPickupShop(db, storeId);
  if (!shop)
    throw new AppError("invalid", "checkout.errors.pickupStoreGone", { pickupStoreId: "checkout.errors.pickupStoreGone" });
  return shop;
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
  pickup: PickupStoreSnapshot | null,
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
    shippingDate: input.shipping.shippingDate || null,
    shippingSlot: input.shipping.shippingTime || null,
    pickupStoreId: pickup ? input.shipping.pickupStoreId : null,
    pickupStore: pickup,
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
 * The order's writes. First what no other order waits for: a code with customer rules (its row
 * lock, then the customer's earlier orders), the customer, the order row (the day's sales rollup
 * row, locked by its trigger). Then ONE statement with the rest: the items (the products' rollup
 * rows), the history row, the code's count and usage, the stock taken with its movements, the
 * e-mail and the live notice; then commit. The rows every order of a flash sale writes are so
 * locked for one statement and the commit (decision 0026). Each table's SQL is its own feature's;
 * any refusal rolls everything back (the order number drawn from the sequence is then skipped,
 * as with any rolled-back order).
 */
async function writeOrder(
  tx: Tx,
  order: {
    input: PlaceOrderData;
    address: ResolvedAddress;
    lines: readonly OrderLine[];
    pricing: PricingResult;
    discount: AppliedDiscount | null;
    pickup: PickupStoreSnapshot | null;
    settings: Settings;
    locale: Locale;
    links: OrderEmailLinks;
    t: ReturnType<typeof translatorFor>;
  },
): Promise<PlacedOrder> {
  const { input, address, lines, pricing, discount, pickup, settings, locale, links, t } = order;
  const pickupStoreId = input.shipping.pickupStoreId;
  if (pickup && pickupStoreId !== null) {
    // The units the shopper was shown for this shop are taken from its count (decision 0051).
    const short = await takePickupShopStock(
      tx,
      pickupStoreId,
      lines.map((line) => ({ productId: line.row.id, quantity: line.quantity })),
    );
    if (short) {
      const message = t("checkout.errors.pickupStoreShort", { shop: pickup.name });
      throw new AppError("conflict", message, { pickupStoreId: message });
    }
  }
  const countedFirst = discount !== null && hasCustomerRules(discount);
  if (countedFirst) await redeemDiscount(tx, discount, input.information, locale);
  // The order's id and number are drawn first (sent together with the customer's first statement)
  // so that its last statement can follow its row's insert without waiting for it.
  // The profile is never rewritten from an order (anyone can type anyone's e-mail): see upsertCustomerFromCheckout.
  const { email, firstName, lastName, phone, company } = input.information;
  const [identity, customerId] = await Promise.all([
    drawOrderIdentity(tx),
    upsertCustomerFromCheckout(
      tx,
      { email: email || null, firstName, lastName, phone, company: company || null },
      deliveryAddressOf(input, address),
    ),
  ]);
  const values = placedOrderValues(input, address, pricing, pickup, customerId, locale);
  const placed = { ...identity, total: pricing.total, email: values.email ?? null, firstName, lastName, locale };

  const details = placedOrderDetailInserts(
    tx,
    placed,
    values,
    lines.map(({ row, quantity, image }) => ({
      productId: row.id,
      productName: row.name,
      productNameEn: englishNameOf(row),
      productSku: row.sku,
      productImage: image,
      quantity,
      unitPrice: row.price,
    })),
  );
  const stockTaking: StockTaking = {
    orderId: placed.id,
    lines: lines.map((line) => ({ productId: line.row.id, quantity: line.quantity })),
    reason: "order_placed",
    actor: NO_STAFF,
    short: ({ name, left }) =>
      left > 0 ? t("checkout.errors.stockLeft", { name, left }) : t("checkout.errors.soldOut", { name }),
  };
  const stock = stockTakingStatement(tx, stockTaking);
  const confirmation = newOrderEmailInsert(
    tx,
    {
      ...placed,
      phone,
      subtotal: pricing.subtotal,
      discount: pricing.discount,
      discountCode: pricing.discountCode,
      shippingFee: pricing.shippingFee,
      tax: pricing.tax,
      paymentStatus: "pending",
      address: values.address,
      wardName: address.wardName,
      districtName: address.districtName,
      provinceName: address.provinceName,
      shippingMethod: input.shipping.shippingMethod,
      shippingDate: input.shipping.shippingDate || null,
      shippingSlot: input.shipping.shippingTime || null,
      // The same promise the shipping step showed: the booked slot, or the rules' range from now.
      delivery: orderDeliveryExpectation(
        {
          provinceCode: input.address.provinceCode,
          createdAt: new Date(),
          shippingDate: input.shipping.shippingDate || null,
          shippingSlot: input.shipping.shippingTime || null,
        },
        null,
        settings.delivery,
      ),
      pickupStore: pickup,
      items: lines.map(({ row, quantity }) => ({
        // The e-mail speaks the order's language: an English order names the English product.
        productName: locale === "en" ? (englishNameOf(row) ?? row.name) : row.name,
        quantity,
        unitPrice: row.price,
        totalPrice: row.price * quantity,
      })),
    },
    "order_confirmation",
    settings,
    links,
  );
  const ctes: SQL[] = [
    stock.ctes,
    sql`order_items_written as ${details.items}`,
    sql`order_history_written as ${details.history}`,
  ];
  if (discount) {
    const amount = discount.type === "free_shipping" ? pricing.shippingFeeBeforeDiscount : pricing.discount;
    ctes.push(
      sql`discount_usage_written as ${discountUsageInsert(tx, { discountId: discount.id, orderId: placed.id, customerId, amount })}`,
    );
    if (!countedFirst) ctes.push(sql`discount_counted as ${countDiscountUse(tx, discount)}`);
  }
  // Inside the transaction: the confirmation e-mail and the admins' live notice exist exactly
  // when the order does (NOTIFY is delivered on commit, never for a rolled-back order).
  if (confirmation) ctes.push(sql`order_email_written as ${confirmation}`);
  const codeCounted = discount && !countedFirst ? sql`exists (select from discount_counted)` : sql`true`;
  // Sent back to back on the transaction's connection: the driver sends the last statement as soon
  // as the order row is written, without a turn of this process's event loop in between (the day's
  // sales row is locked from that insert to commit). If the insert fails, the transaction is
  // aborted and the statement behind it fails too; the insert's error is the one thrown.
  const [, result] = await Promise.all([
    insertPlacedOrder(tx, identity, values),
    executePrepared(
      tx,
      sql`with ${sql.join(ctes, sql`, `)} select ${stock.takenColumn}, ${codeCounted} as code_counted, ${orderCreatedNotice(placed.id)}`,
    ),
  ]);
  const [written] = rowsOf<{ taken_stock: unknown; code_counted: boolean }>(result);
  if (!written.code_counted) throw usedUpCodeError();
  await settleStockTaking(tx, stockTaking, written.taken_stock);
  return { id: placed.id, orderNumber: placed.orderNumber, total: placed.total, created: true };
}
