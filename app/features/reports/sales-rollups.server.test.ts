import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateInVietnam, type PlaceOrderInput } from "~/features/checkout/checkout.schema";
import { placeOrder } from "~/features/checkout/place-order.server";
import { checkoutInput } from "~/test/checkout-fixtures";
import { deleteOrder, setOrderArchived } from "~/features/orders/orders.server";
import { saveSetting } from "~/features/settings/settings.server";
import { rowsOf, type Db } from "~/server/db.server";
import { createTestDatabase, setUpTestDatabase, type TestDatabase } from "~/test/database";
import { insertRow, migrationsBefore } from "~/test/migrations";
import {
  changeStatus,
  hcm,
  insertCustomer,
  insertOrder,
  insertProduct,
  versionOf,
  TEST_EMAIL_LINKS,
} from "~/test/orders-fixture";
import { getDashboard } from "./dashboard.server";
import { getSalesReport } from "./reports.server";

// daily_sales and daily_product_sales are kept by triggers (drizzle/0001_…): after every kind of
// write they must equal an aggregate of the orders computed from scratch.

interface DayRow {
  day: string;
  order_count: string;
  sales_count: string;
  revenue: string;
}
interface DeliveredRow {
  day: string;
  delivered_count: string;
  delivered_revenue: string;
}
interface ProductRow {
  day: string;
  product_name: string;
  quantity: string;
  revenue: string;
}

/** The rollups' rows (zero rows left by cancellations and deletes are not sales) and the same from scratch. */
async function rollupsAndAggregates(db: Db) {
  const allDays = rowsOf<DayRow & DeliveredRow>(
    await db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, order_count::text, sales_count::text, revenue::text,
             delivered_count::text, delivered_revenue::text
      from daily_sales where order_count <> 0 order by day`),
  );
  // Sales: not cancelled nor returned; delivered: of those, delivered or paid (0013).
  const daysFromScratch = rowsOf<DayRow & DeliveredRow>(
    await db.execute(sql`
      select to_char((created_at at time zone 'Asia/Ho_Chi_Minh')::date, 'YYYY-MM-DD') as day, count(*)::text as order_count,
             (count(*) filter (where status not in ('cancelled', 'returned')))::text as sales_count,
             coalesce(sum(total) filter (where status not in ('cancelled', 'returned')), 0)::text as revenue,
             (count(*) filter (where status not in ('cancelled', 'returned') and (status = 'delivered' or payment_status = 'paid')))::text
               as delivered_count,
             coalesce(sum(total) filter (where status not in ('cancelled', 'returned') and (status = 'delivered' or payment_status = 'paid')), 0)::text
               as delivered_revenue
      from orders group by 1 order by 1`),
  );
  const products = rowsOf<ProductRow>(
    await db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, product_name, quantity::text, revenue::text
      from daily_product_sales where quantity <> 0 order by day, product_name`),
  );
  const productsFromScratch = rowsOf<ProductRow>(
    await db.execute(sql`
      select to_char((o.created_at at time zone 'Asia/Ho_Chi_Minh')::date, 'YYYY-MM-DD') as day, i.product_name,
             sum(i.quantity)::text as quantity, sum(i.total_price)::text as revenue
      from order_items i join orders o on o.id = i.order_id
      where o.status not in ('cancelled', 'returned') group by 1, 2 order by 1, 2`),
  );
  return { allDays, daysFromScratch, products, productsFromScratch };
}

async function expectRollupsExact(db: Db) {
  const { allDays, daysFromScratch, products, productsFromScratch } = await rollupsAndAggregates(db);
  expect(allDays).toEqual(daysFromScratch);
  expect(products).toEqual(productsFromScratch);
  const days: DayRow[] = allDays.map(({ day, order_count, sales_count, revenue }) => ({
    day,
    order_count,
    sales_count,
    revenue,
  }));
  const delivered: DeliveredRow[] = allDays.map(({ day, delivered_count, delivered_revenue }) => ({
    day,
    delivered_count,
    delivered_revenue,
  }));
  return { days, products, delivered };
}

function twoOfEach(productIds: number[], email: string): PlaceOrderInput {
  return checkoutInput(
    productIds.map((productId) => ({ productId, quantity: 2 })),
    { email },
  );
}

const admin = { userId: null, name: "Quản trị" };

const { db } = await setUpTestDatabase();

