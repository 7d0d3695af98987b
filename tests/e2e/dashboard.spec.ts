import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { signInAsAdmin } from "./admin-session";

// Issue 18 item 6: the dashboard's figures are for a period named on the page, each card opens
// the list behind it, and nothing blank scrolls under the dashboard or the reports.

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

/** How far the page scrolls past the end of its content (the console's main area). */
async function blankBelow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const main = document.getElementById("admin-main")!;
    return document.documentElement.scrollHeight - (main.getBoundingClientRect().bottom + window.scrollY);
  });
}

test("the dashboard's period is in the URL and labelled; its cards open the filtered orders", async ({ page }) => {
  await page.goto("/admin");
  const periods = page.getByRole("navigation", { name: "Kỳ số liệu" });
  await expect(periods.getByRole("link", { name: "Hôm nay" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: /^Hôm nay · \d{2}\/\d{2}\/\d{4}$/ })).toBeVisible();

  await periods.getByRole("link", { name: "7 ngày" }).click();
  await expect(page).toHaveURL(/\?period=7d$/);
  await expect(periods.getByRole("link", { name: "7 ngày" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: /^7 ngày · \d{2}\/\d{2} – \d{2}\/\d{2}\/\d{4}$/ })).toBeVisible();
  const ordersCard = page.getByRole("link").filter({ has: page.locator('[data-stat="Đơn hàng"]') });
  const href = await ordersCard.getAttribute("href");
  expect(href).toMatch(/^\/admin\/orders\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  const [, from, to] = /from=([\d-]+)&to=([\d-]+)/.exec(href!)!;
  expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(6);
  await expect(page.getByRole("link").filter({ has: page.locator('[data-stat="Chờ xác nhận"]') })).toHaveAttribute(
    "href",
    "/admin/orders?status=pending",
  );
  await expect(page.getByRole("heading", { name: "Đơn hàng cần xử lý · hiện tại" })).toBeVisible();
  expect(await blankBelow(page)).toBeLessThanOrEqual(1);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "test-results/dashboard-1280.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await blankBelow(page)).toBeLessThanOrEqual(1);
  await page.screenshot({ path: "test-results/dashboard-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await ordersCard.click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders\\?from=${from}&to=${to}$`));

  await page.goto("/admin/reports");
  expect(await blankBelow(page)).toBeLessThanOrEqual(1);
});
