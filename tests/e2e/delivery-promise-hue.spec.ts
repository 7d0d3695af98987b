import { expect, test } from "@playwright/test";
import { catalogue, checkoutLabels, choose, deliverTo, fillContact, setCart } from "./checkout-flow";
import { e2eDataDir } from "./global-setup";
import { mailTo } from "./mailbox";

/**
 * Issue 31: a shopper outside Hà Nội and HCM is promised the rules' 2–5 working days in the same
 * words everywhere. Its own file, run on desktop only: the dates and the e-mail are the same at any
 * width, and the promise's layout on a phone is delivery-promise.spec.ts's.
 */

test("a shopper in Huế is promised the same 2–5 working days on the product page, at checkout, on the confirmation and in the e-mail", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [product] = await catalogue(page);
  await page.goto(product.href);
  // Thành phố Huế (province 46, current structure): outside Hà Nội and HCM, so 2–5 working days.
  await deliverTo(page, "Thông báo của cửa hàng", "Huế");
  const arrival = page.getByTestId("delivery-promise").locator("[data-promise=arrival]");
  await expect(arrival).toHaveText(/^Giao đến Huế\s*dự kiến .+ – .+ \(2–5 ngày làm việc\)$/);
  const [, earliest, latest] = /dự kiến (.+) – (.+) \(/.exec((await arrival.textContent()) ?? "") ?? [];
  expect(earliest && latest).toBeTruthy();

  await setCart(page, [{ productId: product.productId, quantity: 1 }]);
  await page.goto("/checkout/information");
  await expect(
    page.getByRole("combobox", { name: checkoutLabels.vi.province, exact: true }).and(page.locator("input")),
  ).toHaveValue("Thành phố Huế");
  const email = `hue-${Date.now()}@example.vn`;
  await fillContact(page, email);
  await page.getByLabel(checkoutLabels.vi.phone, { exact: true }).fill("0912345678");
  await choose(page, checkoutLabels.vi.ward, "thuan hoa", /Thuận Hóa/);
  await page.getByRole("button", { name: checkoutLabels.vi.toShipping }).click();
  await expect(page).toHaveURL(/\/checkout\/shipping$/);
  await expect(page.getByTestId("delivery-estimate")).toContainText(
    `Giao đến Thành phố Huế trong 2–5 ngày làm việc: dự kiến ${earliest} – ${latest}.`,
  );

  await page.getByRole("button", { name: checkoutLabels.vi.toPayment }).click();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await page.getByRole("button", { name: checkoutLabels.vi.placeOrder, exact: true }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?order_id=/);
  await expect(page.getByTestId("order-delivery")).toHaveText(`Dự kiến giao: ${earliest} – ${latest}`);

  // The e-mail states the same days in the same words as the confirmation page.
  let mail: string | null = null;
  await expect
    .poll(() => (mail = mailTo(e2eDataDir(baseURL), email, /Xác nhận đơn hàng/)), {
      timeout: 40_000,
      intervals: [1_000],
    })
    .not.toBeNull();
  expect(mail).toContain(`Giao hàng: Dự kiến giao: ${earliest} – ${latest}`);
});
