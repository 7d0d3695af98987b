import { and, asc, between, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { customers, dailySales, orders, products } from "~/db/schema";
import type { OrderStatus } from "~/db/schema/orders";
import { codOutstandingTotal } from "~/features/cod/cod-figures.server";
import { getSettings } from "~/features/settings/settings.server";
import type { Db, Tx } from "~/server/db.server";
import { vietnameseOrder } from "~/server/vietnamese-order.server";
import { lastDays, type DayRange } from "./period.server";
import { revenueSeries } from "./reports.server";
import {
  DASHBOARD_CHART_DAYS,
  DASHBOARD_LATEST_ORDERS,
  DASHBOARD_LOW_STOCK_ROWS,
  dashboardPeriods,
  type DashboardPeriod,
  type RevenueBasis,
  type RevenuePoint,
} from "./reports.schema";

export interface DashboardStats {
  /** Sum of the totals of the period's orders that count as revenue on the shop's basis. */
  revenue: number;
  /** Orders placed in the period. */
  orders: number;
  /** Orders waiting for the buyer's confirmation ("pending")… */
  toConfirm: number;
  /** …confirmed, to hand to a carrier ("processing")… */
  toShip: number;
  /** …with the carrier ("shipped")… */
  inTransit: number;
  /** …and refused parcels on their way back ("returning"). */
  returning: number;
  /** COD of delivered shipments no carrier payout has matched yet (đồng). */
  codOutstanding: number;
  /** Customers who placed at least one order in the period. */
  customers: number;
}

export interface LatestOrder {
  id: string;
  orderNumber: number;
  total: number;
  status: OrderStatus;
  createdAt: Date;
  customerName: string;
}

export interface LowStockProduct {
  id: number;
  name: string;
  stockQuantity: number;
  lowStockThreshold: number;
}

export interface Dashboard {
  /** The period of the revenue, order and customer figures; the status counts are the current ones. */
  period: DashboardPeriod;
  /** Its shop days (YYYY-MM-DD), for the links to the filtered lists. */
  fromDay: string;
  toDay: string;
  stats: DashboardStats;
  /** What the revenue figure counts (settings fulfilment.revenueBasis). */
  revenueBasis: RevenueBasis;
  latestOrders: LatestOrder[];
  lowStock: LowStockProduct[];
  /** The dashboard's list threshold (settings low_stock.dashboardThreshold, 10 by default). */
  lowStockThreshold: number;
  revenueByDay: RevenuePoint[];
}

/**
 * The dashboard's figures: revenue, orders and customers of the `range` (shop days, from the daily
 * rollup and the orders' creation index), and the current counts by status and COD outstanding.
 */
export async function dashboardStats(db: Db | Tx, basis: RevenueBasis, range: DayRange): Promise<DashboardStats> {
  const [[totals], byStatus, [distinct], codOutstanding] = await Promise.all([
    // Revenue and the order count from the daily rollup (one row per day, kept by triggers).
    db
      .select({
        revenue:
          sql<number>`coalesce(sum(${basis === "delivered" ? dailySales.deliveredRevenue : dailySales.revenue}), 0)`.mapWith(
            Number,
          ),
        orders: sql<number>`coalesce(sum(${dailySales.orderCount}), 0)`.mapWith(Number),
      })
      .from(dailySales)
      .where(between(dailySales.day, range.fromDay, range.toDay)),
    // Index only (orders_status_created_at_idx).
    db
      .select({ status: orders.status, n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(inArray(orders.status, ["pending", "processing", "shipped", "returning"]))
      .groupBy(orders.status),
    // A distinct subquery over orders_created_at_status_customer_idx: the period's buyers.
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(
        db
          .selectDistinct({ customerId: orders.customerId })
          .from(orders)
          .where(gte(orders.createdAt, range.from))
          .as("distinct_customers"),
      ),
    codOutstandingTotal(db),
  ]);
  const count = (status: OrderStatus) => byStatus.find((r) => r.status === status)?.n ?? 0;
  return {
    ...totals,
    toConfirm: count("pending"),
    toShip: count("processing"),
    inTransit: count("shipped"),
    returning: count("returning"),
    codOutstanding,
    customers: distinct.n,
  };
}

export async function latestOrders(db: Db | Tx, limit = DASHBOARD_LATEST_ORDERS): Promise<LatestOrder[]> {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      total: orders.total,
      status: orders.status,
      createdAt: orders.createdAt,
      // Vietnamese order (displayName): family name first.
      customerName: sql<string>`trim(${customers.lastName} || ' ' || ${customers.firstName})`,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(limit);
}

/** Tracked products at or below the threshold, lowest stock first, at most `limit`. */
export async function lowStockProducts(
  db: Db | Tx,
  threshold: number,
  limit = DASHBOARD_LOW_STOCK_ROWS,
): Promise<LowStockProduct[]> {
  return db
    .select({
      id: products.id,
      name: products.name,
      stockQuantity: products.stockQuantity,
      lowStockThreshold: products.lowStockThreshold,
    })
    .from(products)
    .where(and(eq(products.trackStock, true), lte(products.stockQuantity, threshold)))
    .orderBy(asc(products.stockQuantity), ...vietnameseOrder(sql`${products.name}`, "asc"), asc(products.id))
    .limit(limit);
}

/** The dashboard for a period (today by default): its figures, the latest orders, low stock and the 30-day chart. */
export async function getDashboard(
  db: Db | Tx,
  period: DashboardPeriod = "today",
  now: Date = new Date(),
): Promise<Dashboard> {
  const settings = await getSettings(db);
  const { dashboardThreshold } = settings.low_stock;
  const basis = settings.fulfilment.revenueBasis;
  const range = lastDays(dashboardPeriods[period].days, now);
  const [stats, latest, lowStock, revenueByDay] = await Promise.all([
    dashboardStats(db, basis, range),
    latestOrders(db),
    lowStockProducts(db, dashboardThreshold),
    revenueSeries(db, lastDays(DASHBOARD_CHART_DAYS, now), "day", basis),
  ]);
  return {
    period,
    fromDay: range.fromDay,
    toDay: range.toDay,
    stats,
    revenueBasis: basis,
    latestOrders: latest,
    lowStock,
    lowStockThreshold: dashboardThreshold,
    revenueByDay,
  };
}
