import { asc, count, eq, sum } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  categories,
  customers,
  dailyProductSales,
  dailySales,
  discountCodes,
  discountCodeUsages,
  emailOutbox,
  orderItems,
  orders,
  products,
  settings,
  stockMovements,
} from "~/db/schema";
import { AppError } from "~/server/errors.server";
import { EventHub, ORDER_CREATED_CHANNEL } from "~/server/events.server";
import { setUpTestDatabase } from "~/test/database";
import { TEST_EMAIL_LINKS } from "~/test/orders-fixture";
import { placeOrder } from "./place-order.server";
import { checkoutInput, createCategory, createDiscount, createProduct } from "~/test/checkout-fixtures";

/*
 * A flash sale: many shoppers buying the same best-sellers at once (decision 0026). placeOrder
 * writes the hot rows (stock, the day's sales rollups, a code's count) in one statement sent right
 * behind the order row; these tests hold it to the same guarantees as before, under concurrency.
 */

const database = await setUpTestDatabase({
  resetTables: [
    stockMovements,
    emailOutbox,
    orders,
    customers,
    discountCodes,
    products,
    categories,
    settings,
    dailySales,
    dailyProductSales,
  ],
});
const { db } = database;
let categoryId: number;

beforeEach(async () => {
  categoryId = await createCategory(db);
});

type Line = { productId: number; quantity: number };

const shopper = (i: number, lines: Line[], discountCode: string | null = null) =>
  placeOrder(db, checkoutInput(lines, { email: `shopper${i}@example.vn`, discountCode }), { links: TEST_EMAIL_LINKS });

async function rowCount(
  table: typeof orders | typeof orderItems | typeof emailOutbox | typeof discountCodeUsages | typeof customers,
) {
  const [row] = await db.select({ n: count() }).from(table);
  return row.n;
}

async function movementsOf(productId: number) {
  return db
    .select({
      delta: stockMovements.delta,
      balanceAfter: stockMovements.balanceAfter,
      orderId: stockMovements.orderId,
      reason: stockMovements.reason,
    })
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(asc(stockMovements.balanceAfter));
}

