import { expect, test, type Page } from "@playwright/test";
import config from "../../playwright.config";
import { placeOrderThroughCheckout } from "./checkout-flow";
import { e2eAdmin } from "./global-setup";

/*
 * Issue 13 item 4: the e2e server runs without PUBLIC_URL, as a new user's `npm start` does.
 * The shop must work at whatever address it is reached: 127.0.0.1 (and a second host name,
 * mapped to 127.0.0.1 by Chromium's resolver), not only at localhost. Before the fix, signing in
 * at 127.0.0.1 said "Phiên đăng nhập đã hết hạn" and checkout step 1 ended on a bare 403.
 */

// shop.test is 127.0.0.1 for this file's browser (Chromium's resolver): a second host name.
const launchOptions = config.use?.launchOptions ?? {};
test.use({
  launchOptions: { ...launchOptions, args: [...(launchOptions.args ?? []), "--host-resolver-rules=MAP shop.test 127.0.0.1"] },
});

/** The shop's origin at another host name (same port). */
function atHost(baseURL: string | undefined, host: string): string {
  const url = new URL(baseURL!);
  url.hostname = host;
  return url.origin;
}

async function signInThroughTheForm(page: Page) {
  await page.goto("/admin/login");
  await page.getByLabel(/email/i).fill(e2eAdmin.email);
  await page.getByLabel(/mật khẩu/i).fill(e2eAdmin.password);
  await page.getByRole("button", { name: /đăng nhập/i }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  // The session cookie belongs to this address and is not Secure over http.
  const session = (await page.context().cookies()).find((cookie) => /session_token/.test(cookie.name));
  expect(session?.secure).toBe(false);
}

for (const host of ["127.0.0.1", "shop.test"]) {
  test.describe(`the shop at http://${host}:<port>`, () => {
    // The project's own shop, reached at this host name.
    test.use({ baseURL: async ({ baseURL }, provide) => provide(atHost(baseURL, host)) });

    test("signs in to the console", async ({ page }) => {
      await signInThroughTheForm(page);
      expect(new URL(page.url()).hostname).toBe(host);
    });

    test("places an order through checkout, with links to the address it was reached at", async ({ page }) => {
      test.setTimeout(120_000);
      const placed = await placeOrderThroughCheckout(page, { email: `any-address-${host}-${Date.now()}@example.vn` });
      expect(placed.orderNumber).toMatch(/^DH\d{6}$/);
      expect(new URL(page.url()).hostname).toBe(host);
      await page.goto("/shop");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${atHost(test.info().project.use.baseURL, host)}/shop`);
    });
  });
}

test.describe("a post from another address", () => {
  test("is refused in plain words on a page with a way back", async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    // A page at shop.test (another origin) posting a plain form to the shop at 127.0.0.1.
    await page.goto(`${atHost(baseURL, "shop.test")}/robots.txt`);
    await page.setContent(
      `<form method="post" action="${atHost(baseURL, "127.0.0.1")}/newsletter"><input name="email" value="a@b.vn"><button>Gửi</button></form>`,
    );
    await page.getByRole("button", { name: "Gửi" }).click();
    await expect(page.getByRole("heading", { name: "Yêu cầu bị từ chối" })).toBeVisible();
    await expect(page.getByText(/được gửi từ một trang khác/)).toBeVisible();
    await expect(page.getByRole("link", { name: "mở lại trang trước" })).toBeVisible();
  });
});
