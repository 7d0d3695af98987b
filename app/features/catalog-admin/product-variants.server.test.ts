import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories, customers, orderItems, orders, products, stockMovements } from "~/db/schema";
import { adjustStock, STOCK_IN_VARIANTS_MESSAGE } from "~/features/inventory/inventory.server";
import { AppError } from "~/server/errors.server";
import { createLocalStorage } from "~/server/storage.server";
import { setUpTestDatabase } from "~/test/database";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createCategory } from "./admin-categories.server";
import {
  createProduct,
  deleteProduct,
  getProductForEdit,
  listProductsForConsole,
  SKU_TAKEN_MESSAGE,
  updateProduct,
} from "./admin-products.server";
import { createVariant, moveVariant, updateVariant, VARIANT_OF_VARIANT_MESSAGE } from "./product-variants.server";
import { listStoreStock } from "./store-locations.server";
import { storeLocations } from "~/db/schema";

const { db } = await setUpTestDatabase({
  resetTables: [stockMovements, orderItems, orders, customers, products, categories, storeLocations],
});
const staff = { userId: null, name: "owner@shop.vn" };

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

let run = 0;
/** A fresh category and product (price 690.000 đ, `stock` units). */
async function product(stock = 0) {
  run++;
  const category = await createCategory(db, {
    name: `Máy tiệt trùng ${run}`,
    slug: `may-tiet-trung-${run}`,
    description: "",
    image: "",
    displayOrder: "1",
    isActive: "true",
  });
  return createProduct(
    db,
    {
      sku: `UVC-${run}`,
      name: `Máy tiệt trùng UVC ${run}`,
      slug: `may-tiet-trung-uvc-${run}`,
      description: "Diệt 99,9% vi khuẩn",
      price: "690000",
      categoryId: String(category.id),
      stockQuantity: String(stock),
      trackStock: "true",
      en_name: `UVC sterilizer ${run}`,
    },
    staff,
  );
}

const variantInput = (over: Record<string, string> = {}) => ({
  variantLabel: "Trắng",
  en_variantLabel: "White",
  sku: `V-${run}-WHT`,
  price: "",
  compareAtPrice: "",
  color: "white",
  colorHex: "#FFFFFF",
  stockQuantity: "7",
  lowStockThreshold: "3",
  isActive: "true",
  ...over,
});

const rowOf = async (id: number) => (await db.select().from(products).where(eq(products.id, id)))[0];
const movementsOf = (id: number) =>
  db.select().from(stockMovements).where(eq(stockMovements.productId, id)).orderBy(asc(stockMovements.id));