describe("placeOrder in a flash sale", () => {
  it("sells two best-sellers listed in either order to 30 concurrent shoppers: no deadlock, stock, movements and rollups exact", async () => {
    const scarce = await createProduct(db, categoryId, { name: "Scarce", price: 100_000, stockQuantity: 20 });
    const plenty = await createProduct(db, categoryId, { name: "Plenty", price: 50_000, stockQuantity: 100 });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        shopper(
          i,
          // Half the carts list the products the other way round: rows are still locked in one order.
          i % 2 === 0
            ? [
                { productId: scarce, quantity: 1 },
                { productId: plenty, quantity: 1 },
              ]
            : [
                { productId: plenty, quantity: 1 },
                { productId: scarce, quantity: 1 },
              ],
        ),
      ),
    );
    const placed = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(placed).toHaveLength(20);
    expect(refused).toHaveLength(10);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(AppError);
      expect((reason as AppError).message).toBe('Sản phẩm "Scarce" đã hết hàng.');
    }

    const [scarceRow] = await db.select().from(products).where(eq(products.id, scarce));
    const [plentyRow] = await db.select().from(products).where(eq(products.id, plenty));
    expect(scarceRow).toMatchObject({ stockQuantity: 0, soldCount: 20 });
    expect(plentyRow).toMatchObject({ stockQuantity: 80, soldCount: 20 });

    // One movement per product and placed order, each with its own balance: 19 … 0 and 99 … 80.
    const placedIds = new Set(placed.map((order) => order.id));
    const scarceMoves = await movementsOf(scarce);
    const plentyMoves = await movementsOf(plenty);
    expect(scarceMoves.map((m) => m.balanceAfter)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(plentyMoves.map((m) => m.balanceAfter)).toEqual(Array.from({ length: 20 }, (_, i) => 80 + i));
    for (const move of [...scarceMoves, ...plentyMoves]) {
      expect(move).toMatchObject({ delta: -1, reason: "order_placed" });
      expect(placedIds.has(move.orderId ?? "")).toBe(true);
    }

    // Only the placed orders exist, each with its items and its confirmation e-mail.
    expect(await rowCount(orders)).toBe(20);
    expect(await rowCount(orderItems)).toBe(40);
    expect(await rowCount(emailOutbox)).toBe(20);
    expect(new Set(placed.map((order) => order.orderNumber)).size).toBe(20);

    // The sales rollups (database triggers) count each order and item once.
    const [days] = await db
      .select({
        orderCount: sum(dailySales.orderCount),
        salesCount: sum(dailySales.salesCount),
        revenue: sum(dailySales.revenue),
      })
      .from(dailySales);
    const [totals] = await db.select({ revenue: sum(orders.total) }).from(orders);
    expect(days).toEqual({ orderCount: "20", salesCount: "20", revenue: totals.revenue });
    const productSales = await db
      .select({
        productName: dailyProductSales.productName,
        quantity: sum(dailyProductSales.quantity).mapWith(Number),
        revenue: sum(dailyProductSales.revenue).mapWith(Number),
      })
      .from(dailyProductSales)
      .groupBy(dailyProductSales.productName)
      .orderBy(asc(dailyProductSales.productName));
    expect(productSales).toEqual([
      { productName: "Plenty", quantity: 20, revenue: 20 * 50_000 },
      { productName: "Scarce", quantity: 20, revenue: 20 * 100_000 },
    ]);
  });

  it("counts a code limited to 3 uses exactly under 12 concurrent orders; the refused ones keep no stock", async () => {
    const bestSeller = await createProduct(db, categoryId, { stockQuantity: 100 });
    await createDiscount(db, { code: "FLASH3", type: "percent", value: 10, usageLimit: 3 });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => shopper(i, [{ productId: bestSeller, quantity: 2 }], "flash3")),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const r of results) if (r.status === "rejected") expect((r.reason as AppError).kind).toBe("conflict");
    const [code] = await db.select().from(discountCodes);
    expect(code.usedCount).toBe(3);
    expect(await rowCount(discountCodeUsages)).toBe(3);
    expect(await rowCount(orders)).toBe(3);
    const [row] = await db.select().from(products).where(eq(products.id, bestSeller));
    expect(row).toMatchObject({ stockQuantity: 94, soldCount: 6 });
    expect(await movementsOf(bestSeller)).toHaveLength(3);
  });

  it("still lets a first-order-only code be used by one of two concurrent orders of the same shopper", async () => {
    const bestSeller = await createProduct(db, categoryId, { stockQuantity: 100 });
    await createDiscount(db, { code: "WELCOME", type: "fixed", value: 10_000, firstOrderOnly: true });
    const results = await Promise.allSettled([
      shopper(1, [{ productId: bestSeller, quantity: 1 }], "welcome"),
      shopper(1, [{ productId: bestSeller, quantity: 1 }], "welcome"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await rowCount(orders)).toBe(1);
    const [row] = await db.select().from(products).where(eq(products.id, bestSeller));
    expect(row.stockQuantity).toBe(99);
  });

  it("files 10 concurrent first orders of one new e-mail under one customer", async () => {
    const bestSeller = await createProduct(db, categoryId, { stockQuantity: 100 });
    const placed = await Promise.all(
      Array.from({ length: 10 }, () => shopper(7, [{ productId: bestSeller, quantity: 1 }])),
    );
    expect(placed.every((order) => order.created)).toBe(true);
    const [customer, ...others] = await db.select({ id: customers.id, email: customers.email }).from(customers);
    expect(others).toEqual([]);
    expect(customer.email).toBe("shopper7@example.vn");
    const owners = await db.selectDistinct({ customerId: orders.customerId }).from(orders);
    expect(owners).toEqual([{ customerId: customer.id }]);
  });

  it("announces each placed order to the admins once it commits, and a refused one never", async () => {
    const hub = new EventHub(database);
    const received: string[] = [];
    let announce: () => void = () => {};
    const unsubscribe = await hub.subscribe(ORDER_CREATED_CHANNEL, (payload) => {
      received.push(payload);
      if (received.length === 2) announce();
    });
    const bothAnnounced = new Promise<void>((resolve) => (announce = resolve));
    try {
      const lastUnit = await createProduct(db, categoryId, { stockQuantity: 1 });
      const first = await shopper(1, [{ productId: lastUnit, quantity: 1 }]);
      await expect(shopper(2, [{ productId: lastUnit, quantity: 1 }])).rejects.toBeInstanceOf(AppError);
      const other = await createProduct(db, categoryId, { stockQuantity: 1 });
      const second = await shopper(3, [{ productId: other, quantity: 1 }]);
      await bothAnnounced;
      // In commit order; the refused order (rolled back) sent nothing in between.
      expect(received).toEqual([first.id, second.id]);
      expect(await rowCount(customers)).toBe(2);
    } finally {
      unsubscribe();
      await hub.close();
    }
  });
});
