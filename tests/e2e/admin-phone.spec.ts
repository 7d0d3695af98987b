import { expect, test } from "@playwright/test";
import { forgetAdminSession, signInAsAdmin } from "./admin-session";

// The console on a phone (the phone project only): no screen may be wider than the phone, or
// Chromium zooms the whole page out and the menu's last rows fall below the fold.

const consoleScreens = ["/admin", "/admin/orders", "/admin/customers", "/admin/reports", "/admin/products", "/admin/cod"];

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test("every main console screen fits the phone's width", async ({ page }) => {
  const phoneWidth = page.viewportSize()!.width;
  for (const path of consoleScreens) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const layout = await page.evaluate(() => ({
      innerWidth: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
    }));
    // innerWidth grows past the device width when the page is zoomed out to fit wider content.
    expect(layout.innerWidth, path).toBe(phoneWidth);
    expect(layout.scrollWidth, path).toBeLessThanOrEqual(layout.innerWidth);
  }
});

test("the menu's sign-out row is in view without scrolling and signs out with a click", async ({ page }) => {
  await page.goto("/admin/orders");
  await page.getByRole("button", { name: "Mở menu quản trị" }).click();
  const signOut = page.getByRole("dialog").getByRole("button", { name: "Đăng xuất" });
  await expect(signOut).toBeInViewport({ ratio: 1 });
  await signOut.click();
  forgetAdminSession();
  await expect(page).toHaveURL(/\/admin\/login/);
  await expect(page.getByText("Đã đăng xuất")).toBeVisible();
});
