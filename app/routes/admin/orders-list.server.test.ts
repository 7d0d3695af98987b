import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, user } from "~/db/schema";
import { expectAppError } from "~/test/app-error";
import { setUpTestDatabase } from "~/test/database";
import { hcm, insertCustomer, insertOrder, insertProduct, insertShipment } from "~/test/orders-fixture";
import { listShipments } from "~/features/shipping/shipment-views.server";
import { shipmentListQuerySchema } from "~/features/shipping/shipments.schema";
import { orderListQuerySchema } from "~/features/orders/orders.schema";
import { listOrders, listShipmentCarrierNames } from "~/features/orders/orders-list.server";
import { deleteView, listSavedViews, renameView, saveView } from "~/features/orders/saved-views.server";
import {
  SAVED_VIEW_NAME_REQUIRED,
  SAVED_VIEW_NAME_TAKEN,
  SAVED_VIEW_NO_FILTER,
  SAVED_VIEW_NOT_FOUND,
  SAVED_VIEW_SHARE_FORBIDDEN,
  SAVED_VIEW_TOO_MANY,
  SAVED_VIEWS_PER_MEMBER,
} from "~/features/orders/saved-views.schema";

const { db } = await setUpTestDatabase();

const product = await insertProduct(db, { name: "Máy tiệt trùng bình sữa", price: 500_000 });
// The profile says one name; the order was placed for someone else (a gift, a relative).
const profile = await insertCustomer(db, { firstName: "Hồ sơ", lastName: "Tên", phone: "+84912345678" });
const inHcm = await insertOrder(db, { customer: profile, lines: [{ product, quantity: 1 }], orderNumber: 501, createdAt: hcm("2026-11-10 09:00") });
await db
  .update(orders)
  .set({ firstName: "Lan", lastName: "Phạm Thị", email: "lan.pham@example.vn", phone: "+84912345678" })
  .where(eq(orders.id, inHcm.id));
const other = await insertCustomer(db, { firstName: "Tuấn", lastName: "Võ", phone: "+84987000111" });
const inHanoi = await insertOrder(db, {
  customer: other,
  lines: [{ product, quantity: 2 }],
  orderNumber: 502,
  status: "shipped",
  createdAt: hcm("2026-11-11 09:00"),
});
await db.update(orders).set({ provinceCode: "01", provinceName: "Thành phố Hà Nội" }).where(eq(orders.id, inHanoi.id));
await insertOrder(db, { customer: other, lines: [{ product, quantity: 1 }], orderNumber: 503, createdAt: hcm("2026-11-12 09:00") });
await insertShipment(db, { order: inHanoi, trackingCode: "GHN5XK7Q", status: "in_transit", carrierName: "GHN" });
await insertShipment(db, { order: inHcm, trackingCode: "VTP0042", status: "in_transit", carrierName: "Viettel Post" });

const numbers = async (params: Record<string, string>) =>
  (await listOrders(db, orderListQuerySchema.parse(params))).rows.map((row) => row.orderNumber).sort((a, b) => a - b);

describe("orders list: search, filters and the name on the order", () => {
  it("finds an order by its tracking code, whole or in part, any case", async () => {
    expect(await numbers({ q: "GHN5XK7Q" })).toEqual([502]);
    expect(await numbers({ q: "ghn5xk" })).toEqual([502]);
    expect(await numbers({ q: "vtp0042" })).toEqual([501]);
  });

  it("finds an order by the phone written any way staff type it", async () => {
    for (const q of ["0912345678", "0912 345 678", "0912.345.678", "+84912345678", "+84 912 345 678", "84912345678", "(+84) 912-345-678"])
      expect({ q, found: await numbers({ q }) }).toEqual({ q, found: [501] });
    expect(await numbers({ q: "0987000111" })).toEqual([502, 503]);
  });

  it("filters by the stored province code and by the live shipment's carrier, with the other filters", async () => {
    expect(await numbers({ province: "79" })).toEqual([501, 503]);
    expect(await numbers({ province: "01" })).toEqual([502]);
    expect(await numbers({ carrier: "GHN" })).toEqual([502]);
    expect(await numbers({ carrier: "viettel post" })).toEqual([501]);
    expect(await numbers({ province: "79", carrier: "GHN" })).toEqual([]);
    expect(await numbers({ province: "79", status: "pending" })).toEqual([501, 503]);
    // Nonsense in the URL is dropped, never an error.
    expect(await numbers({ province: "HCM" })).toEqual([501, 502, 503]);
    expect(await listShipmentCarrierNames(db)).toEqual(["GHN", "Viettel Post"]);
  });

  it("shows the name, e-mail and province on the order, and its live shipment's code", async () => {
    const row = (await listOrders(db, {})).rows.find((r) => r.orderNumber === 501)!;
    expect(row).toMatchObject({
      customerName: "Phạm Thị Lan",
      customerEmail: "lan.pham@example.vn",
      provinceName: "Thành phố Hồ Chí Minh",
      carrierName: "Viettel Post",
      trackingCode: "VTP0042",
    });
    expect((await listOrders(db, {})).rows.find((r) => r.orderNumber === 503)).toMatchObject({ trackingCode: null, carrierName: null });
  });
});

