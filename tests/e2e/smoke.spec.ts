import { expect, test } from "@playwright/test";
import { e2eAdmin } from "./global-setup";

const homeSections = [
  "hero",
  "brand_description",
  "color_chooser",
  "how_it_works",
  "why_choose",
  "lifestyle_benefits",
  "testimonials",
  "trust_indicators",
  "instagram_gallery",
];

test("home renders every section in order, with the shared chrome", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  const keys = await page
    .locator("main [data-section]")
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-section")));
  expect(keys).toEqual(homeSections);
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.locator("[data-section=instagram_gallery] img")).toHaveCount(8);
});

test("an unknown path answers 404 with a way home", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Không tìm thấy trang" })).toBeVisible();
  await page.getByRole("link", { name: "Về trang chủ" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("an anonymous visitor to /admin/orders lands on /admin/login", async ({ page }) => {
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole("button", { name: /đăng nhập/i })).toBeVisible();
});

test("an admin made with the CLI signs in, reaches /admin and signs out", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByLabel(/email/i).fill(e2eAdmin.email);
  await page.getByLabel(/mật khẩu/i).fill("wrong-password-123");
  await page.getByRole("button", { name: /đăng nhập/i }).click();
  await expect(page.getByText("Lỗi đăng nhập")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login/);

  await page.getByLabel(/mật khẩu/i).fill(e2eAdmin.password);
  // The owner allows "stay signed in" by default: the box is there, unticked (decision 0045).
  const stay = page.getByLabel("Duy trì đăng nhập trên thiết bị này");
  await expect(stay).not.toBeChecked();
  await stay.check();
  await page.getByRole("button", { name: /đăng nhập/i }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByText("Đăng nhập thành công")).toBeVisible();

  await page.goto("/admin/orders");
  await expect(page).toHaveURL(/\/admin\/orders$/);

  const signOut = page.getByRole("button", { name: /đăng xuất/i });
  if (!(await signOut.isVisible())) await page.getByRole("button", { name: /menu/i }).click();
  // From the keyboard: on a phone the menu's last rows can sit under the fold of the sheet.
  await page.getByRole("button", { name: /đăng xuất/i }).press("Enter");
  await expect(page).toHaveURL(/\/admin\/login/);
  await expect(page.getByText("Đã đăng xuất")).toBeVisible();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
});
