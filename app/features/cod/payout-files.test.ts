import { describe, expect, it } from "vitest";
import { payoutFiles, unclearPayoutFiles } from "~/test/payout-files";
import { parseRemittanceFile } from "./remittance-file.server";

describe("carriers' payout files as they export them (decision 0056)", () => {
  it.each(payoutFiles.map((f) => [f.name, f] as const))("%s", async (_, file) => {
    expect(await parseRemittanceFile(file.fileName, file.bytes)).toEqual(file.lines);
  });

  it.each(unclearPayoutFiles.map((f) => [f.name, f] as const))("refuses %s, naming the columns", async (_, file) => {
    await expect(parseRemittanceFile("doi-soat.csv", file.bytes)).rejects.toMatchObject({
      kind: "invalid",
      message: file.message,
    });
  });

  it("reads the waybill column whichever side of the shop's code it stands", async () => {
    const utf8 = (text: string) => new TextEncoder().encode(text);
    for (const header of ["Mã ĐH shop,Mã đơn GHN", "Mã đơn GHN,Mã đơn hàng (Shop)", "Mã đơn hàng,Mã đơn khách hàng"]) {
      const [first] = header.split(",");
      const codeFirst = !/shop/i.test(first);
      const row = codeFirst ? "GYH1,10023" : "10023,GYH1";
      expect(await parseRemittanceFile("a.csv", utf8(`${header},COD\n${row},450000\n`)), header).toEqual([
        { rowNumber: 2, trackingCode: "GYH1", codAmount: 450_000, fee: 0, remittedOn: null },
      ]);
    }
  });

  it("prefers the settlement day over the delivery day, and either over no day", async () => {
    const utf8 = (text: string) => new TextEncoder().encode(text);
    const file = "Mã vận đơn,COD,Ngày giao/trả,Ngày đối soát,Ngày tạo\nGYH1,1000,20/11/2026,25/11/2026,18/11/2026\n";
    expect((await parseRemittanceFile("a.csv", utf8(file)))[0].remittedOn).toBe("2026-11-25");
    const delivered = "Mã vận đơn,COD,Ngày tạo,Ngày giao/trả\nGYH1,1000,18/11/2026,20/11/2026\n";
    expect((await parseRemittanceFile("a.csv", utf8(delivered)))[0].remittedOn).toBe("2026-11-20");
  });
});
