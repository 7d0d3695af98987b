import { expect, test, type Locator, type Page } from "@playwright/test";
import { closeCartDrawer, expectAddedInDrawer } from "./cart-drawer";
import { waitForRouterIdle } from "./settled";

// Decision 0038: the sterilizer is one product, its colours variants chosen with ?variant=.
const STERILIZER_NAME = "Máy tiệt trùng bàn chải UVC";
const PINK_NAME = "Máy tiệt trùng bàn chải UVC – Hồng";
/** The same product on the English site (its English name from the seed). */
const ENGLISH_STERILIZER_NAME = "UVC Toothbrush Sterilizer";
const STERILIZER_PATH = "/collections/sterilizers/uvc-sterilizer";
/** The pink variant (id 4 on the fresh e2e shop) on its product's page. */
const PINK_PATH = `${STERILIZER_PATH}?variant=4`;

async function cartButton(page: Page) {
  return page.getByRole("banner").getByRole("button", { name: /^Giỏ hàng, / });
}

/** The filters: the side panel on desktop, the drawer (opened with the Filter button) on phones. */
async function openFilters(page: Page) {
  const panel = page.getByRole("complementary", { name: "Bộ lọc sản phẩm" });
  if (await panel.isVisible()) return panel;
  await page.getByRole("button", { name: /^Bộ lọc/ }).click();
  const drawer = page.getByRole("dialog", { name: "Lọc sản phẩm" });
  await expect(drawer).toBeVisible();
  return drawer;
}

test("listing → filter → quick add → product page", async ({ page }) => {
  const response = await page.goto("/shop");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Tất cả sản phẩm" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Đường dẫn" })).toContainText("Trang chủ");
  await expect(page.getByRole("navigation", { name: "Đường dẫn" })).toContainText("Tất cả sản phẩm");
  const cards = page.getByTestId("product-card");
  await expect(cards).toHaveCount(4);

  await expect(await cartButton(page)).toHaveAccessibleName("Giỏ hàng, 0 sản phẩm");
  // An empty cart has no badge; /shop ends with its own newsletter block and no second one in the footer.
  const badge = (await cartButton(page)).locator("span[aria-hidden]");
  await expect(badge).toHaveCount(0);
  await expect(page.locator("#newsletter-shop")).toHaveCount(1);
  await expect(page.locator("#footer-newsletter-heading")).toHaveCount(0);
  const travelCase = "Hộp đựng du lịch cho máy tiệt trùng UVC";
  const quickAdd = cards
    .filter({ hasText: travelCase })
    .getByRole("button", { name: `Thêm nhanh vào giỏ: ${travelCase}` });
  await quickAdd.click();
  // The quick add opens the cart drawer with the line and says so there (no toast over the cart button).
  const drawer = await expectAddedInDrawer(page, `Đã thêm 1 ${travelCase} vào giỏ hàng`);
  await expect(drawer.getByTestId("cart-line").filter({ hasText: travelCase })).toBeVisible();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await closeCartDrawer(page);
  await expect(quickAdd).toBeFocused();
  await expect(await cartButton(page)).toHaveAccessibleName("Giỏ hàng, 1 sản phẩm");
  await expect(badge).toHaveText("1");

  const filters = await openFilters(page);
  await filters.getByLabel(/Hồng/).check();
  await expect(page).toHaveURL(/[?&]color=pink/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(STERILIZER_NAME);
  if (await page.getByRole("dialog", { name: "Lọc sản phẩm" }).isVisible()) {
    await page.getByRole("button", { name: "Xem 1 sản phẩm" }).click();
  }

  await cards.first().getByRole("link", { name: STERILIZER_NAME, exact: true }).click();
  // The colour chosen in the filter stays chosen on the product page (issue 31 item 3).
  await expect(page).toHaveURL(new RegExp(`${STERILIZER_PATH}\\?variant=4$`));
  await expect(page.getByRole("heading", { level: 1, name: STERILIZER_NAME })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Hồng" })).toHaveAttribute("aria-checked", "true");
  // The cart survives the navigation.
  await expect(await cartButton(page)).toHaveAccessibleName("Giỏ hàng, 1 sản phẩm");
});

