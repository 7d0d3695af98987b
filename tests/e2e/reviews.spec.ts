import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { signToken } from "../../app/server/signed-token.server";
import { signInAsAdmin } from "./admin-session";
import { catalogue, postOrder } from "./checkout-flow";
import { e2eDataDir } from "./global-setup";

/*
 * Issue 19 item 2 in the browser: the buyer of a delivered order reviews from the e-mail's link
 * (one product without JavaScript, the other with it), staff approve and reply, and the product
 * page shows the review with "Đã mua hàng" and the reply, and states it in its JSON-LD.
 */

/** The delivered e-mail's link, signed with the shop's own secret (as reviewLinkFor does). */
function reviewLink(orderId: string): string {
  const secret = readFileSync(path.join(e2eDataDir(test.info().project.use.baseURL), "auth-secret"), "utf8").trim();
  const expires = Date.now() + 24 * 60 * 60 * 1000;
  return `/reviews/new?token=${signToken("review-order", `${orderId}:${expires}`, secret)}`;
}

/** Staff confirm the order with the buyer, ship it by hand and mark it delivered. */
async function deliver(page: Page, orderId: string) {
  await page.goto(`/admin/orders/${orderId}`);
  await page.getByRole("button", { name: "Người mua đã xác nhận" }).click();
  await expect(page.getByText("Đã xác nhận đơn hàng với người mua")).toBeVisible();
  const panel = page.getByTestId("shipment-panel");
  await panel.getByLabel("Hãng vận chuyển").fill("GHTK");
  await panel.getByLabel("Mã vận đơn").fill(`RV${Date.now()}`);
  await panel.getByRole("button", { name: "Tạo vận đơn" }).click();
  const card = page.getByTestId("shipment-card");
  await card.getByRole("button", { name: "Giao thành công" }).click();
  await expect(card.getByText("Đã giao", { exact: true })).toBeVisible();
}

