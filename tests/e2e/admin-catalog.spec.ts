import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { signInAsAdmin } from "./admin-session";
import sharp from "sharp";

// Long journeys (uploads, several axe scans) on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  // Any script run from stored text (an XSS payload) would open a dialog: fail the test.
  page.on("dialog", (dialog) => {
    throw new Error(`unexpected dialog: ${dialog.message()}`);
  });
  await signInAsAdmin(page);
});

test("categories: validation, create with a generated slug, edit, delete", async ({ page }, testInfo) => {
  const suffix = testInfo.project.name;
  await page.goto("/admin/categories");
  await expect(page.getByRole("heading", { name: "Danh mục", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Thêm danh mục" }).click();
  const dialog = page.getByRole("dialog", { name: "Tạo danh mục mới" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Tạo mới" }).click();
  await expect(dialog.getByText("Vui lòng nhập tên danh mục").first()).toBeVisible();
  await expect(dialog.getByLabel(/^Tên danh mục\s*\*?$/)).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel(/^Tên danh mục\s*\*?$/).fill(`Phụ kiện du lịch ${suffix}`);
  await expect(dialog.getByLabel(/^Slug/)).toHaveValue(`phu-kien-du-lich-${suffix}`);
  await dialog.getByLabel("Mô tả", { exact: true }).fill("<img src=x onerror=alert(1)>");
  await dialog.getByRole("button", { name: "Tạo mới" }).click();
  await expect(page.getByText("Đã tạo danh mục mới")).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: `Phụ kiện du lịch ${suffix}` });
  await expect(row).toBeVisible();
  await expect(row.getByText("<img src=x onerror=alert(1)>")).toBeVisible();

  // A duplicate slug is refused on the slug field.
  await page.getByRole("button", { name: "Thêm danh mục" }).click();
  await dialog.getByLabel(/^Tên danh mục\s*\*?$/).fill(`Phụ kiện du lịch ${suffix}`);
  await dialog.getByRole("button", { name: "Tạo mới" }).click();
  await expect(dialog.getByText("Slug này đã được dùng cho một danh mục khác")).toBeVisible();
  await dialog.getByRole("button", { name: "Hủy" }).click();

  await row.getByRole("button", { name: /^Sửa/ }).click();
  const edit = page.getByRole("dialog", { name: "Sửa danh mục" });
  await edit.getByLabel("Thứ tự hiển thị").fill("9");
  await edit.getByRole("button", { name: "Cập nhật" }).click();
  await expect(page.getByText("Đã cập nhật danh mục")).toBeVisible();

  await row.getByRole("button", { name: /^Xóa/ }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByText("Bạn có chắc muốn xóa danh mục này?")).toBeVisible();
  await confirm.getByRole("button", { name: "Xóa" }).click();
  await expect(page.getByText("Đã xóa danh mục")).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("products: validation, create, upload an image, edit, search, delete", async ({ page }, testInfo) => {
  const suffix = testInfo.project.name;
  const name = `Bàn chải du lịch ${suffix}`;
  await page.goto("/admin/products/new");
  await page.getByRole("button", { name: "Thêm sản phẩm" }).last().click();
  await expect(page.getByText("Vui lòng nhập tên sản phẩm")).toBeVisible();
  await expect(page.getByText("Vui lòng nhập SKU")).toBeVisible();
  await expect(page.getByLabel(/Giá bán/)).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel(/^Tên sản phẩm\s*\*?$/).fill(name);
  await expect(page.getByLabel(/^Slug/)).toHaveValue(`ban-chai-du-lich-${suffix}`);
  await page.getByLabel(/^SKU/).fill(`BC-${suffix}`);
  await page.getByLabel(/Giá bán/).fill("250000");
  await page.getByLabel(/^Danh mục/).selectOption({ label: "Phụ kiện" });
  await page.getByLabel("Tồn kho", { exact: true }).fill("12");
  await page.getByRole("button", { name: "Thêm sản phẩm" }).last().click();
  // The save encodes both images in WebP and AVIF at every size: seconds of CPU on a busy machine.
  await expect(page.getByText("Sản phẩm mới đã được thêm thành công")).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);

  // A disguised file is refused; a real PNG is stored and shown.
  await page
    .getByLabel("Chọn ảnh")
    .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("I am text, not a PNG") });
  await page.getByRole("button", { name: "Tải ảnh lên" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Chỉ nhận ảnh JPEG, PNG, WebP hoặc AVIF" })).toBeVisible();
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#3aafa9" } })
    .png()
    .toBuffer();
  await page.getByLabel("Chọn ảnh").setInputFiles([
    { name: "front.png", mimeType: "image/png", buffer: png },
    { name: "back.png", mimeType: "image/png", buffer: png },
  ]);
  await page.getByRole("button", { name: "Tải ảnh lên" }).click();
  const images = page.getByRole("list", { name: "Ảnh sản phẩm theo thứ tự hiển thị" }).getByRole("listitem");
  await expect(images).toHaveCount(2);
  await expect(images.first().getByText("Ảnh bìa")).toBeVisible();
  await expect(images.first().getByText("900 × 600 px")).toBeVisible();
  const img = images.first().locator("img");
  await expect(img).toHaveAttribute("src", /\/uploads\/products\/\d+\/.+-900\.webp$/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  // Reorder with the keyboard and choose the cover.
  await images.nth(1).getByRole("button", { name: "Đưa ảnh 2 lên trước" }).focus();
  await page.keyboard.press("Enter");
  await images.first().getByRole("button", { name: "Chọn ảnh 1 làm ảnh bìa" }).focus();
  await page.keyboard.press("Enter");
  await expect(images.first().getByRole("button", { name: "Ảnh 1 là ảnh bìa" })).toBeDisabled();
  await expect(images.first().getByText("Ảnh bìa")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel(/Giá bán/).fill("-5");
  await page.getByRole("button", { name: "Cập nhật" }).click();
  await expect(page.getByText("Giá phải là số đồng nguyên, không âm")).toBeVisible();
  await page.getByLabel(/Giá bán/).fill("275000");
  await page.getByRole("button", { name: "Cập nhật" }).click();
  await expect(page.getByText("Sản phẩm đã được cập nhật thành công")).toBeVisible();

  await page.goto("/admin/products");
  await page.getByLabel("Tìm theo tên hoặc SKU").fill(`ban chai du lich ${suffix}`);
  await page.getByRole("button", { name: "Tìm" }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText("275.000")).toBeVisible();
  await expect(row.locator("img")).toHaveAttribute("src", /\/uploads\//);
  await expectNoSeriousA11yViolations(page);
  await row.getByRole("button", { name: `Xóa ${name}` }).click();
  await expect(page.getByText("Bạn có chắc muốn xóa sản phẩm này?")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Xóa" }).click();
  await expect(page.getByText("Sản phẩm đã được xóa")).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("a product is created with its images; the form keeps its save bar in view and guards unsaved changes", async ({ page }, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const name = `Hộp đựng bàn chải ${stamp}`;
  await page.goto("/admin/products/new");
  // The file picker speaks Vietnamese.
  const picker = page.getByLabel("Chọn ảnh sản phẩm");
  await expect(page.getByText("Chưa chọn tệp")).toBeVisible();
  await page.getByLabel(/^Tên sản phẩm\s*\*?$/).fill(name);
  await page.getByLabel(/^SKU/).fill(`HOP-${stamp}`);
  await page.getByLabel(/Giá bán/).fill("150000");
  await page.getByLabel(/^Danh mục/).selectOption({ label: "Phụ kiện" });
  const png = await sharp({ create: { width: 640, height: 640, channels: 3, background: "#f4a6a6" } })
    .png()
    .toBuffer();
  await picker.setInputFiles([
    { name: "hop-truoc.png", mimeType: "image/png", buffer: png },
    { name: "hop-sau.png", mimeType: "image/png", buffer: png },
  ]);
  await expect(page.getByText("2 tệp: hop-truoc.png, hop-sau.png")).toBeVisible();
  await page.getByLabel("Mô tả ảnh 1 (ảnh bìa)").fill("Hộp đựng, mặt trước");
  await expect(page.getByText("Có thay đổi chưa lưu")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Leaving asks first; "Ở lại" keeps everything typed.
  await page.getByRole("link", { name: "Danh sách sản phẩm" }).click();
  const ask = page.getByRole("alertdialog", { name: "Có thay đổi chưa lưu" });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Ở lại" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await expect(page.getByLabel(/^Tên sản phẩm\s*\*?$/)).toHaveValue(name);

  // The save bar stays in view at the bottom of the window while the form scrolls.
  for (const [width, height] of [
    [1280, 800],
    [820, 1180],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.getByLabel(/^Tên sản phẩm\s*\*?$/).scrollIntoViewIfNeeded();
    await expect(page.getByRole("button", { name: "Thêm sản phẩm" }).last()).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath(`product-new-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole("button", { name: "Thêm sản phẩm" }).last().click();
  // The save encodes both images in WebP and AVIF at every size: seconds of CPU on a busy machine.
  await expect(page.getByText("Sản phẩm mới đã được thêm thành công")).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  const images = page.getByRole("list", { name: "Ảnh sản phẩm theo thứ tự hiển thị" }).getByRole("listitem");
  await expect(images).toHaveCount(2);
  await expect(images.first().getByText("Ảnh bìa")).toBeVisible();
  await expect(images.first().getByLabel(/Mô tả ảnh/).first()).toHaveValue("Hộp đựng, mặt trước");

  await page.goto("/admin/products");
  await page.getByLabel("Tìm theo tên hoặc SKU").fill(`HOP-${stamp}`);
  await page.getByRole("button", { name: "Tìm" }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  await row.getByRole("button", { name: `Xóa ${name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Xóa" }).click();
  await expect(page.getByText("Sản phẩm đã được xóa")).toBeVisible();
});

test("a refused image creates no product", async ({ page }, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
  await page.goto("/admin/products/new");
  await page.getByLabel(/^Tên sản phẩm\s*\*?$/).fill(`Không tạo ${stamp}`);
  await page.getByLabel(/^SKU/).fill(`KT-${stamp}`);
  await page.getByLabel(/Giá bán/).fill("150000");
  await page.getByLabel(/^Danh mục/).selectOption({ label: "Phụ kiện" });
  await page
    .getByLabel("Chọn ảnh sản phẩm")
    .setInputFiles({ name: "anh.png", mimeType: "image/png", buffer: Buffer.from("I am text, not a PNG") });
  await page.getByRole("button", { name: "Thêm sản phẩm" }).last().click();
  await expect(page.getByText("Chỉ nhận ảnh JPEG, PNG, WebP hoặc AVIF").first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  // Looked up in another tab: this one still holds the unsaved form (leaving it would ask).
  const list = await page.context().newPage();
  await list.goto(`/admin/products?q=${encodeURIComponent(`KT-${stamp}`)}`);
  await expect(list.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(list.getByRole("row").filter({ hasText: `KT-${stamp}` })).toHaveCount(0);
  await list.close();
});

test("a category and a product made in the console are sold on /shop with their image", async ({ page }, testInfo) => {
  // Unique names: the data folder is shared with the other specs and earlier runs.
  const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const categoryName = `Quà tặng ${stamp}`;
  const productName = `Hộp quà UVC ${stamp}`;

  await page.goto("/admin/categories");
  await page.getByRole("button", { name: "Thêm danh mục" }).click();
  const dialog = page.getByRole("dialog", { name: "Tạo danh mục mới" });
  await dialog.getByLabel(/^Tên danh mục\s*\*?$/).fill(categoryName);
  const categorySlug = await dialog.getByLabel(/^Slug/).inputValue();
  await dialog.getByRole("button", { name: "Tạo mới" }).click();
  await expect(page.getByText("Đã tạo danh mục mới")).toBeVisible();

  await page.goto("/admin/products/new");
  await page.getByLabel(/^Tên sản phẩm\s*\*?$/).fill(productName);
  await page.getByLabel(/^SKU/).fill(`QUA-${stamp}`);
  await page.getByLabel(/Giá bán/).fill("345000");
  await page.getByLabel(/^Danh mục/).selectOption({ label: categoryName });
  await page.getByLabel("Tồn kho", { exact: true }).fill("5");
  await page.getByRole("button", { name: "Thêm sản phẩm" }).last().click();
  await expect(page.getByText("Sản phẩm mới đã được thêm thành công")).toBeVisible();
  const editUrl = page.url();
  const photo = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: "#f4a6c1" } })
    .png()
    .toBuffer();
  await page.getByLabel("Chọn ảnh").setInputFiles({ name: "qua.png", mimeType: "image/png", buffer: photo });
  await page.getByRole("button", { name: "Tải ảnh lên" }).click();
  await expect(page.getByRole("list", { name: "Ảnh sản phẩm theo thứ tự hiển thị" }).getByRole("listitem")).toHaveCount(1);

  // The storefront: newest first, the card shows the uploaded image (AVIF in Chromium, from <picture>).
  await page.goto("/shop?sort=newest");
  const card = page.getByTestId("product-card").filter({ hasText: productName });
  await expect(card).toHaveCount(1);
  await expect(card.getByText("345.000")).toBeVisible();
  const cardImage = card.locator("picture img");
  await expect(cardImage).toHaveAttribute("width", "1000");
  await expect(card.locator('picture source[type="image/avif"]')).toHaveAttribute("srcset", /-avif-400\.avif 400w/);
  await cardImage.scrollIntoViewIfNeeded();
  await expect
    .poll(() => cardImage.evaluate((el: HTMLImageElement) => (el.complete ? `${el.naturalWidth} ${el.currentSrc}` : "loading")))
    .toMatch(/^\d+ .*\/uploads\/products\/\d+\/.+-avif-\d+\.avif$/);

  await card.getByRole("link", { name: productName }).click();
  await expect(page).toHaveURL(new RegExp(`/collections/${categorySlug}/`));
  await expect(page.getByRole("heading", { name: productName, level: 1 })).toBeVisible();
  const galleryImage = page.getByRole("region", { name: `Hình ảnh ${productName}` }).locator("img");
  await expect.poll(() => galleryImage.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);

  // Clean up: the product, then its (now empty) category.
  await page.goto(editUrl);
  await page.getByRole("button", { name: /^Xóa sản phẩm/ }).first().click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Xóa" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.goto("/admin/categories");
  const row = page.getByRole("row").filter({ hasText: categoryName });
  await row.getByRole("button", { name: /^Xóa/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Xóa" }).click();
  await expect(page.getByText("Đã xóa danh mục")).toBeVisible();
});

test("discount codes: create, validation, edit, deactivate", async ({ page }, testInfo) => {
  const code = `TET${testInfo.project.name.toUpperCase()}`;
  await page.goto("/admin/discounts");
  await page.getByRole("button", { name: "Thêm mã giảm giá" }).click();
  const dialog = page.getByRole("dialog", { name: "Tạo mã giảm giá" });
  await dialog.getByLabel(/^Mã/).fill(code.toLowerCase());
  await dialog.getByLabel(/Phần trăm giảm/).fill("150");
  await dialog.getByRole("button", { name: "Tạo mới" }).click();
  await expect(dialog.getByText("Phần trăm giảm phải từ 1 đến 100")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel(/Phần trăm giảm/).fill("15");
  await dialog.getByLabel("Giới hạn lượt dùng").fill("100");
  await dialog.getByRole("button", { name: "Tạo mới" }).click();
  await expect(page.getByText("Đã tạo mã giảm giá")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("15%");
  await expect(row).toContainText("0 / 100");

  await page.getByRole("button", { name: "Thêm mã giảm giá" }).click();
  await dialog.getByLabel(/^Mã/).fill(code);
  await dialog.getByLabel(/Phần trăm giảm/).fill("5");
  await dialog.getByRole("button", { name: "Tạo mới" }).click();
  await expect(dialog.getByText(/Mã này đã tồn tại/)).toBeVisible();
  await dialog.getByRole("button", { name: "Hủy" }).click();

  await row.getByRole("button", { name: `Tắt mã ${code}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Tắt mã" }).click();
  await expect(page.getByText("Đã tắt mã giảm giá")).toBeVisible();
  await expect(row).toContainText("Đã tắt");
  await expectNoSeriousA11yViolations(page);
});
