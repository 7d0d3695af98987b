// Admin operations on a large shop: 100,000 orders (about 150,000 items) and 50,000 customers,
// generated with generate_series in a fresh PostgreSQL database, then the server-side time of
// the admin's heaviest reads (p50/p99 over N runs).
//
//   npx tsx bench/admin-large-shop.mjs            (BENCH_DATABASE_URL or the local test server)
//   RUNS=50 npx tsx bench/admin-large-shop.mjs
//
// The database is dropped at the end. Figures are recorded in bench/README.md. The last line
// printed is "JSON {…}": p50/p99 per case, for scripts.
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { getCustomerDetail, listCustomers } from "../app/features/customers/customers.server.ts";
import { listOrders } from "../app/features/orders/orders.server.ts";
import { getDashboard } from "../app/features/reports/dashboard.server.ts";
import { getSalesReport } from "../app/features/reports/reports.server.ts";
import { openDatabase } from "../app/server/db.server.ts";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres:postgres@127.0.0.1:5432/postgres";
const RUNS = Number(process.env.RUNS ?? 30);
const ORDERS = Number(process.env.ORDERS ?? 100_000);
const CUSTOMERS = Number(process.env.CUSTOMERS ?? 50_000);

const name = process.env.BENCH_DB ?? `bench_admin_${randomBytes(4).toString("hex")}`;
// BENCH_DB=name reuses a generated database (kept with KEEP=1) instead of generating one.
const reuse = Boolean(process.env.BENCH_DB);
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
if (!reuse) await admin.query(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString() });

