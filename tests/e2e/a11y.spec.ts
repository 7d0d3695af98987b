import { expect, test, type Browser, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import routes from "../../app/routes";
import { signInAsAdmin } from "./admin-session";
import { expectNoSeriousA11yViolations } from "./axe";
import { expectNoConflictingClasses } from "./class-conflicts";
import { catalogue, choose, fillContact, fillShippingAndContinue, setCart } from "./checkout-flow";

// axe on every page of app/routes.ts (storefront and console, with real data from the seeded shop
// and an order placed here), plus the dialogs a shopper or an admin opens. No serious or critical
// violation anywhere. The last test fails when a route of routes.ts was not visited: a new page
// must be added here (or, when it is not a page, to the lists below with the reason).
test.describe.configure({ mode: "serial" });

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/**
 * Every URL pattern of the route config: "/", "/collections/:category", "/admin/orders/:id", "*"…
 * The store layout's optional language segment ("en?") is left out: a pattern names the page in
 * both languages, visited here at its Vietnamese path.
 */
function urlPatterns(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    // The storefront's optional "en?" segment: its pages are checked at their Vietnamese paths here
    // (the English ones are the same route modules; languages.spec.ts runs axe on them).
    const path = entry.path === "en?" ? undefined : entry.path;
    const own = path === undefined ? parent : path === "*" ? "*" : `${parent}/${path}`;
    const here = entry.index || (path !== undefined && !entry.children) ? [own === "" ? "/" : own] : [];
    return [...here, ...urlPatterns(entry.children ?? [], own)];
  });
}

/** Routes that answer something other than an HTML page: checked by their own specs. */
const notPages: Record<string, string> = {
  "/admin/events": "server-sent events stream",
  "/admin/customers/export": "CSV download",
  "/admin/orders/export": "CSV download",
  "/admin/newsletter/export": "CSV download",
  "/admin/reports/export/:kind": "CSV download",
  "/sitemap.xml": "XML",
  "/blog/feed.xml": "Atom feed (XML)",
  "/robots.txt": "plain text",
  "/i18n/:file": "JSON (the storefront texts of a language)",
  "/api/address/:structure/provinces": "JSON",
  "/api/address/:structure/provinces/:provinceCode/wards": "JSON",
  "/api/address/legacy/provinces/:provinceCode/districts": "JSON",
  "/api/address/legacy/districts/:districtCode/wards": "JSON",
  "/api/address/*": "JSON",
  "/api/cart": "JSON (the cart for scripts)",
  "/api/carriers/ghn/webhook/:secret": "JSON (GHN's status callback, POST only)",
  "/uploads/*": "image files",
  "/admin/products/:id/variants": "form posts only (a product's variants: reorder, save)",
};

/** GET-only redirects: the page they land on is what is checked. */
const redirects: Record<string, { from: string; to: RegExp }> = {
  "/newsletter": { from: "/newsletter", to: /\/(#newsletter-footer)?$/ },
  "/pastry-masterclass": { from: "/pastry-masterclass", to: /\/shop$/ },
  "/admin/logout": { from: "/admin/logout", to: /\/admin$/ },
};

const allPatterns = urlPatterns(routes as RouteEntry[]);
const visited = new Set<string>();

/** Opens a URL of a route pattern and runs axe on it. */
async function check(page: Page, pattern: string, url: string, status = 200) {
  expect(allPatterns, `${pattern} is a route of app/routes.ts`).toContain(pattern);
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(status);
  await page.waitForLoadState("load");
  await expectNoSeriousA11yViolations(page);
  await expectNoConflictingClasses(page);
  visited.add(pattern);
}

/** Runs axe with a dialog (or sheet) open: its content is what a keyboard user is in. */
async function checkOpen(page: Page, name: string, open: () => Promise<void>) {
  await open();
  await expect(page.getByRole("dialog").or(page.getByRole("alertdialog")).first(), name).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectNoConflictingClasses(page);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog").or(page.getByRole("alertdialog"))).toHaveCount(0);
}

async function newPage(browser: Browser, testInfo: TestInfo): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...testInfo.project.use, baseURL: testInfo.project.use.baseURL });
  return { context, page: await context.newPage() };
}

const isPhone = (testInfo: TestInfo) => testInfo.project.name === "phone";
let orderId = "";

test("the exempt routes exist in app/routes.ts", () => {
  for (const pattern of [...Object.keys(notPages), ...Object.keys(redirects)]) expect(allPatterns).toContain(pattern);
});

