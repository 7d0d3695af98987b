import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";

// Issue 17: the phone menu and the search open without JavaScript (a <details> panel of links, a
// search button that submits to the search page); with JavaScript they open the sheet and the dialog.
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the phone menu opens as a panel of links", async ({ page }) => {
    await page.goto("/about");
    const panel = page.getByRole("navigation", { name: "Điều hướng", exact: true });
    await expect(panel).toBeHidden();
    await page.locator("summary").filter({ hasText: "Mở menu" }).click();
    await expect(panel).toBeVisible();
    await panel.getByRole("link", { name: "CỬA HÀNG" }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole("heading", { level: 1, name: "Tất cả sản phẩm" })).toBeVisible();
  });

  test("the search button opens the search page, in the page's language", async ({ page }) => {
    await page.goto("/en/shop");
    await page.getByRole("banner").getByRole("button", { name: "Search products" }).click();
    await expect(page).toHaveURL(/\/en\/search\??$/);
    await page.getByRole("main").getByRole("searchbox").fill("uvc");
    await page.getByRole("main").getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL(/\/en\/search\?q=uvc/);
    await expect(page.getByTestId("product-card").first()).toBeVisible();
  });

  test("filter chips are links: removing one keeps the others", async ({ page }) => {
    await page.goto("/shop?color=pink&use=Du+l%E1%BB%8Bch");
    const cards = page.getByTestId("product-card");
    await expect(cards).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Bỏ lọc Nhu cầu: Du lịch" })).toBeVisible();
    await page.getByRole("link", { name: "Bỏ lọc Màu: Hồng" }).click();
    await expect(page).toHaveURL(/\/shop\?use=Du\+l%E1%BB%8Bch$/);
    await expect(cards).toHaveCount(3);
    await expect(page.getByRole("link", { name: "Bỏ lọc Màu: Hồng" })).toHaveCount(0);
    await page.getByRole("link", { name: "Xóa tất cả" }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(cards).toHaveCount(4);
  });

  test.describe("on a desktop", () => {
    test.use({ viewport: { width: 1280, height: 900 } });

    test("'Xem thêm' shows a group's other options, and a ticked one stays shown", async ({ page }) => {
      await page.goto("/shop");
      const panel = page.getByRole("complementary", { name: "Bộ lọc sản phẩm" });
      const useCases = panel.getByRole("group", { name: "Nhu cầu sử dụng" });
      await expect(useCases.getByLabel(/Trẻ em/)).toBeHidden();
      await useCases.getByText("Xem thêm (1)").click();
      await useCases.getByLabel(/Trẻ em/).check();
      await panel.getByRole("button", { name: "Áp dụng bộ lọc" }).click();
      await expect(page).toHaveURL(/use=Tr%E1%BA%BB\+em/);
      await expect(page.getByTestId("product-card")).toHaveCount(1);
      await expect(useCases.getByLabel(/Trẻ em/)).toBeVisible();
      await expect(useCases.getByLabel(/Trẻ em/)).toBeChecked();
      await expect(page.getByRole("link", { name: "Bỏ lọc Nhu cầu: Trẻ em" })).toBeVisible();
    });
  });
});

test.describe("with JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the phone menu opens the sheet, Escape closes it and focus returns to the button", async ({ page }) => {
    await page.goto("/about");
    await page.waitForLoadState("networkidle");
    const button = page.locator("summary").filter({ hasText: "Mở menu" });
    await button.click();
    const sheet = page.getByRole("dialog");
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole("link", { name: "CỬA HÀNG" })).toBeVisible();
    // The no-JavaScript panel stays closed under the sheet.
    await expect(page.locator("details").filter({ has: button })).not.toHaveAttribute("open");
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("the no-JavaScript menu panel passes axe (opened by hand: axe needs JavaScript)", async ({ page }) => {
    await page.goto("/about");
    await page
      .locator("details")
      .filter({ has: page.locator("summary", { hasText: "Mở menu" }) })
      .evaluate((details) => {
        (details as HTMLDetailsElement).open = true;
      });
    await expect(page.getByRole("navigation", { name: "Điều hướng", exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("the search button opens the search dialog, not the search page", async ({ page }) => {
    await page.goto("/shop");
    await page.waitForLoadState("networkidle");
    await page.getByRole("banner").getByRole("button", { name: "Tìm sản phẩm" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page).toHaveURL(/\/shop$/);
  });
});
