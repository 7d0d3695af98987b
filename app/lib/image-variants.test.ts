import { describe, expect, it } from "vitest";
import { pageWindow } from "~/components/ui/pagination";
import { imageAtWidth, imageSrcSet, uploadedKeysOf } from "./image-variants";

describe("image variants", () => {
  it("builds srcset for uploaded WebP images from their name", () => {
    expect(imageSrcSet("/uploads/products/3/ab-1200.webp")).toBe(
      "/uploads/products/3/ab-400.webp 400w, /uploads/products/3/ab-800.webp 800w, /uploads/products/3/ab-1200.webp 1200w",
    );
    expect(imageSrcSet("/uploads/products/3/ab-900.webp")).toBe(
      "/uploads/products/3/ab-400.webp 400w, /uploads/products/3/ab-800.webp 800w, /uploads/products/3/ab-900.webp 900w",
    );
    expect(imageSrcSet("/uploads/products/3/ab-300.webp")).toBe("/uploads/products/3/ab-300.webp 300w");
    expect(imageSrcSet("/images/products/uvc-sterilizer-white-front.svg")).toBeUndefined();
    expect(imageSrcSet("https://cdn.example/x-400.webp")).toBeUndefined();
  });

  it("builds an AVIF srcset only for uploads that have AVIF files (marked -avif)", () => {
    expect(imageSrcSet("/uploads/products/3/ab-avif-900.webp", "avif")).toBe(
      "/uploads/products/3/ab-avif-400.avif 400w, /uploads/products/3/ab-avif-800.avif 800w, /uploads/products/3/ab-avif-900.avif 900w",
    );
    expect(imageSrcSet("/uploads/products/3/ab-avif-900.webp")).toBe(
      "/uploads/products/3/ab-avif-400.webp 400w, /uploads/products/3/ab-avif-800.webp 800w, /uploads/products/3/ab-avif-900.webp 900w",
    );
    // Uploaded before AVIF output existed, or a seeded SVG: no AVIF source at all.
    expect(imageSrcSet("/uploads/products/3/ab-1200.webp", "avif")).toBeUndefined();
    expect(imageSrcSet("/images/products/uvc-sterilizer-white-front.svg", "avif")).toBeUndefined();
  });

  it("lists the storage keys of every file of an upload", () => {
    expect(uploadedKeysOf("/uploads/sections/ab-avif-800.webp").sort()).toEqual(
      ["sections/ab-avif-400.avif", "sections/ab-avif-400.webp", "sections/ab-avif-800.avif", "sections/ab-avif-800.webp"].sort(),
    );
    expect(uploadedKeysOf("/uploads/products/3/ab-1200.webp")).toEqual([
      "products/3/ab-400.webp",
      "products/3/ab-800.webp",
      "products/3/ab-1200.webp",
    ]);
    expect(uploadedKeysOf("/images/home/hero.svg")).toEqual([]);
    expect(uploadedKeysOf("https://cdn.example/x-400.webp")).toEqual([]);
  });

  it("picks a smaller variant when one exists", () => {
    expect(imageAtWidth("/uploads/products/3/ab-1200.webp", 400)).toBe("/uploads/products/3/ab-400.webp");
    expect(imageAtWidth("/uploads/products/3/ab-300.webp", 400)).toBe("/uploads/products/3/ab-300.webp");
    expect(imageAtWidth("/images/x.svg", 400)).toBe("/images/x.svg");
  });
});

describe("pagination window", () => {
  it("shows first, last and the neighbours of the current page with gaps", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10]);
  });
});
