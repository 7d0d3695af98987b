import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Fails the test when axe finds a serious or critical accessibility violation on the page.
 * Toasts are left out: they fade in and out (any contrast reading mid-animation is wrong) and
 * stacked ones hide their text by design; their messages reach screen readers through the
 * toaster's live region. Sandboxed frames (the console's e-mail preview) are left out too: they
 * run no script, so axe cannot be injected into them and would wait forever; their content is
 * a mail for mail clients, not a page of the shop.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  // The console dims its page while a navigation loads (aria-busy, opacity fading back): a
  // contrast reading then is of the fade, not of the page. Wait for it to settle.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const main = document.getElementById("admin-main");
        return !main || (!main.hasAttribute("aria-busy") && getComputedStyle(main).opacity === "1");
      }),
    )
    .toBe(true);
  const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").exclude("iframe[sandbox]").analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
