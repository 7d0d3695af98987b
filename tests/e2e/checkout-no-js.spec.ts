import { expect, test, type Browser } from "@playwright/test";
import {
  catalogue,
  checkoutLabels,
  earliestDeliveryDayInHcm,
  emailField,
  fillContact,
  type Language,
} from "./checkout-flow";

// Issue 17: buying works as plain HTML. A browser with JavaScript off buys from the product page:
// the "Add to cart" form lands on /cart, every checkout step is a form the server checks and
// saves with the cart, the address is chosen with native selects, and the order is placed.

const noJsLabels = {
  vi: {
    addToCart: /Thêm vào giỏ/,
    proceed: "Tiến hành thanh toán",
    choose: "Chọn",
    provinceOption: "Thành phố Hồ Chí Minh",
    wardOption: "Phường Bến Thành",
    nameRequired: "Vui lòng nhập họ và tên",
    wardRequired: "Vui lòng chọn phường/xã",
    deliveryRequired: "Vui lòng chọn ngày và giờ giao hàng",
    confirmation: "Đặt hàng thành công!",
  },
  en: {
    addToCart: /Add to cart/,
    proceed: "Proceed to Checkout",
    choose: "Choose",
    provinceOption: "Thành phố Hồ Chí Minh",
    wardOption: "Phường Bến Thành",
    nameRequired: "Full name is required",
    wardRequired: "Ward is required",
    deliveryRequired: "Please choose a delivery date and time",
    confirmation: "Order placed!",
  },
} as const;

async function buyWithoutJavaScript(browser: Browser, language: Language, productHref: string) {
  const l = checkoutLabels[language];
  const n = noJsLabels[language];
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    // The product page's form posts to the cart, which answers with the cart page.
    await page.goto(`${l.prefix}${productHref}`);
    await page.getByRole("button", { name: n.addToCart }).first().click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/cart$`));
    await page.getByRole("link", { name: n.proceed }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/checkout/information$`));

    // An empty post: the server's messages (a new shop's form), in the page's language.
    await page.getByRole("button", { name: l.toShipping }).click();
    await expect(page.getByText(n.nameRequired, { exact: true })).toBeVisible();
    await expect(page.getByText(n.wardRequired, { exact: true })).toBeVisible();

    await fillContact(page, "no.js@example.vn", language);
    await page.getByLabel(l.phone, { exact: true }).fill("0912345678");
    // The province's wards come from the server: "Choose" saves what was typed and shows them.
    await page.getByLabel(l.province, { exact: true }).selectOption({ label: n.provinceOption });
    await page.getByRole("button", { name: n.choose, exact: true }).click();
    await expect(emailField(page, language)).toHaveValue("no.js@example.vn");
    await expect(page.getByLabel(l.province, { exact: true })).toHaveValue("79");
    await page.getByLabel(l.ward, { exact: true }).selectOption({ label: n.wardOption });
    await page.getByRole("button", { name: l.toShipping }).click();

    await expect(page).toHaveURL(new RegExp(`${l.prefix}/checkout/shipping$`));
    await page.getByRole("button", { name: l.toPayment }).click();
    await expect(page.getByText(n.deliveryRequired).first()).toBeVisible();
    await page.getByLabel(l.deliveryDate, { exact: true }).fill(earliestDeliveryDayInHcm());
    await page.getByText("18:00 - 19:00").click();
    await page.getByRole("button", { name: l.toPayment }).click();

    await expect(page).toHaveURL(new RegExp(`${l.prefix}/checkout/payment$`));
    await expect(page.getByTestId("review-address")).toContainText("Bến Thành");
    await page.getByRole("button", { name: l.placeOrder, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/order-confirmation\\?order_id=[0-9a-f-]{36}$`));
    await expect(page.getByText(n.confirmation).first()).toBeVisible();
    await expect(page.getByText(l.orderNumber).first()).toBeVisible();

    // The cart is empty now: checkout sends the shopper back to it.
    await page.goto(`${l.prefix}/checkout/information`);
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/cart$`));
  } finally {
    await context.close();
  }
}

test("with JavaScript off, a shopper buys from the product page through every checkout step (Vietnamese)", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const [product] = await catalogue(page);
  await buyWithoutJavaScript(browser, "vi", product!.href);
});

test("with JavaScript off, the English checkout works the same", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const [product] = await catalogue(page);
  await buyWithoutJavaScript(browser, "en", product!.href);
});
