import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { categories, customers, orders, productImages, products, settings } from "~/db/schema";
import { saveSetting } from "~/features/settings/settings.server";
import { AppError } from "~/server/errors.server";
import { translatorFor } from "~/server/i18n.server";
import { setUpTestDatabase } from "~/test/database";
import { quoteCart } from "./cart-quote.server";
import { codLimitProblem, MERGED_QUANTITY_MESSAGE } from "./order-limits";
import { placeOrder } from "./place-order.server";
import { checkoutInput, createCategory, createProduct } from "~/test/checkout-fixtures";
import { TEST_EMAIL_LINKS } from "~/test/orders-fixture";

// Issue 13 item 7: one anonymous request cannot tie up the shop's stock.
const { db } = await setUpTestDatabase({
  resetTables: [orders, customers, productImages, products, categories, settings],
});
let categoryId: number;

beforeEach(async () => {
  categoryId = await createCategory(db);
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function stockOf(productId: number): Promise<number> {
  const [row] = await db.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, productId));
  return row.stock;
}

async function orderCount(): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders);
  return row.n;
}

/** Caps high enough that only the per-product cap is in play. */
async function liftCodCaps() {
  await saveSetting(db, "payment", { codMaxUnits: 100_000, codMaxOrderValue: 1_000_000_000_000 });
}

const defaultUnitsMessage =
  "Đơn thanh toán khi nhận hàng (COD) chỉ được tối đa 20 sản phẩm. Vui lòng giảm số lượng, hoặc gọi cho cửa hàng để đặt số lượng lớn.";
const defaultValueMessage =
  "Đơn thanh toán khi nhận hàng (COD) chỉ được tối đa 20.000.000\u00a0₫. Vui lòng giảm số lượng, hoặc gọi cho cửa hàng để đặt số lượng lớn.";

describe("one product's lines are capped together", () => {
  it("refuses the reproduction: two lines of 60 units of one product (120 units, COD)", async () => {
    const product = await createProduct(db, categoryId, { price: 10_000, stockQuantity: 500 });
    const error = await refusal(
      placeOrder(
        db,
        checkoutInput([
          { productId: product, quantity: 60 },
          { productId: product, quantity: 60 },
        ]),
        { links: TEST_EMAIL_LINKS },
      ),
    );
    expect(error.kind).toBe("invalid");
    expect(await orderCount()).toBe(0);
    expect(await stockOf(product)).toBe(500);
  });

  it("checks the merged quantity against 99 even when the COD caps are lifted", async () => {
    await liftCodCaps();
    const product = await createProduct(db, categoryId, { price: 10_000, stockQuantity: 10_000 });
    const twice60 = await refusal(
      placeOrder(
        db,
        checkoutInput([
          { productId: product, quantity: 60 },
          { productId: product, quantity: 60 },
        ]),
        { links: TEST_EMAIL_LINKS },
      ),
    );
    expect(twice60.message).toBe(MERGED_QUANTITY_MESSAGE);
    const fiftyLines = await refusal(
      placeOrder(db, checkoutInput(Array.from({ length: 50 }, () => ({ productId: product, quantity: 99 }))), {
        links: TEST_EMAIL_LINKS,
      }),
    );
    expect(fiftyLines.message).toBe(MERGED_QUANTITY_MESSAGE);
    expect(await orderCount()).toBe(0);
    expect(await stockOf(product)).toBe(10_000);

    // 50 + 49 = 99 of one product is still one allowed order, merged into one line.
    const placed = await placeOrder(
      db,
      checkoutInput([
        { productId: product, quantity: 50 },
        { productId: product, quantity: 49 },
      ]),
      { links: TEST_EMAIL_LINKS },
    );
    expect(placed.created).toBe(true);
    expect(await stockOf(product)).toBe(10_000 - 99);
  });
});

