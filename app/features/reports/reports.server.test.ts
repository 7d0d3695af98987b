import { beforeAll, describe, expect, it } from "vitest";
import { saveSetting } from "~/features/settings/settings.server";
import { csvDocument } from "~/lib/csv";
import { setUpTestDatabase } from "~/test/database";
import { hcm, insertCustomer, insertOrder, insertProduct } from "~/test/orders-fixture";
import { getDashboard } from "./dashboard.server";
import { addDays, lastDays } from "./period.server";
import {
  getSalesReport,
  productsReportCsvHeader,
  productsReportCsvRows,
  salesReportCsvHeader,
  salesReportCsvRows,
} from "./reports.server";

const database = await setUpTestDatabase();
const { db } = database;

// "Now" for every test: 23 Nov 2026, 10:00 in Ho Chi Minh City (03:00 UTC).
const NOW = hcm("2026-11-23 10:00");

describe("periods", () => {
  it("are the last N shop-local calendar days, today included", () => {
    expect(lastDays(7, NOW)).toMatchObject({
      fromDay: "2026-11-17",
      toDay: "2026-11-23",
      from: hcm("2026-11-17 00:00"),
      to: NOW,
    });
    // 23:30 on the 22nd in Vietnam is 16:30 UTC: still the 22nd for the shop.
    expect(lastDays(1, new Date("2026-11-22T16:30:00Z")).toDay).toBe("2026-11-22");
    expect(lastDays(1, new Date("2026-11-22T17:00:00Z")).toDay).toBe("2026-11-23");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
  });
});

