import { describe, expect, it } from "vitest";
import { newsletterSignupSchema } from "./newsletter.schema";

describe("newsletterSignupSchema", () => {
  it("trims and lower-cases the address", () => {
    expect(newsletterSignupSchema.parse({ email: "  An.Nguyen@Example.VN ", source: "Shop" })).toEqual({
      email: "an.nguyen@example.vn",
      source: "shop",
    });
  });

  it("defaults the source to footer and records unknown ones as other", () => {
    expect(newsletterSignupSchema.parse({ email: "a@example.vn" }).source).toBe("footer");
    expect(newsletterSignupSchema.parse({ email: "a@example.vn", source: " " }).source).toBe("footer");
    expect(newsletterSignupSchema.parse({ email: "a@example.vn", source: "facebook-ad" }).source).toBe("other");
  });

  it("refuses what is not an e-mail address, with the form's message", () => {
    for (const email of ["", "  ", "abc", "a@b", "a@@example.vn", "a b@example.vn", `${"x".repeat(250)}@example.vn`]) {
      const result = newsletterSignupSchema.safeParse({ email });
      expect(result.success, email).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("pages.newsletter.invalidEmail");
    }
    expect(newsletterSignupSchema.safeParse({ email: 42 }).success).toBe(false);
  });
});
