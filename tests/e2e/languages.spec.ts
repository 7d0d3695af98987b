import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { catalogue, setCart } from "./checkout-flow";

/** The header's or (on a phone) the menu's link to the other language. */
async function switchLanguage(page: Page) {
  const headerSwitch = page.getByRole("banner").getByTestId("language-switch");
  if (await headerSwitch.isVisible()) {
    await headerSwitch.click();
  } else {
    // The menu button is a <summary> (it opens without JavaScript too: mobile-menu.tsx).
    await page
      .locator("summary")
      .filter({ hasText: /^(Mở menu|Open menu)$/ })
      .click();
    await page.getByRole("dialog").getByTestId("language-switch").click();
  }
}

async function alternates(page: Page) {
  return page
    .locator('head link[rel="alternate"][hreflang]')
    .evaluateAll((links) =>
      links.map((link) => `${link.getAttribute("hreflang")} ${new URL(link.getAttribute("href") ?? "").pathname}`),
    );
}

test("Vietnamese at today's paths, English under /en, each naming the other", async ({ page }) => {
  await page.goto("/shop");
  await expect(page.locator("html")).toHaveAttribute("lang", "vi");
  await expect(page.getByRole("navigation", { name: "Điều hướng chính" })).toBeVisible();
  expect(await alternates(page)).toEqual(["vi /shop", "en /en/shop", "x-default /shop"]);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", /\/shop$/);
  await expect(page.locator('head meta[property="og:locale"]')).toHaveAttribute("content", "vi_VN");

  const response = await page.goto("/en/shop");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(await alternates(page)).toEqual(["vi /shop", "en /en/shop", "x-default /shop"]);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", /\/en\/shop$/);
  await expect(page.locator('head meta[property="og:locale"]')).toHaveAttribute("content", "en_US");
  await expectNoSeriousA11yViolations(page);
});

test("the language switch keeps the page, its query and the cart", async ({ page }) => {
  const [product] = await catalogue(page);
  await setCart(page, [{ productId: product.productId, quantity: 2 }]);
  await page.goto("/shop?sort=price-low-high");
  const cart = page.getByRole("banner").getByTestId("header-cart");
  await expect(cart).toHaveAccessibleName("Giỏ hàng, 2 sản phẩm");

  await switchLanguage(page);
  await expect(page).toHaveURL(/\/en\/shop\?sort=price-low-high$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(cart).toHaveAccessibleName("Cart, 2 items");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "UVC Care, home" })).toHaveAttribute(
    "href",
    "/en",
  );

  await switchLanguage(page);
  await expect(page).toHaveURL(/\/shop\?sort=price-low-high$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "vi");
  await expect(cart).toHaveAccessibleName("Giỏ hàng, 2 sản phẩm");
});

test("each language's texts are one file, cached for a year and fetched once, not part of every page", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/shop")).text();
  const href = /<link [^>]*href="(\/i18n\/vi\.[0-9a-f]{10}\.json)"[^>]*data-catalogue/.exec(html)?.[1];
  expect(href).toBeDefined();
  const file = await request.get(href!);
  expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const texts = (await file.json()) as { checkout: { errors: { firstName: string } } };
  // A text the shop page never shows reaches the browser in the file only.
  expect(texts.checkout.errors.firstName).toBe("Vui lòng nhập tên");
  expect(html).not.toContain(texts.checkout.errors.firstName);

  const fetched: string[] = [];
  page.on("request", (sent) => {
    if (sent.url().includes("/i18n/")) fetched.push(new URL(sent.url()).pathname);
  });
  await page.goto("/shop");
  await page.waitForLoadState("networkidle");
  // The switch, once hydrated, is a navigation in the page: the English texts arrive by the root's clientLoader.
  await switchLanguage(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Shop All Products" })).toBeVisible();
  await expect(page.getByRole("banner").getByTestId("header-cart")).toHaveAccessibleName(/^Cart, /);
  // The head's preload and the script's fetch are one request.
  expect(fetched).toEqual([href, expect.stringMatching(/^\/i18n\/en\.[0-9a-f]{10}\.json$/)]);
});

