import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { storeLocations, storeStock } from "~/db/schema";
import { getProduct } from "~/features/catalog/product-page.server";
import { setUpTestDatabase } from "~/test/database";
import { expectAppError } from "~/test/app-error";
import { insertProduct } from "~/test/orders-fixture";
import {
  createStoreLocation,
  deleteStoreLocation,
  listStoreLocations,
  listStoreStock,
  setStoreStock,
  STORE_NAME_TAKEN,
  updateStoreLocation,
} from "./store-locations.server";
import {
  STORE_HOURS_ORDER,
  STORE_MAP_FORMAT,
  STORE_NAME_REQUIRED,
  STORE_PHONE_FORMAT,
  STORE_STOCK_MESSAGE,
  STORE_TIME_FORMAT,
} from "./store-locations.schema";

const { db } = await setUpTestDatabase({ resetTables: [storeStock, storeLocations] });

const cầuGiấy = {
  name: "UVC Care Cầu Giấy",
  city: "Hà Nội",
  address: "12 Trần Thái Tông, Phường Cầu Giấy, Hà Nội",
  phone: "024 3795 6868",
  opensAt: "08:30",
  closesAt: "21:30",
  mapUrl: "https://maps.example.vn/?q=cau-giay",
  displayOrder: "2",
  isActive: "on",
};

describe("shops in the console (issue 19, item 6)", () => {
  it("adds, lists and saves a shop with its hours and map, version-guarded", async () => {
    const created = await createStoreLocation(db, cầuGiấy);
    expect(created).toMatchObject({
      name: "UVC Care Cầu Giấy",
      opensAt: "08:30",
      closesAt: "21:30",
      displayOrder: 2,
      isActive: true,
      version: 1,
    });
    const saved = await updateStoreLocation(db, created.id, {
      ...cầuGiấy,
      closesAt: "22:00",
      phone: "",
      isActive: "",
      version: "1",
    });
    expect(saved).toMatchObject({ closesAt: "22:00", phone: null, isActive: false, version: 2 });
    // The tab that opened version 1 is refused and changes nothing.
    await expectAppError(
      updateStoreLocation(db, created.id, { ...cầuGiấy, closesAt: "20:00", version: "1" }),
      "conflict",
    );
    const [listed] = await listStoreLocations(db);
    expect(listed).toMatchObject({ id: created.id, closesAt: "22:00", units: 0, productsInStock: 0 });
  });

  it("refuses bad values with the field's message and writes nothing", async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ name: " " }, "name", STORE_NAME_REQUIRED],
      [{ phone: "gọi tôi" }, "phone", STORE_PHONE_FORMAT],
      [{ phone: "123" }, "phone", STORE_PHONE_FORMAT],
      [{ opensAt: "8h" }, "opensAt", STORE_TIME_FORMAT],
      [{ closesAt: "24:00" }, "closesAt", STORE_TIME_FORMAT],
      [{ opensAt: "21:00", closesAt: "08:00" }, "closesAt", STORE_HOURS_ORDER],
      [{ mapUrl: "javascript:alert(1)" }, "mapUrl", STORE_MAP_FORMAT],
    ];
    for (const [change, field, message] of cases) {
      const error = await expectAppError(createStoreLocation(db, { ...cầuGiấy, ...change }), "invalid", message);
      expect(error.fieldErrors).toMatchObject({ [field]: message });
    }
    await createStoreLocation(db, cầuGiấy);
    await expectAppError(createStoreLocation(db, { ...cầuGiấy, address: "khác" }), "conflict", STORE_NAME_TAKEN);
    expect(await db.select().from(storeLocations)).toHaveLength(1);
  });

  it("keeps each product's units per shop, all or nothing, refusing a stale form", async () => {
    const white = await insertProduct(db, { name: "Máy trắng", stock: 5 });
    const pink = await insertProduct(db, { name: "Máy hồng", stock: 5 });
    const shop = await createStoreLocation(db, cầuGiấy);
    const { version } = await setStoreStock(db, shop.id, {
      version: "1",
      [`quantity.${white.id}`]: "3",
      [`quantity.${pink.id}`]: "0",
    });
    expect(version).toBe(2);
    const rows = await listStoreStock(db, shop.id);
    expect(
      rows.filter((row) => [white.id, pink.id].includes(row.productId)).map((row) => [row.name, row.quantity]),
    ).toEqual([
      ["Máy hồng", 0],
      ["Máy trắng", 3],
    ]);
    // One bad quantity: nothing is saved, the field says why.
    const error = await expectAppError(
      setStoreStock(db, shop.id, { version: "2", [`quantity.${white.id}`]: "9", [`quantity.${pink.id}`]: "-1" }),
      "invalid",
      STORE_STOCK_MESSAGE,
    );
    expect(error.fieldErrors).toEqual({ [`quantity.${pink.id}`]: STORE_STOCK_MESSAGE });
    // The form of another tab, opened at version 1: refused.
    await expectAppError(setStoreStock(db, shop.id, { version: "1", [`quantity.${white.id}`]: "7" }), "conflict");
    const units = await db
      .select({ quantity: storeStock.quantity })
      .from(storeStock)
      .where(eq(storeStock.productId, white.id));
    expect(units).toEqual([{ quantity: 3 }]);
    const [listed] = await listStoreLocations(db);
    expect(listed).toMatchObject({ units: 3, productsInStock: 1, version: 2 });
  });

  it("shows the product page's shops with their hours and map, active shops only", async () => {
    const product = await insertProduct(db, { name: "Máy xanh", stock: 5 });
    const open = await createStoreLocation(db, cầuGiấy);
    await createStoreLocation(db, { ...cầuGiấy, name: "UVC Care Đóng cửa", isActive: "" });
    await setStoreStock(db, open.id, { version: "1", [`quantity.${product.id}`]: "4" });
    const found = await getProduct(db, "any", String(product.id));
    expect(found?.product.availability).toEqual([
      {
        storeId: open.id,
        name: "UVC Care Cầu Giấy",
        city: "Hà Nội",
        address: cầuGiấy.address,
        phone: cầuGiấy.phone,
        opensAt: "08:30",
        closesAt: "21:30",
        mapUrl: cầuGiấy.mapUrl,
        quantity: 4,
      },
    ]);
  });

  it("removes a shop with its stock list, over the version shown; an unknown shop is not found", async () => {
    const product = await insertProduct(db, { name: "Hộp", stock: 5 });
    const shop = await createStoreLocation(db, cầuGiấy);
    await setStoreStock(db, shop.id, { version: "1", [`quantity.${product.id}`]: "2" });
    await expectAppError(deleteStoreLocation(db, shop.id, { version: "1" }), "conflict");
    await deleteStoreLocation(db, shop.id, { version: "2" });
    expect(await db.select().from(storeStock)).toEqual([]);
    await expectAppError(deleteStoreLocation(db, shop.id, { version: "2" }), "not_found");
    await expectAppError(listStoreStock(db, shop.id), "not_found");
  });
});
