import { defaultPalette, paletteKeys, type Palette } from "./theme.schema";

/**
 * The palette as CSS (SPEC "Admin theme": colours converted to hue/saturation/lightness). Safe
 * for the browser: the admin preview, the copied CSS and the storefront's <style> all use it.
 */

export interface Hsl {
  h: number;
  s: number;
  l: number;
}

function rgbOf(hex: string): [number, number, number] {
  const value = hex.replace("#", "");
  const full = value.length === 3 ? [...value].map((c) => c + c).join("") : value;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** "#3aafa9" → { h: 177.3, s: 50.4, l: 45.7 } (degrees, percent, percent; one decimal). */
export function hexToHsl(hex: string): Hsl {
  const [r, g, b] = rgbOf(hex).map((c) => c / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  let h = 0;
  let s = 0;
  const d = max - min;
  if (d !== 0) {
    s = d / (1 - Math.abs(2 * l - 1));
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
    if (h < 0) h += 360;
  }
  const round = (n: number) => Math.round(n * 10) / 10;
  return { h: round(h), s: round(s * 100), l: round(l * 100) };
}

/** { h, s, l } → "#rrggbb". */
export function hslToHex({ h, s, l }: Hsl): string {
  const sat = s / 100;
  const light = l / 100;
  const c = (1 - Math.abs(2 * light - 1)) * sat;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = light - c / 2;
  const [r, g, b] =
    h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  return `#${[r, g, b]
    .map((v) =>
      Math.round((v + m) * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

export function hslCss({ h, s, l }: Hsl): string {
  return `hsl(${h} ${s}% ${l}%)`;
}

function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The built-in strong teal (text and buttons on white) that goes with the default teal. */
const DEFAULT_TEAL_STRONG = "#1f7a76";

/**
 * The teal used for text and buttons on white: the palette's teal darkened (same hue) until it
 * reaches 4.5:1 on white, so a light teal never makes links unreadable.
 */
export function strongVariant(hex: string): string {
  if (hex.toLowerCase() === defaultPalette.teal) return DEFAULT_TEAL_STRONG;
  const hsl = hexToHsl(hex);
  let candidate = hex;
  for (let l = hsl.l; l >= 0; l -= 1) {
    candidate = hslToHex({ ...hsl, l });
    if (contrastRatio(candidate, "#ffffff") >= 4.6) return candidate;
  }
  return candidate;
}

/** The palette's CSS custom properties (each brand colour in HSL), as declarations. */
export function themeDeclarations(palette: Palette): Array<[string, string]> {
  const declarations: Array<[string, string]> = paletteKeys.map((key) => [
    `--color-brand-${key}`,
    hslCss(hexToHsl(palette[key])),
  ]);
  declarations.push(["--color-brand-teal-strong", hslCss(hexToHsl(strongVariant(palette.teal)))]);
  return declarations;
}

/**
 * The CSS the storefront applies and the admin copies:
 * `:root { --color-brand-teal: hsl(177.3 50.4% 45.7%); … }`. Only validated hex colours reach
 * it (see paletteSchema / resolvePalette), so the text is always plain numbers.
 */
export function buildThemeCss(palette: Palette): string {
  const lines = themeDeclarations(palette).map(([name, value]) => `  ${name}: ${value};`);
  return `:root {\n${lines.join("\n")}\n}`;
}
