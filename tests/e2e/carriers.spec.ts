import { expect, test } from "@playwright/test";
import { STAND_IN_SHOP_ID, STAND_IN_TOKEN, startGhnStandIn, type GhnStandIn } from "../../app/test/ghn-stand-in";
import { signInAsAdmin } from "./admin-session";
import { e2eAdmin } from "./global-setup";

// The GHN account page: the token is saved but never sent back to the browser, only to GHN's own
// hosts (issue 30; here a local stand-in the e2e shop allows), a new API address needs the
// password again, and the connection test calls the stand-in (nothing reaches the internet).

let standIn: GhnStandIn;
test.beforeAll(async () => {
  standIn = await startGhnStandIn();
});
test.afterAll(async () => {
  await standIn.close();
});

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test("saves the GHN account without ever showing the token, and tests the connection", async ({ page }) => {
  await page.goto("/admin/carriers");
  await expect(page.getByRole("heading", { level: 1, name: "Đơn vị vận chuyển" })).toBeVisible();
  try {
    await page.getByRole("switch", { name: "Bật GHN" }).click();
    await page.getByLabel("Token API").fill(STAND_IN_TOKEN);
    await page.getByLabel("Mã cửa hàng (ShopId)").fill(STAND_IN_SHOP_ID);
    await page.getByLabel("Môi trường").selectOption("custom");
    // The token goes to GHN's hosts only (the suite's shop also allows the stand-in's, CARRIER_TEST_HOSTS).
    await page.getByLabel("Địa chỉ API").fill("https://collector.example/shiip/public-api");
    await page.getByLabel("Mật khẩu của bạn").fill(e2eAdmin.password);
    await page.getByRole("button", { name: "Lưu", exact: true }).click();
    await expect(page.getByText(/^Chỉ dùng được địa chỉ API chính thức của GHN/).first()).toBeVisible();
    // A new API address asks for the password again: a wrong one saves nothing.
    await page.getByLabel("Địa chỉ API").fill(standIn.baseUrl);
    await page.getByLabel("Mật khẩu của bạn").fill("Sai-mat-khau-2026");
    await page.getByRole("button", { name: "Lưu", exact: true }).click();
    await expect(page.getByText("Mật khẩu không đúng").first()).toBeVisible();
    await page.getByLabel("Mật khẩu của bạn").fill(e2eAdmin.password);
    await page.getByRole("button", { name: "Lưu", exact: true }).click();
    await expect(page.getByText("Đã lưu (…efb9). Để trống để giữ token đã lưu.")).toBeVisible();
    await expect(page.getByText(/^http:\/\/localhost:\d+\/api\/carriers\/ghn\/webhook\/[\w-]{43}$/)).toBeVisible();

    // A fresh load: the token is nowhere in the page's HTML.
    const html = await (await page.request.get("/admin/carriers")).text();
    expect(html).not.toContain(STAND_IN_TOKEN);
    await page.reload();
    await expect(page.getByLabel("Token API")).toHaveValue("");

    await page.getByRole("button", { name: "Kiểm tra kết nối" }).click();
    await expect(page.getByRole("status").getByText("Kết nối GHN thành công: cửa hàng “UVC Care”.")).toBeVisible();
    expect(standIn.requests.some((r) => r.path === "/v2/shop/all" && r.headers.token === STAND_IN_TOKEN)).toBe(true);

    // Tall viewports rather than full-page shots: the console's sticky bars would be drawn mid-page.
    await page.setViewportSize({ width: 1280, height: 1400 });
    await page.screenshot({ path: "/work/shots/ghn/carriers-desktop.png" });
    await page.setViewportSize({ width: 390, height: 1700 });
    await page.screenshot({ path: "/work/shots/ghn/carriers-phone.png" });
    await page.setViewportSize({ width: 1280, height: 800 });

    // A leaked webhook URL: a new one replaces it.
    const webhookUrl = page.getByText(/\/api\/carriers\/ghn\/webhook\//);
    const oldUrl = await webhookUrl.textContent();
    await page.getByRole("button", { name: "Tạo địa chỉ mới" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Tạo địa chỉ mới" }).click();
    await expect(page.getByRole("alertdialog")).toBeHidden();
    await expect(webhookUrl).not.toHaveText(oldUrl!);

    // A wrong token: GHN's refusal, said plainly.
    await page.getByLabel("Token API").fill("token-sai");
    await page.getByRole("button", { name: "Lưu", exact: true }).click();
    await expect(page.getByText("Đã lưu (…-sai). Để trống để giữ token đã lưu.")).toBeVisible();
    await page.getByRole("button", { name: "Kiểm tra kết nối" }).click();
    await expect(page.getByRole("region", { name: "Kiểm tra kết nối" }).getByRole("status")).toContainText(
      "Không kết nối được: GHN từ chối: token hoặc mã cửa hàng không đúng",
    );
  } finally {
    // Leave GHN off for the other specs.
    await page.goto("/admin/carriers");
    const enabled = page.getByRole("switch", { name: "Bật GHN" });
    if ((await enabled.getAttribute("aria-checked")) === "true") {
      await enabled.click();
      await page.getByRole("button", { name: "Lưu", exact: true }).click();
      await expect(page.getByRole("switch", { name: "Bật GHN" })).toHaveAttribute("aria-checked", "false");
      await expect(page.getByText("Đã lưu", { exact: true })).toBeVisible();
    }
  }
});
