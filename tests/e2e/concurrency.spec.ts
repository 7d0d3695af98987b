import { copyFileSync } from "node:fs";
import { expect, test, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { signInAsAdmin } from "./admin-session";
import { waitForRouterIdle } from "./settled";

// Optimistic concurrency in the console (issue 13 item 1, decision 0014): two tabs open the same
// row; tab A saves; tab B's save is refused with a message that stays on screen, B keeps what
// it typed, and after "Tải lại" B sees A's values and can save. Every test puts back what it changed.
test.describe.configure({ mode: "serial", timeout: 60_000 });

let context: BrowserContext;
let tabA: Page;
let tabB: Page;

test.beforeAll(async ({ browser }, testInfo) => {
  context = await browser.newContext({ ...testInfo.project.use, baseURL: testInfo.project.use.baseURL });
  tabA = await context.newPage();
  await signInAsAdmin(tabA);
  tabB = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
});

/** Both tabs at the same address, as staff would have them. */
async function openInBothTabs(path: string) {
  await tabA.goto(path);
  await tabB.goto(path);
}

/** The conflict as tab B sees it, captured for review (also at phone width). */
async function capture(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  // A tab in the background does not paint: bring it to the front first.
  await page.bringToFront();
  await page.screenshot({ path: file, fullPage: false });
  copyFileSync(file, `/tmp/concur-${testInfo.project.name}-${name}.png`);
}

const notice = (page: Page, what: string) =>
  page
    .getByRole("alert")
    .filter({ hasText: `${what} đã được thay đổi sau khi bạn mở trang, tải lại để xem bản mới nhất` });

test("a category edited in two tabs: the second save is refused, keeps its text, and saves after 'Tải lại'", async () => {
  const testInfo = test.info();
  const name = `Hai tab ${Date.now()}`;
  await tabA.goto("/admin/categories");
  await tabA.getByRole("button", { name: "Thêm danh mục" }).click();
  await tabA.getByLabel(/^Tên danh mục\s*\*?$/).fill(name);
  await tabA.getByRole("button", { name: "Tạo mới" }).click();
  await expect(tabA.getByRole("button", { name: `Sửa ${name}` })).toBeVisible();

  await openInBothTabs("/admin/categories");
  for (const tab of [tabA, tabB]) await tab.getByRole("button", { name: `Sửa ${name}` }).click();

  await tabA.getByLabel("Mô tả", { exact: true }).fill("Mô tả từ tab A");
  await tabA.getByRole("button", { name: "Cập nhật" }).click();
  await expect(tabA.getByRole("dialog")).toHaveCount(0);

  const descriptionB = tabB.getByLabel("Mô tả", { exact: true });
  await descriptionB.fill("Mô tả từ tab B");
  await tabB.getByRole("button", { name: "Cập nhật" }).click();
  await expect(notice(tabB, "Danh mục")).toBeVisible();
  await expect(descriptionB).toHaveValue("Mô tả từ tab B");
  await expect(tabB.getByRole("dialog")).toBeVisible();
  await capture(tabB, testInfo, "category-conflict");

  await tabB.getByRole("button", { name: "Tải lại" }).click();
  await expect(descriptionB).toHaveValue("Mô tả từ tab A");
  await expect(notice(tabB, "Danh mục")).toHaveCount(0);
  await descriptionB.fill("Mô tả từ tab B");
  await tabB.getByRole("button", { name: "Cập nhật" }).click();
  await expect(tabB.getByRole("dialog")).toHaveCount(0);
  await expect(tabB.getByText("Mô tả từ tab B")).toBeVisible();

  await tabB.getByRole("button", { name: `Xóa ${name}` }).click();
  await tabB.getByRole("button", { name: /^Xóa$/ }).click();
  await expect(tabB.getByRole("button", { name: `Sửa ${name}` })).toHaveCount(0);
});

test("a settings tab saved in two tabs: the second is refused until reloaded, then saves twice without reloading", async () => {
  const testInfo = test.info();
  await openInBothTabs("/admin/settings?tab=currency");
  const rateA = tabA.getByLabel("Tỷ giá tham khảo (đồng cho 1 USD)");
  const rateB = tabB.getByLabel("Tỷ giá tham khảo (đồng cho 1 USD)");
  const original = await rateA.inputValue();

  await rateA.fill("25100");
  await tabA.getByRole("button", { name: "Lưu thay đổi" }).click();
  await expect(tabA.getByText("Cài đặt tiền tệ đã được cập nhật").first()).toBeVisible();

  await rateB.fill("25200");
  await tabB.getByRole("button", { name: "Lưu thay đổi" }).click();
  await expect(notice(tabB, "Cài đặt")).toBeVisible();
  await expect(rateB).toHaveValue("25200");
  await capture(tabB, testInfo, "settings-conflict");
  await tabB.setViewportSize({ width: 390, height: 844 });
  await notice(tabB, "Cài đặt").scrollIntoViewIfNeeded();
  await capture(tabB, testInfo, "settings-conflict-390");
  await tabB.setViewportSize({ width: 1280, height: 800 });

  await tabB.getByRole("button", { name: "Tải lại" }).click();
  await expect(rateB).toHaveValue("25100");
  await expect(notice(tabB, "Cài đặt")).toHaveCount(0);
  await rateB.fill("25200");
  await tabB.getByRole("button", { name: "Lưu thay đổi" }).click();
  await expect(tabB.getByText("Cài đặt tiền tệ đã được cập nhật").first()).toBeVisible();
  // A second save in the same tab goes through: the form took the new version from the first.
  await rateB.fill(original);
  await tabB.getByRole("button", { name: "Lưu thay đổi" }).click();
  await expect(tabB.getByText("Cài đặt tiền tệ đã được cập nhật").first()).toBeVisible();
  await expect(notice(tabB, "Cài đặt")).toHaveCount(0);
  // The toast of the save before is still up: wait for this save itself.
  await waitForRouterIdle(tabB);
  await tabB.reload();
  await expect(rateB).toHaveValue(original);
});

test("a page section edited in two tabs: the second save is refused, then saves after 'Tải lại'", async () => {
  const testInfo = test.info();
  await openInBothTabs("/admin/sections?page=about");
  const editor = (tab: Page) => tab.locator('li[data-section-key="intro"]');
  for (const tab of [tabA, tabB]) await editor(tab).getByRole("button", { name: "Sửa nội dung" }).click();
  const titleA = editor(tabA).getByLabel(/^Tiêu đề · Tiếng Việt/);
  const titleB = editor(tabB).getByLabel(/^Tiêu đề · Tiếng Việt/);
  const original = await titleA.inputValue();

  await titleA.fill("Về UVC Care (tab A)");
  await editor(tabA).getByRole("button", { name: "Lưu nội dung" }).click();
  await expect(tabA.getByText("Các thay đổi đã được lưu thành công")).toBeVisible();

  await titleB.fill("Về UVC Care (tab B)");
  await editor(tabB).getByRole("button", { name: "Lưu nội dung" }).click();
  await expect(notice(tabB, "Nội dung trang")).toBeVisible();
  await expect(titleB).toHaveValue("Về UVC Care (tab B)");
  await notice(tabB, "Nội dung trang").scrollIntoViewIfNeeded();
  await capture(tabB, testInfo, "section-conflict");

  await editor(tabB).getByRole("button", { name: "Tải lại" }).click();
  await expect(titleB).toHaveValue("Về UVC Care (tab A)");
  await expect(notice(tabB, "Nội dung trang")).toHaveCount(0);
  await titleB.fill(original);
  await editor(tabB).getByRole("button", { name: "Lưu nội dung" }).click();
  await expect(tabB.getByText("Các thay đổi đã được lưu thành công")).toBeVisible();
  await expect(notice(tabB, "Nội dung trang")).toHaveCount(0);

  const about = await context.newPage();
  await about.goto("/about");
  await expect(about.getByRole("heading", { name: original }).first()).toBeAttached();
  await about.close();
});
