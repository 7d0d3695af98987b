import { and, count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  categories,
  customers,
  emailOutbox,
  orders,
  products,
  settings,
  storeLocations,
  storeStock,
  type NewStoreLocation,
} from "~/db/schema";
import { AppError } from "~/server/errors.server";
import { translatorFor } from "~/server/i18n.server";
import { setUpTestDatabase } from "~/test/database";
import { checkoutInput, createCategory, createProduct } from "~/test/checkout-fixtures";
import { TEST_EMAIL_LINKS } from "~/test/orders-fixture";
import type { PlaceOrderInput } from "./checkout.schema";
import { deleteOrder, getOrderDetail, setOrderStatus } from "~/features/orders/orders.server";
import { getOrderConfirmation } from "./order-confirmation.server";
import { listPickupChoices, pickupShopRefusal } from "./pickup-choice.server";
import { placeOrder } from "./place-order.server";

const { db } = await setUpTestDatabase({
  resetTables: [orders, customers, storeLocations, products, categories, settings],
});

const t = translatorFor("vi");
const HANOI = { structure: "current" as const, provinceCode: "01" };
const HUE = { structure: "current" as const, provinceCode: "46" };
const HCM = { structure: "current" as const, provinceCode: "79" };

async function addShop(values: Partial<NewStoreLocation> & Pick<NewStoreLocation, "name" | "city">) {
  const [row] = await db
    .insert(storeLocations)
    .values({ address: `${values.name}, số 1`, mapUrl: "https://maps.example/x", phone: "024 3936 6868", ...values })
    .returning({ id: storeLocations.id });
  return row.id;
}

async function stock(storeId: number, productId: number, quantity: number) {
  await db.insert(storeStock).values({ storeId, productId, quantity });
}

async function unitsIn(storeId: number, productId: number) {
  const rows = await db
    .select({ quantity: storeStock.quantity })
    .from(storeStock)
    .where(and(eq(storeStock.storeId, storeId), eq(storeStock.productId, productId)));
  return rows[0]?.quantity ?? 0;
}

let shops: { saigon: number; hoanKiem: number; haiChau: number; haiPhong: number; closed: number };
let sterilizer: number;
let travelCase: number;

beforeEach(async () => {
  const categoryId = await createCategory(db);
  sterilizer = await createProduct(db, categoryId, {
    name: "Máy tiệt trùng – Hồng",
    price: 690_000,
    stockQuantity: 50,
  });
  travelCase = await createProduct(db, categoryId, { name: "Hộp đựng", price: 150_000, stockQuantity: 50 });
  // The console's display order puts Sài Gòn first: nearness must come before it.
  shops = {
    saigon: await addShop({ name: "UVC Care Nguyễn Huệ", city: "Hồ Chí Minh", displayOrder: 0 }),
    haiChau: await addShop({ name: "UVC Care Hải Châu", city: "Đà Nẵng", displayOrder: 1 }),
    haiPhong: await addShop({ name: "UVC Care Hải Phòng", city: "TP. Hải Phòng", displayOrder: 2 }),
    hoanKiem: await addShop({
      name: "UVC Care Hoàn Kiếm",
      city: "Hà Nội",
      displayOrder: 3,
      opensAt: "08:30",
      closesAt: "21:30",
    }),
    closed: await addShop({ name: "UVC Care Cầu Giấy", city: "Hà Nội", displayOrder: 4, isActive: false }),
  };
  await stock(shops.saigon, sterilizer, 2);
  await stock(shops.hoanKiem, sterilizer, 3);
  await stock(shops.hoanKiem, travelCase, 1);
  await stock(shops.haiChau, sterilizer, 5);
  await stock(shops.closed, sterilizer, 9);
});

const cart = () => [
  { productId: sterilizer, quantity: 2 },
  { productId: travelCase, quantity: 1 },
];