describe("dashboard and reports on known data", () => {
  let fixtures: Awaited<ReturnType<typeof seed>>;

  async function seed() {
    const sterilizer = await insertProduct(db, {
      name: "Máy tiệt trùng UVC",
      price: 690_000,
      stock: 3,
      lowStockThreshold: 5,
    });
    const travelCase = await insertProduct(db, {
      name: "Hộp đựng du lịch",
      price: 150_000,
      stock: 10,
      lowStockThreshold: 2,
    });
    const bundle = await insertProduct(db, { name: "Combo gia đình", price: 1_200_000, stock: 0, trackStock: false });
    const low = await insertProduct(db, { name: "Máy hồng", price: 690_000, stock: 0 });
    await insertProduct(db, { name: "Đủ hàng", price: 1, stock: 11 });
    await insertProduct(db, { name: "A ít", price: 1, stock: 1 });
    await insertProduct(db, { name: "B ít", price: 1, stock: 1 });
    await insertProduct(db, { name: "Sáu", price: 1, stock: 6 });

    const an = await insertCustomer(db, { firstName: "An", lastName: "Nguyễn" });
    const binh = await insertCustomer(db, { firstName: "Bình", lastName: "Trần" });
    const chi = await insertCustomer(db, { firstName: "Chi", lastName: "Lê" });

    // Today (23/11), shop time.
    const today = await insertOrder(db, {
      customer: an,
      lines: [{ product: sterilizer, quantity: 1 }],
      shippingFee: 30_000,
      createdAt: hcm("2026-11-23 08:00"),
    }); // 720,000
    // 17/11 00:00: the first instant of the 7-day period.
    const edgeIn = await insertOrder(db, {
      customer: binh,
      lines: [{ product: travelCase, quantity: 2 }],
      status: "delivered",
      createdAt: hcm("2026-11-17 00:00"),
    }); // 300,000
    // 16/11 23:59: one minute before, inside 30 days only.
    const edgeOut = await insertOrder(db, {
      customer: chi,
      lines: [{ product: bundle, quantity: 1 }],
      status: "shipped",
      createdAt: hcm("2026-11-16 23:59"),
    }); // 1,200,000
    // Cancelled, today: never counted in revenue or reports.
    const cancelled = await insertOrder(db, {
      customer: chi,
      lines: [{ product: bundle, quantity: 5 }],
      status: "cancelled",
      createdAt: hcm("2026-11-23 09:00"),
    }); // 6,000,000
    // 25/10 00:00: first day of the 30-day period; 24/10 23:59 just outside.
    const d30in = await insertOrder(db, {
      customer: an,
      lines: [{ product: travelCase, quantity: 1 }],
      status: "processing",
      createdAt: hcm("2026-10-25 00:00"),
    }); // 150,000
    const d30out = await insertOrder(db, {
      customer: an,
      lines: [{ product: sterilizer, quantity: 1, unitPrice: 600_000 }],
      createdAt: hcm("2026-10-24 23:59"),
    }); // 600,000
    // 90 days: from 26/08; a year: from 24/11/2025.
    const d90out = await insertOrder(db, {
      customer: binh,
      lines: [{ product: low, quantity: 1 }],
      status: "delivered",
      createdAt: hcm("2026-08-25 12:00"),
    }); // 690,000
    const yearIn = await insertOrder(db, {
      customer: binh,
      lines: [{ product: sterilizer, quantity: 3 }],
      status: "delivered",
      createdAt: hcm("2025-11-24 00:00"),
    }); // 2,070,000
    const yearOut = await insertOrder(db, {
      customer: chi,
      lines: [{ product: sterilizer, quantity: 1 }],
      status: "delivered",
      createdAt: hcm("2025-11-23 23:59"),
    }); // 690,000
    return { today, edgeIn, edgeOut, cancelled, d30in, d30out, d90out, yearIn, yearOut, an, binh, chi };
  }

  beforeAll(async () => {
    fixtures = await seed();
    // The figures below are on the "placed" basis (every order not cancelled nor returned); the
    // shop's default, "delivered", is the last test's.
    await saveSetting(db, "fulfilment", { revenueBasis: "placed" });
  });

  it("dashboard: revenue without cancelled orders, counts, latest 5, low stock, 30 days of revenue", async () => {
    const dashboard = await getDashboard(db, "30d", NOW);
    // The last 30 shop days (25/10–23/11): the cancelled order counts as an order, not as revenue.
    expect(dashboard).toMatchObject({ period: "30d", fromDay: "2026-10-25", toDay: "2026-11-23" });
    expect(dashboard.stats).toEqual({
      revenue: 720_000 + 300_000 + 1_200_000 + 150_000,
      orders: 5,
      toConfirm: 2,
      toShip: 1,
      inTransit: 1,
      returning: 0,
      // Every delivered order not paid yet, of any age, with or without a shipment (decision 0055).
      codOutstanding: 300_000 + 690_000 + 2_070_000 + 690_000,
      customers: 3,
    });
    expect(dashboard.revenueBasis).toBe("placed");
    expect(dashboard.latestOrders.map((o) => o.orderNumber)).toEqual(
      [fixtures.cancelled, fixtures.today, fixtures.edgeIn, fixtures.edgeOut, fixtures.d30in].map((o) => o.orderNumber),
    );
    expect(dashboard.latestOrders[1]).toMatchObject({ total: 720_000, status: "pending", customerName: "Nguyễn An" });
    expect(dashboard.lowStockThreshold).toBe(10);
    // Tracked only, stock ≤ 10, lowest first (ties by name), at most 5.
    expect(dashboard.lowStock.map((p) => [p.name, p.stockQuantity])).toEqual([
      ["Máy hồng", 0],
      ["A ít", 1],
      ["B ít", 1],
      ["Máy tiệt trùng UVC", 3],
      ["Sáu", 6],
    ]);
    expect(dashboard.lowStock[3].lowStockThreshold).toBe(5);

    const days = dashboard.revenueByDay;
    expect(days).toHaveLength(30);
    expect(days[0].day).toBe("2026-10-25");
    expect(days.at(-1)?.day).toBe("2026-11-23");
    const byDay = Object.fromEntries(days.map((d) => [d.day, d.revenue]));
    expect(byDay["2026-11-23"]).toBe(720_000);
    expect(byDay["2026-11-17"]).toBe(300_000);
    expect(byDay["2026-11-16"]).toBe(1_200_000);
    expect(byDay["2026-10-25"]).toBe(150_000);
    expect(days.filter((d) => d.revenue > 0)).toHaveLength(4);
    expect(byDay["2026-11-20"]).toBe(0);
  });

  it("dashboard periods: today and 7 days from the shop's local midnight; the status counts stay current", async () => {
    const today = await getDashboard(db, "today", NOW);
    expect(today).toMatchObject({ period: "today", fromDay: "2026-11-23", toDay: "2026-11-23" });
    expect(today.stats).toMatchObject({
      revenue: 720_000,
      orders: 2,
      customers: 2,
      toConfirm: 2,
      toShip: 1,
      inTransit: 1,
    });
    const week = await getDashboard(db, "7d", NOW);
    expect(week).toMatchObject({ period: "7d", fromDay: "2026-11-17", toDay: "2026-11-23" });
    expect(week.stats).toMatchObject({
      revenue: 1_020_000,
      orders: 3,
      customers: 3,
      toConfirm: 2,
      toShip: 1,
      inTransit: 1,
    });
    // The chart is always the last 30 days.
    expect(week.revenueByDay).toHaveLength(30);
  });

  it("dashboard low-stock threshold follows the setting", async () => {
    await saveSetting(db, "low_stock", { dashboardThreshold: 1 });
    const dashboard = await getDashboard(db, "30d", NOW);
    expect(dashboard.lowStockThreshold).toBe(1);
    expect(dashboard.lowStock.map((p) => p.name)).toEqual(["Máy hồng", "A ít", "B ít"]);
    await saveSetting(db, "low_stock", { dashboardThreshold: 10 });
  });

  it("7 days: orders from the first local midnight, cancelled excluded", async () => {
    const report = await getSalesReport(db, "7d", NOW);
    expect(report.range).toEqual({ fromDay: "2026-11-17", toDay: "2026-11-23" });
    expect(report.summary).toEqual({ revenue: 1_020_000, orders: 2, customers: 2, averageOrderValue: 510_000 });
    expect(report.granularity).toBe("day");
    expect(report.series.map((p) => p.day)).toEqual([
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
    ]);
    expect(report.series.map((p) => p.revenue)).toEqual([300_000, 0, 0, 0, 0, 0, 720_000]);
    expect(report.series.map((p) => p.orders)).toEqual([1, 0, 0, 0, 0, 0, 1]);
    expect(report.topProducts).toEqual([
      { rank: 1, productName: "Máy tiệt trùng UVC", quantity: 1, revenue: 690_000 },
      { rank: 2, productName: "Hộp đựng du lịch", quantity: 2, revenue: 300_000 },
    ]);
  });

  it("30 days (the default period): the boundary order in, the one a minute earlier out", async () => {
    const report = await getSalesReport(db, "30d", NOW);
    expect(report.summary).toEqual({
      revenue: 720_000 + 300_000 + 1_200_000 + 150_000,
      orders: 4,
      customers: 3,
      averageOrderValue: Math.round(2_370_000 / 4),
    });
    expect(report.series).toHaveLength(30);
    expect(report.topProducts.map((p) => [p.productName, p.quantity, p.revenue])).toEqual([
      ["Combo gia đình", 1, 1_200_000],
      ["Máy tiệt trùng UVC", 1, 690_000],
      ["Hộp đựng du lịch", 3, 450_000],
    ]);
  });

  it("90 days and 1 year (per week), averages rounded to whole đồng", async () => {
    const d90 = await getSalesReport(db, "90d", NOW);
    expect(d90.range.fromDay).toBe("2026-08-26");
    expect(d90.summary).toMatchObject({ revenue: 2_970_000, orders: 5, averageOrderValue: 594_000 });
    expect(d90.series).toHaveLength(90);

    const year = await getSalesReport(db, "1y", NOW);
    expect(year.range).toEqual({ fromDay: "2025-11-24", toDay: "2026-11-23" });
    expect(year.granularity).toBe("week");
    const revenue = 2_970_000 + 690_000 + 2_070_000;
    expect(year.summary).toEqual({ revenue, orders: 7, customers: 3, averageOrderValue: Math.round(revenue / 7) });
    expect(year.summary.averageOrderValue).toBe(818_571);
    // 24/11/2025 is a Monday: 53 weeks up to the week of 23/11/2026 (a Monday as well).
    expect(year.series[0]).toEqual({ day: "2025-11-24", revenue: 2_070_000, orders: 1 });
    expect(year.series.at(-1)).toEqual({ day: "2026-11-23", revenue: 720_000, orders: 1 });
    expect(year.series).toHaveLength(53);
    expect(year.series.reduce((sum, p) => sum + p.revenue, 0)).toBe(revenue);
    expect(year.series.find((p) => p.day === "2026-11-16")).toEqual({
      day: "2026-11-16",
      revenue: 1_500_000,
      orders: 2,
    });
    expect(year.topProducts[0]).toEqual({
      rank: 1,
      productName: "Máy tiệt trùng UVC",
      quantity: 5,
      revenue: 690_000 + 600_000 + 2_070_000,
    });
  });

  it("a period without orders gives zeros, not errors", async () => {
    const report = await getSalesReport(db, "7d", hcm("2030-01-10 10:00"));
    expect(report.summary).toEqual({ revenue: 0, orders: 0, customers: 0, averageOrderValue: 0 });
    expect(report.series.every((p) => p.revenue === 0)).toBe(true);
    expect(report.topProducts).toEqual([]);
  });

  it("keeps the top 10 by revenue", async () => {
    const customer = await insertCustomer(db);
    const lines = [];
    for (let i = 1; i <= 12; i++)
      lines.push({
        product: await insertProduct(db, { name: `Top ${String(i).padStart(2, "0")}`, price: i * 1000 }),
        quantity: 1,
      });
    await insertOrder(db, { customer, lines, createdAt: hcm("2030-05-01 10:00") });
    const report = await getSalesReport(db, "7d", hcm("2030-05-02 10:00"));
    expect(report.topProducts).toHaveLength(10);
    expect(report.topProducts[0]).toEqual({ rank: 1, productName: "Top 12", quantity: 1, revenue: 12_000 });
    expect(report.topProducts[9]).toMatchObject({ rank: 10, productName: "Top 03" });
  });

  it("writes the sales and products CSV rows", async () => {
    const report = await getSalesReport(db, "7d", NOW);
    const sales = csvDocument(salesReportCsvHeader, salesReportCsvRows(report));
    expect(sales).toBe(
      "\uFEFFChỉ số,Giá trị\r\n" +
        "Kỳ báo cáo,7 ngày\r\nTừ ngày,17/11/2026\r\nĐến ngày,23/11/2026\r\n" +
        "Tổng doanh thu (đ),1020000\r\nTổng đơn hàng,2\r\nKhách hàng,2\r\nGiá trị đơn trung bình (đ),510000\r\n" +
        "\r\nNgày,Doanh thu (đ),Số đơn hàng\r\n" +
        "17/11/2026,300000,1\r\n18/11/2026,0,0\r\n19/11/2026,0,0\r\n20/11/2026,0,0\r\n21/11/2026,0,0\r\n22/11/2026,0,0\r\n23/11/2026,720000,1\r\n",
    );
    const productsCsv = csvDocument(productsReportCsvHeader, productsReportCsvRows(report));
    expect(productsCsv).toBe(
      "\uFEFFHạng,Sản phẩm,Số lượng bán,Doanh thu (đ)\r\n1,Máy tiệt trùng UVC,1,690000\r\n2,Hộp đựng du lịch,2,300000\r\n",
    );
  });

  it("on the shop's default basis counts only delivered or paid orders as revenue", async () => {
    await saveSetting(db, "fulfilment", { revenueBasis: "delivered" });
    try {
      const dashboard = await getDashboard(db, "30d", NOW);
      expect(dashboard.revenueBasis).toBe("delivered");
      // Delivered in the last 30 days: edgeIn; the order count is still every order.
      expect(dashboard.stats).toMatchObject({ revenue: 300_000, orders: 5 });
      const byDay = Object.fromEntries(dashboard.revenueByDay.map((d) => [d.day, d.revenue]));
      expect(byDay["2026-11-23"]).toBe(0);
      expect(byDay["2026-11-17"]).toBe(300_000);
      const week = await getSalesReport(db, "7d", NOW);
      expect(week.basis).toBe("delivered");
      expect(week.summary).toEqual({ revenue: 300_000, orders: 1, customers: 1, averageOrderValue: 300_000 });
      expect(week.series.map((p) => p.orders)).toEqual([1, 0, 0, 0, 0, 0, 0]);
      expect((await getSalesReport(db, "30d", NOW)).summary.revenue).toBe(300_000);
    } finally {
      await saveSetting(db, "fulfilment", { revenueBasis: "placed" });
    }
  });
});