test("a missing English page answers 404 in English; the sitemap lists both languages", async ({ page, request }) => {
  const response = await page.goto("/en/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/en$/);

  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toMatch(/<loc>[^<]*\/shop<\/loc>/);
  expect(sitemap).toMatch(/<loc>[^<]*\/en\/shop<\/loc>/);
});

test("an English product address stays English: the id form redirects to the English slug URL", async ({ request }) => {
  // Id 4 is the pink variant: its product's page with it chosen (decision 0038).
  const response = await request.get("/en/collections/accessories/4", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()["location"]).toBe("/en/collections/sterilizers/uvc-sterilizer?variant=4");
  const page = await request.get("/en/collections/sterilizers/uvc-sterilizer?variant=4", { maxRedirects: 0 });
  expect(page.status()).toBe(200);
});

test("the English shop shows the catalogue in English; search finds English and accent-free Vietnamese words", async ({
  page,
}) => {
  await page.goto("/en/shop");
  const cards = page.getByTestId("product-card");
  const sterilizer = cards.filter({
    has: page.getByRole("heading", { name: "UVC Toothbrush Sterilizer", exact: true }),
  });
  await expect(sterilizer).toHaveCount(1);
  await expect(sterilizer.getByRole("list", { name: "Available colours" })).toContainText("Pink");
  await expect(cards.filter({ hasText: "Travel Case for the UVC Sterilizer" })).toHaveCount(1);

  await page.goto("/en/search?q=travel%20case");
  await expect(page.getByTestId("product-card").first()).toContainText("Travel Case for the UVC Sterilizer");
  await page.goto("/search?q=sterilizer");
  await expect(page.getByTestId("product-card").first()).toContainText("Máy tiệt trùng");
  await page.goto("/en/search?q=may%20tiet%20trung");
  await expect(page.getByTestId("product-card").first()).toContainText("UVC");
  await page.goto("/search?q=h%E1%BB%99p%20%C4%91%E1%BB%B1ng");
  await expect(page.getByTestId("product-card").first()).toContainText("Hộp đựng du lịch");
});

test("product images speak the page's language: English alts under /en, Vietnamese ones at today's paths", async ({
  page,
}) => {
  const productPath = "/collections/sterilizers/uvc-sterilizer?variant=4";
  /** Every described image of the page's main part (decorative ones have an empty alt). */
  const alts = () =>
    page
      .locator("main img[alt]")
      .evaluateAll((images) => images.map((image) => image.getAttribute("alt") ?? "").filter(Boolean));
  const vietnameseLetters = /[àáảãạăằắẳẵặâầấẩẫậđèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵ]/i;

  await page.goto(`/en${productPath}`);
  await expect(page.getByRole("img", { name: "Pink UVC toothbrush sterilizer, front view" })).toBeVisible();
  const english = await alts();
  expect(english.length).toBeGreaterThan(1); // the gallery and the recommended products' covers
  expect(english.filter((alt) => vietnameseLetters.test(alt))).toEqual([]);

  await page.goto(productPath);
  await expect(page.getByRole("img", { name: "Máy tiệt trùng bàn chải UVC màu hồng, mặt trước" })).toBeVisible();
  expect((await alts()).filter((alt) => /UVC toothbrush sterilizer|front view/i.test(alt))).toEqual([]);

  await page.goto("/en/shop");
  const cardAlts = await page
    .getByTestId("product-card")
    .locator("img")
    .evaluateAll((images) => images.map((image) => image.getAttribute("alt") ?? ""));
  expect(cardAlts.length).toBeGreaterThan(0);
  expect(cardAlts.filter((alt) => vietnameseLetters.test(alt))).toEqual([]);
});
