import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce, pinInlineScripts } from "./content-security-policy.server";

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

describe("pinInlineScripts", () => {
  const hash = (content: string) => `'sha256-${createHash("sha256").update(content).digest("base64")}'`;

  it("swaps the nonce for the hashes of the inline scripts and removes it from the page", () => {
    const policy = contentSecurityPolicy({ nonce: "abc123==" });
    const html =
      '<script nonce="abc123==">a()</script><script type="module" nonce="abc123==">import "/x.js";</script>' +
      '<script src="/y.js" nonce="abc123=="></script><link rel="modulepreload" href="/z.js" nonce="abc123=="/>';
    const pinned = pinInlineScripts(policy, html)!;
    expect(pinned.policy).toContain(`script-src 'self' ${hash("a()")} ${hash('import "/x.js";')};`);
    expect(pinned.policy).not.toContain("nonce");
    expect(pinned.html).not.toContain("nonce");
    expect(pinned.html).toContain('<script src="/y.js"></script>');
  });

  it("leaves a policy without a nonce alone, and allows no inline script when the page has none", () => {
    expect(pinInlineScripts("default-src 'self'", "<script>a()</script>")).toBeNull();
    const pinned = pinInlineScripts(contentSecurityPolicy({ nonce: "n" }), "<p>no scripts</p>")!;
    expect(pinned.policy).toMatch(/script-src 'self';/);
  });
});