describe("sales rollups kept by triggers", () => {
  // The screens' figures below are on the "placed" basis; the delivered basis is tested after.
  beforeAll(() => saveSetting(db, "fulfilment", { revenueBasis: "placed" }));

  it("equal a from-scratch aggregate after place, cancel, un-cancel, other statuses and delete", async () => {
    const sterilizer = await insertProduct(db, { name: "Máy tiệt trùng", price: 690_000, stock: 20 });
    const travelCase = await insertProduct(db, { name: "Hộp du lịch", price: 150_000, stock: 20 });
    const today = dateInVietnam(new Date());

    const first = await placeOrder(db, twoOfEach([sterilizer.id, travelCase.id], "a@example.vn"), {
      links: TEST_EMAIL_LINKS,
    });
    const second = await placeOrder(db, twoOfEach([sterilizer.id], "b@example.vn"), { links: TEST_EMAIL_LINKS });
    let { days, products } = await expectRollupsExact(db);
    expect(days).toEqual([
      { day: today, order_count: "2", sales_count: "2", revenue: String(first.total + second.total) },
    ]);
    expect(products).toEqual([
      { day: today, product_name: "Hộp du lịch", quantity: "2", revenue: "300000" },
      { day: today, product_name: "Máy tiệt trùng", quantity: "4", revenue: "2760000" },
    ]);

    await changeStatus(db, first.id, "cancelled", admin);
    ({ days, products } = await expectRollupsExact(db));
    expect(days).toEqual([{ day: today, order_count: "2", sales_count: "1", revenue: String(second.total) }]);
    expect(products).toEqual([{ day: today, product_name: "Máy tiệt trùng", quantity: "2", revenue: "1380000" }]);
    // What the screens show: a cancelled order is in the order count, not in revenue nor the top.
    const dashboard = await getDashboard(db);
    expect(dashboard.stats).toMatchObject({ revenue: second.total, orders: 2 });
    const report = await getSalesReport(db, "7d");
    expect(report.summary).toMatchObject({ revenue: second.total, orders: 1, customers: 1 });
    expect(report.topProducts.map((p) => p.productName)).toEqual(["Máy tiệt trùng"]);

    await changeStatus(db, first.id, "processing", admin);
    await expectRollupsExact(db);
    // Between statuses that are not cancelled nothing moves.
    await changeStatus(db, first.id, "shipped", admin);
    await changeStatus(db, second.id, "delivered", admin);
    ({ days } = await expectRollupsExact(db));
    expect(days).toEqual([
      { day: today, order_count: "2", sales_count: "2", revenue: String(first.total + second.total) },
    ]);

    // Archiving hides an order from the list, not from the figures (issue 13, item 2).
    const revenueBefore = (await getSalesReport(db, "7d")).summary.revenue;
    await setOrderArchived(db, second.id, true, await versionOf(db, second.id), admin);
    ({ days } = await expectRollupsExact(db));
    expect(days).toEqual([
      { day: today, order_count: "2", sales_count: "2", revenue: String(first.total + second.total) },
    ]);
    expect((await getSalesReport(db, "7d")).summary).toMatchObject({ revenue: revenueBefore, orders: 2, customers: 2 });
    expect((await getDashboard(db)).stats).toMatchObject({ revenue: first.total + second.total, orders: 2 });
    // A delivered order cannot be deleted: its revenue stays.
    await expect(deleteOrder(db, second.id, await versionOf(db, second.id), admin)).rejects.toMatchObject({
      kind: "conflict",
    });

    // Deleting an order that never left pending (its items go by cascade) takes exactly that order out, once.
    const third = await placeOrder(db, twoOfEach([travelCase.id], "c@example.vn"), { links: TEST_EMAIL_LINKS });
    await expectRollupsExact(db);
    await deleteOrder(db, third.id, await versionOf(db, third.id), admin);
    ({ days, products } = await expectRollupsExact(db));
    expect(days).toEqual([
      { day: today, order_count: "2", sales_count: "2", revenue: String(first.total + second.total) },
    ]);
    expect(products).toEqual([
      { day: today, product_name: "Hộp du lịch", quantity: "2", revenue: "300000" },
      { day: today, product_name: "Máy tiệt trùng", quantity: "4", revenue: "2760000" },
    ]);
    // The next test starts from no orders: removed directly (the triggers follow any writer).
    await db.execute(sql`delete from orders`);
    expect(await expectRollupsExact(db)).toEqual({ days: [], products: [], delivered: [] });
  });

  it("count an order on its shop-local day, and follow a changed date or total", async () => {
    const product = await insertProduct(db, { name: "Combo", price: 1_000_000 });
    const customer = await insertCustomer(db);
    // 23:30 in Vietnam on the 20th is 16:30 UTC: the shop's 20th.
    const late = await insertOrder(db, {
      customer,
      lines: [{ product, quantity: 1 }],
      createdAt: hcm("2026-11-20 23:30"),
    });
    const early = await insertOrder(db, {
      customer,
      lines: [{ product, quantity: 2 }],
      createdAt: hcm("2026-11-21 00:00"),
    });
    let { days } = await expectRollupsExact(db);
    expect(days).toEqual([
      { day: "2026-11-20", order_count: "1", sales_count: "1", revenue: "1000000" },
      { day: "2026-11-21", order_count: "1", sales_count: "1", revenue: "2000000" },
    ]);
    await db.execute(
      sql`update orders set created_at = ${hcm("2026-11-21 08:00").toISOString()}::timestamptz, total = 900000 where id = ${late.id}`,
    );
    await db.execute(sql`update order_items set quantity = 3, total_price = 3000000 where order_id = ${early.id}`);
    ({ days } = await expectRollupsExact(db));
    expect(days).toEqual([{ day: "2026-11-21", order_count: "2", sales_count: "2", revenue: "2900000" }]);
    await db.execute(sql`delete from order_items where order_id = ${early.id}`);
    await expectRollupsExact(db);
  });
});

