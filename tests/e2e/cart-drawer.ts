import { expect, type Locator, type Page } from "@playwright/test";

const texts = {
  vi: { title: "Đã thêm vào giỏ hàng", close: "Đóng giỏ hàng" },
  en: { title: "Added to cart", close: "Close cart" },
} as const;

/**
 * After an add with JavaScript the cart drawer opens and confirms it at its top (issue 19: the
 * toast it replaced covered the header's cart button); `added` is SPEC §8's '{qty} {name}' text.
 * The drawer is a modal dialog: role queries outside it see the page as hidden until it closes.
 */
export async function expectAddedInDrawer(page: Page, added: string, locale: "vi" | "en" = "vi"): Promise<Locator> {
  const drawer = page.getByRole("dialog");
  const status = drawer.getByRole("status").filter({ hasText: texts[locale].title });
  await expect(status).toBeVisible();
  await expect(status).toContainText(added);
  return drawer;
}

/** Closes the cart drawer with its close button and waits until it is gone. */
export async function closeCartDrawer(page: Page, locale: "vi" | "en" = "vi"): Promise<void> {
  const drawer = page.getByRole("dialog");
  await drawer.getByRole("button", { name: texts[locale].close }).click();
  await expect(drawer).toBeHidden();
}
