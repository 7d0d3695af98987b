import { randomUUID } from "node:crypto";
import { categories, discountCodes, productImages, products, type NewDiscountCode, type NewProduct } from "~/db/schema";
import type { Db } from "~/server/db.server";
import type { PlaceOrderInput } from "~/features/checkout/checkout.schema";
import { deliveryPromiseFor } from "~/features/checkout/delivery-rules";
import { defaultSettingsFor } from "~/features/settings/settings.schema";

/** Test data for the checkout tests: a category and products written straight to the database. */
export async function createCategory(db: Db, slug = "sterilizers"): Promise<number> {
  const [row] = await db.insert(categories).values({ name: slug, slug }).returning({ id: categories.id });
  return row.id;
}

let counter = 0;

export async function createProduct(
  db: Db,
  categoryId: number,
  values: Partial<Omit<NewProduct, "categoryId">> & { image?: string } = {},
): Promise<number> {
  counter += 1;
  const { image, ...rest } = values;
  const [row] = await db
    .insert(products)
    .values({
      sku: `SKU-${counter}-${Math.random().toString(36).slice(2, 8)}`,
      name: `Product ${counter}`,
      slug: `product-${counter}-${Math.random().toString(36).slice(2, 8)}`,
      price: 100_000,
      stockQuantity: 100,
      trackStock: true,
      ...rest,
      categoryId,
    })
    .returning({ id: products.id });
  if (image) await db.insert(productImages).values({ productId: row.id, url: image, alt: "cover", isCover: true });
  return row.id;
}

export async function createDiscount(
  db: Db,
  values: Partial<NewDiscountCode> & Pick<NewDiscountCode, "code" | "type">,
) {
  const [row] = await db.insert(discountCodes).values(values).returning();
  return row;
}

/**
 * What the payment step posts for a guest in Ho Chi Minh City (current address structure),
 * local delivery on the earliest day the seeded delivery rules allow there now (the shop's city:
 * a day and a slot are chosen): no prices, a fresh idempotency key. The name is given both ways,
 * so it suits either layout: "Nguyễn Lan" in the preset's one field (a new shop's), "Lan" and
 * "Nguyễn" in SPEC §5's two; the layout leaves out what it does not ask (the preset: the postal code).
 */
export function checkoutInput(
  lines: Array<{ productId: number; quantity: number }>,
  options: { email?: string; discountCode?: string | null; idempotencyKey?: string } = {},
): PlaceOrderInput {
  return {
    information: {
      email: options.email ?? "lan.nguyen@example.vn",
      fullName: "Nguyễn Lan",
      firstName: "Lan",
      lastName: "Nguyễn",
      company: "",
      address: "12 Lê Lợi",
      city: "",
      postalCode: "700000",
      phone: "0912345678",
      isGift: false,
      giftMessage: "",
      vatInvoice: false,
      vatCompanyName: "",
      vatTaxCode: "",
      vatCompanyAddress: "",
    },
    address: { structure: "current", provinceCode: "79", districtCode: "", wardCode: "27316" },
    shipping: {
      shippingMethod: "local-delivery",
      shippingDate: deliveryPromiseFor("79", new Date(), defaultSettingsFor("delivery")).earliest,
      shippingTime: "12:00 - 13:00",
      orderInstructions: "",
    },
    discountCode: options.discountCode ?? null,
    lines,
    idempotencyKey: options.idempotencyKey ?? randomUUID(),
  };
}
