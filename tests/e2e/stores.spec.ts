import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { signInAsAdmin } from "./admin-session";

// Issue 19, item 6: shops are managed in the console; /stores and the product page's
// availability dialog read them, with their hours, map and units.

const PINK_PATH = "/collections/sterilizers/uvc-sterilizer?variant=4";
const PINK_NAME = "Máy tiệt trùng bàn chải UVC – Hồng";

test("staff add a shop with its hours, map and stock; shoppers find it on /stores and on the product page", async ({
  page,
}) => {
  const name = `UVC Care Cầu Giấy ${Date.now().toString(36)}`;
  await signInAsAdmin(page);
  await page.goto("/admin/stores");
  await page.getByRole("button", { name: "Thêm cửa hàng" }).click();
  const dialog = page.getByRole("dialog", { name: "Thêm cửa hàng" });
  await dialog.getByLabel("Tên cửa hàng").fill(name);
  await dialog.getByLabel("Tỉnh/thành phố").fill("Hà Nội");
  await dialog.getByLabel("Địa chỉ").fill("12 Trần Thái Tông, Phường Cầu Giấy, Hà Nội");
  await dialog.getByLabel("Điện thoại").fill("024 3795 6868");
  await dialog.getByLabel("Mở cửa").fill("09:00");
  await dialog.getByLabel("Đóng cửa").fill("20:30");
  // A map link that is not http(s) is refused in the form, with the field's message.
  await dialog.getByLabel("Liên kết bản đồ").fill("javascript:alert(1)");
  await dialog.getByRole("button", { name: "Tạo mới" }).click();
  await expect(dialog.getByText("Bản đồ phải là một liên kết http(s)")).toBeVisible();
  await dialog.getByLabel("Liên kết bản đồ").fill("https://maps.example.vn/cau-giay");
  await dialog.getByRole("button", { name: "Tạo mới" }).click();
  await expect(page.getByText("Đã thêm cửa hàng")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("09:00–20:30");

  await row.getByRole("link", { name: `Tồn kho tại ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Tồn kho tại ${name}` })).toBeVisible();
  await page.getByLabel(PINK_NAME).fill("4");
  // Leaving with unsaved units asks first.
  await page.getByRole("link", { name: "Danh sách cửa hàng" }).click();
  const leave = page.getByRole("alertdialog", { name: "Có thay đổi chưa lưu" });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Ở lại" }).click();
  await expect(page.getByLabel(PINK_NAME)).toHaveValue("4");
  await page.getByRole("button", { name: "Lưu tồn kho" }).click();
  await expect(page.getByText("Đã cập nhật tồn kho của cửa hàng")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto("/stores");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card).toContainText("Mở cửa 09:00–20:30 mỗi ngày");
  await expect(card.getByRole("link", { name: `Xem bản đồ: ${name} (mở trang mới)` })).toHaveAttribute(
    "href",
    "https://maps.example.vn/cau-giay",
  );
  await expect(card.getByRole("link", { name: `Gọi ${name}: 024 3795 6868` })).toHaveAttribute(
    "href",
    "tel:02437956868",
  );
  await expectNoSeriousA11yViolations(page);

  await page.goto(PINK_PATH);
  await page.getByRole("button", { name: "Xem cửa hàng còn hàng" }).click();
  const availability = page.getByRole("dialog", { name: "Tình trạng hàng tại cửa hàng" });
  const shop = availability.getByRole("listitem").filter({ hasText: name });
  await expect(shop).toContainText("Còn 4 sản phẩm");
  await expect(shop).toContainText("Mở cửa 09:00–20:30 mỗi ngày");
  await availability.getByRole("link", { name: "Xem tất cả cửa hàng" }).click();
  await expect(page).toHaveURL(/\/stores$/);

  await page.goto("/en/stores");
  await expect(page.getByRole("heading", { level: 1, name: "Our stores" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText("Open daily 09:00–20:30");

  // Removed in the console: gone from the storefront.
  await page.goto("/admin/stores");
  await page
    .getByRole("row")
    .filter({ hasText: name })
    .getByRole("button", { name: `Xóa ${name}` })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Xóa", exact: true }).click();
  await expect(page.getByText("Đã xóa cửa hàng")).toBeVisible();
  await page.goto("/stores");
  await expect(page.getByRole("heading", { name })).toHaveCount(0);
});