describe("product variants (decision 0038)", () => {
  it("creates a variant: generated slug and name, the product's price when left empty, its stock as an initial movement", async () => {
    const p = await product();
    const { variant, movedStock } = await createVariant(db, p.id, variantInput(), staff);
    expect(movedStock).toBe(0);
    const row = await rowOf(variant.id);
    expect(row).toMatchObject({
      parentId: p.id,
      variantLabel: "Trắng",
      name: `${p.name} – Trắng`,
      slug: `${p.slug}-trang`,
      price: 690_000,
      stockQuantity: 7,
      trackStock: true,
      isActive: true,
      categoryId: p.categoryId,
      position: 0,
    });
    expect(row.translations.en).toEqual({ variantLabel: "White", name: `UVC sterilizer ${run} – White` });
    expect((await movementsOf(variant.id)).map((m) => [m.reason, m.delta, m.balanceAfter])).toEqual([
      ["initial", 7, 7],
    ]);
    // The product is not sold itself any more: its variants hold the stock.
    expect(await rowOf(p.id)).toMatchObject({ trackStock: false, stockQuantity: 0 });

    // A second label that slugifies the same gets -2; its own price is kept.
    const second = await createVariant(
      db,
      p.id,
      variantInput({ variantLabel: "trắng", sku: `V-${run}-2`, price: "750000" }),
      staff,
    );
    expect(await rowOf(second.variant.id)).toMatchObject({ slug: `${p.slug}-trang-2`, price: 750_000, position: 1 });
  });

  it("moves a plain product's stock to its first variant with a movement on each", async () => {
    const p = await product(12);
    const { variant, movedStock } = await createVariant(db, p.id, variantInput({ stockQuantity: "3" }), staff);
    expect(movedStock).toBe(12);
    expect(await rowOf(variant.id)).toMatchObject({ stockQuantity: 15 });
    expect(await rowOf(p.id)).toMatchObject({ stockQuantity: 0, trackStock: false });
    expect((await movementsOf(p.id)).map((m) => [m.reason, m.delta, m.balanceAfter, m.note])).toEqual([
      ["initial", 12, 12, null],
      ["other", -12, 0, "Chuyển sang biến thể Trắng"],
    ]);
    expect((await movementsOf(variant.id)).map((m) => [m.reason, m.delta, m.balanceAfter])).toEqual([
      ["initial", 3, 3],
      ["other", 12, 15],
    ]);
    // Its stock is now the variants': an adjustment on the product is refused, nothing written.
    expect(
      (await rejection(adjustStock(db, p.id, { direction: "in", quantity: "1", reason: "received" }, staff))).message,
    ).toBe(STOCK_IN_VARIANTS_MESSAGE);
    expect(await rowOf(p.id)).toMatchObject({ stockQuantity: 0 });
    // A second variant moves nothing.
    const second = await createVariant(
      db,
      p.id,
      variantInput({ variantLabel: "Đen", sku: `V-${run}-BLK`, stockQuantity: "" }),
      staff,
    );
    expect(second.movedStock).toBe(0);
    expect(await rowOf(second.variant.id)).toMatchObject({ stockQuantity: 0 });
  });

  it("refuses a SKU in use (any case), a variant of a variant and bad input, writing nothing", async () => {
    const p = await product();
    const { variant } = await createVariant(db, p.id, variantInput(), staff);
    const before = await db.select().from(products);
    const clash = await rejection(
      createVariant(db, p.id, variantInput({ variantLabel: "Đen", sku: p.sku.toLowerCase() }), staff),
    );
    expect(clash.kind).toBe("conflict");
    expect(clash.fieldErrors).toEqual({ sku: SKU_TAKEN_MESSAGE });
    const nested = await rejection(createVariant(db, variant.id, variantInput({ sku: "NESTED-1" }), staff));
    expect(nested.message).toBe(VARIANT_OF_VARIANT_MESSAGE);
    const bad = await rejection(
      createVariant(db, p.id, variantInput({ variantLabel: " ", price: "-5", sku: "X 1" }), staff),
    );
    expect(bad.kind).toBe("invalid");
    expect(bad.fieldErrors).toMatchObject({
      variantLabel: "Vui lòng nhập tên biến thể",
      price: "Giá phải là số đồng nguyên, không âm",
    });
    expect(bad.fieldErrors?.sku).toBeDefined();
    expect(await db.select().from(products)).toEqual(before);
  });

  it("edits a variant over its version (stale save refused), keeps its slug, price back to the product's when emptied", async () => {
    const p = await product();
    const { variant } = await createVariant(db, p.id, variantInput({ price: "700000" }), staff);
    const saved = await updateVariant(db, variant.id, {
      ...variantInput({ variantLabel: "Trắng sữa", sku: `V-${run}-MILK`, price: "", isActive: "false" }),
      version: String(variant.version),
    });
    expect(saved).toMatchObject({
      name: `${p.name} – Trắng sữa`,
      sku: `V-${run}-MILK`,
      slug: variant.slug,
      price: 690_000,
      isActive: false,
      stockQuantity: 7,
    });
    const stale = await rejection(
      updateVariant(db, variant.id, { ...variantInput(), version: String(variant.version) }),
    );
    expect(stale.kind).toBe("conflict");
    expect((await rowOf(variant.id)).variantLabel).toBe("Trắng sữa");
    // A variant cannot be saved as a whole product.
    const asProduct = {
      sku: saved.sku,
      name: "Ghi đè",
      slug: saved.slug,
      price: "1000",
      categoryId: String(p.categoryId),
      version: String(saved.version),
    };
    expect((await rejection(updateProduct(db, variant.id, asProduct))).kind).toBe("not_found");
    expect((await rowOf(variant.id)).name).toBe(`${p.name} – Trắng sữa`);
  });

  it("reorders with up/down (nothing past either end) and renames the variants with their product", async () => {
    const p = await product();
    const ids = [];
    for (const [label, sku] of [
      ["Trắng", "W"],
      ["Đen", "B"],
      ["Hồng", "P"],
    ]) {
      ids.push(
        (await createVariant(db, p.id, variantInput({ variantLabel: label, sku: `V-${run}-${sku}` }), staff)).variant
          .id,
      );
    }
    const order = async () => (await getProductForEdit(db, p.id)).variants.map((v) => v.variantLabel);
    await moveVariant(db, p.id, ids[2], "up");
    expect(await order()).toEqual(["Trắng", "Hồng", "Đen"]);
    await moveVariant(db, p.id, ids[0], "up");
    await moveVariant(db, p.id, ids[1], "down");
    expect(await order()).toEqual(["Trắng", "Hồng", "Đen"]);
    await moveVariant(db, p.id, ids[0], "down");
    expect(await order()).toEqual(["Hồng", "Trắng", "Đen"]);

    const form = await getProductForEdit(db, p.id);
    await updateProduct(db, p.id, {
      sku: p.sku,
      name: "Máy tiệt trùng mới",
      slug: p.slug,
      description: "Mô tả mới",
      price: "690000",
      categoryId: String(p.categoryId),
      trackStock: "true",
      version: String(form.product.version),
    });
    expect((await rowOf(ids[1])).name).toBe("Máy tiệt trùng mới – Đen");
    // Its variants still hold the stock: the product keeps not tracking its own.
    expect((await rowOf(p.id)).trackStock).toBe(false);
    // A variant's page knows its product.
    expect((await getProductForEdit(db, ids[0])).parent).toMatchObject({ id: p.id, name: "Máy tiệt trùng mới" });
  });

  it("deletes a variant (back to its product), and a product with its variants", async () => {
    const storage = createLocalStorage(mkdtempSync(path.join(tmpdir(), "variants-")));
    const p = await product();
    const white = (await createVariant(db, p.id, variantInput(), staff)).variant;
    const black = (await createVariant(db, p.id, variantInput({ variantLabel: "Đen", sku: `V-${run}-BLK` }), staff))
      .variant;
    expect(await deleteProduct(db, storage, white.id, { version: white.version }, staff)).toEqual({
      parentId: p.id,
      archived: false,
    });
    expect((await getProductForEdit(db, p.id)).variants.map((v) => v.id)).toEqual([black.id]);
    const { version } = await rowOf(p.id);
    expect(await deleteProduct(db, storage, p.id, { version }, staff)).toEqual({ parentId: null, archived: false });
    expect(await db.select().from(products).where(eq(products.id, black.id))).toEqual([]);
  });

  it("lists one row per product with its variants' count, stock sum, price range and low flag; finds it by a variant's SKU or label", async () => {
    const p = await product();
    await createVariant(db, p.id, variantInput({ sku: `FIND-${run}-WHT`, stockQuantity: "10" }), staff);
    await createVariant(
      db,
      p.id,
      variantInput({ variantLabel: "Xanh dương", sku: `FIND-${run}-BLU`, price: "750000", stockQuantity: "2" }),
      staff,
    );
    const page = await listProductsForConsole(db, { q: "", page: 1 }, 100);
    expect(page.rows.filter((r) => r.name.startsWith(p.name))).toHaveLength(1);
    expect(page.rows.find((r) => r.id === p.id)).toMatchObject({
      variantCount: 2,
      stockQuantity: 12,
      trackStock: true,
      minPrice: 690_000,
      maxPrice: 750_000,
      lowStock: true,
    });
    expect(page.total).toBe(page.rows.length);
    for (const q of [`find-${run}-blu`, "xanh duong"]) {
      const found = await listProductsForConsole(db, { q, page: 1 }, 100);
      expect(found.rows.map((r) => r.id)).toContain(p.id);
      expect(found.rows.every((r) => r.variantCount > 0 || r.id !== p.id)).toBe(true);
    }
    const low = await listProductsForConsole(db, { q: "", stock: "low", page: 1 }, 100);
    expect(low.rows.map((r) => r.id)).toContain(p.id);
    const plain = await product(50);
    expect(low.rows.map((r) => r.id)).not.toContain(plain.id);
    expect(
      (await listProductsForConsole(db, { q: "", stock: "low", page: 1 }, 100)).rows.map((r) => r.id),
    ).not.toContain(plain.id);
  });

  it("lists variants, not their product, on a shop's stock page", async () => {
    const p = await product();
    const { variant } = await createVariant(db, p.id, variantInput(), staff);
    const [store] = await db
      .insert(storeLocations)
      .values({ name: `Cửa hàng ${run}`, city: "Hà Nội", address: "1 Lê Duẩn", opensAt: "08:00", closesAt: "21:00" })
      .returning();
    const rows = await listStoreStock(db, store.id);
    expect(rows.map((r) => r.productId)).toContain(variant.id);
    expect(rows.map((r) => r.productId)).not.toContain(p.id);
    expect(rows.find((r) => r.productId === variant.id)?.name).toBe(`${p.name} – Trắng`);
  });
});
