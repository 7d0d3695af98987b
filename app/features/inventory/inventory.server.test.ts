import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products, stockMovementReasonValues as dbReasons, stockMovements } from "~/db/schema";
import { createProduct, getProductForEdit, updateProduct } from "~/features/catalog-admin/admin-products.server";
import { placeOrder } from "~/features/checkout/place-order.server";
import { checkoutInput, createCategory } from "~/test/checkout-fixtures";
import { staleRowMessage } from "~/lib/row-version";
import { AppError } from "~/server/errors.server";
import { setUpTestDatabase } from "~/test/database";
import { changeStatus, TEST_EMAIL_LINKS } from "~/test/orders-fixture";
import { stockMovementReasonValues } from "./inventory.schema";
import { adjustStock, listStockMovements } from "./inventory.server";

const { db } = await setUpTestDatabase();
let categoryId: number;
const staff = { userId: null, name: "owner@shop.vn" };
let serial = 0;

beforeAll(async () => {
  categoryId = await createCategory(db, "inventory");
});

/** A product made in the console with its initial stock. */
async function consoleProduct(stock: number) {
  serial += 1;
  return createProduct(
    db,
    {
      sku: `INV-${serial}`,
      name: `Máy tiệt trùng ${serial}`,
      slug: `may-tiet-trung-${serial}`,
      description: "Mô tả ban đầu",
      price: "690000",
      categoryId: String(categoryId),
      stockQuantity: String(stock),
      lowStockThreshold: "5",
      trackStock: "on",
    },
    staff,
  );
}

/** The edit form as its page sends it: every field as read when the page opened, with its version. */
async function openedForm(id: number): Promise<Record<string, string>> {
  const { product } = await getProductForEdit(db, id);
  return {
    sku: product.sku,
    name: product.name,
    slug: product.slug,
    description: product.description,
    price: String(product.price),
    categoryId: String(product.categoryId),
    lowStockThreshold: String(product.lowStockThreshold),
    trackStock: product.trackStock ? "on" : "",
    version: String(product.version),
  };
}

async function stockOf(id: number): Promise<number> {
  const [row] = await db.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, id));
  return row.stock;
}

