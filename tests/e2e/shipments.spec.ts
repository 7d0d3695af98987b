import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { vndInWords } from "../../app/lib/vnd-words";
import { signInAsAdmin } from "./admin-session";
import { postOrder } from "./checkout-flow";
import { deleteMadeProduct } from "./product-cleanup";

// Issue 16 in the browser: a confirmed order gets a manual shipment, its label is printed, the
// buyer tracks it, the parcel is refused, comes back and its goods return to stock.

test.beforeEach(async ({ page }) => {
  test.setTimeout(150_000);
  await signInAsAdmin(page);
});

const madeProducts: string[] = [];

test.afterEach(async ({ page }) => {
  for (const path of madeProducts.splice(0)) {
    // A product on an order is archived rather than deleted (its orders keep it).
    await deleteMadeProduct(page.request, path);
  }
});

async function newProduct(page: Page, name: string, stock: number): Promise<string> {
  await page.goto("/admin/products/new");
  await page.getByLabel(/^Tên sản phẩm\s*\*?$/).fill(name);
  await page.getByLabel(/^SKU/).fill(`E2E-${randomUUID().slice(0, 8)}`);
  await page.getByLabel(/Giá bán/).fill("225000");
  await page.getByLabel(/^Danh mục/).selectOption({ label: "Phụ kiện" });
  await page.getByLabel("Tồn kho", { exact: true }).fill(String(stock));
  await page.getByLabel("Khối lượng đóng gói (g)").fill("450");
  await page.getByLabel("Dài (cm)").fill("30");
  await page.getByLabel("Rộng (cm)").fill("20");
  await page.getByLabel("Cao (cm)").fill("12");
  await page.getByRole("button", { name: "Thêm sản phẩm" }).last().click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  const path = new URL(page.url()).pathname;
  madeProducts.push(path);
  return path;
}

const PHONE = "0912345678";

/** The confirmation panel's "the buyer confirmed" (issue 16, part 1). */
async function confirmWithBuyer(page: Page) {
  await page.getByRole("button", { name: "Người mua đã xác nhận" }).click();
  await expect(page.getByText("Đã xác nhận đơn hàng với người mua")).toBeVisible();
  await expect(page.getByText(/Đã xác nhận lúc/)).toBeVisible();
}

test("manual shipment: label with COD in words and barcode, buyer tracking, refused parcel returned to stock", async ({
  page,
  browser,
}) => {
  const productPath = await newProduct(page, `Túi giữ nhiệt e2e ${randomUUID().slice(0, 6)}`, 10);
  const productId = Number(productPath.split("/").pop());
  const orderId = await postOrder(page, [{ productId, quantity: 2 }], PHONE);

  // Staff call the buyer and record the confirmation; then the "Vận chuyển" panel offers the shipment form.
  await page.goto(`/admin/orders/${orderId}`);
  const number = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").match(/DH\d+/)![0];
  await expect(page.getByLabel("Trạng thái đơn hàng").locator("option", { hasText: "Đang hoàn hàng" })).toHaveCount(0);
  await confirmWithBuyer(page);

  const panel = page.getByTestId("shipment-panel");
  await expect(panel.getByLabel("Khối lượng (g)")).toHaveValue("900");
  await expect(panel.getByLabel("Dài (cm)")).toHaveValue("30");
  const total = Number((await panel.getByLabel("Tiền thu hộ (COD, đ)").inputValue()).replace(/\D/g, ""));
  expect(total).toBeGreaterThanOrEqual(450_000);
  // A different COD amount without a reason is refused.
  await panel.getByLabel("Tiền thu hộ (COD, đ)").fill(String(total - 10_000));
  await panel.getByLabel("Hãng vận chuyển").fill("Viettel Post");
  await panel.getByRole("button", { name: "Tạo vận đơn" }).click();
  await expect(panel.getByText("Vui lòng nhập lý do thay đổi số tiền thu hộ")).toBeVisible();
  await panel.getByLabel("Tiền thu hộ (COD, đ)").fill(String(total));
  const code = `VTP${randomUUID().slice(0, 8).toUpperCase()}`;
  await panel.getByLabel("Mã vận đơn").fill(code);
  await panel.getByRole("button", { name: "Tạo vận đơn" }).click();
  const card = page.getByTestId("shipment-card");
  await expect(card.getByTestId("shipment-code")).toHaveText(code);
  await expect(card.getByText("Chờ lấy hàng", { exact: true })).toBeVisible();
  // Booked is not shipped (decision 0054): the order stays confirmed until the courier has the parcel.
  await expect(page.getByLabel("Trạng thái đơn hàng")).toHaveValue("processing");
  await card.getByRole("button", { name: "Đã bàn giao cho hãng" }).click();
  await expect(card.getByText("Đang giao", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Trạng thái đơn hàng")).toHaveValue("shipped");
  // Only the steps forward: "Đã xác nhận" is no longer offered.
  await expect(page.getByLabel("Trạng thái đơn hàng").locator("option", { hasText: "Đã xác nhận" })).toHaveCount(0);

  // The A6 label: COD in digits and words, the order number's barcode.
  const labelHref = await card.getByRole("link", { name: "In nhãn A6" }).getAttribute("href");
  const label = await page.context().newPage();
  await label.goto(labelHref!);
  await expect(label.getByTestId("label-cod-words")).toHaveText(vndInWords(total));
  await expect(label.getByRole("img", { name: `Mã vạch ${number}` })).toBeVisible();
  await expect(label.getByText(code)).toBeVisible();
  await expect(label.getByText("Nguyễn Lan")).toBeVisible();
  await label.close();

  // The buyer, in another browser, tracks the parcel with the number and the phone.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await buyer.goto("/order-lookup");
  await buyer.getByLabel("Mã đơn hàng").fill(number);
  await buyer.getByLabel("Số điện thoại đặt hàng").fill(PHONE);
  await buyer.getByRole("button", { name: "Tra cứu" }).click();
  const tracking = buyer.getByTestId("shipment-tracking");
  await expect(tracking.getByTestId("tracking-code")).toHaveText(code);
  await expect(tracking.getByText("Viettel Post", { exact: true })).toBeVisible();
  await expect(tracking.getByRole("link", { name: /Theo dõi trên trang Viettel Post/ })).toHaveAttribute(
    "href",
    `https://viettelpost.com.vn/tra-cuu-hanh-trinh-don/?code=${code}`,
  );
  await expect(tracking.getByTestId("tracking-events")).toContainText("Đã tạo vận đơn, chờ lấy hàng");

  // Refused at the door → returning → received back: one unit sellable, one damaged.
  await card.getByText("Giao thất bại / người mua từ chối…").click();
  await card.getByRole("button", { name: "Ghi nhận giao thất bại" }).click();
  await expect(card.getByText("Giao thất bại", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: "Đang hoàn về" }).click();
  await expect(card.getByText("Đang hoàn về", { exact: true })).toBeVisible();
  await card.getByLabel("Nhập lại kho").fill("1");
  await card.getByLabel("Hư hỏng").fill("1");
  await card.getByRole("button", { name: "Xác nhận đã nhận hàng hoàn" }).click();
  await expect(card.getByText("Đã nhận hàng hoàn", { exact: true })).toBeVisible();
  await expect(page.getByText("Đã hoàn hàng").first()).toBeVisible();

  // The buyer sees it too.
  await buyer.reload();
  await expect(buyer.getByTestId("tracking-events")).toContainText("Shop đã nhận lại hàng");
  await buyerContext.close();

  // Stock: 10 − 2 sold + 1 back = 9, the return recorded in the history.
  await page.goto(productPath);
  await expect(page.getByTestId("stock-now").locator("strong")).toHaveText("9");
  await expect(page.getByTestId("stock-movements").getByRole("row").first()).toContainText("Khách trả hàng");

  // The shipments list finds it by its code.
  await page.goto(`/admin/shipments?q=${code}`);
  await expect(page.getByRole("link", { name: number })).toBeVisible();
  // Ticked shipments print on one A4 sheet.
  await page.getByRole("checkbox", { name: new RegExp(number) }).check();
  const [sheet] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: /A4/ }).click()]);
  await expect(sheet.getByTestId("label-cod-words")).toHaveText(vndInWords(total));
  await sheet.close();

  // A pasted import with a bad row writes nothing and names the row.
  await page.getByLabel(/Hoặc dán/).fill(`DH999999,ABC123\n${number},${code}`);
  await page.getByRole("button", { name: "Nhập mã vận đơn" }).click();
  await expect(page.getByTestId("import-errors")).toContainText("Dòng 1: Không tìm thấy đơn hàng DH999999");
});

