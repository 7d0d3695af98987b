/** White or charcoal text, whichever contrasts more with a #rrggbb / #rgb background. */
export function readableTextOn(background: string): string {
  const charcoal = "#222f38";
  let hex = background.replace("#", "");
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join("");
  if (!/^[0-9a-f]{6}$/i.test(hex)) return "#ffffff";
  const luminance = relativeLuminance(hex);
  const withWhite = 1.05 / (luminance + 0.05);
  const withCharcoal = (luminance + 0.05) / (relativeLuminance("222f38") + 0.05);
  return withWhite >= withCharcoal ? "#ffffff" : charcoal;
}

function relativeLuminance(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
