import { expect, type BrowserContext, type Page } from "@playwright/test";
import { e2eAdmin } from "./global-setup";

let sessionCookies: Awaited<ReturnType<BrowserContext["cookies"]>> | null = null;

/**
 * Signs the page's context in as the e2e admin. The form is used once per test worker and the
 * session cookie reused after that: sign-in is rate-limited per client (5 a minute), and every
 * spec comes from the same address.
 */
export async function signInAsAdmin(page: Page) {
  if (sessionCookies) {
    await page.context().addCookies(sessionCookies);
    return;
  }
  await page.goto("/admin/login");
  await page.getByLabel(/email/i).fill(e2eAdmin.email);
  await page.getByLabel(/mật khẩu/i).fill(e2eAdmin.password);
  await page.getByRole("button", { name: /đăng nhập/i }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  sessionCookies = (await page.context().storageState()).cookies;
}

/** For a spec that signs the shared session out: the next signInAsAdmin uses the form again. */
export function forgetAdminSession() {
  sessionCookies = null;
}
