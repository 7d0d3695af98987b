import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-session";
import { expectNoSeriousA11yViolations } from "./axe";
import { catalogue, choose, fillShippingAndContinue, setCart, setCheckoutLayout } from "./checkout-flow";

/**
 * Settings → Trang đặt hàng: a new shop's checkout is the Vietnam COD preset — a shopper checks out
 * with one name field, the phone first, no e-mail and no postal code, and the console shows the
 * order. SPEC §5's form is one click away in the console, and the preset one click back. The shop's
 * settings are shared by every spec: the shop's own choice is put back at the end, whatever happened.
 */

async function openCheckoutSettings(page: Page) {
  await signInAsAdmin(page);
  await page.goto("/admin/settings?tab=checkout");
  await expect(page.getByRole("heading", { name: "Thông tin khách điền khi đặt hàng" })).toBeVisible();
}

const requirement = (page: Page, group: string, choice: string) =>
  page.getByRole("group", { name: group }).getByRole("radio", { name: choice, exact: true });

test("a new shop's checkout is the Vietnam COD preset: a phone-first checkout without e-mail or postal code", async ({
  page,
}) => {
  // The console, a whole checkout, the console again: longer than one page's test.
  test.setTimeout(120_000);
  // Nothing chosen in the console: the shop's setting is the default, which the tab shows.
  await openCheckoutSettings(page);
  await expect(page.getByRole("radio", { name: "Họ và tên (một ô)" })).toBeChecked();
  await expect(requirement(page, "Email", "Không bắt buộc")).toBeChecked();
  await expect(requirement(page, "Mã bưu chính", "Ẩn")).toBeChecked();
  await expect(page.getByRole("switch", { name: "Số điện thoại đầu tiên" })).toHaveAttribute("aria-checked", "true");
  await page.screenshot({ path: "test-results/checkout-fields-settings.png", fullPage: true });

  const [product] = await catalogue(page);
  await setCart(page, [{ productId: product.productId, quantity: 1 }]);
  await page.goto("/checkout/information");
  const form = page.locator("form").filter({ has: page.getByLabel("Họ và tên", { exact: true }) });
  // The phone comes first; no first/last name, no postal code; the e-mail may be left out.
  await expect(form.locator("input:not([type=hidden]):not([type=checkbox])").first()).toHaveAttribute("id", "phone");
  await expect(page.getByLabel("Mã bưu chính", { exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Tên", { exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Email (không bắt buộc)", { exact: true })).toBeVisible();

  // Nothing typed yet: the phone and the name are what is missing, not an e-mail.
  await page.getByRole("button", { name: "Tiếp tục đến phương thức giao hàng" }).click();
  await expect(page.getByText("Vui lòng nhập họ và tên")).toBeVisible();
  await expect(page.getByText("Vui lòng nhập email")).toHaveCount(0);

  await page.getByLabel("Số điện thoại", { exact: true }).fill("0987654321");
  await page.getByLabel("Họ và tên", { exact: true }).fill("Trần Thị Bình");
  await page.getByLabel("Địa chỉ", { exact: true }).fill("8 Hai Bà Trưng");
  await choose(page, "Tỉnh/Thành phố", "ho chi minh", /Hồ Chí Minh/);
  await choose(page, "Phường/Xã", "ben thanh", /Bến Thành/);
  await page.screenshot({
    path: `test-results/checkout-fields-information-${test.info().project.name}.png`,
    fullPage: true,
  });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Tiếp tục đến phương thức giao hàng" }).click();
  await expect(page).toHaveURL(/\/checkout\/shipping$/);
  await expect(page.getByText("Liên hệ: +84987654321").or(page.getByText("Liên hệ: 0987654321"))).toBeVisible();
  await fillShippingAndContinue(page);
  await page.getByRole("button", { name: "Tiếp tục đến thanh toán" }).click();
  await expect(page.getByTestId("review-address")).toContainText("Trần Thị Bình");
  await page.getByRole("button", { name: "Đặt hàng", exact: true }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?order_id=[0-9a-f-]{36}$/);
  await expect(page.getByTestId("order-address")).toContainText("Trần Thị Bình");
  const orderId = new URL(page.url()).searchParams.get("order_id");

  // The console shows the order: the name as typed, no e-mail.
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole("link", { name: "Trần Thị Bình" })).toBeVisible();
  await expect(page.getByText("+84987654321").first()).toBeVisible();

  // The English checkout asks for the same fields, in English.
  await setCart(page, [{ productId: product.productId, quantity: 1 }]);
  await page.goto("/en/checkout/information");
  await expect(page.getByLabel("Full name", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Email (optional)", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Postal code", { exact: true })).toHaveCount(0);
});

test("the console switches the checkout to SPEC §5's form in one click, and back to the preset in one", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The shop starts from the preset here, and its own choice is put back at the end.
  const restoreLayout = await setCheckoutLayout(browser, "vietnam-cod");
  try {
    await openCheckoutSettings(page);
    await page.getByRole("button", { name: "Áp dụng mẫu quốc tế" }).click();
    await expect(page.getByText("Cài đặt trang đặt hàng đã được cập nhật")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Tên và họ (hai ô)" })).toBeChecked();
    await expect(requirement(page, "Email", "Bắt buộc")).toBeChecked();
    await expect(requirement(page, "Mã bưu chính", "Bắt buộc")).toBeChecked();
    await expect(page.getByRole("switch", { name: "Số điện thoại đầu tiên" })).toHaveAttribute("aria-checked", "false");

    // SPEC §5's form: the e-mail first and required, "Họ" and "Tên", the postal code; the phone after the address.
    const [product] = await catalogue(page);
    await setCart(page, [{ productId: product.productId, quantity: 1 }]);
    await page.goto("/checkout/information");
    const form = page.locator("form").filter({ has: page.getByLabel("Địa chỉ", { exact: true }) });
    await expect(form.locator("input:not([type=hidden]):not([type=checkbox])").first()).toHaveAttribute("id", "email");
    for (const label of ["Email", "Họ", "Tên", "Mã bưu chính", "Số điện thoại"])
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    await expect(page.getByLabel("Họ và tên", { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Tiếp tục đến phương thức giao hàng" }).click();
    for (const message of [
      "Vui lòng nhập email",
      "Vui lòng nhập tên",
      "Vui lòng nhập họ",
      "Vui lòng nhập mã bưu chính",
    ])
      await expect(page.getByText(message, { exact: true })).toBeVisible();

    // One click back to the preset.
    await openCheckoutSettings(page);
    await page.getByRole("button", { name: "Áp dụng mẫu Việt Nam COD" }).click();
    await expect(page.getByText("Cài đặt trang đặt hàng đã được cập nhật")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Họ và tên (một ô)" })).toBeChecked();
    await page.goto("/checkout/information");
    await expect(page.getByLabel("Họ và tên", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Email (không bắt buộc)", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Mã bưu chính", { exact: true })).toHaveCount(0);
  } finally {
    await restoreLayout();
  }
});
