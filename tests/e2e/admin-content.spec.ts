import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { signInAsAdmin } from "./admin-session";
import { expectNoSeriousA11yViolations } from "./axe";
import { waitForRouterIdle } from "./settled";
import { catalogue, choose, fillContact, setCart, vnd } from "./checkout-flow";

// The content console end to end: sections, settings, theme and SEO change the storefront at once.
// One signed-in page for the file (sign-in is rate-limited); every test puts back what it changed.
test.describe.configure({ mode: "serial" });

let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }, testInfo) => {
  context = await browser.newContext({ ...testInfo.project.use, baseURL: testInfo.project.use.baseURL });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: testInfo.project.use.baseURL });
  page = await context.newPage();
  await signInAsAdmin(page);
});

test.afterAll(async () => {
  await context?.close();
});

test("hiding a home section removes it from /, showing it brings it back", async () => {
  await page.goto("/admin/sections");
  await expect(page.getByRole("heading", { name: "Sections", level: 1 })).toBeVisible();

  const toggle = page.getByRole("switch", { name: "Hiển thị Cảm nhận khách hàng" });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByText("Đã cập nhật").first()).toBeVisible();
  await expect(toggle).not.toBeChecked();

  const home = await context.newPage();
  await home.goto("/");
  await expect(home.getByRole("heading", { name: "Yên tâm mua sắm" })).toBeVisible();
  await expect(home.getByRole("heading", { name: "Được nhiều gia đình Việt tin dùng" })).toHaveCount(0);

  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect
    .poll(async () => {
      await home.goto("/");
      return home.getByRole("heading", { name: "Được nhiều gia đình Việt tin dùng" }).count();
    })
    .toBe(1);
  await home.close();
});

test("sections are reordered with the keyboard and the storefront follows", async () => {
  await page.goto("/admin/sections");
  const items = page.locator("li[data-section-key]");
  await expect(items.first()).toHaveAttribute("data-section-key", "hero");

  const down = page.getByRole("button", { name: "Chuyển Ảnh bìa đầu trang (Hero) xuống" });
  await down.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Đã cập nhật").first()).toBeVisible();
  await expect(items.nth(0)).toHaveAttribute("data-section-key", "brand_description");
  await expect(items.nth(1)).toHaveAttribute("data-section-key", "hero");

  await page.reload();
  await expect(items.nth(0)).toHaveAttribute("data-section-key", "brand_description");

  const home = await context.newPage();
  await home.goto("/");
  const hero = home.getByRole("heading", { name: /Bàn chải sạch khuẩn/ });
  const brand = home.getByRole("heading", { name: /Nhỏ gọn vừa túi áo/ });
  const [heroBox, brandBox] = [await hero.boundingBox(), await brand.boundingBox()];
  expect(brandBox!.y).toBeLessThan(heroBox!.y);
  await home.close();

  // Back with the keyboard too: focus follows the moved section's button.
  await page.getByRole("button", { name: "Chuyển Ảnh bìa đầu trang (Hero) lên" }).focus();
  await page.keyboard.press("Enter");
  await expect(items.nth(0)).toHaveAttribute("data-section-key", "hero");
  await waitForRouterIdle(page);
  await page.reload();
  await expect(items.nth(0)).toHaveAttribute("data-section-key", "hero");
});

