import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { expectAddedInDrawer } from "./cart-drawer";
import { checkoutLabels, choose, fillContact, fillShippingAndContinue } from "./checkout-flow";

// Decision 0038: the sterilizer is one product; its four colours are variants chosen on its page.
const PRODUCT_PATH = "/collections/sterilizers/uvc-sterilizer";
const PRODUCT_NAME = "Máy tiệt trùng bàn chải UVC";
const PINK_NAME = "Máy tiệt trùng bàn chải UVC – Hồng";

const picker = (page: Page) => page.getByRole("radiogroup", { name: /^Màu:/ });

test("choose Hồng: the URL, gallery, SKU and stock follow; the pink one is added and bought", async ({ page }) => {
  await page.goto(PRODUCT_PATH);
  await expect(page.getByRole("heading", { level: 1, name: PRODUCT_NAME })).toBeVisible();
  const colours = picker(page);
  await expect(colours.getByRole("radio")).toHaveCount(4);
  await expect(colours.getByRole("radio", { name: "Trắng" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByText("Màu: Trắng", { exact: true })).toBeVisible();
  await expect(page.getByTestId("variant-sku")).toHaveText("Mã sản phẩm: UVC-STER-WHT");

  // The blue one has 3 left: the stock text is the variant's.
  await colours.getByRole("radio", { name: "Xanh dương" }).click();
  await expect(page).toHaveURL(/\?variant=\d+$/);
  await expect(page.getByText("Chỉ còn 3 sản phẩm")).toBeVisible();

  const scroll = await page.evaluate(() => window.scrollY);
  await colours.getByRole("radio", { name: "Hồng" }).click();
  await expect(page).toHaveURL(/\/collections\/sterilizers\/uvc-sterilizer\?variant=\d+$/);
  await expect(colours.getByRole("radio", { name: "Hồng" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByText("Màu: Hồng", { exact: true })).toBeVisible();
  await expect(page.getByTestId("variant-sku")).toHaveText("Mã sản phẩm: UVC-STER-PNK");
  await expect(page.getByText("Chỉ còn 3 sản phẩm")).toBeHidden();
  await expect(page.getByRole("img", { name: "Máy tiệt trùng bàn chải UVC màu hồng, mặt trước" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Thêm vào giỏ/ })).toContainText("690.000");
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scroll)).toBeLessThan(5); // the scroll is kept
  await page.getByRole("button", { name: /Thêm vào giỏ/ }).click();
  await expectAddedInDrawer(page, `Đã thêm 1 ${PINK_NAME} vào giỏ hàng`);

  await page.goto("/cart");
  await expect(page.getByRole("main").getByRole("link", { name: PINK_NAME }).first()).toBeVisible();

  const l = checkoutLabels.vi;
  await page.goto("/checkout/information");
  await fillContact(page, "hong.variant@example.vn");
  await page.getByLabel(l.phone, { exact: true }).fill("0912345678");
  await choose(page, l.province, "ho chi minh", /Hồ Chí Minh/);
  await choose(page, l.ward, "ben thanh", /Bến Thành/);
  await page.getByRole("button", { name: l.toShipping }).click();
  await expect(page).toHaveURL(/\/checkout\/shipping$/);
  await fillShippingAndContinue(page);
  await page.getByRole("button", { name: l.toPayment }).click();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await page.getByRole("button", { name: l.placeOrder, exact: true }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?order_id=[0-9a-f-]{36}$/);
  await expect(page.getByRole("main")).toContainText(PINK_NAME);
});

test("the picker works with the arrow keys, and a variant's old address redirects to it", async ({ page, request }) => {
  await page.goto(PRODUCT_PATH);
  await page.waitForLoadState("networkidle"); // the arrow keys need the page's scripts
  const colours = picker(page);
  await colours.getByRole("radio", { name: "Trắng" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(colours.getByRole("radio", { name: "Đen" })).toHaveAttribute("aria-checked", "true");
  await expect(colours.getByRole("radio", { name: "Đen" })).toBeFocused();
  await expect(page.getByTestId("variant-sku")).toHaveText("Mã sản phẩm: UVC-STER-BLK");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(colours.getByRole("radio", { name: "Hồng" })).toHaveAttribute("aria-checked", "true");

  const old = await request.get("/collections/sterilizers/may-tiet-trung-ban-chai-uvc-hong", { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers()["location"]).toMatch(/^\/collections\/sterilizers\/uvc-sterilizer\?variant=\d+$/);
  const pinkUrl = new URL(page.url());
  expect(old.headers()["location"]).toBe(`${pinkUrl.pathname}${pinkUrl.search}`);

  // JSON-LD: one ProductGroup with each colour an offer at its own address.
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const group = blocks.map((text) => JSON.parse(text)).find((json) => json["@type"] === "ProductGroup");
  expect(group.name).toBe(PRODUCT_NAME);
  expect(group.variesBy).toBe("https://schema.org/color");
  expect(group.hasVariant.map((v: { sku: string }) => v.sku)).toEqual([
    "UVC-STER-WHT",
    "UVC-STER-BLK",
    "UVC-STER-BLU",
    "UVC-STER-PNK",
  ]);
  expect(group.hasVariant[3].offers).toMatchObject({
    price: 690000,
    priceCurrency: "VND",
    availability: "https://schema.org/InStock",
  });
  expect(group.hasVariant[3].offers.url).toMatch(/\/collections\/sterilizers\/uvc-sterilizer\?variant=\d+$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the picker is links and add to cart posts the chosen colour", async ({ page }) => {
    await page.goto(PRODUCT_PATH);
    await picker(page).getByRole("radio", { name: "Hồng" }).click();
    await expect(page).toHaveURL(/\?variant=\d+$/);
    await expect(page.getByTestId("variant-sku")).toHaveText("Mã sản phẩm: UVC-STER-PNK");
    await page.getByRole("button", { name: /Thêm vào giỏ/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("main").getByRole("link", { name: PINK_NAME }).first()).toBeVisible();
  });
});

test("the grid shows the sterilizer once with its four colours and a Choose colour link, whose product page passes axe", async ({
  page,
}) => {
  test.setTimeout(90_000); // axe is slow on a busy machine
  await page.goto("/shop", { waitUntil: "networkidle" });
  const cards = page.getByTestId("product-card");
  await expect(cards).toHaveCount(4);
  const sterilizer = cards.filter({ hasText: PRODUCT_NAME }).filter({ has: page.getByTestId("swatches") });
  await expect(sterilizer).toHaveCount(1);
  const swatches = sterilizer.getByRole("list", { name: "Màu sắc có sẵn" });
  await expect(swatches.getByRole("listitem")).toHaveText(["Trắng", "Đen", "Xanh dương", "Hồng"]);
  await expect(sterilizer).toContainText("690.000");
  await expect(sterilizer.getByRole("button", { name: /Thêm nhanh/ })).toHaveCount(0);
  await sterilizer.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/vs-shots/grid-${test.info().project.name}.png` });

  await sterilizer.getByRole("link", { name: `Chọn màu: ${PRODUCT_NAME}` }).click();
  await expect(page).toHaveURL(new RegExp(`${PRODUCT_PATH}$`));
  await page.waitForLoadState("networkidle");
  await picker(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/vs-shots/product-${test.info().project.name}.png` });
  await expectNoSeriousA11yViolations(page);
});
