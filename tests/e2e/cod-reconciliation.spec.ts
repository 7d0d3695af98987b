import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { e2ePort } from "../../playwright.config";
import { e2eAdmin } from "./global-setup";

// COD reconciliation (issue 16): a carrier's CSV (Vietnamese headers) is imported in the console;
// the delivered shipment's order becomes paid, an unknown code is listed as a difference, and the
// same file again changes nothing. Shipments are booked by the shipping feature; this spec needs
// one already delivered, so it runs a shop of its own whose database a fixture script filled
// before the server opened it (tests/e2e/cod-fixture.ts) and leaves the shared e2e shop alone.

test.describe.configure({ mode: "serial" });

const port = e2ePort + 17;
const base = `http://localhost:${port}`;
let server: ChildProcess | null = null;
let dataDir = "";
let fixture: {
  orderId: string;
  orderNumber: number;
  total: number;
  trackingCode: string;
  inTransit: Array<{ code: string; carrierName: "GHN" | "GHTK"; total: number }>;
};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "shop-e2e-cod-"));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    SIGN_IN_RATE_LIMIT: "1000/60",
    CLIENT_RATE_LIMIT: "100000/1",
    CLIENT_CONCURRENCY: "100000",
  };
  const cli = spawnSync(
    "npx",
    ["tsx", "scripts/admin-create.ts", "--email", e2eAdmin.email, "--password", e2eAdmin.password],
    {
      env,
      encoding: "utf8",
    },
  );
  if (cli.status !== 0) throw new Error(`admin:create failed:\n${cli.stdout}\n${cli.stderr}`);
  const seeded = spawnSync("npx", ["tsx", "tests/e2e/cod-fixture.ts"], { env, encoding: "utf8" });
  if (seeded.status !== 0) throw new Error(`cod fixture failed:\n${seeded.stdout}\n${seeded.stderr}`);
  fixture = JSON.parse(seeded.stdout.trim().split("\n").at(-1) ?? "{}") as typeof fixture;

  server = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "inherit", "inherit"] });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error("server did not become healthy in 60 s");
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server?.once("exit", resolve));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel(/email/i).fill(e2eAdmin.email);
  await page.getByLabel(/mật khẩu/i).fill(e2eAdmin.password);
  await page.getByRole("button", { name: /đăng nhập/i }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
}