test("section content is edited by type; invalid JSON cannot be saved", async () => {
  await page.goto("/admin/sections");
  const section = page.locator('li[data-section-key="how_it_works"]');
  await section.getByRole("button", { name: "Sửa nội dung" }).click();
  // The list is edited as rows; the raw JSON is behind "Nâng cao (JSON)".
  const stepsGroup = section.getByRole("group", { name: /^Các bước · Tiếng Việt/ });
  await stepsGroup.getByRole("switch", { name: "Nâng cao (JSON)" }).click();
  const steps = stepsGroup.getByLabel("Nội dung JSON");
  const original = await steps.inputValue();
  await steps.fill("[{ broken");
  await expect(section.getByText("JSON không hợp lệ", { exact: true })).toBeVisible();
  await expect(
    section.getByText("JSON không hợp lệ: kiểm tra dấu ngoặc, dấu phẩy và dấu ngoặc kép (dòng 1, cột 4)"),
  ).toBeVisible();
  await expect(section.getByRole("button", { name: "Lưu nội dung" })).toBeDisabled();
  await steps.fill(original);
  await expect(section.getByText("JSON hợp lệ", { exact: true })).toHaveCount(1);
  await stepsGroup.getByRole("switch", { name: "Nâng cao (JSON)" }).click();
  await expect(stepsGroup.getByRole("listitem", { name: "Bước 1" })).toBeVisible();

  const heading = section.getByLabel(/^Tiêu đề · Tiếng Việt/);
  const originalHeading = await heading.inputValue();
  await heading.fill("Cách dùng, từng bước");
  await section.getByRole("button", { name: "Lưu nội dung" }).click();
  await expect(page.getByText("Các thay đổi đã được lưu thành công")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const home = await context.newPage();
  await home.goto("/");
  await expect(home.getByRole("heading", { name: "Cách dùng, từng bước" })).toBeVisible();
  // The English site keeps its own heading.
  await home.goto("/en");
  await expect(home.getByRole("heading", { name: "How it works", exact: true })).toBeVisible();
  await home.close();

  await heading.fill(originalHeading);
  await section.getByRole("button", { name: "Lưu nội dung" }).click();
  await expect(heading).toHaveValue(originalHeading);
});

test("the sections editor speaks to people: labelled fields, list rows, a live preview, a guard on leaving", async () => {
  await page.goto("/admin/sections");
  const section = page.locator('li[data-section-key="how_it_works"]');
  await section.getByRole("button", { name: "Sửa nội dung" }).click();
  // Labelled in Vietnamese: no raw keys.
  const heading = section.getByLabel(/^Tiêu đề · Tiếng Việt/);
  await expect(heading).toBeVisible();
  await expect(section.getByText(/\b(heading|subtitle|steps)\b/)).toHaveCount(0);

  // The live preview is the storefront's own section, updated as one types (below 1280 px it is
  // folded behind its "Xem trước" button, above the form).
  const preview = section.getByRole("region", { name: "Xem trước" });
  const showPreview = section.getByRole("button", { name: "Xem trước", exact: true });
  if (await showPreview.isVisible()) await showPreview.click();
  await expect(preview).toBeVisible();
  const original = await heading.inputValue();
  await expect(preview.getByRole("heading", { name: original })).toBeAttached();
  await heading.fill("Ba bước đơn giản");
  await expect(preview.getByRole("heading", { name: "Ba bước đơn giản" })).toBeAttached();
  await expect(section.getByText("Có thay đổi chưa lưu")).toBeVisible();

  // Steps are rows: add one, move it up, remove it; the preview follows.
  const steps = section.getByRole("group", { name: /^Các bước · Tiếng Việt/ });
  await expect(steps.getByRole("listitem")).toHaveCount(3);
  await steps.getByRole("button", { name: "Thêm bước" }).click();
  const fourth = steps.getByRole("listitem", { name: "Bước 4" });
  await fourth.getByLabel("Tiêu đề").fill("Sạc đầy pin");
  await fourth.getByLabel("Mô tả").fill("Cắm cáp USB-C khoảng 2 giờ.");
  await expect(preview.getByText("Sạc đầy pin")).toBeAttached();
  await steps.getByRole("button", { name: "Chuyển Bước 4 lên" }).click();
  await expect(steps.getByRole("listitem", { name: "Bước 3" }).getByLabel("Tiêu đề")).toHaveValue("Sạc đầy pin");
  await steps.getByRole("button", { name: "Xóa Bước 3" }).click();
  await expect(steps.getByRole("listitem")).toHaveCount(3);
  await expect(preview.getByText("Sạc đầy pin")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Leaving with changes asks first: "Ở lại" keeps the page and what was typed.
  await page.getByRole("navigation", { name: "Chọn trang" }).getByRole("link", { name: "Giới thiệu" }).click();
  const ask = page.getByRole("alertdialog", { name: "Có thay đổi chưa lưu" });
  await expect(ask).toContainText("Bạn có thay đổi chưa lưu. Rời trang?");
  await ask.getByRole("button", { name: "Ở lại" }).click();
  await expect(page).toHaveURL(/\/admin\/sections$/);
  await expect(heading).toHaveValue("Ba bước đơn giản");

  for (const [width, height] of [
    [1280, 900],
    [820, 1180],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    if (width < 1280) {
      const toggle = section.getByRole("button", { name: /Xem trước|Ẩn xem trước/ });
      if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    }
    await expect(preview).toBeVisible();
    await heading.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`sections-editor-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // "Rời trang" leaves; nothing was saved.
  await page.getByRole("navigation", { name: "Chọn trang" }).getByRole("link", { name: "Giới thiệu" }).click();
  await ask.getByRole("button", { name: "Rời trang" }).click();
  await expect(page).toHaveURL(/page=about/);
  await page.goto("/admin/sections");
  await section.getByRole("button", { name: "Sửa nội dung" }).click();
  await expect(heading).toHaveValue(original);

  // Saving clears the guard: after a save, leaving asks nothing.
  await heading.fill("Ba bước đơn giản");
  await section.getByRole("button", { name: "Lưu nội dung" }).click();
  await expect(page.getByText("Các thay đổi đã được lưu thành công")).toBeVisible();
  await expect(section.getByText("Có thay đổi chưa lưu")).toHaveCount(0);
  await heading.fill(original);
  await section.getByRole("button", { name: "Lưu nội dung" }).click();
  await expect(heading).toHaveValue(original);
  await expect(section.getByText("Có thay đổi chưa lưu")).toHaveCount(0);
  await page.getByRole("navigation", { name: "Chọn trang" }).getByRole("link", { name: "Giới thiệu" }).click();
  await expect(page).toHaveURL(/page=about/);
  await expect(ask).toHaveCount(0);
});

test("a section image is uploaded in the editor, previewed, and shown on the storefront", async () => {
  await page.goto("/admin/sections");
  const section = page.locator('li[data-section-key="hero"]');
  await section.getByRole("button", { name: "Sửa nội dung" }).click();
  const address = section.getByLabel(/^Ảnh lớn đầu trang/);
  const original = await address.inputValue();
  const upload = section.getByLabel("Hoặc tải ảnh lên cho ảnh lớn đầu trang");

  // A disguised file is refused by the server with the same message as product images.
  await upload.setInputFiles({ name: "hero.png", mimeType: "image/png", buffer: Buffer.from("not really a PNG") });
  await section.getByRole("button", { name: "Lưu nội dung" }).click();
  await expect(section.getByText("Chỉ nhận ảnh JPEG, PNG, WebP hoặc AVIF").first()).toBeVisible();
  await expect(address).toHaveValue(original);

  const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: "#8fd3c8" } })
    .png()
    .toBuffer();
  await upload.setInputFiles({ name: "hero.png", mimeType: "image/png", buffer: png });
  await expect(section.getByRole("img", { name: "Xem trước ảnh lớn đầu trang" })).toHaveAttribute("src", /^blob:/);
  await expectNoSeriousA11yViolations(page);
  await section.getByRole("button", { name: "Lưu nội dung" }).click();
  await expect(page.getByText("Các thay đổi đã được lưu thành công")).toBeVisible();
  await expect(address).toHaveValue(/^\/uploads\/sections\/.+-avif-800\.webp$/);
  const uploaded = await address.inputValue();

  const home = await context.newPage();
  await home.goto("/");
  const hero = home.locator(`img[src="${uploaded}"]`);
  await expect(hero).toHaveCount(1);
  await expect.poll(() => hero.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(800);
  await home.close();

  // Put the site image back (the upload is then deleted).
  await address.fill(original);
  await section.getByRole("button", { name: "Lưu nội dung" }).click();
  await expect(address).toHaveValue(original);
  // The field held the site image before the save ended: wait for the save itself.
  await expect.poll(async () => (await page.request.get(uploaded)).status()).toBe(404);
});

test("the shipping settings are saved, and the top bar shows the new free-shipping threshold", async () => {
  await page.goto("/admin/settings?tab=shipping");
  const threshold = page.getByLabel("Miễn phí giao hàng từ");
  const fee = page.getByLabel("Phí giao hàng tiêu chuẩn");

  await fee.fill("-5");
  await page.getByRole("button", { name: "Lưu thay đổi" }).click();
  await expect(page.getByText("Số tiền không được âm")).toBeVisible();

  await threshold.fill("1.200.000");
  await fee.fill("45000");
  await page.getByRole("button", { name: "Lưu thay đổi" }).click();
  await expect(page.getByText("Cài đặt vận chuyển đã được cập nhật")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Phí giao hàng tiêu chuẩn")).toHaveValue("45000");
  await expect(page.getByLabel("Miễn phí giao hàng từ")).toHaveValue("1200000");

  const home = await context.newPage();
  await home.goto("/");
  await expect(home.getByRole("complementary", { name: "Thông báo của cửa hàng" })).toContainText("1.200.000");
  await home.close();

  await page.getByLabel("Miễn phí giao hàng từ").fill("1000000");
  await page.getByLabel("Phí giao hàng tiêu chuẩn").fill("30000");
  await page.getByRole("button", { name: "Lưu thay đổi" }).click();
  await expect(page.getByText("Cài đặt vận chuyển đã được cập nhật")).toBeVisible();
});

test("a new standard shipping fee is what the checkout charges", async () => {
  await page.goto("/admin/settings?tab=shipping");
  const fee = page.getByLabel("Phí giao hàng tiêu chuẩn");
  const threshold = Number(await page.getByLabel("Miễn phí giao hàng từ").inputValue());
  const originalFee = await fee.inputValue();
  const newFee = Number(originalFee) + 7_000;
  await fee.fill(String(newFee));
  await page.getByRole("button", { name: "Lưu thay đổi" }).click();
  await expect(page.getByText("Cài đặt vận chuyển đã được cập nhật")).toBeVisible();

  const shopper = await context.newPage();
  try {
    const [product] = (await catalogue(shopper)).sort((a, b) => a.unitPrice - b.unitPrice);
    expect(product.unitPrice).toBeLessThan(threshold); // below the free-shipping threshold: the fee applies
    await setCart(shopper, [{ productId: product.productId, quantity: 1 }]);
    await shopper.goto("/checkout/information");
    await fillContact(shopper, "phi.giao.hang@example.vn");
    await shopper.getByLabel("Số điện thoại", { exact: true }).fill("0912345678");
    await choose(shopper, "Tỉnh/Thành phố", "ho chi minh", /Hồ Chí Minh/);
    await choose(shopper, "Phường/Xã", "ben thanh", /Bến Thành/);
    await shopper.getByRole("button", { name: "Tiếp tục đến phương thức giao hàng" }).click();
    await expect(shopper).toHaveURL(/\/checkout\/shipping$/);
    const localDelivery = shopper.getByRole("radio", { name: /Giao hàng tận nơi/ });
    await localDelivery.check();
    await expect(shopper.locator("label").filter({ has: localDelivery })).toContainText(vnd(newFee));
    const summary = shopper.getByTestId("order-summary").last();
    await expect(summary.getByTestId("summary-shipping")).toHaveText(vnd(newFee));
    await expect(summary.getByTestId("summary-total")).toHaveText(vnd(product.unitPrice + newFee));
  } finally {
    await shopper.close();
    // Put the fee back for the other specs.
    await page.goto("/admin/settings?tab=shipping");
    await page.getByLabel("Phí giao hàng tiêu chuẩn").fill(originalFee);
    await page.getByRole("button", { name: "Lưu thay đổi" }).click();
    await expect(page.getByText("Cài đặt vận chuyển đã được cập nhật")).toBeVisible();
  }
});

test("the other settings tabs: e-mail preview, payment methods", async () => {
  await page.goto("/admin/settings?tab=email_templates");
  const subject = page.getByLabel("Tiêu đề").first();
  await subject.fill("Đơn {{order_number}} của {{customer_name}}");
  await expect(page.getByText("Đơn DH000123 của Nguyễn Văn An")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect(page.getByText("Có thay đổi chưa lưu")).toBeVisible();
  // The subject was only tried out: another tab asks before what was typed is dropped.
  await page.getByRole("tab", { name: "Thanh toán" }).click();
  await page.getByRole("alertdialog", { name: "Có thay đổi chưa lưu" }).getByRole("button", { name: "Rời trang" }).click();
  await expect(page.getByText("Thanh toán khi nhận hàng (COD)", { exact: true })).toBeVisible();
  await expect(page.getByText("Tính năng đang phát triển").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("a saved theme colour drives the storefront's CSS variable; the CSS is copied", async () => {
  await page.goto("/admin/theme");
  const teal = page.getByLabel("Xanh mòng két (Teal)", { exact: true });
  await teal.fill("#12");
  await expect(page.getByText("Mã màu phải có dạng #RRGGBB")).toBeVisible();
  await expect(page.getByRole("button", { name: "Lưu & Copy CSS" })).toBeDisabled();

  await teal.fill("#FF0000");
  await page.getByRole("button", { name: "Lưu & Copy CSS" }).click();
  await expect(page.getByText("Đã lưu màu sắc")).toBeVisible();
  await expect(page.getByText("Đã copy vào clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("--color-brand-teal: hsl(0 100% 50%);");

  const home = await context.newPage();
  await home.goto("/");
  const value = await home.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue("--color-brand-teal").trim(),
  );
  expect(value).toBe("hsl(0 100% 50%)");
  await home.close();
  // The console keeps its own accent: the shop's theme does not repaint it (issue 18 item 9).
  await page.reload();
  expect(
    await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--color-brand-teal-strong").trim(),
    ),
  ).toBe("#1f7a76");

  await page.getByRole("button", { name: "Khôi phục mặc định" }).click();
  await expect(teal).toHaveValue("#3aafa9");
  // The first save's toast must be gone, or the next check would find two.
  await expect(page.getByText("Đã lưu màu sắc")).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole("button", { name: "Lưu & Copy CSS" }).click();
  await expect(page.getByText("Đã lưu màu sắc")).toBeVisible();
});

test("SEO saved for / shows in its head; script-looking values stay inert", async () => {
  let dialogs = 0;
  page.on("dialog", (d) => {
    dialogs += 1;
    void d.dismiss();
  });
  await page.goto("/admin/seo");
  // The first page is selected on load.
  await expect(page.getByRole("heading", { name: "SEO cho /" })).toBeVisible();
  const title = page.getByLabel("Meta title");
  const original = await title.inputValue();
  await title.fill("UVC Care E2E <img src=x onerror=alert(1)>");
  await expect(page.getByText(/\/60 ký tự/)).toBeVisible();
  await page.getByRole("tab", { name: "Dữ liệu có cấu trúc" }).click();
  const jsonLd = page.getByLabel("JSON-LD");
  await jsonLd.fill("{ not json");
  await page.getByRole("button", { name: "Lưu", exact: true }).click();
  await expect(page.getByText(/JSON|Expected property name/i).first()).toBeVisible();

  await page.getByRole("button", { name: "Organization" }).click();
  await expect(jsonLd).toHaveValue(/"@type": "Organization"/);
  await jsonLd.fill(
    JSON.stringify({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "</script><script>alert(2)</script>",
    }),
  );
  await page.getByRole("button", { name: "Lưu", exact: true }).click();
  await expect(page.getByText("SEO metadata đã được cập nhật")).toBeVisible();

  const home = await context.newPage();
  home.on("dialog", (d) => {
    dialogs += 1;
    void d.dismiss();
  });
  await home.goto("/");
  await expect(home).toHaveTitle("UVC Care E2E <img src=x onerror=alert(1)>");
  const ld = await home.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.some((text) => text.includes('"Organization"'))).toBe(true);
  // The payload never becomes a script of its own: the server-rendered HTML has it only escaped.
  expect(
    await home.locator("script").evaluateAll((els) => els.filter((e) => e.textContent?.trim() === "alert(2)").length),
  ).toBe(0);
  const html = await (await home.request.get("/")).text();
  expect(html).not.toContain("<script>alert(2)</script>");
  expect(html).not.toContain("<img src=x onerror=alert(1)>");
  await home.close();
  expect(dialogs).toBe(0);

  // Put it back.
  await page.getByRole("tab", { name: "Cơ bản" }).click();
  await page.getByLabel("Meta title").fill(original);
  await page.getByRole("tab", { name: "Dữ liệu có cấu trúc" }).click();
  await page.getByLabel("JSON-LD").fill("");
  await page.getByRole("button", { name: "Lưu", exact: true }).click();
  await expect(page.getByText("SEO metadata đã được cập nhật")).toBeVisible();
  await waitForRouterIdle(page);
});

test("a new SEO page can be added, a duplicate path is refused, and the entry deleted", async () => {
  await page.goto("/admin/seo");
  await page.getByRole("link", { name: "Trang mới" }).click();
  await expect(page.getByRole("heading", { name: "Trang mới" })).toBeVisible();
  await page.getByLabel("Đường dẫn trang").fill("/about");
  await page.getByRole("button", { name: "Lưu", exact: true }).click();
  await expect(page.getByText("Đường dẫn /about đã tồn tại")).toBeVisible();

  await page.getByLabel("Đường dẫn trang").fill("/e2e-landing");
  await page.getByLabel("Meta title").fill("Trang thử");
  await page.getByRole("button", { name: "Lưu", exact: true }).click();
  await expect(page.getByText("SEO metadata đã được cập nhật")).toBeVisible();
  await expect(page.getByRole("heading", { name: "SEO cho /e2e-landing" })).toBeVisible();

  await page.getByRole("button", { name: "Xóa" }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Xóa" }).click();
  await expect(page.getByText("Đã xóa cấu hình SEO của trang")).toBeVisible();
  await expect(page.getByRole("link", { name: /\/e2e-landing/ })).toHaveCount(0);
});

test("the e-mail outbox page is reachable from the sidebar", async () => {
  await page.goto("/admin/emails");
  await expect(page.getByRole("heading", { name: "Email", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Hộp thư đi" })).toBeVisible();
});
