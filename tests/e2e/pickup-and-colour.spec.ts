import { expect, test } from "@playwright/test";
import { expectAddedInDrawer } from "./cart-drawer";
import { checkoutLabels, choose, fillContact, setCart } from "./checkout-flow";

// Issue 31, items 2 and 3: pickup at the shop nearest the buyer that holds the goods, and the
// colour chosen on the home page stays chosen to the cart.
const PINK_NAME = "Máy tiệt trùng bàn chải UVC – Hồng";
const l = checkoutLabels.vi;

test("pink chosen on the home page arrives pink in the cart", async ({ page }) => {
  await page.goto("/");
  await page.locator('section[aria-labelledby="colors-heading"]').getByRole("link", { name: /Hồng/ }).click();
  await expect(page).toHaveURL(/\/shop\?color=pink$/);
  const card = page.getByTestId("product-card").filter({ hasText: "Máy tiệt trùng bàn chải UVC" }).first();
  await expect(card.locator("img").first()).toHaveAttribute("src", /uvc-sterilizer-pink-front/);
  await card.getByRole("link", { name: "Máy tiệt trùng bàn chải UVC", exact: true }).click();
  await expect(page).toHaveURL(/\/collections\/sterilizers\/uvc-sterilizer\?variant=\d+$/);
  const colours = page.getByRole("radiogroup", { name: /^Màu:/ });
  await expect(colours.getByRole("radio", { name: "Hồng" })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("button", { name: /Thêm vào giỏ/ }).click();
  await expectAddedInDrawer(page, `Đã thêm 1 ${PINK_NAME} vào giỏ hàng`);
  await page.goto("/cart");
  await expect(page.getByRole("main").getByRole("link", { name: PINK_NAME }).first()).toBeVisible();
});

test("a Hà Nội buyer picks up in Hoàn Kiếm", async ({ page }) => {
  // The seeded travel case: the Hà Nội shop holds 5 (its sterilizers are out of stock).
  const shop = await (await page.request.get("/collections/accessories")).text();
  const caseId = Number(/name="productId" value="(\d+)"/.exec(shop)?.[1]);
  expect(caseId).toBeGreaterThan(0);
  await setCart(page, [{ productId: caseId, quantity: 1 }]);
  await page.goto("/checkout/information");
  await fillContact(page, "minh.pickup@example.vn");
  await page.getByLabel(l.phone, { exact: true }).fill("0912345679");
  await choose(page, l.province, "ha noi", /Hà Nội/);
  await choose(page, l.ward, "hoan kiem", /Hoàn Kiếm/);
  await page.getByRole("button", { name: l.toShipping }).click();
  await expect(page).toHaveURL(/\/checkout\/shipping$/);

  const shops = page.getByTestId("pickup-shops");
  await expect(shops).toBeHidden(); // only under "Nhận tại cửa hàng"
  await page.getByRole("radio", { name: /Nhận tại cửa hàng/ }).check();
  await expect(shops).toBeVisible();
  const listed = shops.getByTestId("pickup-shop");
  await expect(listed.first()).toContainText("UVC Care Hoàn Kiếm");
  await expect(listed.first()).toContainText("Cùng tỉnh/thành với bạn");
  await expect(listed.first()).toContainText("45 Hàng Bài, Phường Hoàn Kiếm, Hà Nội");
  await expect(listed.first()).toContainText("Mở cửa 08:30–21:30 hằng ngày");
  await expect(listed.first()).toContainText(/: còn 5/);
  await shops.getByRole("radio", { name: /UVC Care Hoàn Kiếm/ }).check();
  // Pickup is booked for a day and an hour at the shop (from tomorrow); Hà Nội's delivery has no slots.
  const tomorrow = new Date(Date.now() + 7 * 3600_000 + 24 * 3600_000).toISOString().slice(0, 10);
  await page.getByLabel(l.deliveryDate, { exact: true }).fill(tomorrow);
  await page.getByText("18:00 - 19:00").click();
  await page.getByRole("button", { name: l.toPayment }).click();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await page.getByRole("button", { name: l.placeOrder, exact: true }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?order_id=[0-9a-f-]{36}$/);
  const pickup = page.getByTestId("order-pickup-shop");
  await expect(pickup).toContainText("UVC Care Hoàn Kiếm");
  await expect(pickup).toContainText("45 Hàng Bài, Phường Hoàn Kiếm, Hà Nội");
  await expect(pickup.getByRole("link", { name: "Xem bản đồ" })).toHaveAttribute("href", /google\.com\/maps/);

});
