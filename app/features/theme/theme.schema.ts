import { z } from "zod";

/**
 * The storefront palette (SPEC §3, §9): eight named colours, each exposed to CSS as
 * --color-brand-<key> (see app/app.css). Stored in the single theme row (theme.palette).
 */
export const paletteKeys = [
  "butter-yellow",
  "mint-green",
  "lavender",
  "coral",
  "cool-gray",
  "teal",
  "charcoal",
  "white",
] as const;
export type PaletteKey = (typeof paletteKeys)[number];

/** Admin labels for the colour pickers. */
export const paletteLabels: Record<PaletteKey, string> = {
  "butter-yellow": "Vàng bơ (Butter yellow)",
  "mint-green": "Xanh bạc hà (Mint green)",
  lavender: "Oải hương (Lavender)",
  coral: "San hô (Coral)",
  "cool-gray": "Xám lạnh (Cool gray)",
  teal: "Xanh mòng két (Teal)",
  charcoal: "Than chì (Charcoal)",
  white: "Trắng (White)",
};

/** SPEC §9 theme defaults. */
export const defaultPalette: Palette = {
  "butter-yellow": "#fce38a",
  "mint-green": "#a2e6d2",
  lavender: "#d8bfdb",
  coral: "#ffa69e",
  "cool-gray": "#63666a",
  teal: "#3aafa9",
  charcoal: "#222f38",
  white: "#f0f7f7",
};

/** A #rrggbb colour (#rgb is expanded), stored lower-case. */
export const hexColorSchema = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "Mã màu phải có dạng #RRGGBB")
  .transform((value) => {
    const hex = value.toLowerCase();
    return hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
  });

export const paletteSchema = z.object({
  "butter-yellow": hexColorSchema,
  "mint-green": hexColorSchema,
  lavender: hexColorSchema,
  coral: hexColorSchema,
  "cool-gray": hexColorSchema,
  teal: hexColorSchema,
  charcoal: hexColorSchema,
  white: hexColorSchema,
});
export type Palette = z.output<typeof paletteSchema>;

/**
 * A stored palette made safe to render: each valid colour is kept, each missing or invalid
 * one falls back to its default. Never throws.
 */
export function resolvePalette(raw: unknown): Palette {
  const source = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const palette = { ...defaultPalette };
  for (const key of paletteKeys) {
    const parsed = hexColorSchema.safeParse(source[key]);
    if (parsed.success) palette[key] = parsed.data;
  }
  return palette;
}
