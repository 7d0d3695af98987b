import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./admin-session";

// Saved views of the orders list (issue 31, decision 0057): a member filters by province, saves
// the filters under a name, finds them as a tab that brings them back, renames it and deletes it.

test("saves a province filter as a view, finds it as a tab, renames it and deletes it", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/orders");
  const tabs = page.getByRole("navigation", { name: "Bộ lọc có sẵn" });
  const name = `Hà Nội ${Date.now() % 100_000}`;
  const renamed = `${name} (đổi tên)`;

  // A choice in the province list applies at once.
  await page.getByLabel("Tỉnh/Thành phố").selectOption("01");
  await expect(page).toHaveURL(/[?&]province=01(&|$)/);

  await page.getByText("Lưu bộ lọc này").click();
  await page.getByLabel("Tên bộ lọc", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Lưu bộ lọc", exact: true }).click();
  await expect(page.getByText("Đã lưu bộ lọc", { exact: true })).toBeVisible();
  const tab = tabs.getByRole("link", { name, exact: true });
  // The list shows the view's filters: it is the current tab.
  await expect(tab).toHaveAttribute("aria-current", "page");

  // From the unfiltered list, the tab brings the province back.
  await page.goto("/admin/orders");
  await expect(page.getByLabel("Tỉnh/Thành phố")).toHaveValue("");
  await tabs.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/[?&]province=01(&|$)/);
  await expect(page.getByLabel("Tỉnh/Thành phố")).toHaveValue("01");
  await expect(tabs.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");

  await page.getByText(/^Bộ lọc đã lưu của tôi/).click();
  const field = page.locator(`input[name="name"][value="${name}"]`);
  const row = page.getByRole("listitem").filter({ has: field });
  await field.fill(renamed);
  await row.getByRole("button", { name: "Đổi tên" }).click();
  await expect(page.getByText("Đã đổi tên bộ lọc", { exact: true })).toBeVisible();
  await expect(tabs.getByRole("link", { name: renamed, exact: true })).toBeVisible();
  await expect(tabs.getByRole("link", { name, exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: `Xóa bộ lọc ${renamed}` }).click();
  await expect(page.getByText("Đã xóa bộ lọc", { exact: true })).toBeVisible();
  await expect(tabs.getByRole("link", { name: renamed, exact: true })).toHaveCount(0);
  // The filters stay on the page; only the name is gone, so it may be saved again.
  await expect(page.getByLabel("Tỉnh/Thành phố")).toHaveValue("01");
  await expect(page.getByText("Lưu bộ lọc này")).toBeVisible();
});
