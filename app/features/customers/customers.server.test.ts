import { beforeAll, describe, expect, it } from "vitest";
import { CSV_BOM } from "~/lib/csv";
import { csvStreamResponse, readText } from "~/server/csv.server";
import { AppError } from "~/server/errors.server";
import { setUpTestDatabase } from "~/test/database";
import { hcm, insertCustomer, insertOrder, insertProduct } from "~/test/orders-fixture";
import { customerCsvBatches, customersCsvHeader, getCustomerDetail, listCustomers } from "./customers.server";

const database = await setUpTestDatabase();
const { db } = database;
let fixtures: Awaited<ReturnType<typeof seed>>;

async function seed() {
  const product = await insertProduct(db, { price: 100_000 });
  const anh = await insertCustomer(db, {
    firstName: "Ánh",
    lastName: "Nguyễn Thị",
    email: "Anh.Nguyen@Example.vn",
    phone: "+84901234567",
    company: "Công ty Ánh Dương, TNHH",
    createdAt: hcm("2026-11-03 10:00"),
    defaultAddress: {
      address: "12 Lê Lợi",
      ward: "Phường Bến Thành",
      province: "Thành phố Hồ Chí Minh",
      postal_code: "700000",
      structure: "current",
    },
  });
  const dung = await insertCustomer(db, {
    firstName: "Dũng",
    lastName: "Đặng",
    email: "dung@shop.vn",
    phone: null,
    createdAt: hcm("2026-11-02 10:00"),
  });
  const evil = await insertCustomer(db, {
    firstName: '=HYPERLINK("http://evil.example","bấm")',
    lastName: "Hacker",
    email: "evil@example.com",
    phone: "+84988777666",
    createdAt: hcm("2026-11-01 10:00"),
  });
  // Ánh: 3 orders, one cancelled: 300,000 + 130,000 spent (100,000 + 30,000 shipping).
  await insertOrder(db, { customer: anh, lines: [{ product, quantity: 3 }], createdAt: hcm("2026-11-05 10:00") });
  await insertOrder(db, {
    customer: anh,
    lines: [{ product, quantity: 1 }],
    shippingFee: 30_000,
    status: "delivered",
    createdAt: hcm("2026-11-06 10:00"),
  });
  await insertOrder(db, { customer: anh, lines: [{ product, quantity: 9 }], status: "cancelled", createdAt: hcm("2026-11-07 10:00") });
  // The hacker: one order of 100,001 đ (average rounding).
  await insertOrder(db, { customer: evil, lines: [{ product, quantity: 1, unitPrice: 50_000 }], createdAt: hcm("2026-11-08 10:00") });
  await insertOrder(db, { customer: evil, lines: [{ product, quantity: 1, unitPrice: 50_001 }], createdAt: hcm("2026-11-09 10:00") });
  return { anh, dung, evil };
}

beforeAll(async () => {
  fixtures = await seed();
});

describe("listCustomers", () => {
  it("lists newest first with total orders and total spent from SQL", async () => {
    const page = await listCustomers(db, {});
    expect(page).toMatchObject({ total: 3, page: 1, pageCount: 1 });
    expect(page.rows.map((r) => [r.email, r.totalOrders, r.totalSpent])).toEqual([
      ["Anh.Nguyen@Example.vn", 3, 430_000],
      ["dung@shop.vn", 0, 0],
      ["evil@example.com", 2, 100_001],
    ]);
    expect(page.rows[1].phone).toBeNull();
  });

  it("searches case-insensitively on email, names (accent-insensitive) and phone", async () => {
    const emails = async (q: string) => (await listCustomers(db, { q })).rows.map((r) => r.email);
    expect(await emails("anh.nguyen@example")).toEqual(["Anh.Nguyen@Example.vn"]);
    expect(await emails("EXAMPLE")).toEqual(["Anh.Nguyen@Example.vn", "evil@example.com"]);
    expect(await emails("ánh")).toEqual(["Anh.Nguyen@Example.vn"]);
    expect(await emails("anh")).toEqual(["Anh.Nguyen@Example.vn"]);
    expect(await emails("NGUYEN THI")).toEqual(["Anh.Nguyen@Example.vn"]);
    expect(await emails("dang")).toEqual(["dung@shop.vn"]);
    expect(await emails("Đặng")).toEqual(["dung@shop.vn"]);
    expect(await emails("dũng")).toEqual(["dung@shop.vn"]);
    expect(await emails("0901 234")).toEqual(["Anh.Nguyen@Example.vn"]);
    expect(await emails("+8498877")).toEqual(["evil@example.com"]);
    expect(await emails("777666")).toEqual(["evil@example.com"]);
    expect(await emails("không ai")).toEqual([]);
    expect(await emails("%")).toEqual([]);
    expect(await emails("   ")).toHaveLength(3);
  });

  it("paginates 25 a page", async () => {
    for (let i = 0; i < 26; i++) await insertCustomer(db, { firstName: "Trang", lastName: `Số ${i}`, email: `trang${i}@phantrang.vn`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) });
    const first = await listCustomers(db, { page: 1 });
    expect(first).toMatchObject({ total: 29, pageCount: 2 });
    expect(first.rows).toHaveLength(25);
    const second = await listCustomers(db, { page: 2 });
    expect(second.rows).toHaveLength(4);
    expect(second.rows.at(-1)?.lastName).toBe("Số 0");
    expect((await listCustomers(db, { q: "trang", page: 5 })).page).toBe(2);
  });
});

