/**
 * Placeholders editors may write in any text content, filled in when a page is rendered:
 * `{free_shipping_threshold}`, `{standard_fee}`, `{store_pickup_fee}` (the delivery terms checkout
 * offers, from settings, formatted in đ: features/checkout/delivery-promise.ts) and `{year}`.
 */
export type PlaceholderValues = Record<string, string>;

const placeholder = /\{([a-z_]+)\}/g;

export function fillText(text: string, values: PlaceholderValues): string {
  return text.replace(placeholder, (match, name: string) => (Object.hasOwn(values, name) ? values[name] : match));
}

/** Fills placeholders in every string of a content value (objects and arrays included). */
export function fillPlaceholders<T>(value: T, values: PlaceholderValues): T {
  if (typeof value === "string") return fillText(value, values) as T;
  if (Array.isArray(value)) return value.map((item) => fillPlaceholders(item, values)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillPlaceholders(v, values)])) as T;
  }
  return value;
}
