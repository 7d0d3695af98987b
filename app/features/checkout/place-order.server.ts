import { and, eq, sql } from "drizzle-orm";
import {
  discountCodes,
  discountCodeUsages,
  orderItems,
  orders,
  orderStatusHistory,
  type CustomerAddress,
} from "~/db/schema";
import { resolveAddress } from "~/features/address/address.server";
import { MAX_LINE_QUANTITY } from "~/features/cart/cart-store";
import { recordOrderCustomer } from "~/features/customers/customers.server";
import { queueOrderEmail } from "~/features/email/email.server";
import { NO_STAFF, takeStockForOrder } from "~/features/inventory/inventory.server";
import { getSettings } from "~/features/settings/settings.server";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { notifyOrderCreated } from "~/server/events.server";
import { coverImagesOf, readCartProducts } from "./cart-quote.server";
import { fieldErrorsOf, messages, placeOrderSchema, type PlaceOrderData } from "./checkout.schema";
import { customerRuleProblem, evaluateDiscount, findDiscountCode, INVALID_CODE_MESSAGE, type AppliedDiscount } from "./discounts.server";
import { codLimitProblem, MERGED_QUANTITY_MESSAGE, mergeQuantities } from "./order-limits";
import { isShippingMethodOffered, priceOrder } from "./pricing";

export interface PlacedOrder {
  id: string;
  orderNumber: number;
  total: number;
  /** False when the idempotency key had already placed this order (a retry or double click). */
  created: boolean;
}

const INVALID_ORDER_MESSAGE = "Dữ liệu đơn hàng không hợp lệ";

/**
 * Places an order in one transaction. The input is validated with the shared schema (prices in
 * it, if any, are dropped); product prices, stock, settings and the discount code are read from
 * the database. Tracked stock is decremented with a conditional update, so the last unit can
 * never be sold twice; a limited code is counted the same way. The idempotency key makes a
 * retry return the first order. Throws AppError (invalid, conflict) with a readable message.
 */