describe("revenue on delivered orders (0013)", () => {
  it("counts a returned order as no sale, and delivered or paid orders as the delivered figures", async () => {
    await saveSetting(db, "fulfilment", { revenueBasis: "delivered" });
    await db.execute(sql`delete from orders`);
    const product = await insertProduct(db, { name: "Máy tiệt trùng", price: 1_000_000 });
    const customer = await insertCustomer(db);
    const other = await insertCustomer(db);
    const today = dateInVietnam(new Date());
    const refused = await insertOrder(db, { customer, lines: [{ product, quantity: 1 }], status: "shipped" });
    const transfer = await insertOrder(db, { customer: other, lines: [{ product, quantity: 2 }] });
    await insertOrder(db, { customer, lines: [{ product, quantity: 3 }], status: "delivered" });
    let { days, delivered: cash } = await expectRollupsExact(db);
    expect(days).toEqual([{ day: today, order_count: "3", sales_count: "3", revenue: "6000000" }]);
    expect(cash).toEqual([{ day: today, delivered_count: "1", delivered_revenue: "3000000" }]);

    // Paid before delivery (a bank transfer): counts on the delivered basis too.
    await db.execute(sql`update orders set payment_status = 'paid' where id = ${transfer.id}`);
    ({ delivered: cash } = await expectRollupsExact(db));
    expect(cash).toEqual([{ day: today, delivered_count: "2", delivered_revenue: "5000000" }]);
    expect((await getDashboard(db)).stats.revenue).toBe(5_000_000);
    expect((await getSalesReport(db, "7d")).summary).toMatchObject({ revenue: 5_000_000, orders: 2, customers: 2 });

    // Refused at the door: returning is still a sale (not revenue on delivery), returned is none.
    await db.execute(sql`update orders set status = 'returning' where id = ${refused.id}`);
    ({ days } = await expectRollupsExact(db));
    expect(days).toEqual([{ day: today, order_count: "3", sales_count: "3", revenue: "6000000" }]);
    await db.execute(sql`update orders set status = 'returned' where id = ${refused.id}`);
    const afterReturn = await expectRollupsExact(db);
    ({ days, delivered: cash } = afterReturn);
    expect(days).toEqual([{ day: today, order_count: "3", sales_count: "2", revenue: "5000000" }]);
    expect(afterReturn.products).toEqual([
      { day: today, product_name: "Máy tiệt trùng", quantity: "5", revenue: "5000000" },
    ]);
    expect(cash).toEqual([{ day: today, delivered_count: "2", delivered_revenue: "5000000" }]);

    // A refund takes a paid, undelivered order out of the delivered figures; the placed basis counts it.
    await db.execute(sql`update orders set payment_status = 'refunded' where id = ${transfer.id}`);
    ({ delivered: cash } = await expectRollupsExact(db));
    expect(cash).toEqual([{ day: today, delivered_count: "1", delivered_revenue: "3000000" }]);
    // An item added to a returned order is no sale either.
    await db.execute(
      sql`insert into order_items (order_id, product_id, product_name, product_sku, quantity, unit_price, total_price)
          values (${refused.id}, ${product.id}, 'Hộp du lịch', 'SKU', 1, 150000, 150000)`,
    );
    await expectRollupsExact(db);
    expect((await getDashboard(db)).stats.revenue).toBe(3_000_000);
    await saveSetting(db, "fulfilment", { revenueBasis: "placed" });
    expect((await getDashboard(db)).stats.revenue).toBe(5_000_000);
    expect((await getSalesReport(db, "7d")).summary).toMatchObject({ revenue: 5_000_000, orders: 2, customers: 2 });
    await db.execute(sql`delete from orders`);
    expect(await expectRollupsExact(db)).toEqual({ days: [], products: [], delivered: [] });
  });
});

