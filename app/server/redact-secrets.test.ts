import { describe, expect, it } from "vitest";
import { redactSecrets, SECRET_MASK } from "./redact-secrets.server";

const M = SECRET_MASK;
const token = "Qm9ndXMtdG9rZW4tZm9yLWEtdGVzdC1vbmx5LTQzY2g"; // 43 base64url characters, like the shop's

describe("redactSecrets", () => {
  it("masks the token segment of token-bearing paths, whatever follows it", () => {
    expect(redactSecrets(`/admin/invitation/${token}`)).toBe(`/admin/invitation/${M}`);
    expect(redactSecrets(`/admin/invitation/${token}.data`)).toBe(`/admin/invitation/${M}`);
    expect(redactSecrets(`/admin/invitation/${token}?_data=x`)).toBe(`/admin/invitation/${M}?_data=x`);
    expect(redactSecrets("/api/carriers/ghn/webhook/s3cr3t-Abc_123")).toBe(`/api/carriers/ghn/webhook/${M}`);
    expect(redactSecrets(`/api/auth/reset-password/${token}`)).toBe(`/api/auth/reset-password/${M}`);
  });

  it("masks token query parameters (newsletter confirmation, unsubscribe, review links) and keeps the others", () => {
    expect(redactSecrets(`/newsletter/confirm?token=${token}`)).toBe(`/newsletter/confirm?token=${M}`);
    expect(redactSecrets("/en/newsletter/unsubscribe?token=MTI.c2lnbmF0dXJl")).toBe(`/en/newsletter/unsubscribe?token=${M}`);
    expect(redactSecrets(`/reviews/new?lang=vi&token=${token}#top`)).toBe(`/reviews/new?lang=vi&token=${M}#top`);
    expect(redactSecrets("/x?Secret=abc&page=2&sig=def")).toBe(`/x?Secret=${M}&page=2&sig=${M}`);
    expect(redactSecrets("/order-lookup?number=DH000123")).toBe("/order-lookup?number=DH000123");
  });

  it("masks every link of an e-mail body, plain text or HTML, and leaves other text alone", () => {
    const text = `Xin chào,\nMở liên kết:\nhttps://shop.vn/admin/invitation/${token}\n\nHủy: https://shop.vn/newsletter/unsubscribe?token=MTI.c2ln`;
    expect(redactSecrets(text)).toBe(
      `Xin chào,\nMở liên kết:\nhttps://shop.vn/admin/invitation/${M}\n\nHủy: https://shop.vn/newsletter/unsubscribe?token=${M}`,
    );
    const html = `<a href="https://shop.vn/reviews/new?lang=en&amp;token=${token}">https://shop.vn/reviews/new?lang=en&amp;token=${token}</a>`;
    expect(redactSecrets(html)).toBe(
      `<a href="https://shop.vn/reviews/new?lang=en&amp;token=${M}">https://shop.vn/reviews/new?lang=en&amp;token=${M}</a>`,
    );
    expect(redactSecrets(html)).not.toContain(token);
    expect(redactSecrets("/admin/orders/1")).toBe("/admin/orders/1");
    expect(redactSecrets("Đơn hàng DH000123 đang được giao")).toBe("Đơn hàng DH000123 đang được giao");
  });
});
