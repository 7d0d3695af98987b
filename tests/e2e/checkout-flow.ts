import { randomUUID } from "node:crypto";
import { expect, request, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { deliveryPromiseFor } from "~/features/checkout/delivery-rules";
import { defaultSettingsFor, type checkoutLayouts } from "~/features/settings/settings.schema";
import { signInAsAdmin } from "./admin-session";

/**
 * Driving the storefront checkout, shared by the checkout spec and the specs that need a real
 * order (the admin's live dashboard). The cart lives on the server (issue 17): it is filled by
 * posting the cart's "add" form, with the browser's own cookies.
 */

/** The checkout's labels in each storefront language (Vietnamese at today's paths, English under /en). */
export const checkoutLabels = {
  vi: {
    prefix: "",
    email: "Email",
    emailOptional: "Email (không bắt buộc)",
    fullName: "Họ và tên",
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
    emailOptional: "Email (optional)",
    fullName: "Full name",
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

/** The Origin header the storefront's same-origin guard wants on a post. */
export function sameOrigin(): { origin: string } {
  return { origin: new URL(test.info().project.use.baseURL!).origin };
}

/** Adds a product to the cart of `api` (a page's `page.request` shares its browser's cookies) as the "Add to cart" form posts it. */
async function addToCart(api: APIRequestContext, line: { productId: number; quantity: number }) {
  const response = await api.post("/api/cart", {
    headers: sameOrigin(),
    form: { intent: "add", productId: String(line.productId), quantity: String(line.quantity) },
  });
  expect(response.status(), `add ${line.productId} to the cart`).toBe(200);
}

/**
 * Opens the home page and puts these lines in the page's (server) cart, through the cart's form
 * intent posted by the page itself: the shop may be reached at an address only the browser
 * resolves (any-address.spec.ts), and its origin is the page's.
 */
export async function setCart(page: Page, lines: Array<{ productId: number; quantity: number }>) {
  await page.goto("/");
  for (const line of lines) {
    const status = await page.evaluate(async ({ productId, quantity }) => {
      const body = new URLSearchParams({ intent: "add", productId: String(productId), quantity: String(quantity) });
      return (await fetch("/api/cart", { method: "POST", body })).status;
    }, line);
    expect(status, `add ${line.productId} to the cart`).toBe(200);
  }
}

export interface CatalogueProduct {
  productId: number;
  name: string;
  unitPrice: number;
  href: string;
}

/**
 * Two purchasable products and their database prices, in the shop page's order: a card's "Add to
 * cart" form names its product; a card of a product with variants links to its page, whose form
 * and variant picker name the variants (decision 0038). A throwaway cart (its own cookies, not the
 * page's) prices the first two that can be bought, as GET /api/cart shows them.
 */
export async function catalogue(_page: Page): Promise<CatalogueProduct[]> {
  const api = await request.newContext({ baseURL: test.info().project.use.baseURL });
  const idsIn = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => Number(match[1]));
  try {
    const shop = await (await api.get("/shop")).text();
    const cardIds: number[] = [];
    for (const card of shop.split('data-testid="product-card"').slice(1)) {
      const formIds = idsIn(card, /name="productId" value="(\d+)"/g);
      const page = /href="(\/collections\/[^"?]+)"/.exec(card)?.[1];
      if (formIds.length > 0 || !page) {
        cardIds.push(...formIds);
        continue;
      }
      const html = await (await api.get(page)).text();
      // The page's own form (its first: the suggestions below it have theirs), then its variants.
      cardIds.push(...idsIn(html, /name="productId" value="(\d+)"/g).slice(0, 1), ...idsIn(html, /[?;]variant=(\d+)/g));
    }
    const ids = [...new Set(cardIds)];
    const found: CatalogueProduct[] = [];
    for (const productId of ids) {
      if (found.length === 2) break;
      const added = await api.post("/api/cart", {
        headers: sameOrigin(),
        form: { intent: "add", productId: String(productId), quantity: "1" },
      });
      if (added.status() !== 200) continue;
      const view = (await (await api.get("/api/cart")).json()) as {
        lines: Array<{
          line: { productId: number; name: string; unitPrice: number; href: string; problem: string | null };
        }>;
      };
      const line = view.lines.find((entry) => entry.line.productId === productId)?.line;
      if (line && line.problem === null)
        found.push({ productId, name: line.name, unitPrice: line.unitPrice, href: line.href });
    }
    expect(found.length).toBe(2);
    return found;
  } finally {
    await api.dispose();
  }
}

