import { createHash } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-session";
import { expectAddedInDrawer } from "./cart-drawer";
import { catalogue } from "./checkout-flow";

// Attacks refused on the production build (docs/decisions/0011-attacks-refused.md): the page
// Content-Security-Policy with a per-render nonce, injection strings in every kind of URL input,
// malformed and oversized bodies, cross-site posts.

// A product sold as itself (the sterilizer's card links to its colours: decision 0038).
const PRODUCT_NAME = "Hộp đựng du lịch cho máy tiệt trùng UVC";
const PRODUCT_PATH = "/collections/accessories/hop-dung-du-lich-cho-may-tiet-trung-uvc";
const PAGES = ["/", "/shop", PRODUCT_PATH, "/search?q=uvc", "/cart", "/admin/login"];

/** Collects CSP violations (the DOM event and Chromium's console message) on a page. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${location.pathname}`,
      );
    });
  });
  return violations;
}

/** The sha256 CSP sources of a page's inline scripts (JSON-LD included: hashing it allows nothing). */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash("sha256").update(m[1]).digest("base64")}'`,
  );
}

test("rendered pages carry a strict CSP with a fresh nonce on every inline script", async ({ request }) => {
  const nonces = new Set<string>();
  // Rendered for this request: the cache is bypassed by a personal request (an admin flash cookie).
  for (const path of PAGES) {
    const response = await request.get(path, { headers: { cookie: "uvc_admin_flash=x" } });
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers["x-page-cache"] ?? "bypass", path).toBe("bypass");
    const policy = headers["content-security-policy"];
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
    expect(nonce, `${path}: ${policy}`).toBeTruthy();
    nonces.add(nonce!);
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "frame-ancestors 'self'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(policy, path).toContain(directive);
    }
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    // The suite runs over plain http: no HSTS.
    expect(headers["strict-transport-security"]).toBeUndefined();

    const html = await response.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inlineScripts.length, path).toBeGreaterThan(0);
    for (const attributes of inlineScripts) {
      if (/type="application\/ld\+json"/.test(attributes)) continue;
      expect(attributes, `${path}: inline script without the nonce`).toContain(`nonce="${nonce}"`);
    }
  }
  expect(nonces.size, "one nonce per response").toBe(PAGES.length);
});

