import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import { customers, dailySales, orders, products } from "~/db/schema";
import type { OrderStatus } from "~/db/schema/orders";
import { getSetting } from "~/features/settings/settings.server";
import type { Db, Tx } from "~/server/db.server";
import { vietnameseOrder } from "~/server/vietnamese-order.server";
import { lastDays } from "./period.server";
import { revenueSeries } from "./reports.server";
import { DASHBOARD_CHART_DAYS, DASHBOARD_LATEST_ORDERS, DASHBOARD_LOW_STOCK_ROWS, type RevenuePoint } from "./reports.schema";

export interface DashboardStats {
  /** Sum of the totals of orders that are not cancelled. */
  revenue: number;
  orders: number;
  pending: number;
  /** Customers with at least one order. */
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
  stats: DashboardStats;
  latestOrders: LatestOrder[];
  lowStock: LowStockProduct[];
  /** The dashboard's list threshold (settings low_stock.dashboardThreshold, 10 by default). */
  lowStockThreshold: number;
  revenueByDay: RevenuePoint[];
}

export async function dashboardStats(db: Db | Tx): Promise<DashboardStats> {
  const [[totals], [pending], [distinct]] = await Promise.all([
    // Revenue and the order count from the daily rollup (one row per day, kept by triggers).
    db
      .select({
        revenue: sql<number>`coalesce(sum(${dailySales.revenue}), 0)`.mapWith(Number),
        orders: sql<number>`coalesce(sum(${dailySales.orderCount}), 0)`.mapWith(Number),
      })
      .from(dailySales),
    // Index only (orders_status_created_at_idx).
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(eq(orders.status, "pending")),
    // A distinct subquery reads orders_customer_id_idx (index only) and hashes: about twice as
    // fast as count(distinct …) on a large table.
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(db.selectDistinct({ customerId: orders.customerId }).from(orders).as("distinct_customers")),
  ]);
  return { ...totals, pending: pending.n, customers: distinct.n };
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
export async function lowStockProducts(db: Db | Tx, threshold: number, limit = DASHBOARD_LOW_STOCK_ROWS): Promise<LowStockProduct[]> {
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

export async function getDashboard(db: Db | Tx, now: Date = new Date()): Promise<Dashboard> {
  const { dashboardThreshold } = await getSetting(db, "low_stock");
  const [stats, latest, lowStock, revenueByDay] = await Promise.all([
    dashboardStats(db),
    latestOrders(db),
    lowStockProducts(db, dashboardThreshold),
    revenueSeries(db, lastDays(DASHBOARD_CHART_DAYS, now), "day"),
  ]);
  return { stats, latestOrders: latest, lowStock, lowStockThreshold: dashboardThreshold, revenueByDay };
}