export const vnd = (n: number) => new Intl.NumberFormat("vi-VN", { style: "currency", currency: "VND" }).format(n);

/**
 * The earliest delivery day the seeded delivery rules allow to Hồ Chí Minh now (the shop's city, where
 * a day and a one-hour slot are chosen): after the cut-off or on a Sunday, later than tomorrow.
 */
export function earliestDeliveryDayInHcm(): string {
  return deliveryPromiseFor("79", new Date(), defaultSettingsFor("delivery")).earliest;
}

/** Picks an option of a searchable combobox (province, district, ward). */
export async function choose(page: Page, label: string, search: string, option: string | RegExp) {
  // The searchable box (an input), not the native select the page shows until it is interactive.
  const box = page.getByRole("combobox", { name: label, exact: true }).and(page.locator("input"));
  await expect(box).toBeEnabled({ timeout: 20_000 });
  await box.click();
  await box.fill(search);
  await page.getByRole("option", { name: option }).first().click();
  await expect(box).toHaveValue(option);
}

/** The information step's e-mail box, required (SPEC §5) or optional (the Vietnam COD preset). */
export function emailField(page: Page, language: Language = "vi") {
  const l = checkoutLabels[language];
  return page.getByLabel(l.email, { exact: true }).or(page.getByLabel(l.emailOptional, { exact: true }));
}

/**
 * Fills the contact and the street as the information step asks for them: a new shop's Vietnam COD
 * preset (one "Họ và tên" field: "Nguyễn Lan", family name first; e-mail optional; no postal code)
 * or SPEC §5's form ("Tên" Lan, "Họ" Nguyễn, e-mail and postal code), whichever the page shows.
 */
export async function fillContact(page: Page, email = "lan.nguyen@example.vn", language: Language = "vi") {
  const l = checkoutLabels[language];
  // The street is asked in both layouts: once it shows, the page says which the others are.
  await page.getByLabel(l.address, { exact: true }).fill("12 Lê Lợi");
  const emailBox = emailField(page, language);
  if ((await emailBox.count()) > 0) await emailBox.fill(email);
  const fullName = page.getByLabel(l.fullName, { exact: true });
  if ((await fullName.count()) > 0) await fullName.fill("Nguyễn Lan");
  else {
    await page.getByLabel(l.firstName, { exact: true }).fill("Lan");
    await page.getByLabel(l.lastName, { exact: true }).fill("Nguyễn");
  }
  const postalCode = page.getByLabel(l.postalCode, { exact: true });
  if ((await postalCode.count()) > 0) await postalCode.fill("700000");
}

/**
 * For a spec about one checkout layout's fields (SPEC §5's split name and postal code): sets the
 * shop's layout as the console's layout button saves it — a settings post as the admin from a
 * context of its own, no clicks — and returns what puts the shop's previous choice back (every spec
 * of a project shares its shop's settings).
 */
export async function setCheckoutLayout(
  browser: Browser,
  layout: keyof typeof checkoutLayouts,
): Promise<() => Promise<void>> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await context.newPage();
  await signInAsAdmin(admin);
  /** The checkout tab's form as it stands: the choices and the version a save must name. */
  const current = async () => {
    await admin.goto("/admin/settings?tab=checkout");
    const form = admin.locator("form").filter({ has: admin.locator('input[name="group"][value="checkout"]') });
    const values: Record<string, string> = {
      group: "checkout",
      version: await form.locator('input[name="version"]').inputValue(),
    };
    for (const name of ["nameFields", "email", "postalCode", "company", "city"])
      values[name] = await form.locator(`input[name="${name}"]:checked`).inputValue();
    if ((await form.getByRole("switch").getAttribute("aria-checked")) === "true") values.phoneFirst = "on";
    return values;
  };
  const save = async (form: Record<string, string>) => {
    const response = await admin.request.post("/admin/settings", { headers: sameOrigin(), form, maxRedirects: 0 });
    expect(response.status(), `checkout layout saved: ${(await response.text()).slice(0, 300)}`).toBe(200);
  };
  const before = await current();
  await save({ ...before, preset: layout });
  return async () => {
    try {
      await save({ ...before, version: (await current()).version });
    } finally {
      await context.close();
    }
  };
}

