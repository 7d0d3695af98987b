import { describe, expect, it } from "vitest";
import { containsPattern, isUuid, phoneDigits } from "./search-pattern";

describe("search helpers", () => {
  it("escapes LIKE pattern characters", () => {
    expect(containsPattern("an")).toBe("%an%");
    expect(containsPattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });

  it("reads phone fragments in national and international form", () => {
    expect(phoneDigits("0901 234 567")).toBe("901234567");
    expect(phoneDigits("+84 901234567")).toBe("901234567");
    expect(phoneDigits("234-567")).toBe("234567");
    expect(phoneDigits("84901")).toBe("84901");
    expect(phoneDigits("09")).toBeNull();
    expect(phoneDigits("An 0901")).toBeNull();
  });

  it("recognises uuids only", () => {
    expect(isUuid("3f1c2a9e-8b7d-4c6e-9f00-112233445566")).toBe(true);
    expect(isUuid("123")).toBe(false);
    expect(isUuid("3f1c2a9e-8b7d-4c6e-9f00-11223344556")).toBe(false);
  });
});