test("storefront pages and dialogs, cart to order confirmation", async ({ browser }, testInfo) => {
  test.setTimeout(600_000);
  const { context, page } = await newPage(browser, testInfo);
  try {
    const [product] = await catalogue(page);
    const [, category] = product.href.split("/").filter(Boolean);
    await check(page, "/", "/");
    await checkOpen(page, "search dialog", () =>
      page.getByRole("banner").getByRole("button", { name: "Tìm sản phẩm" }).click(),
    );
    if (isPhone(testInfo)) {
      await checkOpen(page, "mobile menu", () => page.locator("summary").filter({ hasText: "Mở menu" }).click());
    }
    await check(page, "/about", "/about");
    await check(page, "/blog", "/blog");
    await check(page, "/policies/:slug", "/policies/returns-warranty");
    await check(page, "/policies/:slug", "/policies/no-such-policy", 404);
    await check(page, "/blog/:slug", "/blog/tia-uvc-c-diet-khuan-nhu-the-nao");
    await check(page, "/blog/:slug", "/blog/no-such-post", 404);
    await check(page, "/technology", "/technology");
    await check(page, "/stores", "/stores");
    await check(page, "/shop", "/shop");
    await check(page, "/shop", "/shop?sort=price-asc&view=list");
    await check(page, "/collections/:category", `/collections/${category}`);
    await check(page, "/collections/:category", "/collections/sterilizers?view=list");
    // A product with variants, at one variant's address (the picker, its gallery and stock).
    await check(page, "/collections/:category/:product", "/collections/sterilizers/uvc-sterilizer?variant=4");
    await check(page, "/collections/:category/:product", product.href);
    for (const tab of await page.getByRole("tab").all()) {
      await tab.click();
      await expectNoSeriousA11yViolations(page);
    }
    await check(page, "/collections/:category/:product", `/collections/${category}/no-such-product`, 404);
    await check(page, "/search", "/search");
    await check(page, "/search", "/search?q=uvc");
    await check(page, "/search", "/search?q=khong-co-ket-qua-nao");
    await check(page, "*", "/no-such-page", 404);
    // The newsletter e-mail's links, with a token that is not valid (the valid path: customers-newsletter.spec.ts).
    await check(page, "/newsletter/confirm", `/newsletter/confirm?token=${"x".repeat(43)}`);
    await check(page, "/newsletter/unsubscribe", "/newsletter/unsubscribe?token=not-signed");
    // The delivered e-mail's review link, not valid (a real one: reviews.spec.ts).
    await check(page, "/reviews/new", "/reviews/new?token=not-signed");
    for (const [pattern, { from, to }] of Object.entries(redirects)) {
      if (pattern.startsWith("/admin")) continue;
      await page.goto(from);
      await expect(page).toHaveURL(to);
      await expectNoSeriousA11yViolations(page);
      visited.add(pattern);
    }

    await check(page, "/cart", "/cart");
    await setCart(page, [{ productId: product.productId, quantity: 1 }]);
    await check(page, "/cart", "/cart");
    await checkOpen(page, "cart drawer", () =>
      page
        .getByRole("banner")
        .getByRole("button", { name: /^Giỏ hàng, / })
        .click(),
    );

    // The checkout steps with a filled cart, each checked before and after its form is filled.
    await check(page, "/checkout/information", "/checkout/information");
    await page.getByRole("button", { name: "Tiếp tục đến phương thức giao hàng" }).click();
    // A new shop's checkout (the Vietnam COD preset) asks the phone first; e-mail is optional there.
    await expect(page.getByText("Vui lòng nhập số điện thoại", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await fillContact(page, `a11y.${testInfo.project.name}@example.vn`);
    await page.getByLabel("Số điện thoại", { exact: true }).fill("0912345678");
    await choose(page, "Tỉnh/Thành phố", "ho chi minh", /Hồ Chí Minh/);
    await choose(page, "Phường/Xã", "ben thanh", /Bến Thành/);
    await page.getByRole("button", { name: "Tiếp tục đến phương thức giao hàng" }).click();
    await expect(page).toHaveURL(/\/checkout\/shipping$/);
    await expectNoSeriousA11yViolations(page);
    visited.add("/checkout/shipping");
    await fillShippingAndContinue(page);
    await page.getByRole("button", { name: "Tiếp tục đến thanh toán" }).click();
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await expectNoSeriousA11yViolations(page);
    visited.add("/checkout/payment");
    await page.reload();
    await check(page, "/checkout/payment", "/checkout/payment");
    await page.getByRole("button", { name: "Đặt hàng" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?order_id=/);
    orderId = new URL(page.url()).searchParams.get("order_id")!;
    await check(page, "/order-confirmation", `/order-confirmation?order_id=${orderId}`);
    await check(page, "/order-confirmation", "/order-confirmation?order_id=not-a-uuid");
    await check(page, "/order-lookup", "/order-lookup?number=DH000001");
    await check(page, "/order-lookup", `/order-lookup?order_id=${orderId}`);
  } finally {
    await context.close();
  }
});

/** A console page signed in as the e2e admin (the session cookie is reused, see signInAsAdmin). */
async function consoleTest(browser: Browser, testInfo: TestInfo, body: (page: Page) => Promise<void>) {
  test.setTimeout(420_000);
  const { context, page } = await newPage(browser, testInfo);
  try {
    await signInAsAdmin(page);
    await body(page);
  } finally {
    await context.close();
  }
}

test("console: login, dashboard, orders with an order's detail and packing slip, customers", async ({
  browser,
}, testInfo) => {
  expect(orderId, "the storefront test placed an order").not.toBe("");
  const { context, page } = await newPage(browser, testInfo);
  await check(page, "/admin/login", "/admin/login");
  await context.close();
  await consoleTest(browser, testInfo, async (page) => {
    await check(page, "/admin", "/admin");
    if (isPhone(testInfo)) {
      await checkOpen(page, "console menu", () => page.getByRole("button", { name: "Mở menu quản trị" }).click());
    }
    await check(page, "/admin/orders", "/admin/orders");
    await check(page, "/admin/orders/:id", `/admin/orders/${orderId}`);
    await check(page, "/admin/orders/:id/packing-slip", `/admin/orders/${orderId}/packing-slip`);
    await check(page, "/admin/orders/print", `/admin/orders/print?kind=slips&order=${orderId}`);
    await check(page, "/admin/customers", "/admin/customers");
    const customer = page.locator('a[href^="/admin/customers/"]:not([href$="/export"])').first();
    await check(page, "/admin/customers/:id", (await customer.getAttribute("href"))!);
    const { from, to } = redirects["/admin/logout"];
    await page.goto(from);
    await expect(page).toHaveURL(to);
    visited.add("/admin/logout");
  });
});

test("console: categories, products and discounts with their dialogs", async ({ browser }, testInfo) => {
  await consoleTest(browser, testInfo, async (page) => {
    await check(page, "/admin/categories", "/admin/categories");
    await checkOpen(page, "new category dialog", () => page.getByRole("button", { name: "Thêm danh mục" }).click());
    await checkOpen(page, "edit category dialog", () => page.getByRole("button", { name: /^Sửa / }).first().click());
    await check(page, "/admin/stores", "/admin/stores");
    await checkOpen(page, "new store dialog", () => page.getByRole("button", { name: "Thêm cửa hàng" }).click());
    await checkOpen(page, "edit store dialog", () => page.getByRole("button", { name: /^Sửa / }).first().click());
    await checkOpen(page, "delete store dialog", () => page.getByRole("button", { name: /^Xóa / }).first().click());
    const stockPath = (await page
      .getByRole("link", { name: /^Tồn kho tại / })
      .first()
      .getAttribute("href"))!;
    await check(page, "/admin/stores/:id/stock", stockPath);
    await check(page, "/admin/products", "/admin/products");
    const productPath = (await page
      .locator('a[href^="/admin/products/"]:not([href$="/new"])')
      .first()
      .getAttribute("href"))!;
    await checkOpen(page, "delete product dialog", () => page.getByRole("button", { name: /^Xóa / }).first().click());
    await check(page, "/admin/products/new", "/admin/products/new");
    // The form's own errors (required fields) shown.
    await page.getByRole("button", { name: "Thêm sản phẩm" }).last().click();
    await expectNoSeriousA11yViolations(page);
    await check(page, "/admin/products/:id", productPath);
    await check(page, "/admin/products/:id/variants/new", `${productPath}/variants/new`);
    await check(page, "/admin/discounts", "/admin/discounts");
    await checkOpen(page, "new discount dialog", () => page.getByRole("button", { name: "Thêm mã giảm giá" }).click());
  });
});

test("console: sections, reports, settings tabs, SEO tabs, theme, e-mails, security", async ({ browser }, testInfo) => {
  await consoleTest(browser, testInfo, async (page) => {
    await check(page, "/admin/sections", "/admin/sections");
    await page.locator('li[data-section-key="hero"]').getByRole("button", { name: "Sửa nội dung" }).click();
    await expectNoSeriousA11yViolations(page);
    await check(page, "/admin/sections", "/admin/sections?page=footer");
    await check(page, "/admin/pages", "/admin/pages");
    await check(page, "/admin/pages", "/admin/pages?kind=post");
    await check(page, "/admin/pages", "/admin/pages?id=new&kind=post");
    await page.goto("/admin/pages");
    await check(
      page,
      "/admin/pages",
      (await page.getByRole("link", { name: "Chính sách đổi trả và bảo hành" }).getAttribute("href"))!,
    );
    await check(page, "/admin/reports", "/admin/reports");
    await check(page, "/admin/cod", "/admin/cod");
    for (const tab of [
      "store",
      "legal",
      "shipping",
      "delivery",
      "tax",
      "currency",
      "payment",
      "checkout",
      "fulfilment",
      "email_templates",
    ]) {
      await check(page, "/admin/settings", `/admin/settings?tab=${tab}`);
    }
    await check(page, "/admin/carriers", "/admin/carriers");
    await check(page, "/admin/seo", "/admin/seo");
    for (const tab of (await page.getByRole("tab").all()).slice(1)) {
      await tab.click();
      await expectNoSeriousA11yViolations(page);
    }
    await check(page, "/admin/theme", "/admin/theme");
    await check(page, "/admin/emails", "/admin/emails");
    const email = page.locator('a[href*="id="]').first();
    await check(page, "/admin/emails", `/admin/emails${(await email.getAttribute("href"))!.replace(/^[^?]*/, "")}`);
    await check(page, "/admin/security", "/admin/security");
    await check(page, "/admin/newsletter", "/admin/newsletter");
    await check(page, "/admin/reviews", "/admin/reviews");
    await check(page, "/admin/reviews", "/admin/reviews?filter=demo");
    if ((await page.getByTestId("admin-review").count()) > 0) {
      await checkOpen(page, "remove the demo reviews", () =>
        page.getByRole("button", { name: "Xóa tất cả đánh giá mẫu" }).click(),
      );
    }
    await check(page, "/admin/staff", "/admin/staff");
    await check(page, "/admin/audit", "/admin/audit");
    await check(page, "/admin/go-live", "/admin/go-live");
  });
  // An invitation link that leads nowhere (staff.spec.ts opens a real one).
  const { context, page } = await newPage(browser, testInfo);
  await check(page, "/admin/invitation/:token", `/admin/invitation/${"A".repeat(43)}`);
  await context.close();
});

test("console: a shipment on the order page, the shipments list and a shipment's label", async ({
  browser,
}, testInfo) => {
  expect(orderId, "the storefront test placed an order").not.toBe("");
  await consoleTest(browser, testInfo, async (page) => {
    await page.goto(`/admin/orders/${orderId}`);
    const card = page.getByTestId("shipment-card");
    if ((await card.count()) === 0) {
      // The storefront's order, confirmed and shipped by hand (the phone project finds it done).
      await page.getByLabel("Trạng thái đơn hàng").selectOption({ label: "Đã xác nhận" });
      await page.getByRole("button", { name: "Lưu", exact: true }).first().click();
      await page.getByTestId("shipment-panel").getByLabel("Hãng vận chuyển").fill("GHTK");
      await page.getByRole("button", { name: "Tạo vận đơn" }).click();
    }
    await expect(card).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const label = (await card.getByRole("link", { name: "In nhãn A6" }).getAttribute("href"))!;
    await check(page, "/admin/shipments/:id/label", label);
    // GHN's own label for a parcel booked by hand: the page that says why there is none.
    await check(page, "/admin/shipments/:id/ghn-label", label.replace(/\/label(\?.*)?$/, "/ghn-label"), 400);
    await check(page, "/admin/shipments", "/admin/shipments");
    // The confirmation queue and the blocked phones (issue 16's order confirmation).
    await check(page, "/admin/orders/confirm", "/admin/orders/confirm");
    await check(page, "/admin/blocked-phones", "/admin/blocked-phones");
  });
});

test("every page route of app/routes.ts was checked", () => {
  const missing = allPatterns.filter((p) => !visited.has(p) && !(p in notPages));
  expect(missing, "add these routes to tests/e2e/a11y.spec.ts").toEqual([]);
});