describe("shipments list: search by phone and order number, carrier and province filters", () => {
  const codes = async (params: Record<string, string>) =>
    (await listShipments(db, shipmentListQuerySchema.parse(params))).rows.map((row) => row.trackingCode).sort();
  it("finds a shipment by the buyer's phone in any form, by order number or code", async () => {
    for (const q of ["0912345678", "+84 912 345 678", "84912345678", "0912.345.678"]) expect({ q, found: await codes({ q }) }).toEqual({ q, found: ["VTP0042"] });
    expect(await codes({ q: "DH000502" })).toEqual(["GHN5XK7Q"]);
    expect(await codes({ q: "5xk7" })).toEqual(["GHN5XK7Q"]);
  });
  it("filters by carrier and by the order's province", async () => {
    expect(await codes({ carrier: "viettel post" })).toEqual(["VTP0042"]);
    expect(await codes({ province: "01" })).toEqual(["GHN5XK7Q"]);
    expect(await codes({ province: "01", carrier: "Viettel Post" })).toEqual([]);
  });
});

await db
  .insert(user)
  .values([
    { id: "views-owner", name: "Chủ", email: "chu@shop.vn" },
    { id: "views-staff", name: "Lan", email: "lan@shop.vn" },
    { id: "views-other", name: "Minh", email: "minh@shop.vn" },
  ])
  .onConflictDoNothing();
const owner = { userId: "views-owner", role: "owner" as const };
const staff = { userId: "views-staff", role: "staff" as const };
const otherStaff = { userId: "views-other", role: "staff" as const };

describe("saved views", () => {
  it("saves the list's filters under a name, for the member only, normalised as the list reads them", async () => {
    const view = await db.transaction((tx) =>
      saveView(tx, staff, { name: "  Đơn HCM   chờ giao ", query: "?status=processing&page=3&province=79&junk=1" }),
    );
    expect(view).toMatchObject({ name: "Đơn HCM chờ giao", query: "status=processing&province=79", shared: false, mine: true });
    expect((await listSavedViews(db, staff.userId)).map((v) => v.name)).toEqual(["Đơn HCM chờ giao"]);
    expect(await listSavedViews(db, otherStaff.userId)).toEqual([]);
    // Nor may another member rename or delete it: to them it does not exist.
    await expectAppError(db.transaction((tx) => renameView(tx, otherStaff, { viewId: view.id, name: "Của Minh" })), "not_found", SAVED_VIEW_NOT_FOUND);
    await expectAppError(db.transaction((tx) => deleteView(tx, otherStaff, { viewId: view.id })), "not_found", SAVED_VIEW_NOT_FOUND);
    expect((await listSavedViews(db, staff.userId)).map((v) => v.name)).toEqual(["Đơn HCM chờ giao"]);
  });

  it("refuses a missing name, no filter, a name already used, sharing by staff, and too many; nothing saved", async () => {
    const refused = async (input: Record<string, string>, as = staff) => db.transaction((tx) => saveView(tx, as, input));
    await expectAppError(refused({ name: " ", query: "status=pending" }), "invalid", SAVED_VIEW_NAME_REQUIRED);
    await expectAppError(refused({ name: "Trống", query: "page=2" }), "invalid", SAVED_VIEW_NO_FILTER);
    await expectAppError(refused({ name: "đơn hcm CHỜ GIAO", query: "status=pending" }), "conflict", SAVED_VIEW_NAME_TAKEN);
    await expectAppError(refused({ name: "Chung", query: "status=pending", shared: "on" }), "forbidden", SAVED_VIEW_SHARE_FORBIDDEN);
    expect(await listSavedViews(db, staff.userId)).toHaveLength(1);
    for (let i = 1; i <= SAVED_VIEWS_PER_MEMBER; i++) await refused({ name: `Bộ lọc ${i}`, query: `q=${i}` }, otherStaff);
    await expectAppError(refused({ name: "Một nữa", query: "q=x" }, otherStaff), "conflict", SAVED_VIEW_TOO_MANY);
  });

  it("shows a view the owner shares to everyone, but only its maker renames or deletes it", async () => {
    const shared = await db.transaction((tx) => saveView(tx, owner, { name: "Hà Nội đang giao", query: "province=01&status=shipped", shared: "on" }));
    const seenByStaff = await listSavedViews(db, staff.userId);
    expect(seenByStaff.map((v) => [v.name, v.mine])).toEqual([
      ["Đơn HCM chờ giao", true],
      ["Hà Nội đang giao", false],
    ]);
    await expectAppError(db.transaction((tx) => renameView(tx, staff, { viewId: shared.id, name: "Của tôi" })), "not_found", SAVED_VIEW_NOT_FOUND);
    await expectAppError(db.transaction((tx) => deleteView(tx, staff, { viewId: shared.id })), "not_found", SAVED_VIEW_NOT_FOUND);
    await expectAppError(db.transaction((tx) => deleteView(tx, staff, { viewId: "không-phải-id" })), "invalid", SAVED_VIEW_NOT_FOUND);

    const mine = seenByStaff[0];
    await db.transaction((tx) => renameView(tx, staff, { viewId: mine.id, name: "HCM cần giao" }));
    await expectAppError(db.transaction((tx) => renameView(tx, staff, { viewId: mine.id, name: "" })), "invalid", SAVED_VIEW_NAME_REQUIRED);
    expect((await listSavedViews(db, staff.userId))[0].name).toBe("HCM cần giao");
    await db.transaction((tx) => deleteView(tx, staff, { viewId: mine.id }));
    expect((await listSavedViews(db, staff.userId)).map((v) => v.name)).toEqual(["Hà Nội đang giao"]);
  });
});
