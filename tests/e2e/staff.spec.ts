import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./admin-session";
import { e2eDataDir } from "./global-setup";
import { mailTo } from "./mailbox";

// Issue 18: the owner invites a staff member by e-mail; the invitee opens the link from the
// e-mail (read where the invitee reads it, in the mail the shop sent: the console's outbox shows
// it masked, issue 30), types the invited e-mail, chooses a password, lands in the console, sees
// only their areas, and is refused the owner's pages.
test("an invited staff member signs in for the first time and sees only their areas", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const email = `nhanvien.${Date.now()}@e2e.vn`;

  await signInAsAdmin(page);
  await page.goto("/admin/staff");
  await expect(page.getByRole("heading", { name: "Nhân viên", level: 1 })).toBeVisible();
  const invite = page.getByRole("form", { name: "Mời nhân viên" });
  await invite.getByLabel("Email").fill(email);
  await invite.getByLabel("Vai trò").selectOption({ label: "Nhân viên bán hàng" });
  await invite.getByRole("button", { name: "Gửi lời mời" }).click();
  await expect(page.getByTestId("invitation-row").filter({ hasText: email })).toBeVisible();
  await page.screenshot({ path: "test-results/staff-page.png", fullPage: true });

  // The invitation e-mail as the owner reads it in the outbox: the link without its token.
  await page.goto("/admin/emails");
  await page
    .getByRole("row", { name: new RegExp(email.replace(/\./g, "\\.")) })
    .getByRole("link", { name: /Lời mời tham gia quản trị/ })
    .click();
  const shown = page.locator("details", { hasText: "Bản văn bản thuần" }).locator("p");
  await expect(shown).toContainText("/admin/invitation/••••••");
  expect(await page.content()).not.toMatch(/\/admin\/invitation\/[A-Za-z0-9_-]{43}/);

  // The link as the invitee gets it: in the mail the shop sent (its sender runs every 15 s).
  const dataDir = e2eDataDir(baseURL);
  let mail: string | null = null;
  await expect
    .poll(() => (mail = mailTo(dataDir, email, /Lời mời tham gia quản trị/)), { timeout: 40_000, intervals: [1_000] })
    .not.toBeNull();
  const link = /https?:\/\/\S+\/admin\/invitation\/[A-Za-z0-9_-]{43}/.exec(mail ?? "")?.[0];
  expect(link).toBeTruthy();
  const invitationPath = new URL(link!).pathname;

  // The invitee, in a browser of their own: the page says the role, not the e-mail.
  const invitee = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const staffPage = await invitee.newPage();
  await staffPage.goto(invitationPath);
  await expect(staffPage.getByRole("heading", { name: "Tham gia quản trị cửa hàng" })).toBeVisible();
  await expect(staffPage.getByText("Nhân viên bán hàng")).toBeVisible();
  await expect(staffPage.getByText(email)).toHaveCount(0);
  await staffPage.screenshot({ path: "test-results/staff-invitation-390.png", fullPage: true });
  // Another e-mail than the invited one is refused, said plainly.
  await staffPage.getByLabel("Email được mời").fill(`khac.${email}`);
  await staffPage.getByLabel("Họ tên").fill("Trần Thu Hà");
  await staffPage.getByLabel("Mật khẩu", { exact: true }).fill("Ban-hang-2026");
  await staffPage.getByLabel("Nhập lại mật khẩu").fill("Ban-hang-2026");
  await staffPage.getByRole("button", { name: "Tạo tài khoản và đăng nhập" }).click();
  await expect(staffPage.getByText("Email này không phải email được mời").first()).toBeVisible();
  await staffPage.getByLabel("Email được mời").fill(email.toUpperCase());
  await staffPage.getByLabel("Mật khẩu", { exact: true }).fill("Ban-hang-2026");
  await staffPage.getByLabel("Nhập lại mật khẩu").fill("Ban-hang-2026");
  await staffPage.getByRole("button", { name: "Tạo tài khoản và đăng nhập" }).click();
  // Hashing the new password and signing in: slower than a page on a busy machine.
  await expect(staffPage).toHaveURL(/\/admin\/?$/, { timeout: 20_000 });
  await staffPage.setViewportSize({ width: 1280, height: 800 });

  // Only the staff role's areas in the sidebar.
  const nav = staffPage.getByRole("navigation", { name: "Quản trị" });
  await expect(nav.getByRole("link", { name: "Đơn hàng" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Khách hàng" })).toBeVisible();
  for (const hidden of ["Sản phẩm", "Cài đặt", "Nhân viên", "Nhật ký thay đổi", "Báo cáo"]) {
    await expect(nav.getByRole("link", { name: hidden })).toHaveCount(0);
  }
  await staffPage.screenshot({ path: "test-results/staff-first-sign-in.png" });

  // An owner's page, opened by its address, is refused with a message and no data.
  const refused = await staffPage.goto("/admin/settings");
  expect(refused?.status()).toBe(403);
  await expect(staffPage.getByRole("heading", { name: "Không có quyền truy cập" })).toBeVisible();
  await expect(staffPage.getByText("Bạn không có quyền truy cập trang này")).toBeVisible();
  await expect(staffPage.getByLabel("Tên cửa hàng")).toHaveCount(0);
  await staffPage.screenshot({ path: "test-results/staff-refused.png" });

  // The link works once.
  const used = await invitee.newPage();
  await used.goto(invitationPath);
  await expect(used.getByRole("heading", { name: "Lời mời đã được sử dụng" })).toBeVisible();
  await invitee.close();

  // The owner sees the new member and what happened, in the audit log.
  await page.goto("/admin/staff");
  await expect(page.getByTestId("staff-row").filter({ hasText: email })).toContainText("Trần Thu Hà");
  await page.goto("/admin/audit");
  await expect(page.getByTestId("audit-row").filter({ hasText: email }).first()).toBeVisible();
  await page.screenshot({ path: "test-results/audit-page.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/audit-page-390.png", fullPage: true });
  await page.goto("/admin/staff");
  await page.screenshot({ path: "test-results/staff-page-390.png", fullPage: true });
});