function pickupInput(storeId: number | string, lines = cart()): PlaceOrderInput {
  const input = checkoutInput(lines);
  return {
    ...input,
    address: { structure: "current", provinceCode: "01", districtCode: "", wardCode: "00070" },
    shipping: { ...input.shipping, shippingMethod: "store-pickup", pickupStoreId: String(storeId) },
  } as PlaceOrderInput;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("pickup shops offered at checkout", () => {
  it("lists the buyer's province first, then the same region, then the others in display order; never an inactive shop", async () => {
    const names = async (buyer: typeof HANOI) =>
      (await listPickupChoices(db, cart(), buyer)).map((shop) => [shop.name, shop.nearness]);
    expect(await names(HANOI)).toEqual([
      ["UVC Care Hoàn Kiếm", "province"],
      ["UVC Care Hải Phòng", "region"],
      ["UVC Care Nguyễn Huệ", "other"],
      ["UVC Care Hải Châu", "other"],
    ]);
    expect((await names(HUE)).map(([name]) => name)).toEqual([
      "UVC Care Hải Châu",
      "UVC Care Nguyễn Huệ",
      "UVC Care Hải Phòng",
      "UVC Care Hoàn Kiếm",
    ]);
    expect((await names(HCM))[0]).toEqual(["UVC Care Nguyễn Huệ", "province"]);
  });

  it("gives each shop its units of every line and whether it can supply the whole cart", async () => {
    const choices = await listPickupChoices(db, cart(), HANOI);
    const byName = new Map(choices.map((shop) => [shop.name, shop]));
    expect(byName.get("UVC Care Hoàn Kiếm")).toMatchObject({
      address: "UVC Care Hoàn Kiếm, số 1",
      opensAt: "08:30",
      closesAt: "21:30",
      holdsCart: true,
      units: [
        { productId: sterilizer, units: 3, needed: 2 },
        { productId: travelCase, units: 1, needed: 1 },
      ],
    });
    // Enough sterilizers but no case: shown, not choosable.
    expect(byName.get("UVC Care Hải Châu")).toMatchObject({
      holdsCart: false,
      units: [
        { productId: sterilizer, units: 5, needed: 2 },
        { productId: travelCase, units: 0, needed: 1 },
      ],
    });
    expect(byName.get("UVC Care Hải Phòng")?.holdsCart).toBe(false);
  });

  it("refuses a shop that does not exist, is closed for pickup or lacks the goods, with a clear message", async () => {
    expect(await pickupShopRefusal(db, cart(), shops.hoanKiem, t)).toBeNull();
    expect(await pickupShopRefusal(db, cart(), null, t)).toBe("Vui lòng chọn cửa hàng nhận hàng");
    expect(await pickupShopRefusal(db, cart(), 999_999, t)).toBe(t("checkout.errors.pickupStoreGone"));
    expect(await pickupShopRefusal(db, cart(), shops.closed, t)).toBe(t("checkout.errors.pickupStoreGone"));
    expect(await pickupShopRefusal(db, cart(), shops.haiChau, t)).toBe(
      "UVC Care Hải Châu không còn đủ hàng cho giỏ của bạn. Vui lòng chọn cửa hàng khác.",
    );
  });
});

describe("placing a pickup order", () => {
  it("keeps the shop on the order, takes the units from that shop's count and names the shop in the e-mail", async () => {
    const placed = await placeOrder(db, pickupInput(shops.hoanKiem), { links: TEST_EMAIL_LINKS });
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order.shippingMethod).toBe("store-pickup");
    expect(order.pickupStoreId).toBe(shops.hoanKiem);
    expect(order.pickupStore).toEqual({
      name: "UVC Care Hoàn Kiếm",
      address: "UVC Care Hoàn Kiếm, số 1",
      phone: "024 3936 6868",
      opensAt: "08:30",
      closesAt: "21:30",
      mapUrl: "https://maps.example/x",
    });
    expect(await unitsIn(shops.hoanKiem, sterilizer)).toBe(1);
    expect(await unitsIn(shops.hoanKiem, travelCase)).toBe(0);
    // Other shops keep theirs; the shop's total stock is taken as for every order.
    expect(await unitsIn(shops.saigon, sterilizer)).toBe(2);
    const [product] = await db.select().from(products).where(eq(products.id, sterilizer));
    expect(product.stockQuantity).toBe(48);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, placed.id));
    expect(mail.bodyText).toContain(
      "Nhận hàng tại:\nUVC Care Hoàn Kiếm\nUVC Care Hoàn Kiếm, số 1\nMở cửa 08:30–21:30 hằng ngày",
    );
    expect(mail.bodyText).toContain("Xem bản đồ: https://maps.example/x");
    // The buyer's confirmation and look-up (even with the partial access of a look-up) and the staff's order page show it.
    expect((await getOrderConfirmation(db, placed.id))?.order.pickupStore?.name).toBe("UVC Care Hoàn Kiếm");
    expect((await getOrderConfirmation(db, placed.id, "partial"))?.order.pickupStore?.address).toBe(
      "UVC Care Hoàn Kiếm, số 1",
    );
    expect((await getOrderDetail(db, placed.id)).order.pickupStore?.name).toBe("UVC Care Hoàn Kiếm");
  });

  it("keeps the shop as the buyer chose it when staff later edit or delete it", async () => {
    const placed = await placeOrder(db, pickupInput(shops.hoanKiem), { links: TEST_EMAIL_LINKS });
    await db.update(storeLocations).set({ address: "Địa chỉ mới" }).where(eq(storeLocations.id, shops.hoanKiem));
    expect((await getOrderConfirmation(db, placed.id))?.order.pickupStore?.address).toBe("UVC Care Hoàn Kiếm, số 1");
    await db.delete(storeLocations).where(eq(storeLocations.id, shops.hoanKiem));
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order.pickupStoreId).toBeNull();
    expect(order.pickupStore?.name).toBe("UVC Care Hoàn Kiếm");
  });

  it("refuses a shop that lacks the goods: nothing written, no unit taken", async () => {
    const error = await refusal(placeOrder(db, pickupInput(shops.haiChau), { links: TEST_EMAIL_LINKS }));
    expect(error.kind).toBe("conflict");
    expect(error.message).toBe("UVC Care Hải Châu không còn đủ hàng cho giỏ của bạn. Vui lòng chọn cửa hàng khác.");
    expect(error.fieldErrors?.pickupStoreId).toBe(error.message);
    expect((await db.select({ n: count() }).from(orders))[0].n).toBe(0);
    expect(await unitsIn(shops.haiChau, sterilizer)).toBe(5);
    const [product] = await db.select().from(products).where(eq(products.id, sterilizer));
    expect(product.stockQuantity).toBe(50);
  });

  it("refuses a shop that does not exist or is closed, and a pickup without a shop", async () => {
    for (const storeId of [999_999, shops.closed]) {
      const error = await refusal(placeOrder(db, pickupInput(storeId), { links: TEST_EMAIL_LINKS }));
      expect(error.kind).toBe("invalid");
      expect(error.message).toBe("checkout.errors.pickupStoreGone");
    }
    const error = await refusal(placeOrder(db, pickupInput(""), { links: TEST_EMAIL_LINKS }));
    expect(error.message).toBe("checkout.errors.pickupStore");
    expect((await db.select({ n: count() }).from(orders))[0].n).toBe(0);
    expect(await unitsIn(shops.closed, sterilizer)).toBe(9);
  });

  it("never sells a shop's last unit twice", async () => {
    const lastOne = [{ productId: travelCase, quantity: 1 }];
    await placeOrder(db, pickupInput(shops.hoanKiem, lastOne), { links: TEST_EMAIL_LINKS });
    const error = await refusal(placeOrder(db, pickupInput(shops.hoanKiem, lastOne), { links: TEST_EMAIL_LINKS }));
    expect(error.kind).toBe("conflict");
    expect((await db.select({ n: count() }).from(orders))[0].n).toBe(1);
  });

  it("keeps no shop on a delivery order, whatever the form sent", async () => {
    const input = checkoutInput(cart());
    const placed = await placeOrder(
      db,
      { ...input, shipping: { ...input.shipping, pickupStoreId: String(shops.hoanKiem) } },
      { links: TEST_EMAIL_LINKS },
    );
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order.pickupStoreId).toBeNull();
    expect(order.pickupStore).toBeNull();
    expect(await unitsIn(shops.hoanKiem, sterilizer)).toBe(3);
  });
});

