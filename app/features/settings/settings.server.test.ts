import { describe, expect, it } from "vitest";
import { settings as settingsTable } from "~/db/schema";
import { AppError } from "~/server/errors.server";
import { setUpTestDatabase } from "~/test/database";
import { defaultSettings } from "./settings.schema";
import { getSetting, getSettings, saveSetting } from "./settings.server";

const { db } = await setUpTestDatabase({ resetTables: [settingsTable] });

describe("settings", () => {
  it("gives the SPEC §9 and PRODUCT.md defaults on an empty table", async () => {
    const all = await getSettings(db);
    expect(all).toEqual(defaultSettings());
    expect(all.shipping).toMatchObject({ freeShippingThreshold: 1_000_000, standardFee: 30_000, expressFee: 50_000 });
    expect(all.tax.vatRateBasisPoints).toBe(740);
    expect(all.low_stock.dashboardThreshold).toBe(10);
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
});
