import { and, asc, eq, sql } from "drizzle-orm";
import { orderItems, orders } from "~/db/schema";
import { orderDeliveryExpectation } from "~/features/settings/delivery-calendar";
import { getSetting } from "~/features/settings/settings.server";
import { getShipmentTracking } from "~/features/shipping/shipments.server";
import { normalizeVietnamesePhone } from "~/lib/phone";
import type { Db, Tx } from "~/server/db.server";
import type { OrderAccess } from "./order-access.server";
import { parseOrderNumber, type OrderLookupInput } from "./order-lookup.schema";
import { includedVat } from "./pricing";
import { isUuid } from "~/lib/search-pattern";
import type { Locale } from "~/lib/i18n/locale";


/**
 * What the confirmation and look-up pages show: only what the shopper entered and the server
 * computed (no customer history). Null for an unknown or malformed id (never a database error).
 * Personal data: callers show it only to a browser granted the order (order-access.server.ts).
 * Product names in the page's language: the English one kept with the line when it had one.
 */
export async function getOrderConfirmation(
  db: Db | Tx,
  orderId: string | null | undefined,
  access: OrderAccess = "full",
  locale: Locale = "vi",
) {
  if (!orderId || !isUuid(orderId)) return null;
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      firstName: orders.firstName,
      lastName: orders.lastName,
      email: orders.email,
      subtotal: orders.subtotal,
      discount: orders.discount,
      discountCode: orders.discountCode,
      shippingFee: orders.shippingFee,
      tax: orders.tax,
      total: orders.total,
      address: orders.address,
      wardName: orders.wardName,
      districtName: orders.districtName,
      provinceName: orders.provinceName,
      postalCode: orders.postalCode,
      city: orders.city,
      shippingMethod: orders.shippingMethod,
      shippingDate: orders.shippingDate,
      shippingSlot: orders.shippingSlot,
      provinceCode: orders.provinceCode,
      // The pickup shop is the shop's public address: shown with either access.
      pickupStore: orders.pickupStore,
      paymentMethod: orders.paymentMethod,
      isGift: orders.isGift,
      giftMessage: orders.giftMessage,
      vatInvoice: orders.vatInvoice,
      vatCompanyName: orders.vatCompanyName,
      vatTaxCode: orders.vatTaxCode,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) return null;
  const items = await db
    .select({
      id: orderItems.id,
      productName:
        locale === "en" ? sql<string>`coalesce(${orderItems.productNameEn}, ${orderItems.productName})` : orderItems.productName,
      productImage: orderItems.productImage,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      totalPrice: orderItems.totalPrice,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  // The order keeps its VAT amount, not its rate: name today's rate only if it gives that amount.
  const { vatRateBasisPoints } = await getSetting(db, "tax");
  const rateMatches = includedVat(order.subtotal - order.discount, vatRateBasisPoints) === order.tax;
  // The parcel's carrier, code and progress (issue 16): what "where is my order?" asks.
  const shipment = await getShipmentTracking(db, orderId);
  // What the shop promised (the delivery rules), or the carrier's own date once it has the parcel.
  const delivery = orderDeliveryExpectation(order, shipment, await getSetting(db, "delivery"));
  return {
    delivery,
    order: access === "full" ? order : partOfOrder(order),
    items,
    vatRateBasisPoints: rateMatches ? vatRateBasisPoints : null,
    shipment,
    access,
  };
}

/**
 * What a look-up shows of the order (decision 0045): enough to recognise it and follow the
 * parcel (name, ward, district, province), never the house and street, the e-mail, the company's
 * tax details or the gift message: an order number and a phone are easier to come by than the
 * browser that placed the order.
 */
function partOfOrder<T extends object>(order: T) {
  return { ...order, address: null, email: null, vatCompanyName: null, vatTaxCode: null, giftMessage: null };
}

export type OrderConfirmation = NonNullable<Awaited<ReturnType<typeof getOrderConfirmation>>>;

/**
 * The order with this number placed with this phone (written any usual way), or null. A wrong
 * number and a wrong phone are not told apart.
 */
export async function findOrderForLookup(db: Db | Tx, input: OrderLookupInput): Promise<string | null> {
  const orderNumber = parseOrderNumber(input.number);
  const phone = normalizeVietnamesePhone(input.phone);
  if (orderNumber === null || phone === null) return null;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.phone, phone)))
    .limit(1);
  return row?.id ?? null;
}
