import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-session";
import { expectNoSeriousA11yViolations } from "./axe";
import { catalogue, postOrder } from "./checkout-flow";

// Issue 16, parts 1–2 in the browser: a new COD order waits in "Cần xác nhận", staff record an
// unanswered call then the confirmation; the buyer's history shows an earlier returned parcel;
// staff block the phone and find it in the block list.

test.beforeEach(async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
});

/** A mobile number no other spec uses (091 + 7 random digits), in its national form. */
function freshPhone(): string {
  return `091${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
}

async function orderNumberOf(page: Page, orderId: string): Promise<string> {
  await page.goto(`/admin/orders/${orderId}`);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(/^Đơn hàng DH\d+$/);
  return (await heading.textContent())!.replace("Đơn hàng ", "");
}

test("a new order is confirmed by phone after an unanswered call; the buyer's returned parcel shows; the phone is blocked", async ({
  page,
}) => {
  const phone = freshPhone();
  const [product] = await catalogue(page);

  // An earlier order of the same phone came back (set up through the order's status action, step
  // by step: an order only moves forward, decision 0054).
  const earlier = await postOrder(page, [{ productId: product.productId, quantity: 1 }], phone);
  for (const [status, version] of [
    ["returning", "1"],
    ["returned", "2"],
  ]) {
    const moved = await page.request.post(`/admin/orders/${earlier}`, {
      form: { intent: "status", status, version, reason: "", restock: "" },
    });
    expect(moved.status(), status).toBe(200);
  }

  const orderId = await postOrder(page, [{ productId: product.productId, quantity: 2 }], phone);
  const number = await orderNumberOf(page, orderId);

  // The queue lists it (flagged: a returned parcel), with the call link; the returned one is not there.
  await page.goto("/admin/orders/confirm");
  await expect(page.getByRole("heading", { name: "Cần xác nhận", level: 1 })).toBeVisible();
  const row = page.getByTestId("confirm-row").filter({ hasText: number });
  await expect(row).toBeVisible();
  await expect(row.getByTestId("risk-flag")).toHaveCount(1);
  await expect(row.getByRole("link", { name: `Gọi ${phone} (đơn ${number})` })).toHaveAttribute("href", `tel:${phone}`);
  await expect(row).toContainText("0/3 lần");
  await expectNoSeriousA11yViolations(page);
  await row.getByRole("link", { name: number, exact: true }).click();

  // The order's page: call, Zalo, SMS, the prepared message with the order filled in.
  await expect(page.getByRole("heading", { name: `Đơn hàng ${number}` })).toBeVisible();
  const panel = page.getByTestId("confirmation-panel");
  await expect(panel.getByRole("link", { name: `Gọi ${phone}` })).toHaveAttribute("href", `tel:${phone}`);
  await expect(panel.getByRole("link", { name: "Zalo" })).toHaveAttribute("href", `https://zalo.me/${phone}`);
  await expect(panel.getByRole("link", { name: "SMS" })).toHaveAttribute("href", new RegExp(`^sms:${phone}\\?&body=`));
  await expect(panel.getByTestId("confirmation-message")).toContainText(number);

  // The buyer's history: 2 orders, 1 returned, and the reason it is flagged.
  const risk = page.getByTestId("buyer-risk");
  await expect(risk.getByText("Đã đặt").locator("xpath=..")).toContainText("2");
  await expect(risk.getByText("Từ chối / hoàn").locator("xpath=..")).toContainText("1");
  await expect(risk).toContainText("Đã từng từ chối nhận hoặc hoàn 1 đơn hàng");
  await expectNoSeriousA11yViolations(page);

  // No answer: counted, with the next try time from the settings (120 minutes).
  await panel.getByLabel("Ghi chú cuộc gọi").fill("Thuê bao không liên lạc được");
  await panel.getByRole("button", { name: "Không nghe máy" }).click();
  await expect(page.getByText("Đã ghi nhận: người mua không nghe máy")).toBeVisible();
  const attempts = panel.getByTestId("confirmation-attempts").getByRole("listitem");
  await expect(attempts).toHaveCount(1);
  await expect(attempts.first()).toContainText("Không nghe máy");
  await expect(attempts.first()).toContainText("Thuê bao không liên lạc được");
  await expect(attempts.first()).toContainText("admin@e2e.vn");
  await expect(panel).toContainText("Hẹn gọi lại:");
  await expect(page.getByTestId("order-history").getByRole("listitem").first()).toContainText(
    "Gọi xác nhận lần 1: người mua không nghe máy",
  );
  await page.goto("/admin/orders/confirm");
  await expect(page.getByTestId("confirm-row").filter({ hasText: number })).toContainText("1/3 lần");
  await page.goto(`/admin/orders/${orderId}`);

  // Confirmed at the second call.
  await page.getByTestId("confirmation-panel").getByRole("button", { name: "Người mua đã xác nhận" }).click();
  await expect(page.getByText("Đã xác nhận đơn hàng với người mua")).toBeVisible();
  const confirmed = page.getByTestId("confirmation-panel");
  await expect(confirmed).toContainText(/Đã xác nhận lúc .* bởi admin@e2e\.vn/);
  await expect(confirmed.getByRole("button", { name: "Người mua đã xác nhận" })).toHaveCount(0);
  await expect(page.getByLabel("Trạng thái đơn hàng")).toHaveValue("processing");
  await expect(page.getByTestId("order-history").getByRole("listitem").first()).toContainText(
    "Chờ xác nhận → Đã xác nhận",
  );
  await page.goto("/admin/orders/confirm");
  await expect(page.getByTestId("confirm-row").filter({ hasText: number })).toHaveCount(0);

  // Block the phone from the risk panel; the panel flags it, the block list finds it.
  await page.goto(`/admin/orders/${orderId}`);
  await risk.getByRole("button", { name: "Chặn số này" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Ghi chú").fill("Từ chối nhận hàng e2e");
  await dialog.getByRole("button", { name: "Chặn số này" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(risk).toContainText("Số điện thoại đã bị chặn: Từ chối nhận hàng e2e");

  await page.goto("/admin/customers");
  await page.getByRole("link", { name: "Số điện thoại bị chặn" }).click();
  await expect(page.getByRole("heading", { name: "Số điện thoại bị chặn", level: 1 })).toBeVisible();
  await page.getByRole("searchbox").fill(phone.slice(0, 6));
  await page.getByRole("button", { name: "Tìm", exact: true }).click();
  const blocked = page.getByTestId("blocked-row").filter({ hasText: phone });
  await expect(blocked).toContainText("Từ chối nhận hàng e2e");
  await expect(blocked).toContainText("2 đơn");
  await expectNoSeriousA11yViolations(page);

  // Unblocked again (the list no longer holds it).
  await blocked.getByRole("button", { name: `Bỏ chặn ${phone}` }).click();
  await expect(page.getByText("Đã bỏ chặn số điện thoại")).toBeVisible();
  await expect(page.getByTestId("blocked-row").filter({ hasText: phone })).toHaveCount(0);
});

test("the Vận hành COD settings tab saves its group and refuses a bad value", async ({ page }) => {
  await page.goto("/admin/settings?tab=fulfilment");
  const retry = page.getByLabel(/^Gọi lại sau \(phút\)/);
  await expect(retry).toHaveValue("120");
  try {
    await retry.fill("2");
    await page.getByRole("button", { name: "Lưu thay đổi" }).click();
    await expect(page.getByText("Tối thiểu 5 phút")).toBeVisible();
    await retry.fill("45");
    await page.getByText("Mọi đơn chưa hủy, chưa hoàn").click();
    await page.getByRole("button", { name: "Lưu thay đổi" }).click();
    await expect(page.getByText("Cài đặt vận hành COD đã được cập nhật")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(/^Gọi lại sau \(phút\)/)).toHaveValue("45");
    await expect(page.getByRole("radio", { name: /Mọi đơn chưa hủy, chưa hoàn/ })).toBeChecked();
  } finally {
    // Shared settings go back to what the other specs expect.
    await page.goto("/admin/settings?tab=fulfilment");
    await page.getByLabel(/^Gọi lại sau \(phút\)/).fill("120");
    await page.getByText("Chỉ đơn đã giao hoặc đã thanh toán").click();
    await page.getByRole("button", { name: "Lưu thay đổi" }).click();
    await expect(page.getByText("Cài đặt vận hành COD đã được cập nhật")).toBeVisible();
  }
});
