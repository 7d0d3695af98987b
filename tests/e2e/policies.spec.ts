import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-session";
import { expectNoSeriousA11yViolations } from "./axe";
import { catalogue, checkoutLabels, choose, fillContact, fillShippingAndContinue, setCart } from "./checkout-flow";

// Issue 19 items 4 and 5: the policies (seeded in both languages, edited in the console), the
// legal footer with the Bộ Công Thương badge, and the checkout's agreement line.
test.describe.configure({ mode: "serial" });

const MOIT_URL = "http://online.gov.vn/Home/WebDetails/123456";

async function saveLegalSettings(page: Page, moitUrl: string) {
  await signInAsAdmin(page);
  await page.goto("/admin/settings?tab=legal");
  await page.getByLabel("Liên kết thông báo Bộ Công Thương").fill(moitUrl);
  await page.getByRole("button", { name: "Lưu thay đổi" }).click();
  await expect(page.getByText("Thông tin doanh nghiệp đã được cập nhật")).toBeVisible();
}

test("the footer shows the business details, and the Bộ Công Thương badge once its link is set", async ({ page }) => {
  await page.goto("/");
  const legal = page.getByTestId("footer-legal");
  await expect(legal).toContainText("Công ty TNHH UVC Care Việt Nam");
  await expect(legal).toContainText("Mã số doanh nghiệp: 0318123456");
  await expect(legal).toContainText("Địa chỉ đăng ký: 123 Nguyễn Huệ");
  await expect(legal.getByRole("link", { name: "Hotline: 1900 6868" })).toHaveAttribute("href", "tel:19006868");
  await expect(legal.getByRole("link", { name: "Email: hello@uvccare.vn" })).toHaveAttribute(
    "href",
    "mailto:hello@uvccare.vn",
  );
  // No link set yet: no badge.
  await expect(page.getByRole("link", { name: /Đã thông báo Bộ Công Thương/ })).toHaveCount(0);
  // The policies, linked from the footer.
  const policies = page.getByRole("contentinfo").getByRole("navigation", { name: "Chính sách" });
  await expect(policies.getByRole("link")).toHaveText([
    "Chính sách giao hàng",
    "Chính sách đổi trả và bảo hành",
    "Chính sách bảo mật",
    "Điều khoản dịch vụ",
    "Chính sách thanh toán",
  ]);

  await saveLegalSettings(page, MOIT_URL);
  await page.goto("/");
  const badge = page.getByRole("link", { name: /^Đã thông báo Bộ Công Thương/ });
  await expect(badge).toBeVisible();
  await expect(badge).toHaveAttribute("href", MOIT_URL);
  await expect(badge).toHaveAttribute("target", "_blank");
  await expect(badge).toHaveAttribute("rel", /noopener/);
  await expectNoSeriousA11yViolations(page);
  await page.goto("/en");
  await expect(page.getByRole("link", { name: /^Notified to the Ministry of Industry and Trade/ })).toHaveAttribute(
    "href",
    MOIT_URL,
  );
  await expect(page.getByTestId("footer-legal")).toContainText("Enterprise code: 0318123456");

  // Cleared again: the badge goes.
  await saveLegalSettings(page, "");
  await page.goto("/");
  await expect(page.getByRole("link", { name: /Đã thông báo Bộ Công Thương/ })).toHaveCount(0);
});

