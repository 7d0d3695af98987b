import { expect, test, type Download } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { signInAsAdmin } from "./admin-session";
import { placeOrderByPost } from "./checkout-flow";

// The e2e shop starts with no orders and no customers: the first tests cover the empty states,
// search, reports, CSV downloads and the live event stream's wiring; the last one places a real
// order through the storefront checkout (so it stays last: the empty states are gone after it).

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test("the dashboard shows the figures, the chart and the empty lists, and opens the live stream", async ({ page }) => {
  const stream = page.waitForResponse((r) => r.url().endsWith("/admin/events"));
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Tổng quan", level: 1 })).toBeVisible();
  for (const label of [
    "Doanh thu",
    "Đơn hàng",
    "Khách hàng",
    "COD chưa đối soát",
    "Chờ xác nhận",
    "Chờ giao",
    "Đang giao",
    "Đang hoàn hàng",
  ]) {
    await expect(page.locator(`[data-stat="${label}"]`)).toBeVisible();
  }
  await expect(page.locator('[data-stat="Doanh thu"]')).toHaveText("0\u00a0₫");
  await expect(page.locator("figcaption").getByText("Doanh thu 30 ngày qua")).toBeVisible();
  await expect(page.getByText("Chưa có đơn hàng nào")).toBeVisible();
  const response = await stream;
  expect(response.headers()["content-type"]).toBe("text/event-stream; charset=utf-8");
  await expectNoSeriousA11yViolations(page);
});

test("orders: empty state, then the no-match state for a search and a status filter kept in the URL", async ({
  page,
}) => {
  await page.goto("/admin/orders");
  await expect(page.getByText("Chưa có đơn hàng nào")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Tìm kiếm").fill("DH000123");
  await page.getByRole("button", { name: "Tìm" }).click();
  await expect(page).toHaveURL(/q=DH000123/);
  await page.getByLabel("Trạng thái").selectOption("shipped");
  await expect(page).toHaveURL(/status=shipped/);
  await expect(page).toHaveURL(/q=DH000123/);
  // The shop has no order at all, so the text stays 'Chưa có đơn hàng nào'.
  await expect(page.getByText("Chưa có đơn hàng nào")).toBeVisible();
  await page.goto("/admin/orders/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "Không tìm thấy trang" })).toBeVisible();
});

test("customers: title, search placeholder, empty text, CSV download with a BOM", async ({ page }) => {
  await page.goto("/admin/customers");
  await expect(page.getByRole("heading", { name: "Quản lý Khách hàng" })).toBeVisible();
  const search = page.getByPlaceholder("Tìm theo tên, email, phone...");
  await search.fill("nguyễn");
  await search.press("Enter");
  await expect(page).toHaveURL(/q=nguy%E1%BB%85n|q=nguyễn/);
  await expect(page.getByText("Không có khách hàng nào")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^customers_\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readDownload(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString("utf8")).toContain(
    "Email,Tên,Họ,Số điện thoại,Công ty,Tổng đơn hàng,Tổng chi tiêu (đ),Ngày tạo",
  );
});

test("reports: every period, cards, chart, top products and both exports", async ({ page }) => {
  await page.goto("/admin/reports");
  await expect(page.getByRole("link", { name: "30 ngày" })).toHaveAttribute("aria-current", "page");
  for (const [label, period] of [
    ["7 ngày", "7d"],
    ["90 ngày", "90d"],
    ["1 năm", "1y"],
    ["30 ngày", "30d"],
  ] as const) {
    await page.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`period=${period}`));
    await expect(page.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.locator('[data-stat="Tổng doanh thu"]')).toHaveText("0\u00a0₫");
    await expect(page.locator('[data-stat="Giá trị đơn trung bình"]')).toHaveText("0\u00a0₫");
    await expect(
      page.locator("figcaption").getByText(period === "1y" ? /Doanh thu theo tuần/ : /Doanh thu theo ngày/),
    ).toBeVisible();
  }
  await expect(page.getByText("Chưa có sản phẩm nào được bán trong kỳ này")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const sales = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export báo cáo tổng hợp" }).click();
  const salesFile = await sales;
  expect(salesFile.suggestedFilename()).toMatch(/^sales_report_30d_\d{4}-\d{2}-\d{2}\.csv$/);
  const salesText = (await readDownload(salesFile)).toString("utf8");
  expect(salesText.charCodeAt(0)).toBe(0xfeff);
  expect(salesText).toContain("Kỳ báo cáo,30 ngày");

  const top = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export", exact: true }).click();
  expect((await top).suggestedFilename()).toMatch(/^products_report_30d_\d{4}-\d{2}-\d{2}\.csv$/);
});

test("an order placed by a shopper appears live on the dashboard, then its status changes with a history entry", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stream = page.waitForResponse((r) => r.url().endsWith("/admin/events"));
  await page.goto("/admin");
  await stream;
  const ordersCard = page.locator('[data-stat="Đơn hàng"]');
  const pendingCard = page.locator('[data-stat="Chờ xác nhận"]');
  // Other specs may have placed orders already: the changes are asserted, not the counts.
  const count = async (card: typeof ordersCard) => Number((await card.textContent())?.replace(/\D/g, ""));
  const ordersBefore = await count(ordersCard);
  const pendingBefore = await count(pendingCard);
  // Survives client-side data reloads, not a page load.
  await page.evaluate(() => document.documentElement.setAttribute("data-e2e-same-page", "yes"));

  const shopper = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const placed = await placeOrderByPost(await shopper.newPage());
  await shopper.close();

  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Đơn hàng mới" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(placed.orderNumber);
  await expect(toast).toContainText(placed.total);
  await expect(ordersCard).toHaveText((ordersBefore + 1).toLocaleString("vi-VN"));
  await expect(pendingCard).toHaveText((pendingBefore + 1).toLocaleString("vi-VN"));
  const newest = page.getByTestId("latest-orders").getByRole("link").first();
  await expect(newest).toContainText(placed.orderNumber);
  await expect(newest).toContainText("Nguyễn Lan");
  await expect(page.locator("html")).toHaveAttribute("data-e2e-same-page", "yes");

  await newest.click();
  await expect(page.getByRole("heading", { name: `Đơn hàng ${placed.orderNumber}` })).toBeVisible();
  const history = page.getByTestId("order-history");
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await page.getByLabel("Trạng thái đơn hàng").selectOption("processing");
  await page.getByLabel("Trạng thái đơn hàng").locator("xpath=..").getByRole("button", { name: "Lưu" }).click();
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expect(history.getByRole("listitem").first()).toContainText("Chờ xác nhận → Đã xác nhận");
  await expect(history.getByRole("listitem").first()).toContainText("admin@e2e.vn");
  await page.reload();
  await expect(page.getByLabel("Trạng thái đơn hàng")).toHaveValue("processing");
  await expectNoSeriousA11yViolations(page);
});

async function readDownload(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