async function movementsOf(id: number) {
  return db
    .select({
      delta: stockMovements.delta,
      reason: stockMovements.reason,
      balanceAfter: stockMovements.balanceAfter,
      orderId: stockMovements.orderId,
      actorName: stockMovements.actorName,
      note: stockMovements.note,
    })
    .from(stockMovements)
    .where(eq(stockMovements.productId, id))
    .orderBy(asc(stockMovements.id));
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("a product save never overwrites stock (issue 13, item 1)", () => {
  it("edit opened at 25, a shopper buys one, a description-only save keeps 24", async () => {
    const product = await consoleProduct(25);
    const opened = await openedForm(product.id);

    const order = await placeOrder(db, checkoutInput([{ productId: product.id, quantity: 1 }]), {
      links: TEST_EMAIL_LINKS,
    });
    expect(await stockOf(product.id)).toBe(24);

    // The stale page saves only a description change; an old form would still post its stock.
    const saved = await updateProduct(db, product.id, { ...opened, description: "Mô tả mới", stockQuantity: "25" });
    expect(saved).toMatchObject({ description: "Mô tả mới", stockQuantity: 24, version: Number(opened.version) + 1 });
    expect(await stockOf(product.id)).toBe(24);
    expect(await movementsOf(product.id)).toEqual([
      { delta: 25, reason: "initial", balanceAfter: 25, orderId: null, actorName: "owner@shop.vn", note: null },
      { delta: -1, reason: "order_placed", balanceAfter: 24, orderId: order.id, actorName: null, note: null },
    ]);
  });

  it("refuses a save over a newer version of the product, and writes nothing", async () => {
    const product = await consoleProduct(10);
    const tabA = await openedForm(product.id);
    const tabB = await openedForm(product.id);
    await updateProduct(db, product.id, { ...tabA, name: "Tên từ tab A" });

    const error = await rejection(updateProduct(db, product.id, { ...tabB, description: "Mô tả từ tab B" }));
    expect(error).toMatchObject({ kind: "conflict", message: staleRowMessage("Sản phẩm") });
    expect(error.message).toBe("Sản phẩm đã được thay đổi sau khi bạn mở trang, tải lại để xem bản mới nhất");
    const { product: after } = await getProductForEdit(db, product.id);
    expect(after).toMatchObject({
      name: "Tên từ tab A",
      description: "Mô tả ban đầu",
      version: Number(tabA.version) + 1,
    });

    // A form without a version (an old page, a forged post) is refused too.
    const { version: _version, ...withoutVersion } = await openedForm(product.id);
    expect(await rejection(updateProduct(db, product.id, withoutVersion))).toMatchObject({ kind: "invalid" });
    // A product deleted meanwhile is not found, not a conflict.
    expect(await rejection(updateProduct(db, 999_999, tabB))).toMatchObject({ kind: "not_found" });
  });

  it("a stock adjustment does not make an open edit page stale (adjustments are deltas, not versioned)", async () => {
    const product = await consoleProduct(5);
    const opened = await openedForm(product.id);
    await adjustStock(db, product.id, { direction: "in", quantity: "20", reason: "received" }, staff);
    await updateProduct(db, product.id, { ...opened, description: "Sau khi nhập hàng" });
    expect(await stockOf(product.id)).toBe(25);
  });
});

describe("stock adjustments", () => {
  it("adds and removes with a reason, a note and who, recording the balance", async () => {
    const product = await consoleProduct(24);
    expect(
      await adjustStock(
        db,
        product.id,
        { direction: "in", quantity: "10", reason: "received", note: "Lô tháng 11" },
        staff,
      ),
    ).toEqual({
      balance: 34,
    });
    expect(
      await adjustStock(db, product.id, { direction: "out", quantity: "2", reason: "damaged", note: "" }, staff),
    ).toEqual({
      balance: 32,
    });
    expect((await movementsOf(product.id)).slice(1)).toEqual([
      {
        delta: 10,
        reason: "received",
        balanceAfter: 34,
        orderId: null,
        actorName: "owner@shop.vn",
        note: "Lô tháng 11",
      },
      { delta: -2, reason: "damaged", balanceAfter: 32, orderId: null, actorName: "owner@shop.vn", note: null },
    ]);
  });

  it("refuses an adjustment below zero with the stock there is, and writes nothing", async () => {
    const product = await consoleProduct(24);
    const error = await rejection(
      adjustStock(db, product.id, { direction: "out", quantity: "30", reason: "count_correction" }, staff),
    );
    expect(error).toMatchObject({ kind: "conflict", message: "Không thể giảm 30 sản phẩm: tồn kho hiện chỉ còn 24." });
    expect(error.fieldErrors?.quantity).toBe(error.message);
    expect(await stockOf(product.id)).toBe(24);
    expect(await movementsOf(product.id)).toHaveLength(1);
  });

  it("refuses bad input and unknown products", async () => {
    const product = await consoleProduct(3);
    for (const input of [
      { direction: "in", quantity: "0", reason: "received" },
      { direction: "in", quantity: "-4", reason: "received" },
      { direction: "in", quantity: "abc", reason: "received" },
      { direction: "sideways", quantity: "1", reason: "received" },
      { direction: "in", quantity: "1", reason: "order_placed" },
      { direction: "in", quantity: "1", reason: "received", note: "x".repeat(501) },
    ]) {
      expect(
        (await rejection(adjustStock(db, product.id, input, staff))).kind,
        JSON.stringify(input).slice(0, 80),
      ).toBe("invalid");
    }
    expect(await stockOf(product.id)).toBe(3);
    expect(
      (await rejection(adjustStock(db, 999_999, { direction: "in", quantity: "1", reason: "received" }, staff))).kind,
    ).toBe("not_found");
  });
});

describe("orders move stock through the inventory service", () => {
  it("writes a movement for the order and one for its cancellation", async () => {
    const product = await consoleProduct(10);
    const order = await placeOrder(db, checkoutInput([{ productId: product.id, quantity: 2 }]), {
      links: TEST_EMAIL_LINKS,
    });
    await changeStatus(db, order.id, "cancelled", staff, { reason: "Khách đổi ý", restock: true });
    expect(await stockOf(product.id)).toBe(10);
    expect((await movementsOf(product.id)).slice(1)).toEqual([
      { delta: -2, reason: "order_placed", balanceAfter: 8, orderId: order.id, actorName: null, note: null },
      {
        delta: 2,
        reason: "order_cancelled",
        balanceAfter: 10,
        orderId: order.id,
        actorName: "owner@shop.vn",
        note: "Khách đổi ý",
      },
    ]);
  });

  it("lists a product's movements newest first, a page at a time", async () => {
    const product = await consoleProduct(1);
    for (let i = 0; i < 4; i++)
      await adjustStock(db, product.id, { direction: "in", quantity: String(i + 1), reason: "received" }, staff);
    const first = await listStockMovements(db, product.id, 3);
    expect(first.hasMore).toBe(true);
    expect(first.rows.map((m) => m.delta)).toEqual([4, 3, 2]);
    const all = await listStockMovements(db, product.id, 20);
    expect(all.hasMore).toBe(false);
    expect(all.rows.map((m) => [m.reason, m.balanceAfter])).toEqual([
      ["received", 11],
      ["received", 7],
      ["received", 4],
      ["received", 2],
      ["initial", 1],
    ]);
  });

  it("keeps the browser's reason list equal to the database enum", () => {
    expect([...stockMovementReasonValues]).toEqual([...dbReasons]);
  });
});
