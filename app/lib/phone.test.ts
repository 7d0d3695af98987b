import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { parsePhoneNumberFromString as parseWithMax } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { digitsOnly, nationalPhone, normalizeVietnamesePhone } from "./phone";
import { vietnamPhoneMetadata } from "./phone-metadata.vn";

describe("normalizeVietnamesePhone", () => {
  it.each([
    // Viettel
    ["0961234567", "+84961234567"],
    ["0368 123 456", "+84368123456"],
    ["086.123.4567", "+84861234567"],
    // Vinaphone
    ["0912-345-678", "+84912345678"],
    ["0888123456", "+84888123456"],
    ["+84 843 123 456", "+84843123456"],
    // MobiFone
    ["0901234567", "+84901234567"],
    ["84 70 123 4567", "+84701234567"],
    ["+84-939-123-456", "+84939123456"],
    // Vietnamobile, Gmobile, iTel
    ["0921234567", "+84921234567"],
    ["0991234567", "+84991234567"],
    ["0871234567", "+84871234567"],
    // surrounding whitespace
    ["  0912345678 ", "+84912345678"],
  ])("accepts %s as %s", (input, expected) => {
    expect(normalizeVietnamesePhone(input)).toBe(expected);
  });

  it.each([
    ["a Hà Nội landline", "02439876543"],
    ["a Hồ Chí Minh landline", "02838123456"],
    ["a landline in +84 form", "+842438123456"],
    ["9 digits", "091234567"],
    ["11 digits", "09123456789"],
    ["84 + 8 digits", "8491234567"],
    ["84 + 10 digits", "840912345678"],
    ["letters", "09123abc78"],
    ["letters only", "phone"],
    ["an empty string", ""],
    ["a US number", "+1 202 555 0143"],
    ["a US number without +", "12025550143"],
    ["a Singapore number", "+65 8123 4567"],
    ["+ with a leading 0", "+0912345678"],
    ["two pluses", "++84912345678"],
    ["a plus in the middle", "0912+345678"],
    ["parentheses", "(091) 234 5678"],
    ["an unassigned mobile prefix", "0101234567"],
    ["a toll-free number", "18001234"],
    ["a toll-free 10-digit number", "1800123456"],
  ])("rejects %s", (_label, input) => {
    expect(normalizeVietnamesePhone(input)).toBeNull();
  });

  it("agrees with libphonenumber-js/max on every two-digit prefix", () => {
    for (let prefix = 10; prefix <= 99; prefix++) {
      const number = `0${prefix}1234567`;
      const full = parseWithMax(number, "VN");
      const expected = full?.isValid() && full.getType() === "MOBILE" ? full.number : null;
      expect(normalizeVietnamesePhone(number), number).toBe(expected ?? null);
    }
  });
});

describe("digitsOnly", () => {
  it("strips everything but digits", () => {
    expect(digitsOnly("+84 (912) 345-678 ext.")).toBe("84912345678");
    expect(digitsOnly("abc")).toBe("");
    expect(digitsOnly("0912345678")).toBe("0912345678");
  });
});

describe("phone-metadata.vn.ts", () => {
  it("is Vietnam's entry of the installed libphonenumber-js max metadata (regenerate: scripts/phone-metadata-vn.mjs)", () => {
    const require = createRequire(import.meta.url);
    const max = JSON.parse(readFileSync(require.resolve("libphonenumber-js/metadata.max.json"), "utf8"));
    expect(vietnamPhoneMetadata).toEqual({
      version: max.version,
      country_calling_codes: { 84: ["VN"] },
      countries: { VN: max.countries.VN },
      nonGeographic: {},
    });
  });
});

describe("nationalPhone", () => {
  it("writes a stored +84 number the Vietnamese way and leaves anything else as it is", () => {
    expect(nationalPhone("+84912345678")).toBe("0912345678");
    expect(nationalPhone("0912345678")).toBe("0912345678");
  });
});
