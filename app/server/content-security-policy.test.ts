import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce } from "./content-security-policy.server";

const directive = (policy: string, name: string) =>
  policy
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name)
    ?.slice(1);

describe("contentSecurityPolicy", () => {
  it("allows scripts only from the shop with the page's nonce, never inline or eval", () => {
    const policy = contentSecurityPolicy({ nonce: "abc123" });
    expect(directive(policy, "script-src")).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy).not.toContain("unsafe-eval");
    expect(directive(policy, "object-src")).toEqual(["'none'"]);
    expect(directive(policy, "frame-ancestors")).toEqual(["'self'"]);
    expect(directive(policy, "form-action")).toEqual(["'self'"]);
  });

  it("lets images come from the shop, data: and blob: previews, and the bucket's public origin", () => {
    expect(directive(contentSecurityPolicy({ nonce: "n" }), "img-src")).toEqual(["'self'", "data:", "blob:"]);
    const withBucket = contentSecurityPolicy({ nonce: "n", imageOrigins: ["https://cdn.shop.vn"] });
    expect(directive(withBucket, "img-src")).toEqual(["'self'", "data:", "blob:", "https://cdn.shop.vn"]);
  });

  it("makes a different nonce for every render", () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()));
    expect(nonces.size).toBe(50);
  });
});
