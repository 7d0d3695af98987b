import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-session";
import { postOrder } from "./checkout-flow";
import { deleteMadeProduct } from "./product-cleanup";

// Issue 13, items 1–2 in the browser: a product page opened before a sale and before another
// tab's save; the cancel dialog and the archive of an order.

test.beforeEach(async ({ page }) => {
  // Long journeys (a product made, orders placed, several saves): more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  await signInAsAdmin(page);
});

/** The products this spec made: deleted after each test, so later specs see the seeded catalogue. */
const madeProducts: string[] = [];

test.afterEach(async ({ page }) => {
  for (const path of madeProducts.splice(0)) {
    expect([200, 302], `${path} deleted`).toContain(await deleteMadeProduct(page.request, path));
  }
});

/** A product made through the console form, with its initial stock; returns its page's path. */
async function newProduct(page: Page, name: string, stock: number): Promise<string> {
  await page.goto("/admin/products/new");
  await page.getByLabel(/^Tên sản phẩm\s*\*?$/).fill(name);
  await page.getByLabel(/^SKU/).fill(`E2E-${randomUUID().slice(0, 8)}`);
  await page.getByLabel(/Giá bán/).fill("250000");
  await page.getByLabel(/^Danh mục/).selectOption({ label: "Phụ kiện" });
  await page.getByLabel("Tồn kho", { exact: true }).fill(String(stock));
  await page.getByRole("button", { name: "Thêm sản phẩm" }).last().click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  const path = new URL(page.url()).pathname;
  madeProducts.push(path);
  return path;
}

/** A shopper's order placed the way the payment step posts it; returns the order's id. */
const shopperOrder = (page: Page, productId: number, quantity: number) => postOrder(page, [{ productId, quantity }]);

const stockNow = (page: Page) => page.getByTestId("stock-now").locator("strong");

test("a stale product page cannot undo a sale or overwrite another tab's save", async ({ page, context }) => {
  const name = `Hộp đựng e2e ${randomUUID().slice(0, 6)}`;
  const path = await newProduct(page, name, 25);
  const productId = Number(path.split("/").pop());
  await expect(stockNow(page)).toHaveText("25");
  const other = await context.newPage(); // the second tab, opened at the same version
  await other.goto(path);

  await shopperOrder(page, productId, 1);

  // Tab 1 saves only a description: the sale made meanwhile stays sold.
  await page.getByLabel("Mô tả", { exact: true }).fill("Mô tả sửa sau khi khách mua");
  await page.getByRole("button", { name: "Cập nhật" }).click();
  await expect(page.getByText("Sản phẩm đã được cập nhật thành công")).toBeVisible();
  await expect(stockNow(page)).toHaveText("24");
  const history = page.getByTestId("stock-movements").getByRole("row");
  await expect(history.first()).toContainText("Đơn hàng đặt");
  await expect(history.first()).toContainText("−1");
  await expect(history.last()).toContainText("Tồn kho ban đầu");

  // Tab 2 still holds the version it opened: its save is refused and what was typed stays.
  await other.getByLabel(/^Tên sản phẩm\s*\*?$/).fill(`${name} (tab 2)`);
  await other.getByRole("button", { name: "Cập nhật" }).click();
  const alert = other
    .getByRole("alert")
    .filter({ hasText: "Sản phẩm đã được thay đổi sau khi bạn mở trang, tải lại để xem bản mới nhất" });
  await expect(alert).toBeVisible();
  await expect(other.getByLabel(/^Tên sản phẩm\s*\*?$/)).toHaveValue(`${name} (tab 2)`);
  await alert.getByRole("button", { name: /Tải lại bản mới nhất/ }).click();
  await expect(other.getByLabel("Mô tả", { exact: true })).toHaveValue("Mô tả sửa sau khi khách mua");
  await expect(other.getByLabel(/^Tên sản phẩm\s*\*?$/)).toHaveValue(name);
  await expect(alert).toHaveCount(0);
  await expect(stockNow(other)).toHaveText("24");

  // An adjustment below zero is refused with the stock there is; a received one is recorded.
  await page.getByLabel("Tăng / giảm").selectOption("out");
  await page.getByLabel(/^Số lượng/).fill("30");
  await page.getByLabel(/^Lý do/).selectOption("damaged");
  await page.getByRole("button", { name: "Điều chỉnh" }).click();
  await expect(page.getByText("Không thể giảm 30 sản phẩm: tồn kho hiện chỉ còn 24.").first()).toBeVisible();
  await page.getByLabel("Tăng / giảm").selectOption("in");
  await page.getByLabel(/^Số lượng/).fill("6");
  await page.getByLabel(/^Lý do/).selectOption("received");
  await page.getByLabel("Ghi chú").fill("Lô e2e");
  await page.getByRole("button", { name: "Điều chỉnh" }).click();
  await expect(stockNow(page)).toHaveText("30");
  await expect(history.first()).toContainText("Nhập hàng");
  await expect(history.first()).toContainText("Lô e2e");
  await other.close();
});

