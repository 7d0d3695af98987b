import type { Locale } from "./locale";

/** A text or list the translator filled in (an empty one shows the Vietnamese value). */
function isFilled(value: unknown): boolean {
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.length > 0;
  return value !== null && value !== undefined;
}

/**
 * A row's fields in a language: Vietnamese as stored, or with each filled English field over it
 * (`translations` is the row's `{ en: { … } }`, decision 0021). Fields the row does not have are ignored.
 */
export function inLocale<Row extends object>(
  row: Row,
  translations: { en?: object } | null | undefined,
  locale: Locale,
): Row {
  const texts = locale === "en" ? translations?.en : undefined;
  if (!texts) return row;
  const result = { ...row } as Record<string, unknown>;
  for (const [field, value] of Object.entries(texts)) {
    if (field in row && isFilled(value)) result[field] = value;
  }
  return result as Row;
}