export async function fillShippingAndContinue(page: Page, language: Language = "vi") {
  await page.getByLabel(checkoutLabels[language].deliveryDate, { exact: true }).fill(earliestDeliveryDayInHcm());
  await page.getByText("18:00 - 19:00").click();
}

/**
 * A shopper's whole checkout, without detours: one product in the cart, contact and a current
 * Ho Chi Minh City address, delivery on the earliest day, cash on delivery. Returns what the confirmation
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
 * A shopper's order placed the way the checkout's forms post it (no clicking through the pages):
 * the lines added to the page's server cart, steps 1 and 2 posted, then "place the order".
 * Returns the order's id.
 */
export async function postOrder(
  page: Page,
  lines: Array<{ productId: number; quantity: number }>,
  phone = "0912345678",
  /** A current-structure ward of Hồ Chí Minh City (26743: Phường Bến Thành, which GHN's stand-in knows). */
  wardCode = "27316",
  /**
   * The shopper's "Tên" and "Họ" (family name): posted as SPEC §5's two fields and, family name
   * first, as the preset's one "Họ và tên" field, so the order suits the shop's layout either way.
   */
  name: { firstName: string; lastName: string } = { firstName: "Lan", lastName: "Nguyễn" },
  /** The e-mail (a fresh one when left out) and street address typed at checkout. */
  contact: { email?: string; address?: string } = {},
): Promise<string> {
  // No navigation: the page may be another spec's console page, kept open.
  for (const line of lines) await addToCart(page.request, line);
  const post = (path: string, form: Record<string, string>) =>
    page.request.post(path, { headers: sameOrigin(), form, maxRedirects: 0 });
  const information = await post("/checkout/information", {
    intent: "continue",
    email: contact.email ?? `shopper-${randomUUID().slice(0, 8)}@example.vn`,
    ...name,
    fullName: `${name.lastName} ${name.firstName}`,
    address: contact.address ?? "12 Lê Lợi",
    postalCode: "700000",
    phone,
    structure: "current",
    provinceCode: "79",
    wardCode,
  });
  expect(information.status(), "step 1 saved").toBe(303);
  const shipping = await post("/checkout/shipping", {
    intent: "continue",
    shippingMethod: "local-delivery",
    shippingDate: earliestDeliveryDayInHcm(),
    shippingTime: "12:00 - 13:00",
  });
  expect(shipping.status(), "step 2 saved").toBe(303);
  const placed = await post("/checkout/payment", { intent: "place-order" });
  expect(placed.status(), "order placed").toBe(303);
  const id = /order_id=([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/.exec(
    placed.headers()["location"] ?? "",
  )?.[1];
  expect(id).toBeTruthy();
  return id!;
}

/**
 * For specs about what follows an order (the console, e-mails), not the checkout's pages: one
 * product ordered as the checkout's forms post it (postOrder), then its confirmation page opened
 * for what a shopper reads there. Returns what placeOrderThroughCheckout returns, and the order's id.
 */
export async function placeOrderByPost(page: Page, options: { email?: string; quantity?: number } = {}) {
  const [product] = await catalogue(page);
  const orderId = await postOrder(
    page,
    [{ productId: product.productId, quantity: options.quantity ?? 1 }],
    undefined,
    undefined,
    undefined,
    {
      email: options.email,
    },
  );
  await page.goto(`/order-confirmation?order_id=${orderId}`);
  const numberText = await page.getByText(checkoutLabels.vi.orderNumber).first().textContent();
  const orderNumber = /DH\d{6}/.exec(numberText ?? "")?.[0];
  expect(orderNumber).toBeTruthy();
  const total = (await page.getByTestId("order-total").textContent())?.trim() ?? "";
  return { orderId, orderNumber: orderNumber!, total, product };
}

/** Opens the top bar's "Deliver to" drawer and picks a place. */
export async function deliverTo(page: Page, announcement: string, place: string) {
  await page.getByRole("complementary", { name: announcement }).getByRole("button").click();
  await page.getByRole("dialog").getByRole("button", { name: place, exact: true }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
}
