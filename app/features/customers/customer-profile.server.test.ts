import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { categories, customerAddresses, customers, orders, products, settings } from "~/db/schema";
import { placeOrder } from "~/features/checkout/place-order.server";
import { saveSetting } from "~/features/settings/settings.server";
import { specCheckoutLayout } from "~/features/settings/settings.schema";
import { checkoutInput, createCategory, createProduct } from "~/test/checkout-fixtures";
import { ROW_VERSION_MISSING_MESSAGE, staleRowMessage } from "~/lib/row-version";
import { AppError } from "~/server/errors.server";
import { setUpTestDatabase } from "~/test/database";
import { CUSTOMER_NOT_FOUND, getCustomerDetail, profileDifferencesOfOrder, updateCustomerProfile } from "./customers.server";
import { customerProfileMessages } from "./customers.schema";
import { TEST_EMAIL_LINKS } from "~/test/orders-fixture";

/*
 * Issue 13 item 11: anyone can type a customer's e-mail at checkout. Such an order must not
 * rewrite the customer's profile; it keeps its own snapshot, adds its address to the
 * customer's addresses, and the console shows where it differs from the profile.
 */

const { db } = await setUpTestDatabase({ resetTables: [orders, customers, products, categories, settings] });
let productId: number;

beforeEach(async () => {
  productId = await createProduct(db, await createCategory(db), { price: 100_000 });
  // SPEC §5's form: its two name fields and postal code are each compared with the profile.
  await saveSetting(db, "checkout", specCheckoutLayout);
});

/** An order as the checkout posts it, by Lan (the owner of the e-mail) unless overridden. */
function order(
  information: Partial<ReturnType<typeof checkoutInput>["information"]> = {},
  address: Partial<ReturnType<typeof checkoutInput>["address"]> = {},
) {
  const input = checkoutInput([{ productId, quantity: 1 }], { email: "lan.nguyen@example.vn" });
  return placeOrder(
    db,
    {
      ...input,
      information: { ...input.information, ...information },
      address: { ...input.address, ...address },
    },
    { links: TEST_EMAIL_LINKS },
  );
}

const stranger = {
  email: "LAN.Nguyen@Example.VN",
  firstName: "Kẻ",
  lastName: "Lạ",
  phone: "0987 654 321",
  company: "Công ty Lạ",
  address: "99 Nguyễn Huệ",
  postalCode: "700001",
};

async function profile() {
  const rows = await db.select().from(customers);
  expect(rows).toHaveLength(1);
  return rows[0];
}

async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("an order placed with an existing customer's e-mail", () => {
  it("leaves the profile's name, phone, company and address, adds the address, and keeps its own snapshot", async () => {
    const first = await order();
    const before = await profile();
    expect(before).toMatchObject({ firstName: "Lan", lastName: "Nguyễn", phone: "+84912345678", company: null });
    expect(before.defaultAddress).toMatchObject({ address: "12 Lê Lợi", ward_code: "27316", postal_code: "700000" });

    const second = await order(stranger, { wardCode: "26743" });

    const after = await profile();
    expect(after).toMatchObject({
      id: before.id,
      email: "lan.nguyen@example.vn",
      firstName: "Lan",
      lastName: "Nguyễn",
      phone: "+84912345678",
      company: null,
      defaultAddress: before.defaultAddress,
      searchText: before.searchText,
      version: before.version,
    });

    const [snapshot] = await db.select().from(orders).where(eq(orders.id, second.id));
    expect(snapshot).toMatchObject({
      customerId: before.id,
      email: "lan.nguyen@example.vn",
      firstName: "Kẻ",
      lastName: "Lạ",
      phone: "+84987654321",
      company: "Công ty Lạ",
      address: "99 Nguyễn Huệ",
      wardCode: "26743",
      postalCode: "700001",
    });
    const [own] = await db.select().from(orders).where(eq(orders.id, first.id));
    expect(own).toMatchObject({ firstName: "Lan", phone: "+84912345678", address: "12 Lê Lợi", wardCode: "27316" });

    const detail = await getCustomerDetail(db, before.id);
    expect(detail.addresses.map((a) => ({ street: a.address.address, isDefault: a.isDefault, orders: a.orders }))).toEqual([
      { street: "99 Nguyễn Huệ", isDefault: false, orders: [{ id: second.id, orderNumber: second.orderNumber }] },
      { street: "12 Lê Lợi", isDefault: true, orders: [{ id: first.id, orderNumber: first.orderNumber }] },
    ]);
  });

  it("adds an address typed again with other spacing or letter case once, and lists both orders under it", async () => {
    const first = await order();
    const again = await order({ address: "  12   LÊ LỢI " });
    const other = await order({ address: "12 Lê Lợi" }, { wardCode: "26743" });
    const rows = await db.select().from(customerAddresses);
    expect(rows).toHaveLength(2);
    const detail = await getCustomerDetail(db, (await profile()).id);
    const home = detail.addresses.find((a) => a.isDefault);
    expect(home?.orders.map((o) => o.id).sort()).toEqual([first.id, again.id].sort());
    expect(detail.addresses.find((a) => !a.isDefault)?.orders.map((o) => o.id)).toEqual([other.id]);
  });

  it("gives a new customer the first order's details and address", async () => {
    await order({ email: "moi@example.vn", firstName: "Mới", lastName: "Khách", company: "Cty Mới" });
    const created = await profile();
    expect(created).toMatchObject({ email: "moi@example.vn", firstName: "Mới", lastName: "Khách", phone: "+84912345678", company: "Cty Mới" });
    const detail = await getCustomerDetail(db, created.id);
    expect(detail.addresses).toHaveLength(1);
    expect(detail.addresses[0]).toMatchObject({ isDefault: true, address: { address: "12 Lê Lợi", ward_code: "27316" } });
  });

  it("two first orders of one new e-mail at once make one customer with both addresses", async () => {
    await Promise.all([order({ email: "cung@example.vn" }), order({ email: "CUNG@example.vn", address: "1 Hai Bà Trưng" })]);
    const created = await profile();
    expect(await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(customerAddresses)).toEqual([{ n: 2 }]);
    expect(new Set((await db.select({ c: orders.customerId }).from(orders)).map((r) => r.c))).toEqual(new Set([created.id]));
  });
});