try {
  await database.migrate();
  const raw = new pg.Client({ connectionString: url.toString() });
  await raw.connect();
  const t0 = performance.now();
  if (!reuse) await raw.query(`
    insert into categories (name, slug) values ('Máy tiệt trùng', 'may-tiet-trung');
    insert into products (sku, name, slug, price, category_id, stock_quantity, track_stock)
      select 'SKU-' || g, 'Sản phẩm ' || g, 'san-pham-' || g, 100000 + g * 10000, (select id from categories limit 1), g % 15, g % 4 <> 0
      from generate_series(1, 20) g;
    insert into customers (email, first_name, last_name, phone, search_text, created_at)
      select 'khach' || g || '@example.vn',
             (array['An','Bình','Chi','Dũng','Hà','Lan','Minh','Ngọc','Phúc','Thảo'])[1 + g % 10],
             (array['Nguyễn','Trần','Lê','Phạm','Hoàng','Vũ','Đặng','Bùi'])[1 + g % 8],
             case when g % 5 = 0 then null else '+849' || lpad(g::text, 8, '0') end,
             (array['an','binh','chi','dung','ha','lan','minh','ngoc','phuc','thao'])[1 + g % 10] || ' ' ||
             (array['nguyen','tran','le','pham','hoang','vu','dang','bui'])[1 + g % 8] || ' khach' || g || '@example.vn' ||
             case when g % 5 = 0 then '' else ' +849' || lpad(g::text, 8, '0') end,
             now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second'
      from generate_series(1, ${CUSTOMERS}) g;
    create temporary table numbered as select id, row_number() over (order by created_at, id) as rn from customers;
    insert into orders (customer_id, email, phone, first_name, last_name, subtotal, shipping_fee, total, address, ward_name, ward_code,
                        province_name, province_code, postal_code, status, payment_status, idempotency_key, created_at)
      select c.id, 'khach' || g || '@example.vn', '+84900000000', 'An', 'Nguyễn', 690000 * (1 + g % 3), 30000, 690000 * (1 + g % 3) + 30000,
             '12 Lê Lợi', 'Phường Bến Thành', '26734', 'Thành phố Hồ Chí Minh', '79', '700000',
             (array['pending','processing','shipped','delivered','delivered','delivered','delivered','cancelled'])[1 + g % 8]::order_status,
             (array['pending','paid'])[1 + g % 2]::payment_status,
             'bench-' || g, now() - (${ORDERS} - g) * (interval '400 days' / ${ORDERS}) - random() * interval '1 minute'
      from generate_series(1, ${ORDERS}) g join numbered c on c.rn = 1 + g % ${CUSTOMERS};
    insert into order_items (order_id, product_id, product_name, product_sku, quantity, unit_price, total_price, created_at)
      select o.id, p.id, p.name, p.sku, 1 + o.order_number % 3, 690000, 690000 * (1 + o.order_number % 3), o.created_at
      from orders o cross join lateral generate_series(1, 1 + o.order_number % 2) k
      join products p on p.id = 1 + (o.order_number + k) % 20;
  `);
  // What autovacuum does on a live shop: statistics and the visibility map (index-only scans).
  await raw.query("vacuum analyze");
  const [{ orders, items, customers }] = (
    await raw.query(
      "select (select count(*) from orders)::int as orders, (select count(*) from order_items)::int as items, (select count(*) from customers)::int as customers",
    )
  ).rows;
  // The rollups (filled by triggers as the rows above were written, or by the migration for a
  // reused database) must equal a from-scratch aggregate of the orders.
  const differing = async (rollup, fromScratch) =>
    (await raw.query(`select count(*)::int as n from ((${rollup} except ${fromScratch}) union all (${fromScratch} except ${rollup})) d`))
      .rows[0].n;
  const mismatches =
    (await differing(
      "select day, order_count::bigint, sales_count::bigint, revenue, delivered_count::bigint, delivered_revenue from daily_sales where order_count <> 0",
      `select (created_at at time zone 'Asia/Ho_Chi_Minh')::date, count(*), count(*) filter (where status not in ('cancelled', 'returned')),
              coalesce(sum(total) filter (where status not in ('cancelled', 'returned')), 0)::bigint,
              count(*) filter (where status not in ('cancelled', 'returned') and (status = 'delivered' or payment_status = 'paid')),
              coalesce(sum(total) filter (where status not in ('cancelled', 'returned') and (status = 'delivered' or payment_status = 'paid')), 0)::bigint
       from orders group by 1`,
    )) +
    (await differing(
      "select day, product_name, quantity, revenue from daily_product_sales where quantity <> 0",
      `select (o.created_at at time zone 'Asia/Ho_Chi_Minh')::date, i.product_name, sum(i.quantity)::bigint, sum(i.total_price)::bigint
       from order_items i join orders o on o.id = i.order_id where o.status not in ('cancelled', 'returned') group by 1, 2`,
    ));
  if (mismatches > 0) throw new Error(`the sales rollups differ from the orders on ${mismatches} rows`);
  const [{ id: someCustomer }] = (await raw.query("select customer_id as id from orders order by created_at desc limit 1")).rows;
  await raw.end();
  console.log(`generated ${orders} orders, ${items} items, ${customers} customers in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

  const db = database.db;
  const cases = [
    ["dashboard (stats, latest 5, low stock, 30-day chart)", () => getDashboard(db)],
    ["orders page 1 (newest 25, count)", () => listOrders(db, { page: 1 })],
    ["orders page 1, status delivered", () => listOrders(db, { page: 1, status: "delivered" })],
    ["orders page 40 (offset 975)", () => listOrders(db, { page: 40 })],
    ["orders search 'DH050000'", () => listOrders(db, { q: "DH050000" })],
    ["orders search 'nguyen' (name)", () => listOrders(db, { q: "nguyen" })],
    ["customers page 1 (with totals)", () => listCustomers(db, { page: 1 })],
    ["customers search 'thảo'", () => listCustomers(db, { q: "thảo" })],
    ["customers search '0900001'", () => listCustomers(db, { q: "0900001" })],
    ["customer detail", () => getCustomerDetail(db, someCustomer)],
    ["report 30 days", () => getSalesReport(db, "30d")],
    ["report 1 year (per week, top 10)", () => getSalesReport(db, "1y")],
  ];

  const rows = [];
  for (const [label, fn] of cases) {
    await fn(); // warm-up
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await fn();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
    rows.push({ case: label, p50: at(0.5).toFixed(1), p99: at(0.99).toFixed(1), max: times.at(-1).toFixed(1) });
  }
  console.log(`server time in ms over ${RUNS} runs (PostgreSQL ${(await admin.query("show server_version")).rows[0].server_version})`);
  console.table(rows);
  // The machine may be shared: the load average says how much the figures are inflated.
  console.log(`load average (1, 5, 15 min): ${loadavg().map((n) => n.toFixed(2)).join(", ")}`);
  // The last line, machine-readable (npm run bench): {"case": {"p50": ms, "p99": ms}, …}.
  console.log(`JSON ${JSON.stringify(Object.fromEntries(rows.map((r) => [r.case, { p50: Number(r.p50), p99: Number(r.p99) }])))}`);
} finally {
  await database.close();
  if (process.env.KEEP) console.error(`kept database ${name}`);
  else await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
