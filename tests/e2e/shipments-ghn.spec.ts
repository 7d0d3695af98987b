import { expect, test, type Page } from "@playwright/test";
import { STAND_IN_SHOP_ID, STAND_IN_TOKEN, startGhnStandIn, type GhnStandIn } from "../../app/test/ghn-stand-in";
import { signInAsAdmin } from "./admin-session";
import { e2eAdmin } from "./global-setup";
import { expectNoSeriousA11yViolations } from "./axe";
import { catalogue, postOrder } from "./checkout-flow";

// Booking GHN from the order page: the account points at a local stand-in for GHN (nothing
// reaches the internet); staff choose GHN, see GHN's fee estimate, book, get GHN's code, and
// cancel it at GHN again. GHN is switched off afterwards for the other specs.

let standIn: GhnStandIn;
test.beforeAll(async () => {
  standIn = await startGhnStandIn();
});
test.afterAll(async () => {
  await standIn.close();
});

test.beforeEach(async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
});

async function setGhn(page: Page, on: boolean) {
  await page.goto("/admin/carriers");
  const enabled = page.getByRole("switch", { name: "Bật GHN" });
  if ((await enabled.getAttribute("aria-checked")) !== String(on)) await enabled.click();
  if (on) {
    await page.getByLabel("Token API").fill(STAND_IN_TOKEN);
    await page.getByLabel("Mã cửa hàng (ShopId)").fill(STAND_IN_SHOP_ID);
    await page.getByLabel("Môi trường").selectOption("custom");
    await page.getByLabel("Địa chỉ API").fill(standIn.baseUrl);
    // Each run's stand-in has its own port: a new API address, which asks for the password again.
    const password = page.getByLabel("Mật khẩu của bạn");
    if (await password.isVisible()) await password.fill(e2eAdmin.password);
  }
  await page.getByRole("button", { name: "Lưu", exact: true }).click();
  await expect(page.getByText(/^Đã lưu/).first()).toBeVisible();
  await expect(page.getByRole("switch", { name: "Bật GHN" })).toHaveAttribute("aria-checked", String(on));
}

test("books a confirmed order with GHN from the order page, with GHN's fee estimate, then cancels it at GHN; books without JavaScript too", async ({
  page,
  browser,
}) => {
  const [product] = await catalogue(page);
  // Phường Bến Thành (current structure): a ward GHN's stand-in lists.
  const orderId = await postOrder(page, [{ productId: product.productId, quantity: 1 }], "0912345678", "26743");
  try {
    await setGhn(page, true);

    await page.goto(`/admin/orders/${orderId}`);
    await page.getByLabel("Trạng thái đơn hàng").selectOption({ label: "Đã xác nhận" });
    await page.getByRole("button", { name: "Lưu", exact: true }).first().click();
    await expect(page.getByText("Đã cập nhật trạng thái đơn hàng")).toBeVisible();

    const panel = page.getByTestId("shipment-panel");
    // Manual first, as before: the carrier name and the code are typed.
    await expect(panel.getByRole("radio", { name: /Tự gửi \/ nhập mã thủ công/ })).toBeChecked();
    await expect(panel.getByLabel("Hãng vận chuyển")).toBeVisible();

    await panel.getByRole("radio", { name: /GHN \(đặt qua API\)/ }).check();
    await expect(panel.getByLabel("Hãng vận chuyển")).toHaveCount(0);
    await expect(panel.getByLabel("Mã vận đơn", { exact: true })).toHaveCount(0);
    await expect(panel.getByLabel("Dịch vụ GHN")).toHaveValue("2");
    await expect(panel.getByTestId("ghn-estimate")).toContainText("Phí GHN ước tính: 36.300");
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize({ width: 1280, height: 1600 });
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/work/shots/wire/order-ghn-form-desktop.png" });
    await page.setViewportSize({ width: 390, height: 2400 });
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: "/work/shots/wire/order-ghn-form-phone.png" });
    await page.setViewportSize({ width: 1280, height: 800 });

    await panel.getByRole("button", { name: "Đặt vận đơn GHN" }).click();
    const card = page.getByTestId("shipment-card");
    await expect(card.getByTestId("shipment-code")).toHaveText("FFFNL9HH");
    await expect(card.getByText("Chờ lấy hàng", { exact: true })).toBeVisible();
    // Booked is not shipped (decision 0054): the order stays confirmed until GHN picks the parcel up.
    await expect(page.getByLabel("Trạng thái đơn hàng")).toHaveValue("processing");
    await expect(card.getByText("GHN tính 33.000", { exact: false })).toBeVisible();
    await expect(card.getByRole("link", { name: "Tra cứu trên trang GHN" })).toHaveAttribute(
      "href",
      "https://donhang.ghn.vn/?order_code=FFFNL9HH",
    );
    await expect(card.getByRole("button", { name: "Cập nhật từ GHN" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(standIn.requests.some((r) => r.path === "/v2/shipping-order/create")).toBe(true);

    // GHN's own label (decision 0061): the shop asks GHN for a print token and opens GHN's print
    // page in a new tab; the page's address carries the print token, never the API token.
    const [ghnLabel] = await Promise.all([
      page.context().waitForEvent("page"),
      card.getByRole("link", { name: "In nhãn GHN", exact: true }).click(),
    ]);
    await expect(ghnLabel.getByRole("heading", { name: "Phiếu gửi GHN (printA5)" })).toBeVisible();
    expect(ghnLabel.url()).toMatch(/\/a5\/public-api\/printA5\?token=[\w-]+$/);
    expect(ghnLabel.url()).not.toContain(STAND_IN_TOKEN);
    expect(standIn.requests.find((r) => r.path === "/v2/a5/gen-token")?.body).toEqual({ order_codes: ["FFFNL9HH"] });
    await ghnLabel.close();

    await page.setViewportSize({ width: 1280, height: 1600 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/work/shots/wire/order-ghn-card-desktop.png" });
    await page.setViewportSize({ width: 390, height: 2400 });
    await card.screenshot({ path: "/work/shots/wire/order-ghn-card-phone.png" });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Cancelled at GHN first, then here: the order may be shipped again.
    await card.getByRole("button", { name: "Hủy vận đơn" }).click();
    await expect(page.getByText("Đã hủy vận đơn")).toBeVisible();
    await expect(panel.getByRole("button", { name: "Tạo vận đơn" })).toBeVisible();
    expect(standIn.requests.some((r) => r.path === "/v2/switch-status/cancel")).toBe(true);

    // Without JavaScript: the manual fields are all there, choosing GHN posts carrier=ghn and the server books GHN.
    const noJs = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    try {
      const plain = await noJs.newPage();
      await plain.goto(`/admin/orders/${orderId}`);
      const form = plain.getByTestId("shipment-panel");
      await form.getByRole("radio", { name: /GHN \(đặt qua API\)/ }).check();
      await form.getByRole("button", { name: "Tạo vận đơn" }).click();
      await expect(plain.getByTestId("shipment-card").getByTestId("shipment-code")).toHaveText("FFFNL9HH");
    } finally {
      await noJs.close();
    }
  } finally {
    // GHN's code is the same for every booking at the stand-in: a booked one is cancelled (a retry
    // can book again), and GHN is left off for the other specs.
    await page.goto(`/admin/orders/${orderId}`);
    const cancel = page.getByTestId("shipment-card").getByRole("button", { name: "Hủy vận đơn" });
    if (await cancel.isVisible()) {
      await cancel.click();
      await expect(page.getByText("Đã hủy vận đơn")).toBeVisible();
    }
    await setGhn(page, false);
  }
});
