import { expect, test, type Page } from "@playwright/test";
import { totpFromUri } from "../../app/test/totp";
import { e2eTotpAdmin } from "./global-setup";

// Issue 13 item 3: the second-factor code box must take what the admin types, on the first try.
// Everything is typed with the keyboard, as a person does; the codes come from the set-up's
// otpauth:// URI, as an authenticator app computes them.

async function typeInto(page: Page, label: string | RegExp, text: string) {
  const field = page.getByLabel(label);
  await field.click();
  await page.keyboard.type(text);
  return field;
}

async function signInWithPassword(page: Page) {
  await page.goto("/admin/login");
  await typeInto(page, "Email", e2eTotpAdmin.email);
  await typeInto(page, "Mật khẩu", e2eTotpAdmin.password);
  await page.getByRole("button", { name: "Đăng nhập" }).click();
}

test("two-factor sign-in: set up on the security page, then sign in by typing the code", async ({ page }) => {
  test.setTimeout(90_000);
  await signInWithPassword(page);
  await expect(page).toHaveURL(/\/admin\/?$/);

  await page.goto("/admin/security");
  await typeInto(page, "Mật khẩu hiện tại", e2eTotpAdmin.password);
  await page.getByRole("button", { name: "Bật xác thực hai lớp" }).click();
  await expect(page.getByRole("img", { name: "Mã QR thiết lập xác thực hai lớp" })).toBeVisible();
  const totpURI = await page.locator('input[name="totpURI"]').inputValue();
  const setupCode = totpFromUri(totpURI);
  const setupField = page.getByLabel("Mã xác thực (6 chữ số)");
  await expect(setupField).toHaveAttribute("autocomplete", "one-time-code");
  await expect(setupField).toHaveAttribute("inputmode", "numeric");
  await expect(setupField).toHaveValue("");
  await typeInto(page, "Mã xác thực (6 chữ số)", setupCode);
  await expect(setupField).toHaveValue(setupCode);
  await page.getByRole("button", { name: "Xác nhận và bật" }).click();
  // Password checks (scrypt) are slow on a busy machine.
  await expect(page.getByText("Đang bật")).toBeVisible({ timeout: 15_000 });

  // A new visit: e-mail and password, then the code box.
  await page.context().clearCookies();
  await signInWithPassword(page);
  await expect(page).toHaveURL(/step=2fa/);
  const codeField = page.getByLabel(/^Mã xác thực/);
  // Not the e-mail field kept from the first step: empty, focused, made for a one-time code.
  await expect(codeField).toHaveValue("");
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  await expect(codeField).toHaveAttribute("inputmode", "numeric");
  await expect(codeField).toHaveAttribute("name", "code");
  await expect(page.locator('input[autocomplete="username"], input[type="email"]')).toHaveCount(0);
  // The set-up used this window's code: a code works once, so the app's next one.
  const signInCode = totpFromUri(totpURI, Date.now() + 30_000);
  await page.keyboard.type(signInCode);
  await expect(codeField).toHaveValue(signInCode);
  await page.getByRole("button", { name: "Xác nhận" }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);

  // Clean up: two-factor off again (the password is asked on the page).
  await page.goto("/admin/security");
  await typeInto(page, "Mật khẩu hiện tại", e2eTotpAdmin.password);
  await page.getByRole("button", { name: "Tắt xác thực hai lớp" }).click();
  await expect(page.getByText("Đang tắt")).toBeVisible({ timeout: 15_000 });
});