test("a page served from the page cache replays no nonce: its inline scripts are allowed by hash", async ({
  request,
}) => {
  await request.get("/shop");
  let hits = 0;
  for (let attempt = 0; attempt < 10 && hits < 2; attempt++) {
    const response = await request.get("/shop");
    if (response.headers()["x-page-cache"] !== "hit") continue; // still being stored
    hits += 1;
    const policy = response.headers()["content-security-policy"];
    const html = await response.text();
    expect(policy).not.toMatch(/nonce/);
    expect(html).not.toMatch(/\snonce="/);
    const scriptSources = /script-src ([^;]*)/.exec(policy)![1].split(" ");
    const hashes = inlineScriptHashes(html);
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(scriptSources).toContain(hash);
    expect(scriptSources.filter((source) => !hashes.includes(source))).toEqual(["'self'"]);
  }
  expect(hits).toBe(2);
});

test("a page served from the page cache hydrates under its policy with no violation", async ({ page, request }) => {
  await request.get("/shop");
  await expect.poll(async () => (await request.get("/shop")).headers()["x-page-cache"]).toBe("hit");
  const violations = await watchCsp(page);
  const response = await page.goto("/shop");
  expect(response!.headers()["x-page-cache"]).toBe("hit");
  // The cart drawer an add opens comes from the page's scripts (a plain form post lands on /cart): it proves they ran.
  await page.waitForLoadState("networkidle");
  await page.getByRole("link", { name: PRODUCT_NAME }).first().click();
  await expect(page).toHaveURL(PRODUCT_PATH);
  await page.waitForLoadState("networkidle");
  await page
    .getByRole("button", { name: /Thêm vào giỏ/ })
    .first()
    .click();
  await expectAddedInDrawer(page, `Đã thêm 1 ${PRODUCT_NAME} vào giỏ hàng`);
  await page.goto("/cart");
  await expect(page.getByText(PRODUCT_NAME).first()).toBeVisible();
  expect(violations).toEqual([]);
});

test("pages hydrate and work under the CSP with no violation", async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto("/");
  await page.goto("/shop");
  await page.getByRole("link", { name: PRODUCT_NAME }).first().click();
  await expect(page).toHaveURL(PRODUCT_PATH);
  // The cart drawer an add opens comes from the page's scripts (a plain form post lands on /cart): it proves they ran.
  await page
    .getByRole("button", { name: /Thêm vào giỏ/ })
    .first()
    .click();
  await expectAddedInDrawer(page, `Đã thêm 1 ${PRODUCT_NAME} vào giỏ hàng`);
  await page.goto("/cart");
  await expect(page.getByText(PRODUCT_NAME).first()).toBeVisible();
  await signInAsAdmin(page);
  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

const corpus = [
  "' OR 1=1--",
  "'; DROP TABLE orders;--",
  '" OR ""="',
  "1 UNION SELECT password FROM account--",
  "%00",
  "\u0000",
  "../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd",
  "<script>alert(1)</script>",
  "𝕦𝕧𝕔 🦷 ½ Ω",
  "a".repeat(5000),
  "-1",
  "9".repeat(40),
  "1e309",
  "NaN",
];

/** Signs of a leak: a stack trace, SQL, database or file-system details. */
const LEAK =
  /at [\w$.<>]+ \([^)]*:\d+:\d+\)|node_modules|syntax error at or near|Failed query|SQLSTATE|relation "|DrizzleQueryError|PGlite|root:x:0:0|ECONNREFUSED|TypeError:|ReferenceError:/i;

test("injection strings in search, filters, sort and ids: no server error, no leak", async ({ page }) => {
  await signInAsAdmin(page);
  const urls: string[] = [];
  for (const raw of corpus) {
    const value = encodeURIComponent(raw);
    urls.push(
      `/search?q=${value}`,
      `/shop?sort=${value}&availability=${value}&min=${value}&max=${value}&color=${value}&category=${value}&page=${value}`,
      `/shop?sort[]=x&sort[x]=1&min[]=1&color=white&color=black`,
      `/collections/${value}`,
      `/collections/sterilizers/${value}`,
      `/order-confirmation?order_id=${value}`,
      `/uploads/${value}`,
      `/admin/orders?q=${value}&status=${value}&page=${value}&sort=${value}`,
      `/admin/orders/${value}`,
      `/admin/customers/${value}`,
      `/admin/products/${value}`,
      `/admin/products?q=${value}&category=${value}`,
      `/admin/orders/${value}/packing-slip`,
      `/admin/reports/export/${value}`,
      `/api/address/new/provinces/${value}/wards`,
    );
  }
  urls.push("/uploads/../../etc/passwd", "/uploads/..%2f..%2f..%2fetc%2fpasswd", "/uploads/%2e%2e/%2e%2e/etc/passwd");
  for (const url of urls) {
    const response = await page.request.get(url, { maxRedirects: 0 });
    if (url.includes("%00")) expect(response.status(), url).toBe(400);
    expect(response.status(), url).toBeLessThan(500);
    expect(await response.text(), url).not.toMatch(LEAK);
  }
});

test("malformed and oversized bodies: 400 and 413 with a clear message", async ({ page, request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  // A NUL character in a checkout field would reach PostgreSQL, which refuses it (the request keeps its cart cookie).
  const [product] = await catalogue(page);
  expect(
    (
      await request.post("/api/cart", {
        headers: { origin },
        form: { intent: "add", productId: String(product!.productId) },
      })
    ).status(),
  ).toBe(200);
  const nul = await request.post("/checkout/information", {
    headers: { origin },
    form: { intent: "continue", email: "a\u0000@b.vn", firstName: "\u0000", lastName: "x" },
    maxRedirects: 0,
  });
  expect(nul.status()).toBe(400);

  const badJson = await request.post("/api/cart", {
    headers: { "content-type": "application/json", origin },
    data: Buffer.from("{not json"),
  });
  expect(badJson.status()).toBe(400);
  expect(await badJson.json()).toMatchObject({ ok: false, error: "Dữ liệu biểu mẫu không hợp lệ" });

  const badForm = await request.post("/newsletter", {
    headers: { "content-type": "multipart/form-data; boundary=zzz", origin },
    data: Buffer.from('--zzz\r\nContent-Disposition: form-data; name="email"\r\n\r\nbroken'),
  });
  expect(badForm.status()).toBe(400);
  expect(await badForm.text()).toContain("Dữ liệu biểu mẫu không hợp lệ");

  const big = await request.post("/newsletter", {
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    data: `email=${"a".repeat(2 * 1024 * 1024)}`,
  });
  expect(big.status()).toBe(413);
  expect(await big.json()).toEqual({ error: "Dữ liệu gửi lên quá lớn (tối đa 1 MB)" });
});

test("cross-site posts to actions are refused; the shop's own go through", async ({ request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const form = { email: "csrf@example.vn", source: "footer", _js: "1" };
  const evil = await request.post("/newsletter", { headers: { origin: "https://evil.example" }, form });
  expect(evil.status()).toBe(403);
  const fetchMetadata = await request.post("/checkout/payment", {
    headers: { "sec-fetch-site": "cross-site", "content-type": "application/json" },
    data: Buffer.from("{}"),
  });
  expect(fetchMetadata.status()).toBe(403);
  const own = await request.post("/newsletter", { headers: { origin }, form, maxRedirects: 0 });
  expect(own.status()).toBeLessThan(400);
});
