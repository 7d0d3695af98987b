import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./admin-session";
import { placeOrderByPost } from "./checkout-flow";

/*
 * Issue 18 items 2 and 7 in the browser: staff preview an order e-mail with a real order (the
 * HTML part sandboxed, the text part beside it); the newsletter list is searched, exported and
 * an address unsubscribed after a confirmation.
 */

test("an order e-mail is previewed in the console with the order's items, total and amount to pay on delivery", async ({
  page,
}) => {
  test.setTimeout(120_000); // an order and the console on a busy machine
  const { orderId, orderNumber, total } = await placeOrderByPost(page);

  await signInAsAdmin(page);
  await page.goto("/admin/emails");
  await page.getByLabel("Loại email").selectOption({ label: "Đang giao hàng" });
  await page.getByLabel("Đơn hàng", { exact: true }).selectOption(orderId);
  await page.getByRole("button", { name: "Xem trước email" }).click();
  await expect(page).toHaveURL(new RegExp(`preview=order_shipped&order=${orderId}`));

  const preview = page.getByRole("region", { name: new RegExp(`Đơn hàng ${orderNumber} đang được giao`) });
  await expect(preview).toContainText("Xem trước · chưa gửi");
  await expect(preview.getByRole("link", { name: orderNumber })).toBeVisible();
  const html = preview.frameLocator('iframe[title="Bản HTML của email"]');
  await expect(html.getByText(`Số tiền cần thanh toán khi nhận hàng: ${total}`)).toBeVisible();
  await expect(html.getByRole("link", { name: "Theo dõi đơn hàng" })).toHaveAttribute(
    "href",
    new RegExp(`/order-lookup\\?number=${orderNumber}$`),
  );
  const text = preview.getByTestId("email-preview-text");
  await expect(text).toContainText(`== Đơn hàng ${orderNumber} ==`);
  await expect(text).toContainText(`Số tiền cần thanh toán khi nhận hàng: ${total}`);
  await page.screenshot({ path: "test-results/email-preview-1280.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/email-preview-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Closing the preview goes back to the outbox; nothing was queued by previewing.
  await preview.getByRole("link", { name: "Đóng bản xem trước" }).click();
  await expect(page).toHaveURL(/\/admin\/emails$/);
  await expect(page.getByRole("row", { name: /đang được giao/ }).filter({ hasText: orderNumber })).toHaveCount(0);
});

test("the newsletter list is searched, exported as CSV, and an address is unsubscribed after a confirmation", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `tin.${Date.now()}@example.vn`;
  await page.goto("/about");
  const form = page.locator("#newsletter-footer");
  await form.getByLabel("Địa chỉ email").fill(email);
  await form.getByRole("button", { name: "ĐĂNG KÝ" }).click();
  await expect(form.getByRole("status")).toContainText("Hãy mở hộp thư");

  await signInAsAdmin(page);
  await page.goto("/admin/newsletter");
  // The sidebar; on a phone, the menu it lives in.
  const sidebar = page.getByRole("navigation", { name: "Quản trị" });
  const onPhone = !(await sidebar.isVisible());
  if (onPhone) await page.getByRole("button", { name: "Mở menu quản trị" }).click();
  await expect(sidebar.getByRole("link", { name: "Bản tin" })).toHaveAttribute("aria-current", "page");
  if (onPhone) await page.keyboard.press("Escape");
  await expect(page.getByRole("heading", { name: "Bản tin", level: 1 })).toBeVisible();
  await expect(page.getByTestId("newsletter-counts")).toContainText("Chờ xác nhận");

  await page.getByLabel("Tìm kiếm").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Tìm" }).click();
  await expect(page).toHaveURL(/q=/);
  const row = page.getByTestId("newsletter-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(email);
  await expect(row).toContainText("Chờ xác nhận");
  await page.screenshot({ path: "test-results/newsletter-1280.png", fullPage: true });

  // The export follows the search: the BOM, the header, this one address.
  const exportHref = await page.getByRole("link", { name: "Xuất CSV" }).getAttribute("href");
  const csv = await page.request.get(exportHref!);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const body = await csv.text();
  expect(body.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("Email,Trạng thái,Nguồn,Ngày đăng ký,Ngày xác nhận");
  expect(body).toContain(`${email},Chờ xác nhận,footer,`);

  const unsubscribe = page.getByRole("button", { name: `Hủy đăng ký ${email}` });
  await unsubscribe.click();
  const dialog = page.getByRole("alertdialog", { name: "Hủy đăng ký nhận bản tin" });
  await expect(dialog).toContainText(email);
  // "Giữ lại" closes it and puts the focus back on the button that opened it.
  await dialog.getByRole("button", { name: "Giữ lại" }).click();
  await expect(dialog).toBeHidden();
  await expect(unsubscribe).toBeFocused();

  await unsubscribe.click();
  await dialog.getByRole("button", { name: "Hủy đăng ký" }).click();
  await expect(page.getByText("Đã hủy đăng ký nhận bản tin")).toBeVisible();
  await expect(page.getByText("Không có địa chỉ nào khớp")).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/newsletter");
  await page.screenshot({ path: "test-results/newsletter-390.png", fullPage: true });
});