describe("the migration fills the rollups from the orders already there", () => {
  let database: TestDatabase;
  let firstMigrationOnly: string;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    // The database as it was before the rollups: migration 0000 only.
    firstMigrationOnly = migrationsBefore(1);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(firstMigrationOnly, { recursive: true, force: true });
  });

  it("back-fills daily and product sales exactly (and the initial stock movements of 0002)", async () => {
    await database.migrate(firstMigrationOnly);
    const db = database.db;
    const category = await insertRow(db, "categories", { name: "Máy", slug: "may" });
    const product = { id: 0, name: "Máy tiệt trùng", price: 690_000 };
    const other = { id: 0, name: "Hộp du lịch", price: 150_000 };
    for (const [i, p] of [product, other].entries()) {
      const row = await insertRow(db, "products", {
        sku: `SKU-${i}`,
        name: p.name,
        slug: `sp-${i}`,
        price: p.price,
        category_id: category.id,
        stock_quantity: i === 0 ? 25 : 0,
      });
      p.id = Number(row.id);
    }
    const customer = async (firstName: string) =>
      String(
        (await insertRow(db, "customers", { email: `${firstName}@example.vn`, first_name: firstName, last_name: "Lê" }))
          .id,
      );
    const [an, binh] = [await customer("an"), await customer("binh")];
    const order = async (
      customerId: string,
      lines: Array<{ product: { id: number; name: string; price: number }; quantity: number }>,
      status: string,
      createdAt: Date,
    ) => {
      const total = lines.reduce((sum, l) => sum + l.product.price * l.quantity, 0);
      const created = await insertRow(db, "orders", {
        customer_id: customerId,
        email: "x@example.vn",
        phone: "+84900000000",
        first_name: "X",
        last_name: "Y",
        subtotal: total,
        total,
        address: "12 Lê Lợi",
        ward_name: "Phường Bến Thành",
        ward_code: "26734",
        province_name: "Thành phố Hồ Chí Minh",
        province_code: "79",
        postal_code: "700000",
        status,
        idempotency_key: `${customerId}-${createdAt.toISOString()}`,
        created_at: createdAt.toISOString(),
      });
      for (const line of lines) {
        await insertRow(db, "order_items", {
          order_id: created.id,
          product_id: line.product.id,
          product_name: line.product.name,
          product_sku: "SKU",
          quantity: line.quantity,
          unit_price: line.product.price,
          total_price: line.product.price * line.quantity,
        });
      }
    };
    await order(
      an,
      [
        { product, quantity: 1 },
        { product: other, quantity: 2 },
      ],
      "pending",
      hcm("2026-11-01 09:00"),
    );
    await order(binh, [{ product, quantity: 1 }], "cancelled", hcm("2026-11-01 23:59"));
    await order(binh, [{ product, quantity: 3 }], "delivered", hcm("2026-11-02 00:01"));

    await database.migrate();
    const { days, products, delivered } = await expectRollupsExact(db);
    // 0013: the delivered figures back-filled (only the 2nd's order was delivered).
    expect(delivered).toEqual([
      { day: "2026-11-01", delivered_count: "0", delivered_revenue: "0" },
      { day: "2026-11-02", delivered_count: "1", delivered_revenue: "2070000" },
    ]);
    expect(days).toEqual([
      { day: "2026-11-01", order_count: "2", sales_count: "1", revenue: "990000" },
      { day: "2026-11-02", order_count: "1", sales_count: "1", revenue: "2070000" },
    ]);
    expect(products).toEqual([
      { day: "2026-11-01", product_name: "Hộp du lịch", quantity: "2", revenue: "300000" },
      { day: "2026-11-01", product_name: "Máy tiệt trùng", quantity: "1", revenue: "690000" },
      { day: "2026-11-02", product_name: "Máy tiệt trùng", quantity: "3", revenue: "2070000" },
    ]);
    // 0002: the stock already there is one "initial" movement per product that has some.
    const movements = rowsOf<{ product_id: number; delta: number; reason: string; balance_after: number }>(
      await db.execute(sql`select product_id, delta, reason, balance_after from stock_movements order by product_id`),
    );
    expect(movements).toEqual([{ product_id: product.id, delta: 25, reason: "initial", balance_after: 25 }]);
  });
});
