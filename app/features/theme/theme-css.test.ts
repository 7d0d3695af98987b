import { describe, expect, it } from "vitest";
import { buildThemeCss, contrastRatio, hexToHsl, hslToHex, strongVariant } from "./theme-css";
import { defaultPalette } from "./theme.schema";

describe("theme CSS", () => {
  it("converts hex to HSL and back", () => {
    expect(hexToHsl("#ffffff")).toEqual({ h: 0, s: 0, l: 100 });
    expect(hexToHsl("#000")).toEqual({ h: 0, s: 0, l: 0 });
    expect(hexToHsl("#ff0000")).toEqual({ h: 0, s: 100, l: 50 });
    expect(hexToHsl("#3aafa9")).toEqual({ h: 176.9, s: 50.2, l: 45.7 });
    for (const hex of Object.values(defaultPalette)) expect(hslToHex(hexToHsl(hex))).toBe(hex);
  });

  it("builds one HSL custom property per palette colour plus the strong teal", () => {
    const css = buildThemeCss(defaultPalette);
    expect(css.startsWith(":root {\n")).toBe(true);
    expect(css).toContain("--color-brand-teal: hsl(176.9 50.2% 45.7%);");
    expect(css).toContain("--color-brand-butter-yellow: hsl(");
    expect(css).toContain("--color-brand-teal-strong: hsl(");
    expect(css.match(/--color-brand-/g)).toHaveLength(9);
    expect(css).not.toMatch(/[<>{}]\s*[^\n]*[<>]/);
  });

  it("keeps text teal readable on white whatever teal is chosen", () => {
    expect(strongVariant(defaultPalette.teal)).toBe("#1f7a76");
    for (const teal of ["#a2e6d2", "#ffff00", "#00ffff", "#3aafa9", "#123456"]) {
      expect(contrastRatio(strongVariant(teal), "#ffffff")).toBeGreaterThanOrEqual(4.5);
    }
  });
});
