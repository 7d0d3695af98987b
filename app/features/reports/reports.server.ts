import { sql } from "drizzle-orm";
import { formatIsoDayVi } from "~/lib/dates";
import type { CsvValue } from "~/lib/csv";
import type { Db, Tx } from "~/server/db.server";
import { lastDays, SHOP_TIME_ZONE, type DayRange } from "./period.server";
import { reportPeriods, TOP_PRODUCTS_LIMIT, type ReportPeriod, type RevenuePoint } from "./reports.schema";

/**
 * Sales reports. Everything is aggregated in SQL over orders that are not cancelled, created in
 * the period (the last N calendar days in Asia/Ho_Chi_Minh, today included).
 */

export interface SalesSummary {
  revenue: number;
  orders: number;
  customers: number;
  /** Revenue / orders, rounded to whole đồng; 0 without orders. */
  averageOrderValue: number;
}

export interface TopProduct {
  rank: number;
  productName: string;
  quantity: number;
  revenue: number;
}

export interface SalesReport {
  period: ReportPeriod;
  range: { fromDay: string; toDay: string };
  granularity: "day" | "week";
  summary: SalesSummary;
  series: RevenuePoint[];
  topProducts: TopProduct[];
}

type Rows<T> = T[] | { rows: T[] };
/** db.execute answers rows (PGlite) or a result with rows (node-postgres). */
function rowsOf<T>(result: unknown): T[] {
  const r = result as Rows<T>;
  return Array.isArray(r) ? r : r.rows;
}

export async function salesSummary(db: Db | Tx, range: Pick<DayRange, "from" | "to">): Promise<SalesSummary> {
  const [row] = rowsOf<{ revenue: string | number; orders: string | number; customers: string | number }>(
    await db.execute(sql`
      select coalesce(sum(total), 0) as revenue, count(*) as orders, count(distinct customer_id) as customers
      from orders
      where status <> 'cancelled' and created_at >= ${range.from.toISOString()}::timestamptz
        and created_at <= ${range.to.toISOString()}::timestamptz`),
  );
  const revenue = Number(row.revenue);
  const orderCount = Number(row.orders);
  return {
    revenue,
    orders: orderCount,
    customers: Number(row.customers),
    averageOrderValue: orderCount > 0 ? Math.round(revenue / orderCount) : 0,
  };
}

/**
 * Revenue per shop-local day (or per week, weeks starting on Monday) over the range; days
 * without orders are 0. A week's key is its Monday, or the range's first day for a partial week.
 */
export async function revenueSeries(db: Db | Tx, range: DayRange, granularity: "day" | "week" = "day"): Promise<RevenuePoint[]> {
  const step = granularity === "week" ? "week" : "day";
  const rows = rowsOf<{ day: string; revenue: string | number; orders: string | number }>(
    await db.execute(sql`
      with buckets as (
        select generate_series(date_trunc(${step}, ${range.fromDay}::date::timestamp), ${range.toDay}::date::timestamp, ${`1 ${step}`}::interval)::date as bucket
      ),
      agg as (
        select date_trunc(${step}, (created_at at time zone ${SHOP_TIME_ZONE})::date::timestamp)::date as bucket,
               sum(total) as revenue, count(*) as orders
        from orders
        where status <> 'cancelled' and created_at >= ${range.from.toISOString()}::timestamptz
          and created_at <= ${range.to.toISOString()}::timestamptz
        group by 1
      )
      select to_char(greatest(b.bucket, ${range.fromDay}::date), 'YYYY-MM-DD') as day,
             coalesce(a.revenue, 0) as revenue, coalesce(a.orders, 0) as orders
      from buckets b left join agg a on a.bucket = b.bucket
      order by b.bucket`),
  );
  return rows.map((r) => ({ day: r.day, revenue: Number(r.revenue), orders: Number(r.orders) }));
}

/** The best sellers by revenue in the range (by product name, as ordered), at most `limit`. */
export async function topProducts(db: Db | Tx, range: Pick<DayRange, "from" | "to">, limit = TOP_PRODUCTS_LIMIT): Promise<TopProduct[]> {
  const rows = rowsOf<{ product_name: string; quantity: string | number; revenue: string | number }>(
    await db.execute(sql`
      select i.product_name, sum(i.quantity) as quantity, sum(i.total_price) as revenue
      from order_items i join orders o on o.id = i.order_id
      where o.status <> 'cancelled' and o.created_at >= ${range.from.toISOString()}::timestamptz
        and o.created_at <= ${range.to.toISOString()}::timestamptz
        -- Items are written in their order's transaction (same created_at, give or take): this
        -- lets the planner read only the period's items (order_items_created_at_idx); the order's
        -- own created_at above stays the exact rule.
        and i.created_at >= ${range.from.toISOString()}::timestamptz - interval '1 hour'
        and i.created_at <= ${range.to.toISOString()}::timestamptz + interval '1 hour'
      group by i.product_name
      order by revenue desc, quantity desc, i.product_name asc
      limit ${limit}`),
  );
  return rows.map((r, i) => ({ rank: i + 1, productName: r.product_name, quantity: Number(r.quantity), revenue: Number(r.revenue) }));
}

export async function getSalesReport(db: Db | Tx, period: ReportPeriod, now: Date = new Date()): Promise<SalesReport> {
  const { days, granularity } = reportPeriods[period];
  const range = lastDays(days, now);
  const [summary, series, top] = await Promise.all([
    salesSummary(db, range),
    revenueSeries(db, range, granularity),
    topProducts(db, range),
  ]);
  return { period, range: { fromDay: range.fromDay, toDay: range.toDay }, granularity, summary, series, topProducts: top };
}

export const salesReportCsvHeader = ["Chỉ số", "Giá trị"] as const;

/** The rows of sales_report_{period}_{date}.csv: the summary, then revenue per day (or week). */
export function salesReportCsvRows(report: SalesReport): CsvValue[][] {
  const { label } = reportPeriods[report.period];
  const rows: CsvValue[][] = [
    ["Kỳ báo cáo", label],
    ["Từ ngày", formatIsoDayVi(report.range.fromDay, true)],
    ["Đến ngày", formatIsoDayVi(report.range.toDay, true)],
    ["Tổng doanh thu (đ)", report.summary.revenue],
    ["Tổng đơn hàng", report.summary.orders],
    ["Khách hàng", report.summary.customers],
    ["Giá trị đơn trung bình (đ)", report.summary.averageOrderValue],
    [],
    [report.granularity === "week" ? "Tuần từ ngày" : "Ngày", "Doanh thu (đ)", "Số đơn hàng"],
  ];
  for (const point of report.series) rows.push([formatIsoDayVi(point.day, true), point.revenue, point.orders]);
  return rows;
}

export const productsReportCsvHeader = ["Hạng", "Sản phẩm", "Số lượng bán", "Doanh thu (đ)"] as const;

export function productsReportCsvRows(report: SalesReport): CsvValue[][] {
  return report.topProducts.map((p) => [p.rank, p.productName, p.quantity, p.revenue]);
}
