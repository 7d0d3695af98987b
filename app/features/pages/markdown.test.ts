import { describe, expect, it } from "vitest";
import { markdownToText, renderMarkdown, safeImageSrc, safeLinkHref } from "./markdown";

describe("renderMarkdown: the subset", () => {
  it("renders headings, paragraphs, emphasis and lists", () => {
    const html = renderMarkdown(
      [
        "# Chính sách",
        "## Đổi trả",
        "### Điều kiện",
        "Trong **30 ngày** kể từ khi *nhận hàng*, _nguyên hộp_.",
        "Dòng thứ hai.",
        "",
        "- Một",
        "- Hai",
        "",
        "1. Bước một",
        "2. Bước hai",
      ].join("\n"),
    );
    expect(html).toBe(
      [
        "<h2>Chính sách</h2>",
        "<h2>Đổi trả</h2>",
        "<h3>Điều kiện</h3>",
        "<p>Trong <strong>30 ngày</strong> kể từ khi <em>nhận hàng</em>, <em>nguyên hộp</em>.<br>Dòng thứ hai.</p>",
        "<ul><li>Một</li><li>Hai</li></ul>",
        "<ol><li>Bước một</li><li>Bước hai</li></ol>",
      ].join("\n"),
    );
  });

  it("renders links of the accepted kinds, localising site paths", () => {
    const html = renderMarkdown(
      "[Điều khoản](/policies/terms), [web](https://bocongthuong.gov.vn), [thư](mailto:hi@uvccare.vn), [mục](#a)",
      { localizePath: (path) => `/en${path}` },
    );
    expect(html).toBe(
      '<p><a href="/en/policies/terms">Điều khoản</a>, <a href="https://bocongthuong.gov.vn" rel="noopener noreferrer">web</a>, ' +
        '<a href="mailto:hi@uvccare.vn">thư</a>, <a href="#a">mục</a></p>',
    );
  });

  it("renders images from our own files only", () => {
    expect(renderMarkdown("![Bàn chải](/uploads/pages/a.webp)")).toBe(
      '<p><img src="/uploads/pages/a.webp" alt="Bàn chải" loading="lazy" decoding="async"></p>',
    );
    expect(renderMarkdown("![ngoài](https://evil.example/x.png)")).toBe("<p>ngoài</p>");
    expect(renderMarkdown("![lùi](/uploads/../secret)")).toBe("<p>lùi</p>");
  });

  it("keeps snake_case, stray stars and escaped characters as text", () => {
    expect(renderMarkdown("snake_case_name và 2 * 3 * 4 và \\*không nghiêng\\*")).toBe(
      "<p>snake_case_name và 2 * 3 * 4 và *không nghiêng*</p>",
    );
  });
});

/** Payloads in the style of tests/e2e/xss.spec.ts: each must come out as text, never markup or a script URL. */
const payloads = [
  "<script>window.__xss=1</script>",
  '<img src=x onerror="window.__xss=1">',
  "<svg/onload=window.__xss=1>",
  '"><script>window.__xss=1</script>',
  "<a href=\"javascript:window.__xss=1\">x</a>",
  "<iframe srcdoc='<script>parent.__xss=1</script>'></iframe>",
  "</p><style>body{display:none}</style>",
  "&lt;script&gt;",
];

describe("renderMarkdown: XSS payloads stay text", () => {
  for (const payload of payloads) {
    it(`escapes ${payload}`, () => {
      const html = renderMarkdown(`# ${payload}\n\n${payload} **${payload}**\n\n- ${payload}`);
      expect(html).not.toMatch(/<(script|img|svg|iframe|style|a)\b/i);
      expect(html).toContain(payload.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;"));
    });
  }

  it("refuses script, data and protocol-relative link targets, keeping the text", () => {
    for (const href of [
      "javascript:window.__xss=1",
      "JaVaScRiPt:alert`1`",
      "java\tscript:alert`1`",
      "data:text/html;base64,PHNjcmlwdD4=",
      "vbscript:msgbox`1`",
      "//evil.example/x",
      "/\\evil.example",
      "http:/\\evil",
    ]) {
      const html = renderMarkdown(`[bấm](${href})`);
      expect(html, href).not.toMatch(/<a\b|href=/);
      expect(html, href).toMatch(/^<p>\[?bấm/);
    }
  });

  it("cannot break out of an attribute", () => {
    const html = renderMarkdown('[x](https://a.vn/"onmouseover="window.__xss=1) ![y"onerror="window.__xss=1](/uploads/a.webp)');
    expect(html).not.toMatch(/\s(onmouseover|onerror)=/i);
    expect(html).toContain('alt="y&quot;onerror=&quot;window.__xss=1"');
  });

  it("escapes link labels and keeps nested links out", () => {
    expect(renderMarkdown("[<b>x</b>](/a)")).toBe('<p><a href="/a">&lt;b&gt;x&lt;/b&gt;</a></p>');
  });
});

describe("link and image checks", () => {
  it("accepts http(s), site paths, anchors and mailto only", () => {
    expect(safeLinkHref("https://a.vn")).toBe("https://a.vn");
    expect(safeLinkHref("/policies/x")).toBe("/policies/x");
    expect(safeLinkHref("mailto:a@b.vn")).toBe("mailto:a@b.vn");
    expect(safeLinkHref("tel:19006868")).toBeNull();
    expect(safeLinkHref("ftp://a")).toBeNull();
    expect(safeImageSrc("/images/home/a.svg")).toBe("/images/home/a.svg");
    expect(safeImageSrc("/uploads/a b.webp")).toBeNull();
  });
});

describe("markdownToText", () => {
  it("drops the markup", () => {
    expect(markdownToText("## Tiêu đề\n\n**Đậm** và [liên kết](/a)\n- mục")).toBe("Tiêu đề Đậm và liên kết mục");
  });
});
