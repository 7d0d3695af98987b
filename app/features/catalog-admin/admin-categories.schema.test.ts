import { describe, expect, it } from "vitest";
import { categoryInputSchema } from "./admin-categories.schema";

describe("categoryInputSchema", () => {
  it("parses the category display order as an integer, 0 when it is not a number", () => {
    const base = { name: "A", slug: "a" };
    expect(categoryInputSchema.parse({ ...base, displayOrder: "3" }).displayOrder).toBe(3);
    expect(categoryInputSchema.parse({ ...base, displayOrder: "abc" }).displayOrder).toBe(0);
    expect(categoryInputSchema.parse({ ...base, displayOrder: "" }).displayOrder).toBe(0);
  });
});
