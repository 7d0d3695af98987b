import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkbox, fieldErrorsOf, lineList, optionalWholeNumber, wholeNumber } from "./form-fields";

describe("form fields", () => {
  it("reads whole numbers as typed (grouped with dots), with a fallback for empty", () => {
    const price = wholeNumber({ message: "bad", fallback: 5 });
    expect(price.parse("1.250.000")).toBe(1_250_000);
    expect(price.parse("")).toBe(5);
    expect(price.safeParse("12,5abc").success).toBe(false);
    expect(price.safeParse("-1").success).toBe(false);
    expect(price.safeParse("1.5e3").success).toBe(false);
    expect(optionalWholeNumber({ message: "bad" }).parse("  ")).toBeNull();
  });

  it("reads switches, line lists and reports the first message per field", () => {
    expect(checkbox().parse("true")).toBe(true);
    expect(checkbox().parse("false")).toBe(false);
    expect(checkbox().parse(undefined)).toBe(false);
    expect(lineList().parse("Diệt 99,9% vi khuẩn\r\n\n  Sạc USB-C ")).toEqual(["Diệt 99,9% vi khuẩn", "Sạc USB-C"]);
    const result = z.object({ a: z.string().min(2, "ngắn") }).safeParse({ a: "" });
    expect(result.success ? {} : fieldErrorsOf(result.error)).toEqual({ a: "ngắn" });
    const nested = z.object({ contact: z.object({ email: z.string().min(1, "trống") }) }).safeParse({ contact: { email: "" } });
    expect(nested.success ? {} : fieldErrorsOf(nested.error)).toEqual({ "contact.email": "trống" });
    expect(nested.success ? {} : fieldErrorsOf(nested.error, { leaf: true })).toEqual({ email: "trống" });
  });
});