describe("getCustomerDetail", () => {
  it("gives info, statistics, default address and order history", async () => {
    const detail = await getCustomerDetail(db, fixtures.anh.id);
    expect(detail.customer).toMatchObject({ email: "Anh.Nguyen@Example.vn", company: "Công ty Ánh Dương, TNHH" });
    expect(detail.customer.defaultAddress).toMatchObject({ ward: "Phường Bến Thành", postal_code: "700000" });
    // Average over the orders that count (not cancelled): 430,000 / 2.
    expect(detail.stats).toEqual({ totalOrders: 3, totalSpent: 430_000, averageOrderValue: 215_000 });
    expect(detail.orders.map((o) => [o.status, o.total])).toEqual([
      ["cancelled", 900_000],
      ["delivered", 130_000],
      ["pending", 300_000],
    ]);
  });

  it("rounds the average to whole đồng and gives 0 without orders", async () => {
    expect((await getCustomerDetail(db, fixtures.evil.id)).stats).toEqual({ totalOrders: 2, totalSpent: 100_001, averageOrderValue: 50_001 });
    const none = await getCustomerDetail(db, fixtures.dung.id);
    expect(none.stats).toEqual({ totalOrders: 0, totalSpent: 0, averageOrderValue: 0 });
    expect(none.orders).toEqual([]);
    expect(none.customer.defaultAddress).toBeNull();
  });

  it("refuses unknown ids", async () => {
    for (const id of ["nope", "00000000-0000-4000-8000-000000000000"]) {
      const error = await getCustomerDetail(db, id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).kind).toBe("not_found");
    }
  });
});

describe("customers CSV export", () => {
  it("streams every matching customer in batches, neutralising formulas", async () => {
    const response = csvStreamResponse("customers_2026-11-23.csv", customersCsvHeader, customerCsvBatches(db, "example", 1));
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="customers_2026-11-23.csv"');
    const text = await readText(response);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.slice(1).split("\r\n")).toEqual([
      "Email,Tên,Họ,Số điện thoại,Công ty,Tổng đơn hàng,Tổng chi tiêu (đ),Ngày tạo",
      `Anh.Nguyen@Example.vn,Ánh,Nguyễn Thị,'+84901234567,"Công ty Ánh Dương, TNHH",3,430000,03/11/2026`,
      `evil@example.com,"'=HYPERLINK(""http://evil.example"",""bấm"")",Hacker,'+84988777666,,2,100001,01/11/2026`,
      "",
    ]);
  });

  it("exports all customers across batch boundaries without skipping or repeating (same created_at too)", async () => {
    const at = new Date();
    for (let i = 0; i < 5; i++) await insertCustomer(db, { firstName: "Cùng", lastName: `Giờ ${i}`, createdAt: at });
    let rows = 0;
    const emails = new Set<string>();
    for await (const batch of customerCsvBatches(db, undefined, 2)) {
      expect(batch.length).toBeLessThanOrEqual(2);
      for (const row of batch) {
        rows++;
        emails.add(String(row[0]));
      }
    }
    expect(rows).toBe(34);
    expect(emails.size).toBe(34);
  });
});
