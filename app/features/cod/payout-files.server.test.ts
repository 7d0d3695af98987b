import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { codRemittanceLines, codRemittances } from "~/db/schema";
import { setUpTestDatabase } from "~/test/database";
import { hcm, insertCustomer, insertOrder, insertProduct, insertShipment } from "~/test/orders-fixture";
import { payoutFiles, unclearPayoutFiles } from "~/test/payout-files";
import { carrierFees } from "./cod-figures.server";
import { importRemittance } from "./remittances.server";

const { db } = await setUpTestDatabase();
const actor = { userId: null, name: "Kế toán Hoa" };
const fileOf = (carrierName: string, fileName: string) =>
  payoutFiles.find((f) => f.carrierName === carrierName && f.fileName.endsWith(fileName))!;

/** A delivered shipment of `carrierName` for each line with money to collect. */
async function shipmentsFor(carrierName: string, lines: Array<{ trackingCode: string; codAmount: number }>) {
  for (const line of lines.filter((l) => l.codAmount > 0)) {
    const product = await insertProduct(db, { name: `Hàng ${line.trackingCode}`, price: line.codAmount });
    const customer = await insertCustomer(db, { firstName: "Lan", lastName: "Phạm" });
    const order = await insertOrder(db, { customer, lines: [{ product, quantity: 1 }], status: "delivered" });
    await insertShipment(db, {
      order,
      trackingCode: line.trackingCode,
      carrierName,
      deliveredAt: hcm("2026-11-20 10:00"),
    });
  }
}

async function storedLines(remittanceId: number) {
  return db
    .select({
      trackingCode: codRemittanceLines.trackingCode,
      codAmount: codRemittanceLines.codAmount,
      fee: codRemittanceLines.fee,
      remittedOn: codRemittanceLines.remittedOn,
    })
    .from(codRemittanceLines)
    .where(eq(codRemittanceLines.remittanceId, remittanceId))
    .orderBy(asc(codRemittanceLines.rowNumber));
}

describe("payout files into the books (decision 0056)", () => {
  it("stores each line's whole fee and day, and the monthly carrier-fee report gets GHN and GHTK rows", async () => {
    const now = hcm("2026-11-28 10:00");
    for (const [carrierName, fileName] of [
      ["GHN", ".xlsx"],
      ["GHTK", ".csv"],
    ] as const) {
      const file = fileOf(carrierName, fileName);
      await shipmentsFor(carrierName, file.lines);
      const result = await importRemittance(db, { fileName: file.fileName, bytes: file.bytes, carrierName }, actor);
      expect(result.feeTotal).toBe(file.lines.reduce((sum, l) => sum + l.fee, 0));
      const [head] = await db.select().from(codRemittances).where(eq(codRemittances.fileName, file.fileName));
      expect(await storedLines(head.id)).toEqual(
        file.lines.map(({ trackingCode, codAmount, fee, remittedOn }) => ({
          trackingCode,
          codAmount,
          fee,
          remittedOn,
        })),
      );
    }
    expect(await carrierFees(db, { months: 1 }, now)).toEqual([
      // GHN: Tổng phí, the return fee (Phí hoàn) included: 22,000 + 27,500 + 33,000.
      { month: "2026-11", carrierName: "GHN", remittedFees: 82_500, shipmentFees: 0, total: 82_500 },
      // GHTK: no total column, so Phí ship + Phí hoàn + Phí bảo hiểm: 38,170 + 22,000 + 33,000.
      { month: "2026-11", carrierName: "GHTK", remittedFees: 93_170, shipmentFees: 0, total: 93_170 },
    ]);
  });

  it("writes nothing from a file whose columns are unclear", async () => {
    const before = await db.$count(codRemittances);
    for (const file of unclearPayoutFiles) {
      await expect(
        importRemittance(db, { fileName: "doi-soat.csv", bytes: file.bytes, carrierName: "GHN" }, actor),
      ).rejects.toMatchObject({ kind: "invalid", message: file.message });
    }
    expect(await db.$count(codRemittances)).toBe(before);
  });
});