describe("profileDifferencesOfOrder", () => {
  it("names nothing for the customer's own order and each field that differs for another", async () => {
    const own = await order();
    expect(await profileDifferencesOfOrder(db, own.id)).toMatchObject({
      fields: [],
      profile: { name: "Nguyễn Lan", phone: "+84912345678", address: { address: "12 Lê Lợi" } },
    });

    const strangers = await order(stranger, { wardCode: "26743" });
    expect((await profileDifferencesOfOrder(db, strangers.id))?.fields).toEqual(["name", "phone", "address"]);

    const phoneOnly = await order({ phone: "0987654321" });
    expect((await profileDifferencesOfOrder(db, phoneOnly.id))?.fields).toEqual(["phone"]);

    // The same address written differently is the same address.
    const sameAddress = await order({ address: " 12  lÊ lỢi", lastName: "Nguyễn Thị" });
    expect((await profileDifferencesOfOrder(db, sameAddress.id))?.fields).toEqual(["name"]);
  });

  it("compares with the profile as staff last saved it", async () => {
    const own = await order();
    const { id, version } = await profile();
    await updateCustomerProfile(db, id, { firstName: "Lan Anh", lastName: "Nguyễn", phone: "", company: "", version: String(version) });
    expect((await profileDifferencesOfOrder(db, own.id))?.fields).toEqual(["name", "phone"]);
  });

  it("answers null for an unknown or malformed order id", async () => {
    expect(await profileDifferencesOfOrder(db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await profileDifferencesOfOrder(db, "not-a-uuid")).toBeNull();
  });
});

describe("updateCustomerProfile (the console's customer form)", () => {
  const form = (version: unknown, values: Record<string, unknown> = {}) => ({
    firstName: "Lan Anh",
    lastName: "Nguyễn Thị",
    phone: "0987 654 321",
    company: "Công ty Lan",
    version,
    ...values,
  });

  it("saves name, phone and company, raises the version and keeps the search text current", async () => {
    await order();
    const { id } = await profile();
    expect(await updateCustomerProfile(db, id, form("1"))).toEqual({ version: 2 });
    expect(await profile()).toMatchObject({
      firstName: "Lan Anh",
      lastName: "Nguyễn Thị",
      phone: "+84987654321",
      company: "Công ty Lan",
      version: 2,
      searchText: "lan anh nguyen thi lan.nguyen@example.vn +84987654321",
    });
  });

  it("saves a name kept whole in one field (no family name: checkout's 'Họ và tên')", async () => {
    await order();
    const { id } = await profile();
    expect(await updateCustomerProfile(db, id, form("1", { firstName: "Trần Thị Bình", lastName: " " }))).toEqual({ version: 2 });
    expect(await profile()).toMatchObject({ firstName: "Trần Thị Bình", lastName: "" });
  });

  it("refuses a save over a newer version of the profile and writes nothing", async () => {
    await order();
    const { id } = await profile();
    await updateCustomerProfile(db, id, form("1"));
    const stale = await appErrorOf(updateCustomerProfile(db, id, form("1", { firstName: "Tab cũ" })));
    expect(stale.kind).toBe("conflict");
    expect(stale.message).toBe(staleRowMessage("Khách hàng"));
    expect(await profile()).toMatchObject({ firstName: "Lan Anh", version: 2 });
  });

  it("refuses bad input with field messages and writes nothing", async () => {
    await order();
    const before = await profile();
    const badPhone = await appErrorOf(updateCustomerProfile(db, before.id, form("1", { phone: "028 3822 1234" })));
    expect(badPhone).toMatchObject({ kind: "invalid", fieldErrors: { phone: customerProfileMessages.phone } });
    const noName = await appErrorOf(updateCustomerProfile(db, before.id, form("1", { firstName: "  " })));
    expect(noName.fieldErrors).toEqual({ firstName: customerProfileMessages.firstName });
    const noVersion = await appErrorOf(updateCustomerProfile(db, before.id, form(undefined)));
    expect(noVersion.fieldErrors).toEqual({ version: ROW_VERSION_MISSING_MESSAGE });
    expect(await profile()).toEqual(before);
  });

  it("answers not found for an unknown customer", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "x"]) {
      const error = await appErrorOf(updateCustomerProfile(db, id, form("1")));
      expect(error).toMatchObject({ kind: "not_found", message: CUSTOMER_NOT_FOUND });
    }
  });
});
