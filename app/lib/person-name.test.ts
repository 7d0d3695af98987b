import { describe, expect, it } from "vitest";
import { displayName } from "./person-name";

describe("displayName", () => {
  it("puts the family name first in Vietnamese and last in English", () => {
    const person = { firstName: "Văn An", lastName: "Nguyễn" };
    expect(displayName(person, "vi")).toBe("Nguyễn Văn An");
    expect(displayName(person, "en")).toBe("Văn An Nguyễn");
  });

  it("shows a name typed in one field as typed, in both languages", () => {
    const person = { firstName: "Trần Thị Bình", lastName: "" };
    expect(displayName(person, "vi")).toBe("Trần Thị Bình");
    expect(displayName(person, "en")).toBe("Trần Thị Bình");
  });

  it("trims the parts and never leaves a double space", () => {
    expect(displayName({ firstName: "  An ", lastName: " Lê  " }, "vi")).toBe("Lê An");
  });
});
