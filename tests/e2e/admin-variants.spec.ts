import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { signInAsAdmin } from "./admin-session";

// A long journey (several pages and axe scans) on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

/** The review screenshots (decision 0038's console), at 390 px on the phone project and 1280 px on desktop. */
async function shoot(page: Page, projectName: string, name: string, part?: Locator) {
  const width = projectName === "phone" ? 390 : 1280;
  await page.setViewportSize({ width, height: projectName === "phone" ? 844 : 800 });
  const path = `test-results/variants-${name}-${width}.png`;
  if (part) await part.screenshot({ path });
  else await page.screenshot({ path });
}

test("staff create a product, add two variants, reorder them, edit one, find it by a variant's SKU", async ({
  page,
}, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`.toUpperCase();
  const name = `Máy tiệt trùng gia đình ${stamp}`;
  await page.goto("/admin/products/new");
  await page.getByLabel(/^Tên sản phẩm\s*\*?$/).fill(name);
  await page.getByLabel(/^SKU/).fill(`MTT-${stamp}`);
  await page.getByLabel(/Giá bán/).fill("490000");
  await page.getByLabel(/^Danh mục/).selectOption({ label: "Phụ kiện" });
  await page.getByLabel("Tồn kho", { exact: true }).fill("5");
  await page.getByRole("button", { name: "Thêm sản phẩm" }).last().click();
  await expect(page.getByText("Sản phẩm mới đã được thêm thành công")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  const productUrl = page.url();

  // No variants yet: the card says what happens to the product's own stock.
  const card = page.getByRole("region", { name: "Biến thể", exact: true });
  await expect(card.getByText("tồn kho hiện có của sản phẩm (5) được chuyển sang biến thể đó")).toBeVisible();
  await card.getByRole("link", { name: "Thêm biến thể" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thêm biến thể" })).toBeVisible();
  // Prefilled with the product's price.
  await expect(page.getByLabel("Giá bán (đ)")).toHaveValue("490000");
  // Bad input: the shared schema's message beside the field, nothing sent.
  await page.getByRole("button", { name: "Thêm biến thể" }).click();
  await expect(page.getByText("Vui lòng nhập tên biến thể")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel(/^Tên biến thể\s*\*?$/).fill("Trắng");
  await page.getByLabel("Tên biến thể (English)").fill("White");
  await page.getByLabel(/^SKU/).fill(`MTT-${stamp}-WHT`);
  await page.getByLabel("Màu", { exact: true }).selectOption("white");
  await page.getByLabel("Mã màu").fill("#FFFFFF");
  await page.getByLabel("Tồn kho", { exact: true }).fill("3");
  await page.getByRole("button", { name: "Thêm biến thể" }).click();
  await expect(page.getByText("Biến thể mới đã được thêm")).toBeVisible();
  await expect(page).toHaveURL(productUrl + "#variants");
  const rows = card.getByRole("region", { name: "Danh sách biến thể" }).getByRole("row");
  // 3 of its own and the product's 5 moved over.
  await expect(rows.filter({ hasText: "Trắng" }).getByText("Còn 8")).toBeVisible();

  await card.getByRole("link", { name: "Thêm biến thể" }).click();
  await page.getByLabel(/^Tên biến thể\s*\*?$/).fill("Đen");
  await page.getByLabel(/^SKU/).fill(`MTT-${stamp}-WHT`.toLowerCase());
  await page.getByLabel("Giá bán (đ)").fill("520000");
  await page.getByLabel("Mã màu").fill("#222222");
  await page.getByLabel("Tồn kho", { exact: true }).fill("2");
  await page.getByRole("button", { name: "Thêm biến thể" }).click();
  // The SKU is checked against every product and variant, case-insensitively.
  await expect(page.getByLabel(/^SKU/)).toHaveAccessibleDescription("SKU này đã được dùng cho một sản phẩm khác");
  await page.getByLabel(/^SKU/).fill(`MTT-${stamp}-BLK`);
  await page.getByRole("button", { name: "Thêm biến thể" }).click();
  await expect(page.getByText("Biến thể mới đã được thêm")).toBeVisible();
  await expect(rows.nth(2)).toContainText("Đen");
  await expect(rows.nth(2).getByText("Sắp hết: 2")).toBeVisible();
  await expect(rows.nth(2).getByText("520.000")).toBeVisible();

  // Reorder with the buttons.
  await rows.nth(2).getByRole("button", { name: "Đưa Đen lên" }).click();
  await expect(rows.nth(1)).toContainText("Đen");
  await expect(rows.nth(1).getByRole("button", { name: "Đưa Đen lên" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, testInfo.project.name, "variants-card", card);

  // Edit a variant on its own page: its fields only, and the way back.
  await rows.nth(2).getByRole("link", { name: "Sửa Trắng" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sửa biến thể: Trắng" })).toBeVisible();
  await expect(page.getByLabel(/^Tên sản phẩm/)).toHaveCount(0);
  await page.getByLabel(/^Tên biến thể\s*\*?$/).fill("Trắng ngà");
  await page.getByLabel("Giá bán (đ)").fill("");
  await page.getByRole("button", { name: "Cập nhật biến thể" }).click();
  await expect(page.getByText("Biến thể đã được cập nhật")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Sửa biến thể: Trắng ngà" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, testInfo.project.name, "variant-edit");
  await page.getByRole("link", { name }).first().click();
  await expect(rows.nth(2)).toContainText("Trắng ngà");
  await expect(rows.nth(2).getByText("490.000")).toBeVisible();

  // The list: one row for the product, found by a variant's SKU, with the variants' figures.
  await page.goto(`/admin/products?q=${encodeURIComponent(`mtt-${stamp}-blk`)}`);
  const list = page.getByRole("region", { name: "Danh sách sản phẩm" });
  const row = list.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("2 biến thể")).toBeVisible();
  await expect(row.getByText("Sắp hết: 10")).toBeVisible();
  await expect(row.getByText(/490\.000\s*₫?\s*–\s*520\.000/)).toBeVisible();
  await expect(list.getByRole("row").filter({ hasText: "Trắng ngà" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, testInfo.project.name, "products-list", list);

  // Delete a variant: the dialog says one already ordered is archived instead, so orders keep it.
  await page.goto(productUrl);
  await rows.nth(1).getByRole("button", { name: "Xóa Đen" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByText(/biến thể sẽ được ẩn khỏi cửa hàng \(lưu trữ\) thay vì xóa/)).toBeVisible();
  await confirm.getByRole("button", { name: "Xóa" }).click();
  await expect(page.getByText("Biến thể đã được xóa")).toBeVisible();
  await expect(rows).toHaveCount(2);

  // Deleting the product takes its variants with it (and leaves the storefront's grid as it was).
  await page.goto(`/admin/products?q=${encodeURIComponent(`mtt-${stamp}-wht`)}`);
  await row.getByRole("button", { name: `Xóa ${name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Xóa" }).click();
  await expect(page.getByText("Sản phẩm đã được xóa")).toBeVisible();
  await page.goto(`/admin/products?q=${encodeURIComponent(`mtt-${stamp}`)}`);
  await expect(list.getByRole("row").filter({ hasText: name })).toHaveCount(0);
});