/** GHN's export: a title row, then Vietnamese headers; amounts with dots; a BOM (Excel's "CSV UTF-8"). */
function remittanceCsv(): Buffer {
  const total = fixture.total.toLocaleString("vi-VN");
  const lines = [
    "BẢNG ĐỐI SOÁT TIỀN THU HỘ - GIAO HÀNG NHANH",
    "Mã đơn GHN,Tên người nhận,Tiền thu hộ,Tổng phí,Ngày đối soát",
    `${fixture.trackingCode.toLowerCase()},Nguyễn Thị Hoa,"${total}",22.000,25/11/2026`,
    `GHNKHONGCO01,Trần Văn Bình,"350.000",18.000,25/11/2026`,
  ];
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`, "utf8");
}

test("a carrier's CSV is imported: the delivered order becomes paid, a difference is listed, the same file again changes nothing", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  // The dashboard shows the COD the carrier owes.
  const owed = page.locator('[data-stat="COD chưa đối soát"]');
  await expect(owed).toHaveText(`${fixture.total.toLocaleString("vi-VN")}\u00a0₫`);
  await owed.click();
  await expect(page).toHaveURL(/\/admin\/cod#cod-outstanding$/);
  await expect(page.getByRole("heading", { name: "Đối soát COD", level: 1 })).toBeVisible();
  await expect(page.getByTestId("outstanding-table")).toContainText("GHN");

  const importForm = page.getByRole("form", { name: "Nhập tệp đối soát" });
  await importForm.getByLabel("Hãng vận chuyển").selectOption("GHN");
  await importForm
    .getByLabel("Tệp đối soát")
    .setInputFiles({ name: "GHN doi soat 25-11.csv", mimeType: "text/csv", buffer: remittanceCsv() });
  await importForm.getByRole("button", { name: "Nhập và đối soát" }).click();

  const matched = page.getByTestId("import-matched");
  await expect(matched).toContainText("Đã khớp 1 dòng");
  await expect(matched).toContainText(`${fixture.total.toLocaleString("vi-VN")}\u00a0₫`);
  const differences = page.getByTestId("import-differences");
  await expect(differences.getByRole("row").nth(1)).toContainText("GHNKHONGCO01");
  await expect(differences.getByRole("row").nth(1)).toContainText("Không tìm thấy mã vận đơn");
  await expect(differences.getByRole("row").nth(1)).toContainText("350.000\u00a0₫");
  await expect(page.getByTestId("open-differences")).toContainText("GHNKHONGCO01");
  await expect(page.getByTestId("outstanding-table")).toContainText("Không còn khoản thu hộ nào chưa đối soát");
  await expect(page.getByTestId("past-remittances")).toContainText("GHN doi soat 25-11.csv");

  // The same file again: refused, nothing changes.
  await importForm
    .getByLabel("Tệp đối soát")
    .setInputFiles({ name: "ban sao.csv", mimeType: "text/csv", buffer: remittanceCsv() });
  await importForm.getByRole("button", { name: "Nhập và đối soát" }).click();
  await expect(importForm.getByRole("alert")).toContainText("Tệp này đã được nhập lúc");
  await expect(importForm.getByRole("alert")).toContainText("không có gì thay đổi");
  await expect(page.getByTestId("past-remittances").getByRole("row")).toHaveCount(2);

  // The difference is dismissed with a note.
  const item = page.getByTestId("open-differences").getByRole("listitem").filter({ hasText: "GHNKHONGCO01" });
  await item.getByLabel("Ghi chú").fill("Đơn của cửa hàng khác, đã báo GHN");
  await item.getByRole("button", { name: "Bỏ qua" }).click();
  await expect(page.getByText("Không có chênh lệch nào đang chờ xử lý")).toBeVisible();

  // The order's page: paid, with where the money came from.
  await page.goto(`${base}/admin/orders/${fixture.orderId}`);
  await expect(page.getByText("Đã thanh toán").first()).toBeVisible();
  await expect(page.getByTestId("order-history")).toContainText(`mã vận đơn ${fixture.trackingCode.toLowerCase()}`);
});

test("an odd file gets a clear message and nothing is imported", async ({ page }) => {
  await signIn(page);
  await page.goto(`${base}/admin/cod`);
  const importForm = page.getByRole("form", { name: "Nhập tệp đối soát" });
  await importForm.getByLabel("Tệp đối soát").setInputFiles({
    name: "sai cot.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("Người nhận,Địa chỉ\r\nAn,Huế\r\n", "utf8"),
  });
  await importForm.getByRole("button", { name: "Nhập và đối soát" }).click();
  await expect(importForm.getByRole("alert")).toContainText("Không tìm thấy cột “mã vận đơn”");
  await expect(importForm.getByRole("alert")).toContainText("Các tiêu đề tìm thấy: “Người nhận”, “Địa chỉ”");
  await expect(page.getByTestId("past-remittances").getByRole("row")).toHaveCount(2);
});

const dong = (amount: number) => `${amount.toLocaleString("vi-VN")}\u00a0₫`;

/** A payout file of the given parcels with the carrier's usual headers. */
function payoutCsv(carrierName: "GHN" | "GHTK"): Buffer {
  const header =
    carrierName === "GHN"
      ? "Mã đơn GHN,Tiền thu hộ,Tổng phí,Ngày đối soát"
      : "Mã vận đơn,Tiền thu hộ,Tổng phí,Ngày đối soát";
  const rows = fixture.inTransit
    .filter((p) => p.carrierName === carrierName)
    .map((p) => `${p.code},"${p.total.toLocaleString("vi-VN")}",20.000,27/11/2026`);
  return Buffer.from(`${[header, ...rows].join("\r\n")}\r\n`, "utf8");
}

// Issue 31: orders marked "Đã giao" in bulk are money owed at once, and the carriers' files pay them
// off to the đồng, however the shipments lag behind.
test("staff bulk-deliver 10 orders; a GHN and a GHTK file bring the outstanding COD down to the đồng", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const owedOf = (carrierName?: "GHN" | "GHTK") =>
    fixture.inTransit.filter((p) => !carrierName || p.carrierName === carrierName).reduce((sum, p) => sum + p.total, 0);

  await page.goto(`${base}/admin/orders?status=shipped`);
  const table = page.getByRole("region", { name: "Danh sách đơn hàng" });
  await expect(table.getByText("Lê Văn", { exact: false })).toHaveCount(10);
  await table.getByRole("checkbox", { name: "Chọn tất cả đơn trên trang" }).check();
  await expect(page.getByText("Đã chọn 10 đơn")).toBeVisible();
  await page.getByLabel("Chuyển các đơn đã chọn sang").selectOption("delivered");
  await page.getByRole("button", { name: "Đổi trạng thái" }).click();
  await expect(page.getByTestId("bulk-report")).toContainText("Đã cập nhật 10 đơn");

  await page.goto(`${base}/admin`);
  await expect(page.locator('[data-stat="COD chưa đối soát"]')).toHaveText(dong(owedOf()));

  await page.goto(`${base}/admin/cod`);
  const owed = page.locator('[data-stat="COD chưa đối soát"]');
  await expect(owed).toHaveText(dong(owedOf()));
  const importForm = page.getByRole("form", { name: "Nhập tệp đối soát" });
  for (const carrierName of ["GHN", "GHTK"] as const) {
    await importForm.getByLabel("Hãng vận chuyển").selectOption(carrierName);
    await importForm
      .getByLabel("Tệp đối soát")
      .setInputFiles({ name: `${carrierName} 27-11.csv`, mimeType: "text/csv", buffer: payoutCsv(carrierName) });
    await importForm.getByRole("button", { name: "Nhập và đối soát" }).click();
    await expect(page.getByTestId("import-matched")).toContainText("Đã khớp 5 dòng");
    await expect(page.getByTestId("import-matched")).toContainText(dong(owedOf(carrierName)));
    await expect(owed).toHaveText(dong(carrierName === "GHN" ? owedOf("GHTK") : 0));
  }
  await expect(page.getByTestId("outstanding-table")).toContainText("Không còn khoản thu hộ nào chưa đối soát");
});
