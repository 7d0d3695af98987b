import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ImageWithFallback } from "./image-with-fallback";

const render = (src: string) =>
  renderToStaticMarkup(createElement(ImageWithFallback, { src, alt: "Máy", width: 1200, height: 750, sizes: "50vw" }));

describe("ImageWithFallback markup", () => {
  it("offers AVIF, then WebP, then the img with its size for an upload that has AVIF files", () => {
    const html = render("/uploads/products/3/ab-avif-1200.webp");
    expect(html).toMatch(/^<picture class="contents"><source type="image\/avif" srcSet="[^"]+" sizes="50vw"\/><source type="image\/webp"/);
    expect(html).toContain('srcSet="/uploads/products/3/ab-avif-400.avif 400w, /uploads/products/3/ab-avif-800.avif 800w, /uploads/products/3/ab-avif-1200.avif 1200w"');
    expect(html).toContain('<img src="/uploads/products/3/ab-avif-1200.webp" alt="Máy" loading="lazy" decoding="async" width="1200" height="750"/>');
  });

  it("never points at AVIF files an older upload does not have", () => {
    const html = render("/uploads/products/3/ab-1200.webp");
    expect(html).not.toContain("avif");
    expect(html).toContain('<source type="image/webp" srcSet="/uploads/products/3/ab-400.webp 400w,');
  });

  it("renders a seeded SVG as a plain img", () => {
    expect(render("/images/products/uvc-sterilizer-white-front.svg")).toBe(
      '<img src="/images/products/uvc-sterilizer-white-front.svg" alt="Máy" loading="lazy" decoding="async" width="1200" height="750"/>',
    );
  });
});
