import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./admin-session";
import { placeOrderByPost } from "./checkout-flow";

// Issue 18 item 5: a new order reaches staff on whatever console page they are, with a link to
// it, a badge on "Đơn hàng" and a count in the tab title until the orders are opened.

test("an order placed while an admin is on another console page alerts, badges the sidebar and the title, and links to it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const stream = page.waitForResponse((r) => r.url().endsWith("/admin/events"));
  await page.goto("/admin/customers");
  await stream;
  const ordersLink = page.getByRole("navigation", { name: "Quản trị" }).getByRole("link", { name: /^Đơn hàng/ });
  // Other tests place orders in parallel, so the badge counts from whatever it shows now.
  const newOrderCount = async () => {
    const badge = ordersLink.locator("[data-new-orders]");
    return (await badge.count()) === 0
      ? 0
      : Number.parseInt(await badge.locator('[aria-hidden="true"]').innerText(), 10);
  };
  const before = await newOrderCount();
  // The sound switch is off by default.
  await expect(page.getByRole("switch", { name: "Âm báo đơn mới" })).toHaveAttribute("aria-checked", "false");

  const shopper = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const placed = await placeOrderByPost(await shopper.newPage());
  await shopper.close();

  const alert = page.locator("[data-sonner-toast]").filter({ hasText: "Đơn hàng mới" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(placed.orderNumber);
  await expect(alert).toContainText(placed.total);
  await expect.poll(newOrderCount).toBeGreaterThan(before);
  await expect(ordersLink).toHaveAccessibleName(/\d+ đơn mới/);
  await expect(page).toHaveTitle(/^\(\d+\) /);
  await page.screenshot({ path: "test-results/live-orders-alert-1280.png" });

  await alert.getByRole("link", { name: `Xem đơn ${placed.orderNumber}` }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: `Đơn hàng ${placed.orderNumber}` })).toBeVisible();
  // Seen: no badge, no count, here or on the next page.
  await expect(ordersLink.locator("[data-new-orders]")).toHaveCount(0);
  await expect(page).toHaveTitle(/^(?!\(\d)/);
  await page.goto("/admin/customers");
  await expect(page.getByRole("heading", { name: "Quản lý Khách hàng" })).toBeVisible();
  await expect(ordersLink.locator("[data-new-orders]")).toHaveCount(0);
  await expect(page).toHaveTitle(/^(?!\(\d)/);

  // The tone switch is remembered by the browser.
  await page.getByRole("switch", { name: "Âm báo đơn mới" }).click();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Âm báo đơn mới" })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("switch", { name: "Âm báo đơn mới" }).click();
});
