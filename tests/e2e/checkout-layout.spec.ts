import { expect, test, type Page } from "@playwright/test";
import { catalogue, emailField, setCart, vnd } from "./checkout-flow";

/**
 * Issue 15 part 6: the checkout steps have a focused chrome (logo, secure note, back to cart,
 * language switch, steps; no announcement, menu, newsletter or store footer) and money lines in
 * Vietnamese terms ("Đã bao gồm VAT 7,4%: … ₫"), at a phone's and a laptop's width, in both languages.
 */
const texts = {
  vi: {
    prefix: "",
    secure: "Thanh toán an toàn",
    backToCart: "Quay lại giỏ hàng",
    home: "UVC Care, trang chủ",
    steps: "Các bước thanh toán",
    current: "Thông tin",
    vat: (amount: number) => `Đã bao gồm VAT 7,4%: ${vnd(amount)}`,
    mainNav: "Điều hướng chính",
  },
  en: {
    prefix: "/en",
    secure: "Secure checkout",
    backToCart: "Back to cart",
    home: "UVC Care, home",
    steps: "Checkout steps",
    current: "Information",
    vat: (amount: number) => `Includes 7.4% VAT: ${vnd(amount)}`,
    mainNav: "Main navigation",
  },
} as const;

/** The VAT inside a price that includes it at the default 7.4 % (pricing.ts includedVat). */
const includedVat = (price: number) => Math.round((price * 740) / 10_740);

async function expectFocusedChrome(page: Page, l: (typeof texts)[keyof typeof texts]) {
  const banner = page.getByRole("banner");
  await expect(banner.getByText(l.secure)).toBeVisible();
  await expect(banner.getByRole("link", { name: l.backToCart })).toBeVisible();
  await expect(banner.getByRole("link", { name: l.backToCart })).toHaveAttribute("href", `${l.prefix}/cart`);
  await expect(banner.getByRole("link", { name: l.home })).toHaveAttribute("href", l.prefix || "/");
  await expect(banner.getByTestId("language-switch")).toBeVisible();
  // No way off the checkout but home and the cart: no menu, cart drawer, announcement, newsletter or store footer.
  await expect(page.getByRole("navigation", { name: l.mainNav })).toHaveCount(0);
  await expect(page.getByTestId("header-cart")).toHaveCount(0);
  await expect(page.locator("#footer-newsletter-heading")).toHaveCount(0);
  await expect(page.getByRole("contentinfo").getByRole("heading")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toContainText("UVC Care");
  const steps = page.getByRole("navigation", { name: l.steps });
  await expect(steps.locator('[aria-current="step"]')).toHaveText(l.current);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    for (const language of ["vi", "en"] as const) {
      test(`the checkout chrome is focused and the VAT line reads as included (${language})`, async ({ page }) => {
        const l = texts[language];
        const [product] = await catalogue(page);
        await setCart(page, [{ productId: product.productId, quantity: 1 }]);
        await page.goto(`${l.prefix}/checkout/information`);
        await expectFocusedChrome(page, l);
        const summary = page.getByTestId("order-summary").last();
        await expect(summary.getByTestId("summary-tax")).toHaveText(l.vat(includedVat(product.unitPrice)));

        // The cart keeps the full chrome (newsletter, store footer) and shows the same VAT line.
        await page.getByRole("banner").getByRole("link", { name: l.backToCart }).click();
        await expect(page).toHaveURL(new RegExp(`${l.prefix}/cart$`));
        await expect(page.locator("#footer-newsletter-heading")).toHaveCount(1);
        await expect(page.getByTestId("cart-tax")).toHaveText(l.vat(includedVat(product.unitPrice)));
      });
    }

    test("switching language on a checkout step keeps the cart and what was typed", async ({ page }) => {
      const [product] = await catalogue(page);
      await setCart(page, [{ productId: product.productId, quantity: 2 }]);
      await page.goto("/checkout/information");
      await emailField(page).fill("focused@example.vn");
      await page.getByRole("banner").getByTestId("language-switch").click();
      await expect(page).toHaveURL(/\/en\/checkout\/information$/);
      await expectFocusedChrome(page, texts.en);
      await expect(emailField(page, "en")).toHaveValue("focused@example.vn");
      await expect(page.getByTestId("order-summary").last().getByTestId("summary-subtotal")).toHaveText(vnd(product.unitPrice * 2));
    });
  });
}
