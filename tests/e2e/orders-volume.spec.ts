import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-session";
import { catalogue, postOrder } from "./checkout-flow";

// Issue 18, items 1 and 3, as a staff member's day: the "Chờ xác nhận" tab, a search by a name
// typed without accents, select, confirm them all at once, print their packing slips in one job,
// export them, and walk through them with J/K. Names read family name first everywhere.

test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
});

/** A word no other order's name has (lower-case letters only, so the search can type it). */
const tag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
/** "Họ" Nguyễn, "Tên" Thị Hòa <tag>: the console shows "Nguyễn Thị Hòa <tag>". */
const buyer = { firstName: `Thị Hòa ${tag}`, lastName: "Nguyễn" };
const fullName = `Nguyễn Thị Hòa ${tag}`;

async function shoot(page: Page, name: string) {
  for (const width of [1280, 820, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Opens a saved filter and waits for its page to be drawn, not only for the address: the filter
 * form is drawn again for the new filter, and text typed into the old one before that is lost.
 */
async function openSavedFilter(page: Page, name: string) {
  const link = page.getByRole("navigation", { name: "Bộ lọc có sẵn" }).getByRole("link", { name });
  await link.click();
  await expect(link).toHaveAttribute("aria-current", "page");
}

test("a staff member filters, selects, confirms, prints and exports orders; J/K walk the list", async ({ page }) => {
  const [product] = await catalogue(page);
  const phone = `093${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
  const ids: string[] = [];
  for (let i = 0; i < 3; i++)
    ids.push(await postOrder(page, [{ productId: product.productId, quantity: i + 1 }], phone, undefined, buyer));

  // The saved filter "Chờ xác nhận", then a search typed without accents, words in another order.
  await page.goto("/admin/orders");
  await openSavedFilter(page, "Chờ xác nhận");
  await expect(page).toHaveURL(/status=pending/);
  await page.getByLabel("Tìm kiếm").fill(`${tag} nguyen thi hoa`);
  await page.getByRole("button", { name: "Tìm" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  const table = page.getByRole("region", { name: "Danh sách đơn hàng" });
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table.getByText(fullName)).toHaveCount(3);
  await expect(table.getByRole("columnheader", { name: "Thanh toán" })).toBeVisible();
  await expect(table.getByText("Chờ thanh toán")).toHaveCount(3);
  await shoot(page, "orders-filtered");

  // Select them all and confirm them at once.
  await table.getByRole("checkbox", { name: "Chọn tất cả đơn trên trang" }).check();
  await expect(page.getByText("Đã chọn 3 đơn")).toBeVisible();
  await expect(page.getByLabel("Chuyển các đơn đã chọn sang")).toHaveValue("processing");
  await page.getByRole("button", { name: "Đổi trạng thái" }).click();
  await expect(page.getByTestId("bulk-report")).toContainText("Đã cập nhật 3 đơn");
  // The list still filters on "Chờ xác nhận": the confirmed orders have left it.
  await expect(table.getByText(fullName)).toHaveCount(0);
  await shoot(page, "orders-after-bulk");

  // "Cần giao" holds them now; print their packing slips in one tab, one per page.
  await openSavedFilter(page, "Cần giao");
  await expect(page).toHaveURL(/status=processing/);
  await page.getByLabel("Tìm kiếm").fill(`nguyễn thị hòa ${tag}`);
  await page.getByRole("button", { name: "Tìm" }).click();
  await expect(table.getByText(fullName)).toHaveCount(3);
  await expect(table.getByText("Đã xác nhận")).toHaveCount(3);
  await table.getByRole("checkbox", { name: "Chọn tất cả đơn trên trang" }).check();
  const [slips] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("button", { name: "In phiếu đóng gói" }).click(),
  ]);
  await expect(slips.getByRole("article")).toHaveCount(3);
  await expect(slips.getByRole("heading", { name: "3 phiếu đóng gói" })).toBeVisible();
  await expect(slips.getByText(fullName)).toHaveCount(3);
  const breaks = await slips.locator(".print-page").evaluateAll((pages) => pages.length);
  expect(breaks).toBe(3);
  await slips.emulateMedia({ media: "print" });
  expect(
    await slips
      .locator(".print-page")
      .first()
      .evaluate((el) => getComputedStyle(el).breakAfter),
  ).toBe("page");
  await slips.emulateMedia({ media: "screen" });
  await shoot(slips, "orders-slips");
  await slips.close();

  // Labels: these orders have no shipment yet, and the page says so instead of printing blanks.
  const [labels] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("button", { name: "In nhãn" }).click(),
  ]);
  await expect(labels.getByRole("status")).toContainText("Chưa có vận đơn, không in nhãn");
  await labels.close();

  // Export the selection: an Excel-ready CSV (BOM), family name first.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Xuất CSV", exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.startsWith("\uFEFFMã đơn,")).toBe(true);
  expect(csv.trim().split("\r\n")).toHaveLength(4);
  expect(csv.match(new RegExp(fullName, "g"))).toHaveLength(3);
  expect(csv).toContain("Đã xác nhận");

  // The filtered list's export carries the same filters.
  const exportLink = page.getByRole("link", { name: "Xuất CSV theo bộ lọc" });
  await expect(exportLink).toHaveAttribute("href", new RegExp(`/admin/orders/export\\?q=.*${tag}.*&status=processing`));

  // Open the newest and walk down the list with J, back with K; typing in a field moves nothing.
  await table
    .getByRole("link", { name: /^DH\d+$/ })
    .first()
    .click();
  await expect(page.getByTestId("shortcut-hint")).toContainText("J");
  const first = page.url();
  expect(first).toContain("status=processing");
  const heading = page.getByRole("heading", { level: 1 });
  const walk: string[] = [(await heading.textContent()) ?? ""];
  for (const key of ["j", "j"]) {
    await page.keyboard.press(key);
    await expect(heading).not.toHaveText(walk.at(-1)!);
    walk.push((await heading.textContent()) ?? "");
  }
  await expect(page).toHaveURL(/status=processing/);
  expect(new Set(walk).size).toBe(3);
  await page.keyboard.press("k");
  await expect(heading).toHaveText(walk[1]);
  await page.keyboard.press("k");
  await expect(heading).toHaveText(walk[0]);
  // A J typed into a field stays in the field.
  await page.getByRole("textbox").first().press("j");
  await expect(heading).toHaveText(walk[0]);
  await expect(page.getByRole("link", { name: "Đơn trước" })).toHaveCount(0);
  await shoot(page, "order-detail-nav");

  // On a phone: cards with number, name, status and total; selection still there.
  await page.goto(`/admin/orders?q=${tag}`);
  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole("list", { name: "Danh sách đơn hàng" });
  await expect(cards.getByRole("listitem")).toHaveCount(3);
  await expect(cards.getByRole("listitem").first()).toContainText(fullName);
  await expect(cards.getByRole("listitem").first()).toContainText("Đã xác nhận");
  await expect(cards.getByRole("listitem").first()).toContainText("₫");
  await cards.getByRole("checkbox").first().check();
  await expect(page.getByText("Đã chọn 1 đơn")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("orders-phone-selected-390.png"), fullPage: true });
});
