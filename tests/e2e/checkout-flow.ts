import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";

/**
 * Driving the storefront checkout, shared by the checkout spec and the specs that need a real
 * order (the admin's live dashboard). The cart is filled by writing local storage, as the cart
 * store does (product ids and quantities only).
 */
export const CART_KEY = "uvc-shop-cart-v1";

/** The checkout's labels in each storefront language (Vietnamese at today's paths, English under /en). */
export const checkoutLabels = {
  vi: {
    prefix: "",
    email: "Email",
    firstName: "Tên",
    lastName: "Họ",
    address: "Địa chỉ",
    postalCode: "Mã bưu chính",
    phone: "Số điện thoại",
    province: "Tỉnh/Thành phố",
    district: "Quận/Huyện",
    ward: "Phường/Xã",
    toShipping: "Tiếp tục đến phương thức giao hàng",
    deliveryDate: "Ngày giao hàng",
    toPayment: "Tiếp tục đến thanh toán",
    placeOrder: "Đặt hàng",
    orderNumber: /Mã đơn hàng: DH\d{6}/,
  },
  en: {
    prefix: "/en",
    email: "Email",
    firstName: "First name",
    lastName: "Last name",
    address: "Address",
    postalCode: "Postal code",
    phone: "Phone",
    province: "Province",
    district: "District",
    ward: "Ward",
    toShipping: "Continue to shipping",
    deliveryDate: "Delivery date",
    toPayment: "Continue to payment",
    placeOrder: "Place order",
    orderNumber: /Order number: DH\d{6}/,
  },
} as const;
export type Language = keyof typeof checkoutLabels;

export async function setCart(page: Page, lines: unknown) {
  await page.goto("/");
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [CART_KEY, JSON.stringify(lines)] as const);
}

/**
 * Two purchasable products and their database prices, from the quote endpoint, asked by the
 * browser (so that host names only the browser resolves work too).
 */
export async function catalogue(page: Page) {
  await page.goto("/robots.txt");
  const quote = await page.evaluate(async () => {
    const response = await fetch("/api/cart/quote", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ lines: [] }),
    });
    if (!response.ok) throw new Error(`cart quote: ${response.status}`);
    return (await response.json()) as {
      suggestions: Array<{ productId: number; name: string; unitPrice: number; href: string }>;
    };
  });
  expect(quote.suggestions.length).toBe(2);
  return quote.suggestions;
}

export const vnd = (n: number) => new Intl.NumberFormat("vi-VN", { style: "currency", currency: "VND" }).format(n);

export function tomorrowInVietnam(): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Ho_Chi_Minh" }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Picks an option of a searchable combobox (province, district, ward). */
export async function choose(page: Page, label: string, search: string, option: string | RegExp) {
  const box = page.getByRole("combobox", { name: label, exact: true });
  await expect(box).toBeEnabled({ timeout: 20_000 });
  await box.click();
  await box.fill(search);
  await page.getByRole("option", { name: option }).first().click();
  await expect(box).toHaveValue(option);
}

export async function fillContact(page: Page, email = "lan.nguyen@example.vn", language: Language = "vi") {
  const l = checkoutLabels[language];
  await page.getByLabel(l.email, { exact: true }).fill(email);
  await page.getByLabel(l.firstName, { exact: true }).fill("Lan");
  await page.getByLabel(l.lastName, { exact: true }).fill("Nguyễn");
  await page.getByLabel(l.address, { exact: true }).fill("12 Lê Lợi");
  await page.getByLabel(l.postalCode, { exact: true }).fill("700000");
}

export async function fillShippingAndContinue(page: Page, language: Language = "vi") {
  await page.getByLabel(checkoutLabels[language].deliveryDate, { exact: true }).fill(tomorrowInVietnam());
  await page.getByText("18:00 - 19:00").click();
}

/**
 * A shopper's whole checkout, without detours: one product in the cart, contact and a current
 * Ho Chi Minh City address, delivery tomorrow, cash on delivery. Returns what the confirmation
 * page shows: the order number (DH…) and the total text.
 */
export async function placeOrderThroughCheckout(
  page: Page,
  options: { email: string; quantity?: number; language?: Language },
) {
  const language = options.language ?? "vi";
  const l = checkoutLabels[language];
  const [product] = await catalogue(page);
  await setCart(page, [{ productId: product.productId, quantity: options.quantity ?? 1 }]);
  await page.goto(`${l.prefix}/checkout/information`);
  await fillContact(page, options.email, language);
  await page.getByLabel(l.phone, { exact: true }).fill("0912345678");
  await choose(page, l.province, "ho chi minh", /Hồ Chí Minh/);
  await choose(page, l.ward, "ben thanh", /Bến Thành/);
  await page.getByRole("button", { name: l.toShipping }).click();
  await expect(page).toHaveURL(new RegExp(`^[^?]*//[^/]+${l.prefix}/checkout/shipping$`));
  await fillShippingAndContinue(page, language);
  await page.getByRole("button", { name: l.toPayment }).click();
  await expect(page).toHaveURL(new RegExp(`^[^?]*//[^/]+${l.prefix}/checkout/payment$`));
  await page.getByRole("button", { name: l.placeOrder, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^[^?]*//[^/]+${l.prefix}/order-confirmation\\?order_id=[0-9a-f-]{36}$`));
  const numberText = await page.getByText(l.orderNumber).first().textContent();
  const orderNumber = /DH\d{6}/.exec(numberText ?? "")?.[0];
  expect(orderNumber).toBeTruthy();
  const total = (await page.getByTestId("order-total").textContent())?.trim() ?? "";
  return { orderNumber: orderNumber!, total, product };
}

/**
 * A shopper's order placed the way the payment step posts it (no clicking through the checkout);
 * returns the order's id.
 */
export async function postOrder(
  page: Page,
  lines: Array<{ productId: number; quantity: number }>,
  phone = "0912345678",
): Promise<string> {
  const baseURL = test.info().project.use.baseURL!;
  const response = await page.request.post("/checkout/payment.data", {
    headers: { "content-type": "application/json", origin: new URL(baseURL).origin },
    data: {
      information: {
        email: `shopper-${randomUUID().slice(0, 8)}@example.vn`,
        firstName: "Lan",
        lastName: "Nguyễn",
        company: "",
        address: "12 Lê Lợi",
        city: "",
        postalCode: "700000",
        phone,
        isGift: false,
        giftMessage: "",
        vatInvoice: false,
        vatCompanyName: "",
        vatTaxCode: "",
        vatCompanyAddress: "",
      },
      address: { structure: "current", provinceCode: "79", districtCode: "", wardCode: "27316" },
      shipping: {
        shippingMethod: "local-delivery",
        shippingDate: tomorrowInVietnam(),
        shippingTime: "12:00 - 13:00",
        orderInstructions: "",
      },
      discountCode: null,
      lines,
      idempotencyKey: randomUUID(),
    },
  });
  expect(response.status()).toBe(200);
  const id = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(await response.text())?.[0];
  expect(id).toBeTruthy();
  return id!;
}
