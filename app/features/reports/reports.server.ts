import { sql } from "drizzle-orm";
import { formatIsoDayVi } from "~/lib/dates";
import type { CsvValue } from "~/lib/csv";
import { rowsOf, type Db, type Tx } from "~/server/db.server";
import { lastDays, type DayRange } from "./period.server";
import { getSettings } from "~/features/settings/settings.server";
import {
  reportPeriods,
  TOP_PRODUCTS_LIMIT,
  type ReportPeriod,
  type RevenueBasis,
  type RevenuePoint,
} from "./reports.schema";

/**
 * Sales reports. Everything is aggregated in SQL over the orders created in the period (the last
 * N calendar days in Asia/Ho_Chi_Minh, today included) that count as revenue on the shop's basis
 * (settings fulfilment.revenueBasis: delivered or paid, or every order not cancelled nor
 * returned): revenue, order counts and products from the daily rollups (drizzle/0001_… and 0013_…).
 */

/** The daily_sales columns of each basis. */
const basisColumns = {
  delivered: { revenue: sql.raw("delivered_revenue"), count: sql.raw("delivered_count") },
  placed: { revenue: sql.raw("revenue"), count: sql.raw("sales_count") },
} as const;

/** The orders that count on each basis (the same rules as the rollup's triggers). */
export function revenueOrderFilter(basis: RevenueBasis) {
  return basis === "delivered"
    ? sql`status not in ('cancelled', 'returned') and (status = 'delivered' or payment_status = 'paid')`
    : sql`status not in ('cancelled', 'returned')`;
}

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
  basis: RevenueBasis;
  range: { fromDay: string; toDay: string };
  granularity: "day" | "week";
  summary: SalesSummary;
  series: RevenuePoint[];
  topProducts: TopProduct[];
}

/**
 * Revenue and orders of the period's days, from the daily_sales rollup; distinct customers from
 * the orders themselves (a rollup cannot add them up across days).
 */
export async function salesSummary(db: Db | Tx, range: DayRange, basis: RevenueBasis): Promise<SalesSummary> {
  const columns = basisColumns[basis];
  const [totalsResult, distinctResult] = await Promise.all([
    db.execute(sql`
      select coalesce(sum(${columns.revenue}), 0) as revenue, coalesce(sum(${columns.count}), 0) as orders
      from daily_sales where day between ${range.fromDay}::date and ${range.toDay}::date`),
    // Through orders_created_at_status_customer_idx (the delivered basis also reads payment_status).
    db.execute(sql`
      select count(*) as customers from (
        select distinct customer_id from orders
        where ${revenueOrderFilter(basis)} and created_at >= ${range.from.toISOString()}::timestamptz
          and created_at <= ${range.to.toISOString()}::timestamptz
      ) d`),
  ]);
  const [totals] = rowsOf<{ revenue: string | number; orders: string | number }>(totalsResult);
  const [distinct] = rowsOf<{ customers: string | number }>(distinctResult);
  const revenue = Number(totals.revenue);
  const orderCount = Number(totals.orders);
  return {
    revenue,
    orders: orderCount,
    customers: Number(distinct.customers),
    averageOrderValue: orderCount > 0 ? Math.round(revenue / orderCount) : 0,
  };
}

/**
 * Revenue per shop-local day (or per week, weeks starting on Monday) over the range, from the
 * daily_sales rollup; days without orders are 0. A week's key is its Monday, or the range's
 * first day for a partial week.
 */
export async function revenueSeries(
  db: Db | Tx,
  range: DayRange,
  granularity: "day" | "week",
  basis: RevenueBasis,
): Promise<RevenuePoint[]> {
  const columns = basisColumns[basis];
  const step = granularity === "week" ? "week" : "day";
  const rows = rowsOf<{ day: string; revenue: string | number; orders: string | number }>(
    await db.execute(sql`
      with buckets as (
        select generate_series(date_trunc(${step}, ${range.fromDay}::date::timestamp), ${range.toDay}::date::timestamp, ${`1 ${step}`}::interval)::date as bucket
      ),
      agg as (
        select date_trunc(${step}, day::timestamp)::date as bucket, sum(${columns.revenue}) as revenue, sum(${columns.count}) as orders
        from daily_sales
        where day between ${range.fromDay}::date and ${range.toDay}::date
        group by 1
      )
      select to_char(greatest(b.bucket, ${range.fromDay}::date), 'YYYY-MM-DD') as day,
             coalesce(a.revenue, 0) as revenue, coalesce(a.orders, 0) as orders
      from buckets b left join agg a on a.bucket = b.bucket
      order by b.bucket`),
  );
  return rows.map((r) => ({ day: r.day, revenue: Number(r.revenue), orders: Number(r.orders) }));
}

/**
 * The best sellers by revenue in the range (by product name, as ordered), at most `limit`, from
 * the daily_product_sales rollup. A product whose orders were all cancelled keeps a row at
 * quantity 0, which is left out.
 */
export async function topProducts(
  db: Db | Tx,
  range: Pick<DayRange, "fromDay" | "toDay">,
  limit = TOP_PRODUCTS_LIMIT,
): Promise<TopProduct[]> {
  const rows = rowsOf<{ product_name: string; quantity: string | number; revenue: string | number }>(
    await db.execute(sql`
      select product_name, sum(quantity) as quantity, sum(revenue) as revenue
      from daily_product_sales
      where day between ${range.fromDay}::date and ${range.toDay}::date
      group by product_name
      having sum(quantity) > 0
      order by revenue desc, quantity desc, product_name asc
      limit ${limit}`),
  );
  return rows.map((r, i) => ({
    rank: i + 1,
    productName: r.product_name,
    quantity: Number(r.quantity),
    revenue: Number(r.revenue),
  }));
}

export async function getSalesReport(db: Db | Tx, period: ReportPeriod, now: Date = new Date()): Promise<SalesReport> {
  const { days, granularity } = reportPeriods[period];
  const range = lastDays(days, now);
  const basis = (await getSettings(db)).fulfilment.revenueBasis;
  const [summary, series, top] = await Promise.all([
    salesSummary(db, range, basis),
    revenueSeries(db, range, granularity, basis),
    topProducts(db, range),
  ]);
  return {
    period,
    basis,
    range: { fromDay: range.fromDay, toDay: range.toDay },
    granularity,
    summary,
    series,
    topProducts: top,
  };
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