describe("COD orders are capped in units and value (payment settings)", () => {
  it("refuses more than 20 units by default, across products, and accepts 20", async () => {
    const a = await createProduct(db, categoryId, { price: 10_000 });
    const b = await createProduct(db, categoryId, { price: 10_000 });
    const error = await refusal(
      placeOrder(
        db,
        checkoutInput([
          { productId: a, quantity: 11 },
          { productId: b, quantity: 10 },
        ]),
        { links: TEST_EMAIL_LINKS },
      ),
    );
    expect(error.message).toBe(defaultUnitsMessage);
    expect(await orderCount()).toBe(0);
    expect([await stockOf(a), await stockOf(b)]).toEqual([100, 100]);

    await placeOrder(
      db,
      checkoutInput([
        { productId: a, quantity: 10 },
        { productId: b, quantity: 10 },
      ]),
      { links: TEST_EMAIL_LINKS },
    );
    expect(await orderCount()).toBe(1);
  });

  it("refuses goods worth more than 20.000.000 ₫ by default and accepts exactly that", async () => {
    const expensive = await createProduct(db, categoryId, { price: 5_000_000 });
    const error = await refusal(
      placeOrder(db, checkoutInput([{ productId: expensive, quantity: 5 }]), { links: TEST_EMAIL_LINKS }),
    );
    expect(error.message).toBe(defaultValueMessage);
    expect(await orderCount()).toBe(0);
    await placeOrder(db, checkoutInput([{ productId: expensive, quantity: 4 }]), { links: TEST_EMAIL_LINKS });
    expect(await orderCount()).toBe(1);
  });

  it("follows the caps saved in the console", async () => {
    const product = await createProduct(db, categoryId, { price: 100_000 });
    await saveSetting(db, "payment", { codMaxUnits: "3", codMaxOrderValue: "250.000" });
    const units = await refusal(
      placeOrder(db, checkoutInput([{ productId: product, quantity: 4 }]), { links: TEST_EMAIL_LINKS }),
    );
    expect(units.message).toMatch(/tối đa 3 sản phẩm/);
    const value = await refusal(
      placeOrder(db, checkoutInput([{ productId: product, quantity: 3 }]), { links: TEST_EMAIL_LINKS }),
    );
    expect(value.message).toMatch(/tối đa 250\.000\u00a0₫/);
    await placeOrder(db, checkoutInput([{ productId: product, quantity: 2 }]), { links: TEST_EMAIL_LINKS });
    expect(await orderCount()).toBe(1);
  });

  it("refuses caps that are not whole positive numbers", async () => {
    const error = await refusal(saveSetting(db, "payment", { codMaxUnits: "0", codMaxOrderValue: "abc" }));
    expect(Object.keys(error.fieldErrors ?? {}).sort()).toEqual(["codMaxOrderValue", "codMaxUnits"]);
  });

  it("tells the cart before checkout (the quote carries the same message)", async () => {
    const product = await createProduct(db, categoryId, { price: 10_000 });
    const over = await quoteCart(db, [{ productId: product, quantity: 21 }]);
    expect(over.orderLimit).toEqual({ message: "checkout.errors.codMaxUnits", params: { max: "20" } });
    expect(translatorFor("vi")(over.orderLimit!.message, over.orderLimit!.params)).toBe(defaultUnitsMessage);
    expect(translatorFor("en")(over.orderLimit!.message, over.orderLimit!.params)).toBe(
      "A cash-on-delivery (COD) order can hold at most 20 items. Please lower the quantities, or call the shop to order in bulk.",
    );
    const within = await quoteCart(db, [{ productId: product, quantity: 20 }]);
    expect(within.orderLimit).toBeNull();
  });
});

describe("codLimitProblem", () => {
  it("checks units before value and allows orders at the caps", () => {
    const limits = { codMaxUnits: 20, codMaxOrderValue: 20_000_000 };
    expect(codLimitProblem({ units: 20, subtotal: 20_000_000 }, limits)).toBeNull();
    expect(codLimitProblem({ units: 21, subtotal: 30_000_000 }, limits)).toEqual({
      message: "checkout.errors.codMaxUnits",
      params: { max: "20" },
    });
    expect(codLimitProblem({ units: 1, subtotal: 20_000_001 }, limits)).toEqual({
      message: "checkout.errors.codMaxValue",
      params: { max: "20.000.000\u00a0₫" },
    });
  });
});
