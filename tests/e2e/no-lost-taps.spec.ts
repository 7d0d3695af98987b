import { expect, test, type Page } from "@playwright/test";

// Issue 17 item 2: on a slow phone a tap on "Add to cart" made the moment the button shows must
// never be lost — before the page's JavaScript has loaded (the button is a real form post), while
// it hydrates, and after. Chromium with 4× CPU throttling and Lighthouse's slow 4G.

const PRODUCT_PATH = "/collections/sterilizers/uvc-sterilizer?variant=4";

/** Lighthouse's mobile throttling: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up; CPU 4× slower. */
async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/** The units in this browser's cart, as the server has them. */
async function unitsInCart(page: Page): Promise<number> {
  const response = await page.request.get("/api/cart");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { count: number }).count;
}

/** Waits until the server has `units` in the cart (a tap before hydration navigates to /cart first). */
async function expectUnits(page: Page, units: number) {
  await expect.poll(() => unitsInCart(page), { timeout: 20_000 }).toBe(units);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript, throttled" : "without JavaScript, throttled", () => {
    test.use({ javaScriptEnabled });
    test.slow();

    test("a tap on Add to cart on the product page as soon as it shows", async ({ page }) => {
      await throttle(page);
      await page.goto(PRODUCT_PATH, { waitUntil: "commit" });
      await page.getByRole("button", { name: /^Thêm vào giỏ/ }).click();
      await expectUnits(page, 1);
    });

    test("a tap on Quick add in the shop as soon as it shows", async ({ page }) => {
      await throttle(page);
      await page.goto("/shop", { waitUntil: "commit" });
      await page
        .getByRole("button", { name: /^Thêm nhanh/ })
        .first()
        .click();
      await expectUnits(page, 1);
    });

    test("a tap on a suggestion's Add in the cart (the drawer, or the cart page before JavaScript)", async ({
      page,
    }) => {
      await page.goto(PRODUCT_PATH);
      await page.getByRole("button", { name: /^Thêm vào giỏ/ }).click();
      await expectUnits(page, 1);
      await throttle(page);
      await page.goto("/shop", { waitUntil: "commit" });
      await page.getByTestId("header-cart").click();
      await page
        .getByRole("button", { name: /^Thêm .* vào giỏ hàng$/ })
        .first()
        .click();
      await expectUnits(page, 2);
    });
  });
}