test("a policy page in Vietnamese and in English", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Chính sách đổi trả và bảo hành" }).click();
  await expect(page).toHaveURL(/\/policies\/returns-warranty$/);
  await expect(page.getByRole("heading", { level: 1, name: "Chính sách đổi trả và bảo hành" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Đổi trả và hoàn tiền trong 30 ngày" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("30 ngày kể từ ngày nhận hàng");
  // Placeholders filled from the settings.
  await expect(page.getByRole("main")).toContainText("Liên hệ hotline 1900 6868 hoặc email hello@uvccare.vn");
  await expect(page).toHaveTitle(/Chính sách đổi trả và bảo hành/);

  await page.goto("/en/policies/terms");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Terms of service" })).toBeVisible();
  // Links inside the text stay on the English site.
  await expect(page.getByRole("article").getByRole("link", { name: "privacy policy", exact: true })).toHaveAttribute(
    "href",
    "/en/policies/privacy",
  );
  await page.getByRole("navigation", { name: "Other policies" }).getByRole("link", { name: "Privacy policy" }).click();
  await expect(page).toHaveURL(/\/en\/policies\/privacy$/);
  await expect(page.getByRole("main")).toContainText("Decree 13/2023/ND-CP");
  await expectNoSeriousA11yViolations(page);

  expect((await page.goto("/policies/no-such-policy"))?.status()).toBe(404);
});

test("the payment step says ordering accepts the terms, with links to them", async ({ page }) => {
  test.setTimeout(120_000);
  const l = checkoutLabels.vi;
  const [product] = await catalogue(page);
  await setCart(page, [{ productId: product.productId, quantity: 1 }]);
  await page.goto("/checkout/information");
  await fillContact(page, "dieu.khoan@example.vn");
  await page.getByLabel(l.phone, { exact: true }).fill("0912345678");
  await choose(page, l.province, "ho chi minh", /Hồ Chí Minh/);
  await choose(page, l.ward, "ben thanh", /Bến Thành/);
  await page.getByRole("button", { name: l.toShipping }).click();
  await fillShippingAndContinue(page);
  await page.getByRole("button", { name: l.toPayment }).click();
  await expect(page).toHaveURL(/\/checkout\/payment$/);

  const agreement = page.getByTestId("order-agreement");
  await expect(agreement).toHaveText(
    "Bằng việc đặt hàng, bạn đồng ý với Điều khoản dịch vụ và Chính sách bảo mật của chúng tôi.",
  );
  await expect(agreement.getByRole("link", { name: "Điều khoản dịch vụ" })).toHaveAttribute("href", "/policies/terms");
  await expect(agreement.getByRole("link", { name: "Chính sách bảo mật" })).toHaveAttribute(
    "href",
    "/policies/privacy",
  );
  // Above "Đặt hàng".
  const agreementBox = (await agreement.boundingBox())!;
  const buttonBox = (await page.getByRole("button", { name: l.placeOrder, exact: true }).boundingBox())!;
  expect(agreementBox.y).toBeLessThan(buttonBox.y);
  // The focused checkout footer links the policies too.
  await expect(
    page.getByRole("contentinfo").getByRole("link", { name: "Chính sách đổi trả và bảo hành" }),
  ).toBeVisible();

  await page.goto("/en/checkout/payment");
  const english = page.getByTestId("order-agreement");
  await expect(english).toHaveText("By placing your order, you agree to our Terms of service and Privacy policy.");
  await expect(english.getByRole("link", { name: "Terms of service" })).toHaveAttribute("href", "/en/policies/terms");
});

test("staff write a policy in Markdown with a live preview, publish it, and it shows in the footer", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto("/admin/pages");
  await page.getByRole("link", { name: "Thêm chính sách" }).click();
  await page.getByRole("textbox", { name: "Tiêu đề", exact: true }).fill("Chính sách kiểm hàng");
  await expect(page.getByRole("textbox", { name: "Đường dẫn", exact: true })).toHaveValue("chinh-sach-kiem-hang");
  // Refused without a body: a Vietnamese message, nothing saved.
  await page.getByRole("button", { name: "Tạo chính sách" }).click();
  await expect(page.getByText("Vui lòng nhập nội dung")).toBeVisible();

  const body = page.getByRole("textbox", { name: "Nội dung", exact: true });
  await body.fill("Bạn được kiểm hàng trước khi trả tiền.\n\n<script>window.__xss=1</script>");
  await body.selectText();
  await page.getByRole("button", { name: "Danh sách" }).first().click();
  const preview = page.getByRole("region", { name: "Xem trước: Nội dung" });
  await expect(preview.getByRole("listitem").first()).toHaveText("Bạn được kiểm hàng trước khi trả tiền.");
  await expect(preview).toContainText("<script>window.__xss=1</script>");
  await page.getByLabel("Trạng thái").selectOption("published");
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("Inspection policy");
  await page.getByRole("button", { name: "Tạo chính sách" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sửa chính sách" })).toBeVisible();

  await page.goto("/policies/chinh-sach-kiem-hang");
  await expect(page.getByRole("heading", { level: 1, name: "Chính sách kiểm hàng" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("listitem").first()).toHaveText(
    "Bạn được kiểm hàng trước khi trả tiền.",
  );
  await expect(page.getByRole("main")).toContainText("<script>window.__xss=1</script>");
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Chính sách kiểm hàng" })).toBeVisible();
  await page.goto("/en/policies/chinh-sach-kiem-hang");
  await expect(page.getByRole("heading", { level: 1, name: "Inspection policy" })).toBeVisible();

  // Deleted: gone from the storefront.
  await page.goto("/admin/pages");
  await page.getByRole("link", { name: "Chính sách kiểm hàng" }).click();
  await page.getByRole("button", { name: "Xóa chính sách" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Xóa chính sách" }).click();
  await expect(page).toHaveURL(/\/admin\/pages\?kind=policy$/);
  expect((await page.goto("/policies/chinh-sach-kiem-hang"))?.status()).toBe(404);
});

test("a published post renders with Article JSON-LD; a scheduled one stays hidden", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/pages?kind=post");
  await page.getByRole("link", { name: "Viết bài mới" }).click();
  await page.getByRole("textbox", { name: "Tiêu đề", exact: true }).fill("Mang bàn chải khi đi du lịch");
  await page
    .getByRole("textbox", { name: "Nội dung", exact: true })
    .fill("## Trước chuyến đi\n\nĐể bàn chải **khô ráo** trước khi cất.");
  await page.getByLabel("Tác giả").fill("Đội ngũ UVC Care");
  await page.getByLabel("Thẻ").fill("du lịch, vệ sinh");
  // The travel case (6) and the pink sterilizer (4, a variant: it stands for its product).
  await page.getByLabel("Sản phẩm liên quan").fill("6, 4");
  await page.getByLabel("Trạng thái").selectOption("published");
  await page.getByRole("button", { name: "Tạo bài viết" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sửa bài viết" })).toBeVisible();

  await page.goto("/blog/mang-ban-chai-khi-di-du-lich");
  await expect(page.getByRole("heading", { level: 1, name: "Mang bàn chải khi đi du lịch" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Trước chuyến đi" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Mang bàn chải khi đi du lịch" })).toContainText(
    "Bởi Đội ngũ UVC Care",
  );
  const related = page.getByRole("region", { name: "Sản phẩm trong bài viết" });
  await expect(related.getByTestId("product-card")).toHaveCount(2);
  await expect(related.getByRole("heading", { level: 3 })).toHaveText([
    "Hộp đựng du lịch cho máy tiệt trùng UVC",
    "Máy tiệt trùng bàn chải UVC",
  ]);
  await related.screenshot({ path: `test-results/post-related-${test.info().project.name}.png` });
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const article = jsonLd
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((item) => item["@type"] === "Article");
  expect(article).toMatchObject({
    headline: "Mang bàn chải khi đi du lịch",
    author: { "@type": "Person", name: "Đội ngũ UVC Care" },
    keywords: "du lịch, vệ sinh",
  });
  expect(String(article?.url)).toMatch(/\/blog\/mang-ban-chai-khi-di-du-lich$/);
  await expectNoSeriousA11yViolations(page);

  // Scheduled for next year: not found until then.
  await page.goto("/admin/pages?kind=post");
  await page.getByRole("link", { name: "Mang bàn chải khi đi du lịch" }).click();
  await page.getByLabel("Ngày đăng").fill(`${new Date().getFullYear() + 1}-01-01T08:00`);
  await page.getByRole("button", { name: "Lưu thay đổi" }).click();
  await expect(page.getByText("Đã lưu thay đổi")).toBeVisible();
  expect((await page.goto("/blog/mang-ban-chai-khi-di-du-lich"))?.status()).toBe(404);

  // Deleted, so the next project's run writes the same post again.
  await page.goto("/admin/pages?kind=post");
  await page.getByRole("link", { name: "Mang bàn chải khi đi du lịch" }).click();
  await page.getByRole("button", { name: "Xóa bài viết" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Xóa bài viết" }).click();
  await expect(page).toHaveURL(/\/admin\/pages\?kind=post$/);
  await expect(page.getByRole("link", { name: "Mang bàn chải khi đi du lịch" })).toHaveCount(0);
});