/*
 * Cancelling a pickup order (decision 0061): the units it took from its shop's count go back there
 * when staff put the goods back in stock, as the product's own stock does; reinstating the order
 * takes them again (refused, nothing changed, when the shop has sold them meanwhile).
 */
describe("cancelling a pickup order", () => {
  const staff = { userId: null, name: "Kho" };

  async function stockOf(productId: number) {
    const [product] = await db
      .select({ stock: products.stockQuantity })
      .from(products)
      .where(eq(products.id, productId));
    return product.stock;
  }

  /** The shop's counts and the products' stock, for the cart's two products. */
  async function counts(storeId: number) {
    return {
      shop: [await unitsIn(storeId, sterilizer), await unitsIn(storeId, travelCase)],
      stock: [await stockOf(sterilizer), await stockOf(travelCase)],
    };
  }

  async function versionOf(orderId: string) {
    const [order] = await db
      .select({ version: orders.version, status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId));
    return order;
  }

  async function move(orderId: string, status: "cancelled" | "processing", restock = false) {
    const { version } = await versionOf(orderId);
    return setOrderStatus(
      db,
      orderId,
      { status, version, reason: status === "cancelled" ? "Khách đổi ý" : "", restock },
      staff,
      TEST_EMAIL_LINKS,
    );
  }

  it("puts the units back on the shop's count and in stock when restocked; reinstating takes them again", async () => {
    const placed = await placeOrder(db, pickupInput(shops.hoanKiem), { links: TEST_EMAIL_LINKS });
    const taken = { shop: [1, 0], stock: [48, 49] };
    expect(await counts(shops.hoanKiem)).toEqual(taken);

    await move(placed.id, "cancelled", true);
    expect(await counts(shops.hoanKiem)).toEqual({ shop: [3, 1], stock: [50, 50] });
    // Another shop's count is not touched.
    expect(await unitsIn(shops.saigon, sterilizer)).toBe(2);

    await move(placed.id, "processing");
    expect(await counts(shops.hoanKiem)).toEqual(taken);
  });

  it("leaves the shop's count as the stock when the goods do not go back", async () => {
    const placed = await placeOrder(db, pickupInput(shops.hoanKiem), { links: TEST_EMAIL_LINKS });
    const taken = { shop: [1, 0], stock: [48, 49] };
    await move(placed.id, "cancelled", false);
    expect(await counts(shops.hoanKiem)).toEqual(taken);
    // Brought back: nothing was put back, so nothing is taken again.
    await move(placed.id, "processing");
    expect(await counts(shops.hoanKiem)).toEqual(taken);
  });

  it("refuses to reinstate an order whose shop has sold the units meanwhile: nothing changed", async () => {
    const placed = await placeOrder(db, pickupInput(shops.hoanKiem), { links: TEST_EMAIL_LINKS });
    await move(placed.id, "cancelled", true);
    // The shop's last travel case goes to another buyer.
    await placeOrder(db, pickupInput(shops.hoanKiem, [{ productId: travelCase, quantity: 1 }]), {
      links: TEST_EMAIL_LINKS,
    });
    const before = { counts: await counts(shops.hoanKiem), order: await versionOf(placed.id) };

    const error = await refusal(move(placed.id, "processing"));
    expect(error.kind).toBe("conflict");
    expect(error.message).toBe('Không đủ hàng tại UVC Care Hoàn Kiếm cho sản phẩm "Hộp đựng": còn 0, đơn hàng cần 1.');
    expect({ counts: await counts(shops.hoanKiem), order: await versionOf(placed.id) }).toEqual(before);
    expect(before.order.status).toBe("cancelled");
  });

  it("a shop deleted since: the units go back in stock only", async () => {
    const placed = await placeOrder(db, pickupInput(shops.hoanKiem), { links: TEST_EMAIL_LINKS });
    await db.delete(storeLocations).where(eq(storeLocations.id, shops.hoanKiem));
    await move(placed.id, "cancelled", true);
    expect([await stockOf(sterilizer), await stockOf(travelCase)]).toEqual([50, 50]);
    expect(await db.select().from(storeStock).where(eq(storeStock.storeId, shops.hoanKiem))).toEqual([]);
  });

  it("deleting an untouched pickup order gives its units back to the shop", async () => {
    const placed = await placeOrder(db, pickupInput(shops.hoanKiem), { links: TEST_EMAIL_LINKS });
    // The shop's count of the travel case was removed meanwhile: it is made again.
    await db
      .delete(storeStock)
      .where(and(eq(storeStock.storeId, shops.hoanKiem), eq(storeStock.productId, travelCase)));
    await deleteOrder(db, placed.id, (await versionOf(placed.id)).version, staff);
    expect(await counts(shops.hoanKiem)).toEqual({ shop: [3, 1], stock: [50, 50] });
  });
});
