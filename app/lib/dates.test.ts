import { describe, expect, it } from "vitest";
import { isIsoDay } from "./dates";

describe("isIsoDay", () => {
  it("accepts real calendar days only", () => {
    for (const day of ["2026-11-30", "2028-02-29", "2026-12-31", "2027-01-01"]) expect(isIsoDay(day), day).toBe(true);
    for (const day of ["2026-11-31", "2026-02-29", "2026-00-10", "2026-13-01", "2026-1-1", "2026-11-30T00:00", "", "abcd-ef-gh"]) {
      expect(isIsoDay(day), day).toBe(false);
    }
  });
});