test("cancelling asks for a reason and the restock choice; an archived order leaves the list, not the history", async ({
  page,
}) => {
  const path = await newProduct(page, `Bàn chải e2e ${randomUUID().slice(0, 6)}`, 10);
  const productId = Number(path.split("/").pop());
  const orderId = await shopperOrder(page, productId, 2);

  await page.goto(`/admin/orders/${orderId}`);
  const number = (await page.getByRole("heading", { level: 1 }).textContent())!.replace("Đơn hàng ", "").trim();
  // Choosing "Đã hủy" in the status list opens the dialog instead of saving.
  await page.getByLabel("Trạng thái đơn hàng").selectOption("cancelled");
  await page.getByLabel("Trạng thái đơn hàng").locator("xpath=..").getByRole("button", { name: "Lưu" }).click();
  const dialog = page.getByRole("alertdialog", { name: `Hủy đơn hàng ${number}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Nhập lại hàng vào kho")).toBeChecked(); // not shipped yet
  await dialog.getByRole("button", { name: "Hủy đơn hàng" }).click();
  await expect(dialog.getByText("Vui lòng nhập lý do hủy đơn")).toBeVisible();
  await dialog.getByLabel(/Lý do hủy/).fill("Khách gọi điện hủy");
  await dialog.getByRole("button", { name: "Hủy đơn hàng" }).click();
  await expect(dialog).toHaveCount(0);
  const history = page.getByTestId("order-history").getByRole("listitem");
  await expect(history.first()).toContainText("Chờ xác nhận → Đã hủy");
  await expect(history.first()).toContainText("Lý do hủy: Khách gọi điện hủy · Đã nhập lại hàng vào kho");
  await expect(page.getByRole("button", { name: "Xóa đơn" })).toHaveCount(0); // processed: archived, never deleted

  await page.getByRole("button", { name: "Lưu trữ" }).click();
  await expect(page.getByText(/Đơn hàng đã được lưu trữ lúc/)).toBeVisible();
  await page.goto(`/admin/orders?q=${number}`);
  await expect(page.getByRole("link", { name: number, exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Đã lưu trữ" }).click();
  await expect(page).toHaveURL(/archived=1/);
  await page.getByLabel("Tìm kiếm").fill(number);
  await page.getByRole("button", { name: "Tìm" }).click();
  await expect(page.getByRole("link", { name: number, exact: true })).toBeVisible();

  // The goods came back with the cancellation: the product page says so.
  await page.goto(path);
  await expect(stockNow(page)).toHaveText("10");
  await expect(page.getByTestId("stock-movements").getByRole("row").first()).toContainText("Đơn hàng hủy");

  // After shipping, the dialog does not put the goods back by default.
  const shippedId = await shopperOrder(page, productId, 1);
  await page.goto(`/admin/orders/${shippedId}`);
  await page.getByLabel("Trạng thái đơn hàng").selectOption("shipped");
  await page.getByLabel("Trạng thái đơn hàng").locator("xpath=..").getByRole("button", { name: "Lưu" }).click();
  await expect(page.getByTestId("order-history").getByRole("listitem").first()).toContainText(
    "Chờ xác nhận → Đang giao",
  );
  await page.getByRole("button", { name: "Hủy đơn" }).click();
  const shippedDialog = page.getByRole("alertdialog");
  await expect(shippedDialog.getByLabel("Nhập lại hàng vào kho")).not.toBeChecked();
  await shippedDialog.getByLabel(/Lý do hủy/).fill("Khách từ chối nhận");
  await shippedDialog.getByRole("button", { name: "Hủy đơn hàng" }).click();
  await expect(page.getByTestId("order-history").getByRole("listitem").first()).toContainText(
    "Không nhập lại hàng vào kho",
  );
  await page.goto(path);
  await expect(stockNow(page)).toHaveText("9");
});
