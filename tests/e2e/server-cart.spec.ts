import { expect, test } from "@playwright/test";
import { closeCartDrawer, expectAddedInDrawer } from "./cart-drawer";

// Issue 17: the cart lives on the server. A refresh or a second tab sees the same cart; a cart
// left in local storage by the shop's earlier versions is brought over once.

const PRODUCT_PATH = "/collections/sterilizers/uvc-sterilizer?variant=4";

test("two tabs share one cart: an add in one shows in the other's badge and cart", async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto(PRODUCT_PATH);
  await second.goto("/shop");
  await expect(second.getByRole("button", { name: /^Giỏ hàng, 0 sản phẩm/ })).toBeVisible();

  await first.getByRole("spinbutton", { name: "Số lượng" }).fill("2");
  await first.getByRole("button", { name: /^Thêm vào giỏ/ }).click();
  await expectAddedInDrawer(first, "Đã thêm 2 Máy tiệt trùng bàn chải UVC – Hồng vào giỏ hàng");
  // The drawer is modal: the header's button is seen again once it is closed.
  await closeCartDrawer(first);
  await expect(first.getByRole("button", { name: /^Giỏ hàng, 2 sản phẩm/ })).toBeVisible();

  // The other tab reads the count again when it is back in front.
  await second.bringToFront();
  await second.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(second.getByRole("button", { name: /^Giỏ hàng, 2 sản phẩm/ })).toBeVisible();
  await second.goto("/cart");
  await expect(second.getByRole("heading", { level: 1 })).toHaveText("Giỏ hàng (2)");

  // A refresh keeps it.
  await second.reload();
  await expect(second.getByTestId("cart-line")).toHaveCount(1);
});

test("a cart kept in local storage by the earlier shop is brought to the server once", async ({ page, context }) => {
  // The product's id, learnt by adding it once; then a browser with no server cart yet.
  await page.goto(PRODUCT_PATH);
  await page.getByRole("button", { name: /^Thêm vào giỏ/ }).click();
  // The drawer opens with the server's answer (the badge counts the unit before it).
  await expectAddedInDrawer(page, "Đã thêm 1 Máy tiệt trùng bàn chải UVC – Hồng vào giỏ hàng");
  const view = (await (await page.request.get("/api/cart")).json()) as {
    lines: Array<{ line: { productId: number } }>;
  };
  const productId = view.lines[0]!.line.productId;
  await context.clearCookies();

  await page.evaluate(
    (id) => localStorage.setItem("uvc-shop-cart-v1", JSON.stringify([{ productId: id, quantity: 3 }])),
    productId,
  );
  await page.reload();
  await expect(page.getByRole("button", { name: /^Giỏ hàng, 3 sản phẩm/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("uvc-shop-cart-v1"))).toBeNull();
  await page.reload();
  await expect(page.getByRole("button", { name: /^Giỏ hàng, 3 sản phẩm/ })).toBeVisible();
});
