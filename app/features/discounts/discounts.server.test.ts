import { describe, expect, it } from "vitest";
import { discountCodes } from "~/db/schema";
import { AppError } from "~/server/errors.server";
import { setUpTestDatabase } from "~/test/database";
import { toVietnamDateTimeInput } from "./discounts.schema";
import { createDiscountCode, listDiscountCodes, setDiscountCodeActive, updateDiscountCode } from "./discounts.server";

const { db } = await setUpTestDatabase({ resetTables: [discountCodes] });

const input = (over: Record<string, unknown> = {}) => ({
  code: "tet2026",
  description: "",
  type: "percent",
  value: "15",
  minOrderTotal: "500.000",
  startsAt: "2026-01-20T00:00",
  endsAt: "2026-02-20T23:59",
  usageLimit: "",
  isActive: "true",
  ...over,
});

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("discount codes", () => {
  it("creates a code stored upper-case, with Vietnam-time dates, and lists newest first", async () => {
    const code = await createDiscountCode(db, input());
    expect(code).toMatchObject({
      code: "TET2026",
      type: "percent",
      value: 15,
      minOrderTotal: 500_000,
      usageLimit: null,
      usedCount: 0,
      isActive: true,
    });
    expect(code.startsAt?.toISOString()).toBe("2026-01-19T17:00:00.000Z");
    expect(toVietnamDateTimeInput(code.startsAt)).toBe("2026-01-20T00:00");
    const ship = await createDiscountCode(
      db,
      input({ code: "ship", type: "free_shipping", value: "", startsAt: "", endsAt: "", usageLimit: "100" }),
    );
    expect(ship).toMatchObject({ code: "SHIP", value: 0, startsAt: null, endsAt: null, usageLimit: 100 });
    expect((await listDiscountCodes(db)).map((c) => c.code)).toEqual(["SHIP", "TET2026"]);
  });

  it("refuses a code that exists in any case", async () => {
    await createDiscountCode(db, input());
    const dup = await rejection(createDiscountCode(db, input({ code: "Tet2026" })));
    expect(dup).toMatchObject({ kind: "conflict", fieldErrors: { code: expect.any(String) } });
    const other = await createDiscountCode(db, input({ code: "other" }));
    expect((await rejection(updateDiscountCode(db, other.id, input({ code: "TET2026", version: "1" })))).kind).toBe(
      "conflict",
    );
  });

  it("refuses bad values (percent outside 1–100, fixed 0, end before start, bad code) and writes nothing", async () => {
    expect((await rejection(createDiscountCode(db, input({ value: "0" })))).fieldErrors?.value).toMatch(/1 đến 100/);
    expect((await rejection(createDiscountCode(db, input({ value: "101" })))).fieldErrors?.value).toMatch(/1 đến 100/);
    expect(
      (await rejection(createDiscountCode(db, input({ type: "fixed", value: "0" })))).fieldErrors?.value,
    ).toBeDefined();
    expect((await rejection(createDiscountCode(db, input({ type: "gift" })))).fieldErrors?.type).toBeDefined();
    expect(
      (await rejection(createDiscountCode(db, input({ endsAt: "2026-01-01T00:00" })))).fieldErrors?.endsAt,
    ).toMatch(/sau ngày bắt đầu/);
    expect(
      (await rejection(createDiscountCode(db, input({ startsAt: "hôm qua" })))).fieldErrors?.startsAt,
    ).toBeDefined();
    expect((await rejection(createDiscountCode(db, input({ code: "giảm giá" })))).fieldErrors?.code).toBeDefined();
    expect((await rejection(createDiscountCode(db, input({ code: " " })))).fieldErrors?.code).toBe(
      "Vui lòng nhập mã giảm giá",
    );
    expect((await rejection(createDiscountCode(db, input({ usageLimit: "0" })))).fieldErrors?.usageLimit).toBeDefined();
    expect(
      (await rejection(createDiscountCode(db, input({ minOrderTotal: "-5" })))).fieldErrors?.minOrderTotal,
    ).toBeDefined();
    expect(await db.select().from(discountCodes)).toHaveLength(0);
  });

  it("edits a code without touching its uses, refuses a limit below the uses, and deactivates it", async () => {
    const code = await createDiscountCode(db, input({ type: "fixed", value: "50.000" }));
    await db.update(discountCodes).set({ usedCount: 3 });
    const edited = await updateDiscountCode(
      db,
      code.id,
      input({ type: "fixed", value: "60000", usageLimit: "10", version: "1" }),
    );
    expect(edited).toMatchObject({ value: 60_000, usageLimit: 10, usedCount: 3 });
    expect(
      (await rejection(updateDiscountCode(db, code.id, input({ usageLimit: "2", version: "2" })))).fieldErrors
        ?.usageLimit,
    ).toMatch(/3 lần/);
    expect((await setDiscountCodeActive(db, code.id, false)).isActive).toBe(false);
    expect((await setDiscountCodeActive(db, code.id, true)).isActive).toBe(true);
    expect((await rejection(setDiscountCodeActive(db, 999_999, false))).kind).toBe("not_found");
    expect((await rejection(updateDiscountCode(db, 999_999, input({ version: "1" })))).kind).toBe("not_found");
  });
});
