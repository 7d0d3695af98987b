import { z } from "zod";

/** Report periods (SPEC: 7 days, 30 days (default), 90 days, 1 year). */
export const reportPeriods = {
  "7d": { days: 7, label: "7 ngày", granularity: "day" },
  "30d": { days: 30, label: "30 ngày", granularity: "day" },
  "90d": { days: 90, label: "90 ngày", granularity: "day" },
  "1y": { days: 365, label: "1 năm", granularity: "week" },
} as const;

export type ReportPeriod = keyof typeof reportPeriods;
export const reportPeriodValues = Object.keys(reportPeriods) as ReportPeriod[];
export const DEFAULT_REPORT_PERIOD: ReportPeriod = "30d";

/** The period from the URL; the default (30 days) when missing or unknown. */
export const reportPeriodSchema = z.enum(["7d", "30d", "90d", "1y"]).catch(DEFAULT_REPORT_PERIOD);

/** How many products the top-products table shows (SPEC §9). */
export const TOP_PRODUCTS_LIMIT = 10;

/** The dashboard's periods (issue 18 item 6): its figures for today, 7 or 30 days, in the URL. */
export const dashboardPeriods = {
  today: { days: 1, label: "Hôm nay" },
  "7d": { days: 7, label: "7 ngày" },
  "30d": { days: 30, label: "30 ngày" },
} as const;
export type DashboardPeriod = keyof typeof dashboardPeriods;
export const dashboardPeriodValues = Object.keys(dashboardPeriods) as DashboardPeriod[];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = "today";

/** The dashboard period from the URL (`?period=`); today when missing or unknown. */
export const dashboardPeriodSchema = z.enum(["today", "7d", "30d"]).catch(DEFAULT_DASHBOARD_PERIOD);

/** Days of revenue the dashboard chart shows. */
export const DASHBOARD_CHART_DAYS = 30;

/** Recent orders on the dashboard (SPEC §9). */
export const DASHBOARD_LATEST_ORDERS = 5;

/** Low-stock rows on the dashboard (SPEC §9). */
export const DASHBOARD_LOW_STOCK_ROWS = 5;

/** One bar of a revenue chart: its first day (YYYY-MM-DD, shop time), revenue and order count. */
export interface RevenuePoint {
  day: string;
  revenue: number;
  orders: number;
}

/**
 * What revenue counts (settings fulfilment.revenueBasis): "delivered" (the default, cash basis)
 * only orders delivered or paid; "placed" every order not cancelled nor returned.
 */
export type RevenueBasis = "delivered" | "placed";

/** The sentence under a revenue figure saying what it counts. */
export const revenueBasisExplanations: Record<RevenueBasis, string> = {
  delivered: "Chỉ tính đơn đã giao hoặc đã thanh toán.",
  placed: "Mọi đơn đã đặt, trừ đơn đã hủy hoặc đã hoàn hàng.",
};

/** Where the shop chooses the basis (the settings tab of the fulfilment group). */
export const REVENUE_BASIS_SETTINGS_URL = "/admin/settings?tab=fulfilment";