test("a delivered parcel's COD is reconciled from the carrier's file: the order becomes paid", async ({ page }) => {
  const productPath = await newProduct(page, `Hộp đựng e2e ${randomUUID().slice(0, 6)}`, 5);
  const productId = Number(productPath.split("/").pop());
  const orderId = await postOrder(page, [{ productId, quantity: 1 }], "0987000111");
  await page.goto(`/admin/orders/${orderId}`);
  await confirmWithBuyer(page);

  const panel = page.getByTestId("shipment-panel");
  const total = Number((await panel.getByLabel("Tiền thu hộ (COD, đ)").inputValue()).replace(/\D/g, ""));
  await panel.getByLabel("Hãng vận chuyển").fill("GHTK");
  const code = `S${randomUUID().replace(/-/g, "").slice(0, 10).toUpperCase()}`;
  await panel.getByLabel("Mã vận đơn").fill(code);
  await panel.getByRole("button", { name: "Tạo vận đơn" }).click();
  const card = page.getByTestId("shipment-card");
  await expect(card.getByTestId("shipment-code")).toHaveText(code);
  await card.getByRole("button", { name: "Giao thành công" }).click();
  await expect(card.getByText("Đã giao", { exact: true })).toBeVisible();

  // GHTK's payout file: Vietnamese headers, the amount written with dots.
  const csv = [
    "Mã vận đơn,Tiền thu hộ,Phí dịch vụ,Ngày đối soát",
    `${code},"${total.toLocaleString("vi-VN")}",22.000,26/11/2026`,
  ];
  await page.goto("/admin/cod");
  const importForm = page.getByRole("form", { name: "Nhập tệp đối soát" });
  await importForm.getByLabel("Hãng vận chuyển").selectOption("GHTK");
  await importForm
    .getByLabel("Tệp đối soát")
    .setInputFiles({
      name: `ghtk-${code}.csv`,
      mimeType: "text/csv",
      buffer: Buffer.from(`\uFEFF${csv.join("\r\n")}\r\n`),
    });
  await importForm.getByRole("button", { name: "Nhập và đối soát" }).click();
  await expect(page.getByTestId("import-matched")).toContainText("Đã khớp 1 dòng");

  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByText("Đã thanh toán").first()).toBeVisible();
  await expect(page.getByText("Đã giao").first()).toBeVisible();
});
