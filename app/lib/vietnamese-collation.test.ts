import { describe, expect, it } from "vitest";
import { compareVietnamese, vietnameseSortKeys, vietnameseSortTable } from "./vietnamese-collation";

describe("Vietnamese alphabetical order", () => {
  it("puts đ after d and before e, and colours in the order a Vietnamese reader expects", () => {
    const colours = ["Xanh dương", "Trắng", "Hồng", "Đen"];
    expect([...colours].sort(compareVietnamese)).toEqual(["Đen", "Hồng", "Trắng", "Xanh dương"]);
    expect(["e", "đ", "d"].sort(compareVietnamese)).toEqual(["d", "đ", "e"]);
  });

  it("orders the letters with marks after their base (a ă â, o ô ơ, u ư) and tones after letters", () => {
    expect(["ơ", "o", "ô", "ă", "a", "â", "ư", "u"].sort(compareVietnamese)).toEqual(["a", "ă", "â", "o", "ô", "ơ", "u", "ư"]);
    expect(["mạ", "má", "mã", "mả", "mà", "ma"].sort(compareVietnamese)).toEqual(["ma", "mà", "mả", "mã", "má", "mạ"]);
    // The letter decides before the tone: "bà" < "bác", "ca" < "cà" < "cả".
    expect(["bác", "bà"].sort(compareVietnamese)).toEqual(["bà", "bác"]);
  });

  it("ignores case and treats a shorter word as first", () => {
    expect(compareVietnamese("đen", "ĐEN")).toBe(0);
    expect(["Combo Gia đình", "Combo", "combo du lịch"].sort(compareVietnamese)).toEqual([
      "Combo",
      "combo du lịch",
      "Combo Gia đình",
    ]);
  });

  it("agrees with the ICU Vietnamese collation on the letters (Node has full ICU)", () => {
    const words = ["Đen", "dê", "đá", "ươn", "uống", "ông", "ơn", "ăn", "ấm", "an", "Xanh", "Hồng", "hộp", "học", "Trắng", "trăng"];
    const icu = new Intl.Collator("vi", { sensitivity: "accent" });
    expect([...words].sort(compareVietnamese)).toEqual([...words].sort(icu.compare));
  });

  it("maps one character to one character, composed (NFC) forms only", () => {
    const { from, primary, secondary } = vietnameseSortTable;
    expect([...from].length).toBe(primary.length);
    expect(primary.length).toBe(secondary.length);
    expect(from).toBe(from.normalize("NFC"));
    expect(new Set(from).size).toBe([...from].length);
    // Decomposed input is composed first.
    expect(vietnameseSortKeys("Đe\u0300n")).toEqual(vietnameseSortKeys("Đèn"));
  });
});
