import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import {
  catalogue,
  checkoutLabels,
  choose,
  fillContact,
  fillShippingAndContinue,
  setCart,
  setCheckoutLayout,
} from "./checkout-flow";

const en = checkoutLabels.en;
/** A storefront URL under /en (the path after the host starts with /en/). */
const underEn = (pattern: string) => new RegExp(`^[a-z]+://[^/]+/en${pattern}`);

test("an English shopper goes from the cart to the confirmation in English, never leaving /en", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // SPEC's English texts for its form ("Email is required", "First name is required") are what this
  // spec checks: the shop asks SPEC §5's form for it (a new shop's preset is checkout-fields.spec.ts's).
  const restoreLayout = await setCheckoutLayout(browser, "spec");
  try {
    const [product] = await catalogue(page);
    await setCart(page, [{ productId: product.productId, quantity: 1 }]);

    // The cart page and its drawer.
    await page.goto("/en/cart");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveTitle(/Your Cart/);
    await expect(page.getByRole("heading", { level: 1, name: "Your Cart (1)" })).toBeVisible();
    await expect(page.getByText(/more for free delivery/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Order Summary" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/en/shop");
    // The cart names the product in English (the quote is asked in the page's language).
    await expect(page.getByRole("button", { name: /^Increase quantity of UVC / })).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Cart, / })
      .click();
    const drawer = page.getByRole("dialog");
    await expect(drawer.getByRole("heading", { name: "Your Cart (1)" })).toBeVisible();
    await expect(drawer.getByRole("link", { name: "View Cart" })).toHaveAttribute("href", "/en/cart");
    await drawer.getByRole("link", { name: "Checkout", exact: true }).click();

    // Information: SPEC's English messages, then the form filled.
    await expect(page).toHaveURL(underEn("/checkout/information$"));
    await expect(page).toHaveTitle(/Checkout: information/);
    // The way back to the cart stays in English (the steps' "Cart" crumb shows from the sm width up;
    // the checkout header's link is on every width).
    await expect(page.getByRole("banner").getByRole("link", { name: "Back to cart" })).toHaveAttribute(
      "href",
      "/en/cart",
    );
    await page.getByRole("button", { name: en.toShipping }).click();
    for (const message of [
      "Email is required",
      "First name is required",
      "Province is required",
      "Phone is required",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await fillContact(page, `en.${Date.now()}@example.com`, "en");
    await page.getByLabel(en.phone, { exact: true }).fill("0912345678");
    await choose(page, en.province, "ho chi minh", /Hồ Chí Minh/);
    await choose(page, en.ward, "ben thanh", /Bến Thành/);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: en.toShipping }).click();

    // Shipping: the date/time rule in English, the methods, then on.
    await expect(page).toHaveURL(underEn("/checkout/shipping$"));
    await expect(page.getByTestId("datetime-warning")).toHaveText("Please choose a delivery date and time");
    await expect(page.getByText("Local delivery", { exact: true })).toBeVisible();
    await expect(page.getByText(/^Earliest: [A-Z][a-z]+day/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Change" })).toHaveAttribute("href", "/en/checkout/information");
    await fillShippingAndContinue(page, "en");
    await page.getByLabel("Discount code").fill("nope");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("The discount code you entered is not valid.")).toBeVisible();
    await page.getByRole("button", { name: en.toPayment }).click();

    // Payment: the review, cash on delivery, the order placed.
    await expect(page).toHaveURL(underEn("/checkout/payment$"));
    await expect(page.getByRole("heading", { name: "Review and place your order" })).toBeVisible();
    await expect(page.getByText("Cash on delivery", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Change delivery" })).toHaveAttribute("href", "/en/checkout/shipping");
    await expectNoSeriousA11yViolations(page);
    const summaryTotal = page.getByTestId("order-summary").last().getByTestId("summary-total");
    await expect(summaryTotal).not.toHaveText("…");
    const total = (await summaryTotal.textContent())?.trim() ?? "";
    await page.getByRole("button", { name: en.placeOrder, exact: true }).click();

    // The confirmation, in English, under /en.
    await expect(page).toHaveURL(underEn("/order-confirmation\\?order_id=[0-9a-f-]{36}$"));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "Order placed!" })).toBeVisible();
    await expect(page.getByText(/Thank you for your order, Lan\./)).toBeVisible();
    await expect(page.getByText(/Order number: DH\d{6}/).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Delivery address" })).toBeVisible();
    await expect(page.getByText("Cash on delivery", { exact: true })).toBeVisible();
    await expect(page.getByTestId("order-total")).toHaveText(total);
    await expect(page.getByRole("link", { name: "Continue shopping" })).toHaveAttribute("href", "/en");
    await expectNoSeriousA11yViolations(page);
  } finally {
    await restoreLayout();
  }
});

test("the English order look-up answers in English and keeps the shopper under /en", async ({ page }) => {
  await page.goto("/en/order-lookup");
  await expect(page.getByRole("heading", { level: 1, name: "Order look-up" })).toBeVisible();
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByText("Please enter the order number", { exact: true })).toBeVisible();
  await page.getByLabel("Order number").fill("DH999999");
  await page.getByLabel("Phone number used for the order").fill("0912345678");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByTestId("lookup-error")).toHaveText(/No order matches this order number and phone number/);
  await expect(page).toHaveURL(underEn("/order-lookup"));
  await expectNoSeriousA11yViolations(page);
});
