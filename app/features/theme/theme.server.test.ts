import { describe, expect, it } from "vitest";
import { theme } from "~/db/schema";
import { AppError } from "~/server/errors.server";
import { setUpTestDatabase } from "~/test/database";
import { getTheme, saveTheme } from "./theme.server";
import { defaultPalette } from "./theme.schema";

const { db } = await setUpTestDatabase({ resetTables: [theme] });

describe("theme", () => {
  it("gives the SPEC defaults without a saved row", async () => {
    expect(await getTheme(db)).toEqual(defaultPalette);
  });

  it("saves a palette (hex normalised to #rrggbb lower case) and replaces it on the next save", async () => {
    const saved = await saveTheme(db, { ...defaultPalette, teal: "#ABC", coral: " #FF0000 ", version: "1" });
    expect(saved.palette).toMatchObject({ teal: "#aabbcc", coral: "#ff0000" });
    expect(await getTheme(db)).toEqual(saved.palette);
    await saveTheme(db, { ...defaultPalette, version: saved.version });
    expect(await getTheme(db)).toEqual(defaultPalette);
    expect(await db.select().from(theme)).toHaveLength(1);
  });

  it("refuses invalid hex colours and missing ones, and keeps the saved palette", async () => {
    await saveTheme(db, { ...defaultPalette, teal: "#111111", version: 1 });
    for (const bad of [
      { ...defaultPalette, teal: "teal" },
      { ...defaultPalette, charcoal: "#12345" },
      { ...defaultPalette, white: "#fff; } body { display:none" },
      { ...defaultPalette, lavender: undefined },
    ]) {
      let error: unknown;
      try {
        await saveTheme(db, { ...bad, version: 2 });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).kind).toBe("invalid");
    }
    let fieldErrors: Record<string, string> | undefined;
    try {
      await saveTheme(db, { ...defaultPalette, teal: "nope", lavender: undefined, version: 2 });
    } catch (e) {
      fieldErrors = (e as AppError).fieldErrors;
    }
    expect(fieldErrors).toEqual({ teal: "Mã màu phải có dạng #RRGGBB", lavender: "Vui lòng nhập mã màu" });
    expect((await getTheme(db)).teal).toBe("#111111");
  });

  it("renders a stored row with a broken colour using the default for that colour", async () => {
    await db.insert(theme).values({ id: 1, palette: { ...defaultPalette, teal: "url(javascript:x)" } });
    expect(await getTheme(db)).toEqual(defaultPalette);
  });
});
