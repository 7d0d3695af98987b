import { categories, discountCodes, productImages, products, type NewDiscountCode, type NewProduct } from "~/db/schema";
import type { Db } from "~/server/db.server";

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

export async function createDiscount(db: Db, values: Partial<NewDiscountCode> & Pick<NewDiscountCode, "code" | "type">) {
  const [row] = await db.insert(discountCodes).values(values).returning();
  return row;
}
