import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { categories, customers, emailOutbox, orderItems, orders, products, stockMovements } from "~/db/schema";
import { AppError } from "~/server/errors.server";
import { setUpTestDatabase } from "~/test/database";
import { TEST_EMAIL_LINKS } from "~/test/orders-fixture";
import { placeOrder } from "./place-order.server";
import { checkoutInput, createCategory, createProduct } from "~/test/checkout-fixtures";

// Decision 0038: a variant is the row that is sold, so each colour's stock is its own. Shoppers
// racing for the last pink one get exactly one; the white one beside it is not touched.

const { db } = await setUpTestDatabase({
  resetTables: [stockMovements, emailOutbox, orders, customers, products, categories],
});
let categoryId: number;

beforeEach(async () => {
  categoryId = await createCategory(db);
});

it("sells the last unit of one variant exactly once to 12 concurrent shoppers; its sibling's stock is untouched", async () => {
  const product = await createProduct(db, categoryId, {
    name: "Máy tiệt trùng bàn chải UVC",
    price: 690_000,
    stockQuantity: 0,
    trackStock: false,
  });
  const pink = await createProduct(db, categoryId, {
    name: "Máy tiệt trùng bàn chải UVC – Hồng",
    parentId: product,
    variantLabel: "Hồng",
    position: 1,
    price: 650_000,
    stockQuantity: 1,
  });
  const white = await createProduct(db, categoryId, {
    name: "Máy tiệt trùng bàn chải UVC – Trắng",
    parentId: product,
    variantLabel: "Trắng",
    position: 0,
    price: 690_000,
    stockQuantity: 7,
  });

  const results = await Promise.allSettled(
    Array.from({ length: 12 }, (_, i) =>
      placeOrder(db, checkoutInput([{ productId: pink, quantity: 1 }], { email: `pink${i}@example.vn` }), {
        links: TEST_EMAIL_LINKS,
      }),
    ),
  );
  const placed = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
  expect(placed).toHaveLength(1);
  expect(refused).toHaveLength(11);
  for (const reason of refused) {
    expect(reason).toBeInstanceOf(AppError);
    expect((reason as AppError).message).toBe('Sản phẩm "Máy tiệt trùng bàn chải UVC – Hồng" đã hết hàng.');
  }

  const stockOf = async (id: number) =>
    (
      await db
        .select({ stock: products.stockQuantity, sold: products.soldCount })
        .from(products)
        .where(eq(products.id, id))
    )[0];
  expect(await stockOf(pink)).toEqual({ stock: 0, sold: 1 });
  expect(await stockOf(white)).toEqual({ stock: 7, sold: 0 });
  expect(await stockOf(product)).toEqual({ stock: 0, sold: 0 });

  // The order line is the variant, at the variant's price.
  const items = await db
    .select({ productId: orderItems.productId, name: orderItems.productName, unitPrice: orderItems.unitPrice })
    .from(orderItems);
  expect(items).toEqual([{ productId: pink, name: "Máy tiệt trùng bàn chải UVC – Hồng", unitPrice: 650_000 }]);
  const moves = await db
    .select({ productId: stockMovements.productId, delta: stockMovements.delta })
    .from(stockMovements);
  expect(moves).toEqual([{ productId: pink, delta: -1 }]);
});