export async function placeOrder(db: Db, rawInput: unknown, options: { now?: Date } = {}): Promise<PlacedOrder> {
  // The schema's own messages are SPEC's; a body of the wrong shape (not from our checkout) gets
  // one Vietnamese message instead of zod's English defaults.
  const parsed = placeOrderSchema.safeParse(rawInput, { error: () => INVALID_ORDER_MESSAGE });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    throw new AppError("invalid", Object.values(fieldErrors)[0] ?? INVALID_ORDER_MESSAGE, fieldErrors);
  }
  const input = parsed.data;

  const existing = await findByIdempotencyKey(db, input.idempotencyKey);
  if (existing) return existing;

  const resolved = resolveAddress(input.address);
  if (!resolved) {
    throw new AppError("invalid", "Địa chỉ giao hàng không hợp lệ, vui lòng chọn lại tỉnh/thành và phường/xã", {
      province: messages.province,
      ward: messages.ward,
    });
  }

  try {
    return await db.transaction((tx) => writeOrder(tx, input, resolved, options.now ?? new Date()));
  } catch (error) {
    // The same checkout placed concurrently (double click): the other transaction won.
    if (isUniqueViolation(error)) {
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

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

async function writeOrder(
  tx: Tx,
  input: PlaceOrderData,
  address: { provinceName: string; districtName: string | null; wardName: string },
  now: Date,
): Promise<PlacedOrder> {
  // One line per product (a tampered cart could repeat one); the per-product cap holds after merging.
  const quantities = mergeQuantities(input.lines);
  if ([...quantities.values()].some((quantity) => quantity > MAX_LINE_QUANTITY))
    throw new AppError("invalid", MERGED_QUANTITY_MESSAGE, { lines: MERGED_QUANTITY_MESSAGE });
  const productIds = [...quantities.keys()].sort((a, b) => a - b);

  // One after the other: a transaction is one connection (no concurrent queries on it).
  const rows = await readCartProducts(tx, productIds);
  const images = await coverImagesOf(tx, productIds);
  const settings = await getSettings(tx);

  const lines = productIds.map((productId) => {
    const row = rows.get(productId);
    if (!row) throw new AppError("conflict", "Một sản phẩm trong giỏ hàng không còn tồn tại. Vui lòng xóa sản phẩm đó khỏi giỏ hàng.");
    if (!row.isActive || !row.categoryActive)
      throw new AppError("conflict", `Sản phẩm "${row.name}" hiện không còn bán. Vui lòng xóa sản phẩm khỏi giỏ hàng.`);
    return { row, quantity: quantities.get(productId) ?? 0, image: images.get(productId)?.url ?? null };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.row.price * line.quantity, 0);

  // Every order is cash on delivery: its size is capped by the shop's settings (issue 13 item 7).
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const tooLarge = codLimitProblem({ units, subtotal }, settings.payment);
  if (tooLarge) throw new AppError("invalid", tooLarge, { lines: tooLarge });

  const method = input.shipping.shippingMethod;
  if (!isShippingMethodOffered(method, settings.shipping)) {
    throw new AppError("invalid", "Phương thức giao hàng không khả dụng", { shippingMethod: "Phương thức giao hàng không khả dụng" });
  }

  let discount: AppliedDiscount | null = null;
  if (input.discountCode) {
    const check = evaluateDiscount(await findDiscountCode(tx, input.discountCode), subtotal, now);
    if (!check.ok) {
      const message = check.reason ? `${INVALID_CODE_MESSAGE} ${check.reason}` : INVALID_CODE_MESSAGE;
      throw new AppError("invalid", message, { discountCode: message });
    }
    discount = check.discount;
  }

  const pricing = priceOrder({
    lines: lines.map((line) => ({ unitPrice: line.row.price, quantity: line.quantity })),
    shipping: settings.shipping,
    vatRateBasisPoints: settings.tax.vatRateBasisPoints,
    shippingMethod: method,
    discount,
  });

  // The code's use, counted conditionally so a limit holds under concurrency.
  if (discount) {
    const counted = await tx
      .update(discountCodes)
      .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
      .where(
        and(
          eq(discountCodes.id, discount.id),
          sql`(${discountCodes.usageLimit} is null or ${discountCodes.usedCount} < ${discountCodes.usageLimit})`,
        ),
      )
      .returning({ id: discountCodes.id });
    if (counted.length === 0) {
      throw new AppError("conflict", INVALID_CODE_MESSAGE, { discountCode: INVALID_CODE_MESSAGE });
    }
    // After the count: its row lock makes a concurrent order with this code wait for this one.
    const refused = await customerRuleProblem(tx, discount, input.information);
    if (refused) throw new AppError("conflict", refused, { discountCode: refused });
  }

  const info = input.information;
  const deliveryAddress: CustomerAddress = {
    address: info.address,
    ward: address.wardName,
    ward_code: input.address.wardCode,
    district: address.districtName,
    district_code: input.address.districtCode || null,
    province: address.provinceName,
    province_code: input.address.provinceCode,
    postal_code: info.postalCode,
    structure: input.address.structure,
  };
  // The profile is never rewritten from an order (anyone can type anyone's e-mail): see recordOrderCustomer.
  const customerId = await recordOrderCustomer(
    tx,
    { email: info.email, firstName: info.firstName, lastName: info.lastName, phone: info.phone, company: info.company || null },
    deliveryAddress,
  );

  const [order] = await tx
    .insert(orders)
    .values({
      customerId,
      email: info.email,
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
      shippingMethod: method,
      shippingDate: input.shipping.shippingDate,
      shippingSlot: input.shipping.shippingTime,
      isGift: info.isGift,
      giftMessage: info.isGift ? info.giftMessage || null : null,
      vatInvoice: info.vatInvoice,
      vatCompanyName: info.vatInvoice ? info.vatCompanyName : null,
      vatTaxCode: info.vatInvoice ? info.vatTaxCode : null,
      vatCompanyAddress: info.vatInvoice ? info.vatCompanyAddress : null,
      paymentMethod: "cod",
      paymentStatus: "pending",
      status: "pending",
      notes: input.shipping.orderInstructions || null,
      idempotencyKey: input.idempotencyKey,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber, total: orders.total });

  await tx.insert(orderItems).values(
    lines.map((line) => ({
      orderId: order.id,
      productId: line.row.id,
      productName: line.row.name,
      productSku: line.row.sku,
      productImage: line.image,
      quantity: line.quantity,
      unitPrice: line.row.price,
      totalPrice: line.row.price * line.quantity,
    })),
  );
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: null,
    toStatus: "pending",
    fromPaymentStatus: null,
    toPaymentStatus: "pending",
    changedByName: `${info.firstName} ${info.lastName}`,
    note: "Đơn hàng được tạo",
  });
  if (discount) {
    await tx.insert(discountCodeUsages).values({
      discountCodeId: discount.id,
      orderId: order.id,
      customerId,
      amount: discount.type === "free_shipping" ? pricing.shippingFeeBeforeDiscount : pricing.discount,
    });
  }
  // Tracked stock: a conditional decrement per product with its movement, through the inventory
  // service. After the order row (the movements name it); a refusal rolls everything back (the
  // order number drawn from the sequence is then skipped, as with any rolled-back order).
  await takeStockForOrder(tx, {
    orderId: order.id,
    lines: lines.map((line) => ({ productId: line.row.id, quantity: line.quantity })),
    reason: "order_placed",
    actor: NO_STAFF,
    short: ({ name, left }) =>
      left > 0 ? `Sản phẩm "${name}" chỉ còn ${left} sản phẩm. Vui lòng giảm số lượng.` : `Sản phẩm "${name}" đã hết hàng.`,
  });
  // Inside the transaction: the confirmation e-mail and the admins' live notice exist exactly
  // when the order does (NOTIFY is delivered on commit, never for a rolled-back order).
  await queueOrderEmail(tx, order.id, "order_confirmation");
  await notifyOrderCreated(tx, order.id);
  return { ...order, created: true };
}
