import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { BinaryBitmap, Code128Reader, HybridBinarizer, RGBLuminanceSource } from "@zxing/library";
import sharp from "sharp";
import { signInAsAdmin } from "./admin-session";
import { catalogue, postOrder } from "./checkout-flow";

// A label a sorting hub can scan (decision 0056): printed by Chromium to PDF at each single-label
// size, it is one page of exactly that size, and its main barcode — read back from the rendered
// pixels by an independent decoder (ZXing) — is the carrier's waybill code.

const MM = 72 / 25.4;

test.beforeEach(async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
});

/** The pages of a PDF Chromium printed: each page object's MediaBox, in points. */
function pdfPages(pdf: Buffer): Array<[number, number]> {
  const text = pdf.toString("latin1");
  const pages = text.split(/\/Type\s*\/Page\b(?!s)/).slice(1);
  return pages.map((after, i) => {
    // The MediaBox sits in the same dictionary, before or after /Type.
    const before = text.split(/\/Type\s*\/Page\b(?!s)/)[i];
    const box =
      /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(after.slice(0, 400)) ??
      /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(before.slice(-400));
    expect(box, "each page has a MediaBox").toBeTruthy();
    return [Number(box![3]) - Number(box![1]), Number(box![4]) - Number(box![2])];
  });
}

/** The barcode in an element's screenshot, read by ZXing's Code 128 reader. */
async function readBarcode(page: Page, name: string): Promise<string> {
  const png = await page.getByRole("img", { name }).screenshot();
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const source = new RGBLuminanceSource(new Uint8ClampedArray(data), info.width, info.height);
  return new Code128Reader().decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
}

test("a shipment's label: the waybill as the scanned barcode, one page at A6 and at 100 × 150 mm", async ({
  page,
  browser,
}) => {
  const [product] = await catalogue(page);
  const orderId = await postOrder(page, [{ productId: product.productId, quantity: 1 }]);
  await page.goto(`/admin/orders/${orderId}`);
  const number = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").match(/DH\d+/)![0];
  await page.getByRole("button", { name: "Người mua đã xác nhận" }).click();
  await expect(page.getByText("Đã xác nhận đơn hàng với người mua")).toBeVisible();
  const panel = page.getByTestId("shipment-panel");
  await panel.getByLabel("Hãng vận chuyển").fill("Viettel Post");
  const code = `VTP${randomUUID().slice(0, 8).toUpperCase()}`;
  await panel.getByLabel("Mã vận đơn").fill(code);
  await panel.getByRole("button", { name: "Tạo vận đơn" }).click();
  const card = page.getByTestId("shipment-card");
  await expect(card.getByTestId("shipment-code")).toHaveText(code);
  const labelHref = (await card.getByRole("link", { name: "In nhãn A6" }).getAttribute("href"))!;
  const labelPath = labelHref.split("?")[0];
  // A printer's resolution rather than a screen's, for the bars' widths in the screenshot.
  const printer = await browser.newContext({
    storageState: await page.context().storageState(),
    deviceScaleFactor: 3,
    viewport: { width: 1280, height: 1000 },
  });

  for (const [size, widthMm, heightMm] of [
    ["a6", 105, 148],
    ["100x150", 100, 150],
  ] as const) {
    const label = await printer.newPage();
    await label.goto(`${labelPath}?size=${size}`);
    await expect(label.getByTestId("label-tracking")).toContainText(code);
    await expect(label.getByTestId("label-declared-value")).toContainText("Giá trị khai giá:");
    await expect(label.getByTestId("label-printed-at")).toHaveText(/^In lúc \d{2}:\d{2} \d{2}\/\d{2}\/\d{4}$/);
    await expect(label.getByRole("navigation", { name: "Khổ giấy" }).locator("[aria-current=page]")).toContainText(
      size === "a6" ? "A6 (105 × 148 mm)" : "Nhãn nhiệt 100 × 150 mm",
    );

    // The scanned barcode is the waybill; the order number's, smaller, reads as the order number.
    await label.emulateMedia({ media: "print" });
    expect(await readBarcode(label, `Mã vạch ${code}`)).toBe(code);
    expect(await readBarcode(label, `Mã vạch ${number}`)).toBe(number);

    const pages = pdfPages(await label.pdf({ preferCSSPageSize: true, printBackground: true }));
    expect(pages, `${size}: one page`).toHaveLength(1);
    // Chromium rounds the page to whole CSS pixels: within a point (0.35 mm) of the size asked for.
    expect(Math.abs(pages[0][0] - widthMm * MM)).toBeLessThan(1);
    expect(Math.abs(pages[0][1] - heightMm * MM)).toBeLessThan(1);
    await label.close();
  }
  await printer.close();
});
