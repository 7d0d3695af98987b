import { describe, expect, it } from "vitest";
import { settings as settingsTable } from "~/db/schema";
import { AppError } from "~/server/errors.server";
import { setUpTestDatabase } from "~/test/database";
import { deliveryRulesInputFromForm } from "./delivery-rules-form";
import { defaultSettings, vietnamCodPreset } from "./settings.schema";
import { getSetting, getSettings, getSettingsVersions, saveSetting, saveSettingsGroup } from "./settings.server";

const { db } = await setUpTestDatabase({ resetTables: [settingsTable] });

describe("settings", () => {
  it("gives the SPEC §9 and PRODUCT.md defaults on an empty table", async () => {
    const all = await getSettings(db);
    expect(all).toEqual(defaultSettings());
    expect(all.shipping).toMatchObject({ freeShippingThreshold: 1_000_000, standardFee: 30_000, expressFee: 50_000 });
    expect(all.tax.vatRateBasisPoints).toBe(740);
    expect(all.low_stock.dashboardThreshold).toBe(10);
    // A new shop's checkout is the Vietnam COD preset (PRODUCT.md, third round); SPEC §5's form is a choice.
    expect(all.checkout).toEqual({ ...vietnamCodPreset, company: "optional" });
  });

  it("saves a group as typed in a form (grouped amounts, switches) and reads it back", async () => {
    const saved = await saveSetting(db, "shipping", {
      freeShippingThreshold: "1.500.000",
      standardFee: "25000",
      expressFee: 60_000,
      expressEnabled: "on",
    });
    expect(saved).toMatchObject({ freeShippingThreshold: 1_500_000, standardFee: 25_000, expressFee: 60_000, expressEnabled: true });
    expect(await getSetting(db, "shipping")).toEqual(saved);
    expect((await getSettings(db)).shipping).toEqual(saved);
  });

  it("refuses bad input with a message per field and keeps what was stored", async () => {
    await saveSetting(db, "shipping", { standardFee: 20_000 });
    const attempt = saveSetting(db, "shipping", { standardFee: "-5", freeShippingThreshold: "abc" });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    const error = (await attempt.catch((e: unknown) => e)) as AppError;
    expect(error.kind).toBe("invalid");
    expect(Object.keys(error.fieldErrors ?? {})).toEqual(expect.arrayContaining(["standardFee", "freeShippingThreshold"]));
    expect((await getSetting(db, "shipping")).standardFee).toBe(20_000);

    await expect(saveSetting(db, "store", { storeName: "   " })).rejects.toMatchObject({ kind: "invalid" });
    await expect(saveSetting(db, "store", { email: "not-an-email" })).rejects.toMatchObject({ kind: "invalid" });
    await expect(saveSetting(db, "nope" as "store", {})).rejects.toMatchObject({ kind: "invalid" });
  });

  it("falls back to a group's defaults when its stored value no longer parses", async () => {
    await db.insert(settingsTable).values({ key: "tax", value: { vatRateBasisPoints: "lots" } });
    await db.insert(settingsTable).values({ key: "unknown_group", value: { x: 1 } });
    const all = await getSettings(db);
    expect(all.tax).toEqual(defaultSettings().tax);
    expect(all).not.toHaveProperty("unknown_group");
  });

  it("saves the business details and refuses a bad enterprise code, e-mail or notification link (issue 19)", async () => {
    const legal = {
      businessName: "Công ty TNHH Ma Trận",
      taxCode: "0312345678-001",
      registration: "Sở KH&ĐT Hà Nội cấp ngày 01/02/2025",
      registeredAddress: "1 Tràng Tiền, Hà Nội",
      hotline: "1900 1234",
      email: "cskh@matran.vn",
      moitNotificationUrl: "http://online.gov.vn/Home/WebDetails/123456",
    };
    expect(await saveSetting(db, "legal", legal)).toEqual(legal);
    expect(defaultSettings().legal.moitNotificationUrl).toBe("");

    const error = await saveSetting(db, "legal", {
      ...legal,
      taxCode: "12345",
      email: "khong-phai-email",
      moitNotificationUrl: "javascript:alert(1)",
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).fieldErrors).toEqual({
      taxCode: "Mã số doanh nghiệp gồm 10 chữ số (chi nhánh: 10 chữ số, dấu gạch ngang và 3 chữ số)",
      email: "Email không hợp lệ",
      moitNotificationUrl: "Đường dẫn phải bắt đầu bằng http:// hoặc https://",
    });
    expect(await getSetting(db, "legal")).toEqual(legal);
  });

  describe("the delivery rules (issue 31)", () => {
    /** The console form as posted: [name, value] pairs (a ticked province is one pair each). */
    const form = (pairs: Array<[string, string]>) => {
      const data = new FormData();
      for (const [name, value] of pairs) data.append(name, value);
      return data;
    };
    const schedule: Array<[string, string]> = [
      ["otherMinDays", "3"],
      ["otherMaxDays", "6"],
      ["cutoffTime", "14:30"],
      ...["1", "2", "3", "4", "5"].map((day): [string, string] => ["workingDays", day]),
      ["closedDates", "2027-02-08\r\n\r\n 2027-02-06 \n2027-02-08"],
    ];
    const save = async (pairs: Array<[string, string]>) => {
      const input = deliveryRulesInputFromForm(form(pairs));
      if (!input.ok) throw new AppError("invalid", "Dữ liệu cài đặt không hợp lệ", input.fieldErrors);
      const versions = await getSettingsVersions(db);
      return saveSettingsGroup(db, "delivery", input.value, versions.delivery);
    };

    it("saves the regions, the other provinces, the cut-off, the working days and the closed dates as the form posts them", async () => {
      const { value } = await save([
        ["regions.0.name", "Nội thành TP. Hồ Chí Minh"],
        ["regions.0.nameEn", "Inner Ho Chi Minh City"],
        ["regions.0.provinceCodes", "79"],
        ["regions.0.minDays", "0"],
        ["regions.0.maxDays", "1"],
        ["regions.0.slots", "on"],
        // Ticked "Xóa vùng này": dropped.
        ["regions.1.name", "Nội thành Hà Nội"],
        ["regions.1.provinceCodes", "01"],
        ["regions.1.minDays", "1"],
        ["regions.1.maxDays", "2"],
        ["regions.1.remove", "on"],
        ["regions.2.name", "Miền Trung"],
        ["regions.2.provinceCodes", "46"],
        ["regions.2.provinceCodes", "48"],
        ["regions.2.minDays", "2"],
        ["regions.2.maxDays", "3"],
        // The blank row the form always offers.
        ["regions.3.name", ""],
        ["regions.3.nameEn", ""],
        ["regions.3.minDays", ""],
        ["regions.3.maxDays", ""],
        ...schedule,
      ]);
      expect(value).toEqual({
        regions: [
          { name: "Nội thành TP. Hồ Chí Minh", nameEn: "Inner Ho Chi Minh City", provinceCodes: ["79"], minDays: 0, maxDays: 1, slots: true },
          { name: "Miền Trung", nameEn: "", provinceCodes: ["46", "48"], minDays: 2, maxDays: 3, slots: false },
        ],
        otherMinDays: 3,
        otherMaxDays: 6,
        cutoffTime: "14:30",
        workingDays: [1, 2, 3, 4, 5],
        closedDates: ["2027-02-06", "2027-02-08"],
      });
      expect(await getSetting(db, "delivery")).toEqual(value);
    });

    it("refuses overlapping provinces, a minimum above the maximum and a bad date, each on its field, and saves nothing", async () => {
      const before = await getSetting(db, "delivery");
      const version = (await getSettingsVersions(db)).delivery;
      const cases: Array<{ pairs: Array<[string, string]>; errors: Record<string, string> }> = [
        {
          pairs: [
            ["regions.0.name", "A"],
            ["regions.0.provinceCodes", "01"],
            ["regions.0.minDays", "1"],
            ["regions.0.maxDays", "2"],
            // A removed row before it: the message still names the row the form showed.
            ["regions.1.name", "Bỏ"],
            ["regions.1.provinceCodes", "79"],
            ["regions.1.minDays", "1"],
            ["regions.1.maxDays", "1"],
            ["regions.1.remove", "on"],
            ["regions.2.name", "B"],
            ["regions.2.provinceCodes", "01"],
            ["regions.2.minDays", "1"],
            ["regions.2.maxDays", "2"],
            ...schedule,
          ],
          errors: { "regions.2.provinceCodes": "Một tỉnh, thành chỉ thuộc một vùng" },
        },
        {
          pairs: [
            ["regions.0.name", "A"],
            ["regions.0.provinceCodes", "01"],
            ["regions.0.minDays", "4"],
            ["regions.0.maxDays", "2"],
            ...schedule.filter(([name]) => name !== "otherMaxDays"),
            ["otherMaxDays", "1"],
          ],
          errors: {
            "regions.0.maxDays": "Số ngày tối thiểu không được lớn hơn tối đa",
            otherMaxDays: "Số ngày tối thiểu không được lớn hơn tối đa",
          },
        },
        {
          pairs: [...schedule.filter(([name]) => name !== "closedDates"), ["closedDates", "2027-02-06\n2027-02-30"]],
          errors: { closedDates: "“2027-02-30”: Ngày nghỉ phải có dạng YYYY-MM-DD (ví dụ 2027-02-06)" },
        },
        {
          pairs: [
            ["regions.0.name", ""],
            ["regions.0.minDays", "1"],
            ["regions.0.maxDays", "x"],
            ["otherMinDays", "2"],
            ["otherMaxDays", "5"],
            ["cutoffTime", "15h"],
          ],
          errors: {
            "regions.0.name": "Vui lòng nhập tên vùng",
            "regions.0.provinceCodes": "Chọn ít nhất một tỉnh, thành cho vùng",
            "regions.0.maxDays": "Vui lòng nhập số ngày tối đa",
            cutoffTime: "Giờ chốt đơn phải có dạng HH:MM (ví dụ 15:00)",
            workingDays: "Chọn ít nhất một ngày làm việc",
          },
        },
      ];
      for (const { pairs, errors } of cases) {
        const error = await save(pairs).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).fieldErrors).toEqual(errors);
      }
      // The schema refuses the same on the server whatever posts it (a forged or scripted save).
      await expect(
        saveSettingsGroup(db, "delivery", { regions: [{ name: "A", provinceCodes: ["01"], minDays: 3, maxDays: 1 }] }, version),
      ).rejects.toMatchObject({ kind: "invalid", fieldErrors: { "regions.0.maxDays": "Số ngày tối thiểu không được lớn hơn tối đa" } });
      await expect(saveSettingsGroup(db, "delivery", { closedDates: ["mai"] }, version)).rejects.toMatchObject({ kind: "invalid" });
      expect(await getSetting(db, "delivery")).toEqual(before);
      expect((await getSettingsVersions(db)).delivery).toBe(version);
    });
  });
});