test("the filtered listing renders on the server from the URL, and sorting updates the URL", async ({ page }) => {
  await page.goto("/shop?availability=in-stock&max=700000&sort=price-high-low&color=nonsense&min=abc");
  const cards = page.getByTestId("product-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText("690.000");
  await page.getByLabel("Sắp xếp theo").selectOption("price-low-high");
  await expect(page).toHaveURL(/sort=price-low-high/);
  await expect(cards.first()).toContainText("290.000");

  // Typed bounds apply too (Enter), and the slider/boxes stay in the URL.
  await page.goto("/shop");
  const filters = await openFilters(page);
  await filters.getByLabel("Từ (đ)").fill("800000");
  await filters.getByLabel("Từ (đ)").press("Enter");
  await expect(page).toHaveURL(/min=800000/);
  await expect(cards).toHaveCount(2);

  await page.goto("/shop?min=5000000");
  await expect(page.getByText("Không có sản phẩm phù hợp với bộ lọc")).toBeVisible();
  await page.getByRole("link", { name: "Xóa bộ lọc" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(cards).toHaveCount(4);
});

test("filters follow the shopper: counts of the other groups change, a chip removes a filter, Back undoes one", async ({
  page,
}) => {
  await page.goto("/shop");
  const cards = page.getByTestId("product-card");
  await expect(cards).toHaveCount(4);
  let filters = await openFilters(page);
  const option = (text: string) => filters.locator("label", { hasText: text });
  // Six use cases: the five largest shown, the sixth behind "Xem thêm (1)".
  const useCases = filters.getByRole("group", { name: "Nhu cầu sử dụng" });
  await expect(useCases.getByText("Xem thêm (1)")).toBeVisible();
  await expect(option("Du lịch")).toContainText("(3)");
  await expect(option("Bán chạy")).toContainText("(2)");
  await expect(option("Hết hàng")).toHaveCount(0); // nothing is out of stock: the option is left out

  await filters.getByLabel(/Hồng/).check();
  await expect(page).toHaveURL(/\/shop\?color=pink$/);
  await expect(cards).toHaveCount(1);
  // The other groups count the pink sterilizer only; a use case it lacks disappears. Colours keep theirs.
  await expect(option("Du lịch")).toContainText("(1)");
  await expect(option("Bán chạy")).toContainText("(1)");
  await expect(option("Quà tặng")).toHaveCount(0);
  await expect(option("Trắng")).toContainText("(1)");
  if (await page.getByRole("dialog", { name: "Lọc sản phẩm" }).isVisible()) {
    await page.getByRole("button", { name: "Xem 1 sản phẩm" }).click();
  }

  const chip = page.getByRole("link", { name: "Bỏ lọc Màu: Hồng" });
  await expect(chip).toBeVisible();
  await expect(chip).toHaveText("Màu: Hồng");
  await chip.click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(cards).toHaveCount(4);
  await expect(chip).toHaveCount(0);

  // Back brings the filter back, Back again undoes it.
  await page.goBack();
  await expect(page).toHaveURL(/\/shop\?color=pink$/);
  await expect(cards).toHaveCount(1);
  await expect(chip).toBeVisible();
  filters = await openFilters(page);
  await expect(filters.getByLabel(/Hồng/)).toBeChecked();
  if (await page.getByRole("dialog", { name: "Lọc sản phẩm" }).isVisible()) {
    await page.getByRole("button", { name: "Xem 1 sản phẩm" }).click();
  }
  await page.goBack();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(cards).toHaveCount(4);

  await page.goto("/shop?color=pink&filter=bestsellers&max=700000");
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Bỏ lọc Giá đến 700.000\u00a0₫" })).toBeVisible();
  await page.getByRole("link", { name: "Xóa tất cả" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(cards).toHaveCount(4);
});

test("product page: quantity, add to cart with the line total, variants, tabs, availability", async ({ page }) => {
  await page.goto(PINK_PATH);
  await expect(page.getByRole("radio", { name: "Hồng" })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("button", { name: "Tăng số lượng" }).click();
  await page.getByRole("button", { name: "Tăng số lượng" }).click();
  await expect(page.getByRole("spinbutton", { name: "Số lượng" })).toHaveValue("3");
  const add = page.getByRole("button", { name: /Thêm vào giỏ/ });
  await expect(add).toContainText("2.070.000");
  await add.click();
  // Issue 19: the mini-cart opens with the line, the confirmation at its top and Checkout; focus is
  // in it, and closing it gives focus back to the add button.
  const drawer = await expectAddedInDrawer(page, `Đã thêm 3 ${PINK_NAME} vào giỏ hàng`);
  await expect(drawer.getByRole("heading", { name: "Giỏ hàng (3)" })).toBeVisible();
  const line = drawer.getByTestId("cart-line").filter({ hasText: PINK_NAME });
  await expect(line).toBeVisible();
  await expect(line.getByRole("button", { name: `Tăng số lượng ${PINK_NAME}` })).toBeVisible();
  await expect(drawer.getByRole("link", { name: "Thanh toán", exact: true })).toBeVisible();
  await expect(drawer.getByRole("link", { name: "Xem giỏ hàng", exact: true })).toBeVisible();
  await expect(drawer.getByTestId("free-delivery").getByRole("progressbar")).toBeVisible();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  expect(await drawer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(add).toBeFocused();
  await expect(await cartButton(page)).toHaveAccessibleName("Giỏ hàng, 3 sản phẩm");

  await page.getByRole("button", { name: "Ảnh tiếp theo" }).click();
  await expect(page.getByRole("button", { name: "Xem ảnh 2/3" })).toHaveAttribute("aria-current", "true");
  await page.getByRole("button", { name: "Ảnh trước" }).click();
  await expect(page.getByRole("button", { name: "Xem ảnh 1/3" })).toHaveAttribute("aria-current", "true");

  await page.getByRole("tab", { name: "THÔNG SỐ KỸ THUẬT" }).click();
  await expect(page.getByRole("tabpanel")).toContainText("Bước sóng: 270–280 nm");

  await page.getByRole("button", { name: "Xem cửa hàng còn hàng" }).click();
  const dialog = page.getByRole("dialog", { name: "Tình trạng hàng tại cửa hàng" });
  await expect(dialog).toContainText("Hồ Chí Minh");
  await expect(dialog).toContainText(/Còn \d+ sản phẩm|Hết hàng/);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.getByRole("radio", { name: "Xanh dương" }).click();
  await expect(page).toHaveURL(/uvc-sterilizer\?variant=3$/);
  await expect(page.getByText("Chỉ còn 3 sản phẩm")).toBeVisible();
});

test("adds where the cart is in view are confirmed there: the open drawer, the /cart page (issue 19)", async ({
  page,
}) => {
  await page.goto(PINK_PATH);
  await page.getByRole("button", { name: /Thêm vào giỏ/ }).click();
  const drawer = await expectAddedInDrawer(page, `Đã thêm 1 ${PINK_NAME} vào giỏ hàng`);

  // A suggestion's add in the open drawer: the drawer stays, its confirmation is the new add's.
  const suggestion = drawer.getByTestId("suggestion").first();
  const suggested = (await suggestion.getByRole("link").innerText()).trim();
  await suggestion.getByRole("button").click();
  await expectAddedInDrawer(page, `Đã thêm 1 ${suggested} vào giỏ hàng`);
  await expect(drawer.getByTestId("cart-line")).toHaveCount(2);
  await closeCartDrawer(page);

  // Opened from the header, the drawer confirms no earlier add; closed, focus is on the header's button.
  await (await cartButton(page)).click();
  await expect(page.getByRole("dialog").getByTestId("cart-line")).toHaveCount(2);
  await expect(page.getByRole("dialog").getByTestId("cart-added-status")).toHaveText("");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(await cartButton(page)).toBeFocused();

  // On /cart a suggestion's add is confirmed on the page, and no drawer opens.
  await page.goto("/cart");
  const main = page.getByRole("main");
  await expect(main.getByTestId("cart-added-status")).toHaveText("");
  const next = main.getByTestId("suggestion").first();
  const nextName = (await next.getByRole("link").innerText()).trim();
  await next.getByRole("button").click();
  await expect(main.getByRole("status").filter({ hasText: "Đã thêm vào giỏ hàng" })).toContainText(
    `Đã thêm 1 ${nextName} vào giỏ hàng`,
  );
  await expect(main.getByTestId("cart-line")).toHaveCount(3);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
});

test("a product by numeric id redirects (301) to its slug URL; a variant's id to its product's with ?variant=", async ({
  request,
}) => {
  const response = await request.get("/collections/accessories/4", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()["location"]).toBe(PINK_PATH);
  // The English page stays English: the same slug URL under /en.
  const english = await request.get("/en/collections/accessories/4", { maxRedirects: 0 });
  expect(english.status()).toBe(301);
  expect(english.headers()["location"]).toBe(`/en${PINK_PATH}`);
  expect((await request.get(`/en${PINK_PATH}`, { maxRedirects: 0 })).status()).toBe(200);
  const product = await request.get("/collections/accessories/5", { maxRedirects: 0 });
  expect(product.status()).toBe(301);
  expect(product.headers()["location"]).toBe(STERILIZER_PATH);
});

test("unknown product and unknown category answer 404 with a way back to the shop", async ({ page }) => {
  const product = await page.goto("/collections/sterilizers/no-such-product");
  expect(product?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Không tìm thấy trang" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Xem tất cả sản phẩm" })).toBeVisible();
  const category = await page.goto("/collections/no-such-category");
  expect(category?.status()).toBe(404);
  await page.getByRole("main").getByRole("link", { name: "Xem tất cả sản phẩm" }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test("a server-rendered 404 hydrates once its lazily loaded view arrives, and its link navigates in the page", async ({ page }) => {
  // The not-found view is fetched only when shown (decision 0027): hydrating the server's 404
  // waits for it in a Suspense boundary, without a mismatch or an error.
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  // React marks the elements it has hydrated.
  const hydrated = (locator: Locator) =>
    locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber")));
  // The view's code is held back on the first visit: the rest of the page hydrates without it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/not-found-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  for (const path of ["/collections/sterilizers/no-such-product", "/collections/no-such-category"]) {
    expect((await page.goto(path))?.status()).toBe(404);
    const back = page.getByRole("main").getByRole("link", { name: "Xem tất cả sản phẩm" });
    await expect(back).toBeVisible();
    const home = page.getByRole("contentinfo").getByRole("link", { name: /trang chủ$/ });
    await expect.poll(() => hydrated(home)).toBe(true);
    if (path.includes("no-such-product")) {
      // The footer has hydrated, the view (its code still held back) not yet: it waits in its own boundary.
      expect(await hydrated(back)).toBe(false);
      release();
    }
    await expect.poll(() => hydrated(back)).toBe(true);
    await page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));
    await back.click();
    await expect(page.getByRole("heading", { level: 1, name: "Tất cả sản phẩm" })).toBeVisible();
    await expect(page).toHaveURL(/\/shop$/);
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
  }
  // A client navigation to an unknown product shows the same view.
  await page.goto("/shop");
  await waitForRouterIdle(page);
  await page.evaluate(() =>
    (window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }).__reactRouterDataRouter.navigate(
      "/collections/sterilizers/no-such-product",
    ),
  );
  await expect(page.getByRole("heading", { name: "Không tìm thấy trang" })).toBeVisible();
  await expect(page.getByText("Sản phẩm này không tồn tại hoặc không còn bán.")).toBeVisible();
  // The 404 documents themselves are logged as failed resources; anything else is an error of the page.
  expect(errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
});

test("collection: heading, list view toggle, filter drawer", async ({ page }) => {
  await page.goto("/collections/bundles");
  await expect(page.getByRole("heading", { level: 1, name: "COMBO ƯU ĐÃI" })).toBeVisible();
  await expect(page.getByTestId("product-card")).toHaveCount(2);
  await page.getByRole("link", { name: "Dạng danh sách" }).click();
  await expect(page).toHaveURL(/view=list/);
  await expect(page.getByTestId("product-grid")).toHaveAttribute("data-view", "list");
  await page.getByRole("button", { name: /^Bộ lọc/ }).click();
  const drawer = page.getByRole("dialog", { name: "Lọc sản phẩm" });
  await drawer.getByLabel(/Bán chạy/).check();
  await expect(page).toHaveURL(/filter=bestsellers/);
  await expect(page).toHaveURL(/view=list/);
  await expect(page.getByTestId("product-card")).toHaveCount(1);
  await drawer.getByRole("button", { name: "Đóng bộ lọc" }).click();
  await expect(drawer).toBeHidden();
});

test("search from the header: 'hong' finds the sterilizer (its pink variant)", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Tìm sản phẩm" }).click();
  const box = page.getByRole("dialog").getByRole("searchbox");
  await expect(box).toBeFocused();
  await box.fill("hong");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=hong$/);
  await expect(page.getByTestId("search-results").getByTestId("product-card").first()).toContainText(STERILIZER_NAME);

  await page.goto("/search?q=xyzzy");
  await expect(page.getByText("Không tìm thấy sản phẩm nào cho “xyzzy”")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sản phẩm bán chạy" })).toBeVisible();
});

test("the English site: listing, filters, quick add, product page, collection and search stay in English under /en", async ({
  page,
}) => {
  await page.goto("/en/shop");
  await expect(page.getByRole("heading", { level: 1, name: "Shop All Products" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Home");
  await expect(page.getByRole("link", { name: "Home", exact: true }).first()).toHaveAttribute("href", "/en");
  const cards = page.getByTestId("product-card");
  await expect(cards).toHaveCount(4);
  await expect(page.getByText("4 products")).toBeVisible();

  const panel = page.getByRole("complementary", { name: "Product filters" });
  let filters = panel;
  if (!(await panel.isVisible())) {
    await page.getByRole("button", { name: /^Filter/ }).click();
    filters = page.getByRole("dialog", { name: "Filter products" });
  }
  await expect(filters.getByText("Availability")).toBeVisible();
  await filters.getByLabel(/Pink/).check();
  await expect(page).toHaveURL(/\/en\/shop\?color=pink$/);
  await expect(cards).toHaveCount(1);
  if (await page.getByRole("dialog", { name: "Filter products" }).isVisible()) {
    await page.getByRole("button", { name: "Show 1 product" }).click();
  }
  await cards
    .first()
    .getByRole("link", { name: `Choose colour: ${ENGLISH_STERILIZER_NAME}` })
    .click();
  // The colour chosen in the filter stays chosen on the product page (issue 31 item 3).
  await expect(page).toHaveURL(new RegExp(`/en${STERILIZER_PATH}\\?variant=4$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("radio", { name: "Pink" })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("button", { name: /Add to cart/ }).click();
  await expectAddedInDrawer(page, "1 UVC Toothbrush Sterilizer – Pink added to your cart", "en");
  await closeCartDrawer(page, "en");
  await expect(page.getByRole("heading", { name: "Frequently asked questions" })).toBeVisible();
  await page.getByRole("tab", { name: "SPECIFICATIONS" }).click();
  await expect(page.getByRole("main").getByText("Free delivery", { exact: true })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Blue", exact: true })).toHaveAttribute(
    "href",
    /^\/en\/collections\/sterilizers\/uvc-sterilizer\?variant=3$/,
  );

  await page.goto("/en/collections/bundles");
  await expect(page.getByRole("heading", { level: 1, name: "BUNDLE DEALS" })).toBeVisible();
  await expect(page.getByRole("link", { name: "List view" })).toBeVisible();

  await page.getByRole("banner").getByRole("button", { name: "Search products" }).click();
  const box = page.getByRole("dialog").getByRole("searchbox");
  await box.fill("xyzzy");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/en\/search\?q=xyzzy$/);
  await expect(page.getByText("No products found for “xyzzy”")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Our best sellers" })).toBeVisible();
  await page.getByRole("link", { name: "browse all products" }).click();
  await expect(page).toHaveURL(/\/en\/shop$/);
});

test("the product head has a canonical link and Product JSON-LD whose price is the page's price", async ({ page }) => {
  await page.goto("/collections/accessories/hop-dung-du-lich-cho-may-tiet-trung-uvc");
  const canonical = await page.locator('head link[rel="canonical"]').getAttribute("href");
  expect(canonical).toMatch(/\/collections\/accessories\/hop-dung-du-lich-cho-may-tiet-trung-uvc$/);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = blocks.map((text) => JSON.parse(text)).find((json) => json["@type"] === "Product");
  expect(product).toBeTruthy();
  expect(product.name).toBe("Hộp đựng du lịch cho máy tiệt trùng UVC");
  expect(product.offers.priceCurrency).toBe("VND");
  expect(Number(product.offers.price)).toBe(290000);
  expect(product.offers.availability).toBe("https://schema.org/InStock");
  await expect(page.getByRole("main").getByText("290.000", { exact: false }).first()).toBeVisible();

  // A product with variants: a ProductGroup whose variants are the offers, at the page's price.
  await page.goto(PINK_PATH);
  const groupBlocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const group = groupBlocks.map((text) => JSON.parse(text)).find((json) => json["@type"] === "ProductGroup");
  expect(group.name).toBe(STERILIZER_NAME);
  expect(group.hasVariant.find((v: { sku: string }) => v.sku === "UVC-STER-PNK").name).toBe(PINK_NAME);
  expect(Number(group.hasVariant[3].offers.price)).toBe(690000);
  await expect(page.getByRole("main").getByText("690.000", { exact: false }).first()).toBeVisible();
});

test("the currency switch shows USD reference prices and is remembered", async ({ page }) => {
  await page.goto("/shop");
  await page.getByRole("button", { name: "USD" }).locator("visible=true").first().click();
  const card = page.getByTestId("product-card").first();
  // Never dollars alone: the đồng price stays, the dollar figure is a reference, charged in VND.
  await expect(card).toContainText("690.000");
  await expect(card.getByTestId("usd-reference")).toHaveText("≈ $27.60 · Thanh toán bằng VND");
  await page.reload();
  await expect(card.getByTestId("usd-reference")).toHaveText("≈ $27.60 · Thanh toán bằng VND");
  await page.goto(PINK_PATH);
  await expect(page.getByRole("main").getByTestId("usd-reference").first()).toContainText("Thanh toán bằng VND");
  await page.goto("/en/shop");
  await expect(card.getByTestId("usd-reference")).toHaveText("≈ $27.60 · Charged in VND");
  await page.getByRole("button", { name: "VND" }).locator("visible=true").first().click();
  await expect(card).toContainText("690.000");
  await expect(card.getByTestId("usd-reference")).toHaveCount(0);
});
