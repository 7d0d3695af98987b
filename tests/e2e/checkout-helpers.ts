import { expect, type Page } from "@playwright/test";

// Driving the checkout from specs (checkout.spec.ts, admin-content.spec.ts).
// The cart is filled by writing local storage, as the cart store does (product ids and quantities only).
export const CART_KEY = "uvc-shop-cart-v1";

export async function setCart(page: Page, lines: unknown) {
  await page.goto("/");
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [CART_KEY, JSON.stringify(lines)] as const);
}

/** Two purchasable products and their database prices, from the quote endpoint. */
export async function catalogue(page: Page) {
  const response = await page.request.post("/api/cart/quote", { data: { lines: [] } });
  expect(response.ok()).toBe(true);
  const quote = (await response.json()) as {
    suggestions: Array<{ productId: number; name: string; unitPrice: number }>;
  };
  expect(quote.suggestions.length).toBe(2);
  return quote.suggestions;
}

export const vnd = (n: number) => new Intl.NumberFormat("vi-VN", { style: "currency", currency: "VND" }).format(n);

function tomorrowInVietnam(): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Ho_Chi_Minh" }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export async function choose(page: Page, label: string, search: string, option: string | RegExp) {
  const box = page.getByRole("combobox", { name: label, exact: true });
  await expect(box).toBeEnabled({ timeout: 20_000 });
  await box.click();
  await box.fill(search);
  await page.getByRole("option", { name: option }).first().click();
  await expect(box).toHaveValue(option);
}

export async function fillContact(page: Page, email = "lan.nguyen@example.vn") {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("First name").fill("Lan");
  await page.getByLabel("Last name").fill("Nguyễn");
  await page.getByLabel("Address", { exact: true }).fill("12 Lê Lợi");
  await page.getByLabel("Postal code").fill("700000");
}

export async function fillShippingAndContinue(page: Page) {
  await page.getByLabel("Delivery date").fill(tomorrowInVietnam());
  await page.getByText("18:00 - 19:00").click();
}