test("a buyer reviews a delivered order from the link, staff approve and reply, the product page shows it", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const products = await catalogue(page);
  const [first, second] = products;
  await signInAsAdmin(page);
  const orderId = await postOrder(page, [
    { productId: first.productId, quantity: 1 },
    { productId: second.productId, quantity: 1 },
  ]);
  const link = reviewLink(orderId);

  // Before delivery the link says so.
  const early = await browser.newContext({ ...testInfo.project.use });
  const earlyPage = await early.newPage();
  await earlyPage.goto(link);
  await expect(earlyPage.getByRole("alert")).toHaveText(
    "Đơn hàng này chưa được giao, bạn có thể đánh giá sau khi nhận hàng.",
  );
  await early.close();

  await deliver(page, orderId);
  const title = `Đánh giá e2e ${Date.now()}`;

  // Without JavaScript: a real form post, the page rendered again.
  const noJs = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false });
  const buyer = await noJs.newPage();
  await buyer.goto(link);
  await expect(buyer.getByRole("heading", { name: "Đánh giá sản phẩm đã mua" })).toBeVisible();
  const forms = buyer.getByTestId("review-product");
  await expect(forms).toHaveCount(2);
  const firstForm = forms.filter({ hasText: first.name });
  await expect(firstForm.getByLabel("Tên hiển thị")).toHaveValue("Lan N.");
  // Too short: refused with the message, what was typed kept.
  await firstForm.getByText("5 sao").click();
  await firstForm.getByLabel("Tiêu đề (không bắt buộc)").fill(title);
  await firstForm.getByLabel("Nội dung đánh giá").fill("Tốt");
  await firstForm.getByLabel("Nội dung đánh giá").evaluate((el) => el.removeAttribute("minlength"));
  await firstForm.getByRole("button", { name: "Gửi đánh giá" }).click();
  await expect(firstForm.getByText("Nội dung đánh giá cần ít nhất 10 ký tự.")).toBeVisible();
  await expect(firstForm.getByLabel("Tiêu đề (không bắt buộc)")).toHaveValue(title);
  await firstForm.getByLabel("Nội dung đánh giá").fill("Máy nhỏ gọn, tối nào cũng dùng, bàn chải khô và sạch.");
  await firstForm.getByRole("button", { name: "Gửi đánh giá" }).click();
  await expect(firstForm.getByRole("status")).toHaveText("Cảm ơn bạn! Đánh giá sẽ hiển thị sau khi cửa hàng duyệt.");
  await noJs.close();

  // With JavaScript: the other product's form posts on its own; stars chosen with the keyboard.
  const withJs = await browser.newContext({ ...testInfo.project.use });
  const buyerJs = await withJs.newPage();
  await buyerJs.goto(link);
  const secondForm = buyerJs.getByTestId("review-product").filter({ hasText: second.name });
  await expect(buyerJs.getByTestId("review-product").filter({ hasText: first.name }).getByRole("status")).toHaveText(
    "Bạn đã đánh giá sản phẩm này. Cảm ơn bạn!",
  );
  await secondForm.getByRole("radio", { name: "5 sao" }).focus();
  await buyerJs.keyboard.press("ArrowRight");
  await expect(secondForm.getByRole("radio", { name: "4 sao" })).toBeChecked();
  await secondForm.getByLabel("Nội dung đánh giá").fill("Hộp chắc chắn, mang đi công tác tiện.");
  await secondForm.getByLabel("Tên hiển thị").fill("Lan");
  for (const width of [390, 1280]) {
    await buyerJs.setViewportSize({ width, height: 900 });
    await buyerJs.screenshot({ path: `test-results/reviews-form-${width}.png`, fullPage: true });
  }
  await secondForm.getByLabel(/^Ảnh/).setInputFiles({
    name: "not-an-image.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("not an image"),
  });
  await secondForm.getByRole("button", { name: "Gửi đánh giá" }).click();
  await expect(secondForm.getByText("Chỉ nhận ảnh JPEG, PNG, WebP hoặc AVIF")).toBeVisible();
  await secondForm.getByLabel(/^Ảnh/).setInputFiles([]);
  await secondForm.getByRole("button", { name: "Gửi đánh giá" }).click();
  await expect(secondForm.getByRole("status")).toHaveText("Cảm ơn bạn! Đánh giá sẽ hiển thị sau khi cửa hàng duyệt.");
  for (const width of [390, 1280]) {
    await buyerJs.setViewportSize({ width, height: 900 });
    await buyerJs.screenshot({ path: `test-results/reviews-buyer-${width}.png`, fullPage: true });
  }
  await withJs.close();

  // Not shown before approval.
  const productPage = await browser.newContext({ ...testInfo.project.use });
  const shopper = await productPage.newPage();
  await shopper.goto(first.href);
  await expect(shopper.getByText(title)).toHaveCount(0);

  // Staff approve and reply.
  await page.goto("/admin/reviews");
  const card = page.getByTestId("admin-review").filter({ hasText: title });
  await expect(card.getByText("Chờ duyệt")).toBeVisible();
  await card.getByRole("button", { name: "Duyệt" }).click();
  await expect(card.getByText("Đã duyệt")).toBeVisible();
  await page.goto("/admin/reviews?filter=approved");
  const approved = page.getByTestId("admin-review").filter({ hasText: title });
  await approved.getByText("Trả lời").click();
  await approved.getByLabel(/Phản hồi hiển thị dưới đánh giá/).fill("Cảm ơn chị Lan đã tin dùng!");
  await approved.getByRole("button", { name: "Lưu phản hồi" }).click();
  await expect(approved.getByText("Cảm ơn chị Lan đã tin dùng!").first()).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/reviews-admin-${width}.png`, fullPage: true });
  }

  // The product page: the review with its badge and the reply, and the JSON-LD rating.
  await shopper.goto(first.href);
  const review = shopper.getByTestId("product-review").filter({ hasText: title });
  await expect(review).toBeVisible();
  await expect(review.getByText("Đã mua hàng")).toBeVisible();
  await expect(review.getByText("Cảm ơn chị Lan đã tin dùng!")).toBeVisible();
  await expect(shopper.getByTestId("reviews-summary")).toContainText("đánh giá");
  const jsonLd = await shopper.locator('script[type="application/ld+json"]').allTextContents();
  // A product with variants is a ProductGroup (decision 0038); its rating is the same.
  const product = jsonLd
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((ld) => ld["@type"] === "Product" || ld["@type"] === "ProductGroup");
  expect(product?.aggregateRating).toMatchObject({ "@type": "AggregateRating", bestRating: 5 });
  expect(JSON.stringify(product?.review)).toContain(title);
  for (const width of [390, 1280]) {
    await shopper.setViewportSize({ width, height: 900 });
    await shopper.locator("#reviews").scrollIntoViewIfNeeded();
    await shopper.screenshot({ path: `test-results/reviews-product-${width}.png`, fullPage: true });
  }
  await productPage.close();
});
