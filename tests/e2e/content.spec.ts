import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

/** The page's manual link is `url`, and it downloads a PDF in `language` with its font embedded. */
async function expectManualPdf(page: Page, request: APIRequestContext, url: string, language: string) {
  const link = page.getByTestId("manual-download");
  await expect(link).toHaveAttribute("href", url);
  await expect(link).toHaveAttribute("download");
  const download = page.waitForEvent("download");
  await link.click();
  expect((await download).suggestedFilename()).toBe(url.split("/").pop());
  const pdf = await request.get(url);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  const text = (await pdf.body()).toString("latin1");
  expect(text.startsWith("%PDF-1.")).toBe(true);
  expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
  expect(text).toContain("/FontFile2");
  expect(text).toContain(`/Lang (${language})`);
}

const sectionsOf = (page: Page) =>
  page.locator("main [data-section]").evaluateAll((els) => els.map((el) => el.getAttribute("data-section")));

test.describe("content pages", () => {
  test("/about shows intro, mission, technology and the why-choose list, with a complete head", async ({ page }) => {
    const response = await page.goto("/about");
    expect(response?.status()).toBe(200);
    expect(await sectionsOf(page)).toEqual(["intro", "mission", "technology", "why_choose"]);
    await expect(page.getByRole("heading", { level: 1, name: "Về UVC Care" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sứ mệnh của chúng tôi" })).toBeVisible();
    const items = page.locator("[data-section=why_choose] li");
    await expect(items).toHaveCount(7);
    // The free-shipping line uses the settings threshold in đồng, never "$100".
    await expect(items.last()).toContainText("1.000.000\u00a0₫");
    await expect(page.locator("main")).not.toContainText("$");

    const canonical = page.locator('head link[rel="canonical"]');
    await expect(canonical).toHaveAttribute("href", /^https?:\/\/[^/]+\/about$/);
    await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute("content", /\S/);

    // The English site: SPEC's English texts, its own canonical.
    await page.goto("/en/about");
    await expect(page.getByRole("heading", { level: 1, name: "About UVC Care" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Our mission" })).toBeVisible();
    await expect(canonical).toHaveAttribute("href", /^https?:\/\/[^/]+\/en\/about$/);
  });

  test("/blog shows the three seeded articles, each a link to its post (issue 19)", async ({ page }) => {
    const response = await page.goto("/blog");
    expect(response?.status()).toBe(200);
    expect(await sectionsOf(page)).toEqual(["header", "articles"]);
    const articles = page.locator("[data-article]");
    await expect(articles).toHaveCount(3);
    await expect(articles.getByRole("heading", { level: 3 })).toHaveText([
      "Tia UV-C diệt khuẩn như thế nào?",
      "Chăm sóc bàn chải đánh răng đúng cách",
      "Giữ bàn chải sạch khi đi du lịch",
    ]);
    for (const article of await articles.all()) {
      await expect(article.getByRole("link").first()).toHaveAttribute("href", /^\/blog\/[a-z0-9-]+$/);
      await expect(article.locator("img")).toBeVisible();
    }
    await articles.first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/blog\/tia-uvc-c-diet-khuan-nhu-the-nao$/);
    await expect(page.getByRole("heading", { level: 1, name: "Tia UV-C diệt khuẩn như thế nào?" })).toBeVisible();
    await page.goto("/en/blog");
    await expect(articles.first().getByRole("link").first()).toHaveAttribute("href", "/en/blog/tia-uvc-c-diet-khuan-nhu-the-nao");
    await expect(articles.first()).toContainText("How does UV-C light stop germs?");
  });

  test("/blog/feed.xml is an Atom feed of the posts, in each language", async ({ request }) => {
    const vi = await request.get("/blog/feed.xml");
    expect(vi.status()).toBe(200);
    expect(vi.headers()["content-type"]).toContain("application/atom+xml");
    const xml = await vi.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="vi">');
    expect(xml).toMatch(/<title>Tia UV-C diệt khuẩn như thế nào\?<\/title>\n\s+<link rel="alternate" type="text\/html" href="https?:\/\/[^"]+\/blog\/tia-uvc-c-diet-khuan-nhu-the-nao"\/>/);
    const en = await (await request.get("/en/blog/feed.xml")).text();
    expect(en).toContain("<title>How does UV-C light stop germs?</title>");
    expect(en).toMatch(/href="https?:\/\/[^"]+\/en\/blog\/tia-uvc-c-diet-khuan-nhu-the-nao"/);
  });

  test("/technology shows every section, SHOP NOW leads to the shop, the manual is a real PDF", async ({
    page,
    request,
  }) => {
    const response = await page.goto("/technology");
    expect(response?.status()).toBe(200);
    expect(await sectionsOf(page)).toEqual([
      "hero",
      "how_it_works",
      "benefits",
      "specifications",
      "warranty",
      "manual",
      "cta",
    ]);
    await expect(page.getByRole("heading", { name: "Cho cả gia đình", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Cho người hay đi xa", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Bảo hành 12 tháng" })).toBeVisible();

    const shopNow = page.getByRole("link", { name: /MUA NGAY/ });
    await expect(shopNow).toHaveCount(2);
    for (const link of await shopNow.all()) {
      await expect(link).toHaveAttribute("href", "/shop");
      await expect(link).toContainText(/chỉ từ [\d.]+\u00a0₫/);
    }

    // The Vietnamese edition of the manual; app/features/content/manual.test.ts reads its text.
    await expectManualPdf(page, request, "/downloads/huong-dan-su-dung-may-tiet-trung-uvc.pdf", "vi");

    // The English site: SPEC's English texts, links kept in English.
    await page.goto("/en/technology");
    await expect(page.getByRole("heading", { name: "For families", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "12-month warranty" })).toBeVisible();
    const englishShopNow = page.getByRole("link", { name: /SHOP NOW/ });
    await expect(englishShopNow).toHaveCount(2);
    for (const link of await englishShopNow.all()) await expect(link).toHaveAttribute("href", "/en/shop");
    await expectManualPdf(page, request, "/downloads/uvc-sterilizer-user-manual.pdf", "en");
  });

  test("/pastry-masterclass is a permanent redirect to /shop", async ({ request }) => {
    const response = await request.get("/pastry-masterclass", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(new URL(response.headers()["location"], "http://x").pathname).toBe("/shop");
  });

  test("the 404 page is not indexed", async ({ page }) => {
    const response = await page.goto("/no-such-content-page");
    expect(response?.status()).toBe(404);
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });
});

test.describe("newsletter", () => {
  test("the footer sign-up asks to confirm by e-mail, the same for a known address; a bad address shows a message", async ({
    page,
  }) => {
    await page.goto("/about");
    const form = page.locator("#newsletter-footer");
    const email = form.getByLabel("Địa chỉ email");

    await email.fill("not-an-email");
    await form.getByRole("button", { name: "ĐĂNG KÝ" }).click();
    await expect(form.getByRole("status")).toContainText("Vui lòng nhập địa chỉ email hợp lệ");

    const address = `Reader.${Date.now()}@Example.com`;
    await email.fill(`  ${address} `);
    await form.getByRole("button", { name: "ĐĂNG KÝ" }).click();
    await expect(form.getByRole("status")).toContainText("Hãy mở hộp thư và nhấn vào liên kết");
    await expect(email).toHaveValue("");
    // No code before the address is confirmed (double opt-in).
    await expect(form.getByTestId("newsletter-code")).toHaveCount(0);

    // Signing up again gets the very same answer: the form tells nobody who is subscribed.
    const first = await form.getByRole("status").textContent();
    await email.fill(address.toLowerCase());
    await form.getByRole("button", { name: "ĐĂNG KÝ" }).click();
    await expect(email).toHaveValue("");
    await expect(form.getByRole("status")).toHaveText(first ?? "");
  });

  test("on the English site the sign-up speaks English", async ({ page }) => {
    await page.goto("/en/about");
    const form = page.locator("#newsletter-footer");
    await form.getByLabel("Email address").fill("not-an-email");
    await form.getByRole("button", { name: "JOIN" }).click();
    await expect(form.getByRole("status")).toContainText("Please enter a valid email address");
    await form.getByLabel("Email address").fill(`english.${Date.now()}@example.com`);
    await form.getByRole("button", { name: "JOIN" }).click();
    await expect(form.getByRole("status")).toContainText("Check your inbox and open the link");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a plain form post redirects back with the answer, or with the message", async ({ page }) => {
      await page.goto("/blog");
      const form = page.locator("#newsletter-footer");
      await form.getByLabel("Địa chỉ email").fill(`nojs.${Date.now()}@example.vn`);
      await form.getByRole("button", { name: "ĐĂNG KÝ" }).click();
      await expect(page).toHaveURL(/\/blog\?newsletter=pending&newsletter_source=footer#newsletter-footer$/);
      await expect(page.locator("#newsletter-footer").getByRole("status")).toContainText("Hãy mở hộp thư");

      // The browser accepts "reader@localhost"; the server does not (no domain).
      await page.locator("#newsletter-footer").getByLabel("Địa chỉ email").fill("reader@localhost");
      await page.locator("#newsletter-footer").getByRole("button", { name: "ĐĂNG KÝ" }).click();
      await expect(page).toHaveURL(/\/blog\?newsletter=invalid&newsletter_source=footer#newsletter-footer$/);
      await expect(page.locator("#newsletter-footer").getByRole("status")).toContainText(
        "Vui lòng nhập địa chỉ email hợp lệ",
      );
    });
  });

  test("cross-site posts are refused and nothing is written", async ({ request, baseURL }) => {
    const email = `cross.${Date.now()}@example.com`;
    const refused = await request.post("/newsletter", {
      form: { email, source: "footer", _js: "1" },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);

    // The same address from the shop itself is accepted.
    const accepted = await request.post("/newsletter", {
      form: { email, source: "footer", _js: "1" },
      headers: { Origin: new URL(baseURL!).origin },
      maxRedirects: 0,
    });
    expect(accepted.status()).toBe(200);
    // The answer is the catalogue key; the form shows it in the page's language.
    expect(await accepted.json()).toMatchObject({ ok: true, result: { message: "pages.newsletter.checkInbox" } });
  });
});

test.describe("sitemap and robots", () => {
  test("/sitemap.xml lists the shop and the products with absolute URLs", async ({ request, page }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    // It parses as XML.
    await page.goto("/about");
    const parsed = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, "application/xml");
      if (doc.getElementsByTagName("parsererror").length > 0) return null;
      return Array.from(doc.getElementsByTagName("loc")).map((loc) => loc.textContent ?? "");
    }, xml);
    expect(parsed).not.toBeNull();
    const paths = parsed!.map((loc) => new URL(loc).pathname);
    expect(paths).toContain("/shop");
    expect(paths).toContain("/technology");
    expect(paths.some((p) => /^\/collections\/[^/]+\/[^/]+$/.test(p))).toBe(true);
    expect(parsed!.every((loc) => /^https?:\/\//.test(loc))).toBe(true);
  });

  test("/robots.txt keeps crawlers out of the admin and names the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const body = await response.text();
    expect(body).toMatch(/^Disallow: \/admin$/m);
    expect(body).toMatch(/^Disallow: \/checkout$/m);
    expect(body).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  });
});
