import type { Locale } from "./locale";

/**
 * A row's texts in the shop's second language (decision 0021): `{ en: { name: "…" } }`. A field
 * that is missing or empty shows the Vietnamese value.
 */
export type Translations<Fields> = { en?: Partial<Fields> };

export interface CategoryTexts {
  name: string;
  description: string;
}

export interface ProductTexts {
  name: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
  shelfLife: string;
  weight: string;
  features: string[];
  useCases: string[];
  materials: string[];
  badges: string[];
  tags: string[];
  tabDetails: string;
  tabUserGuide: string;
  tabSpecifications: string;
  tabWarnings: string;
  /** A variant's option value ("White"). */
  variantLabel?: string;
}

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

/** The prefix of a console form's English fields: "en_name" is the English of "name". */
export const ENGLISH_FIELD_PREFIX = "en_";

type EnglishField = `${typeof ENGLISH_FIELD_PREFIX}${string}`;

/**
 * A parsed console form split into the row's own fields and its `translations` (decision 0021):
 * each filled `en_<field>` becomes `translations.en.<field>`; an empty one is left out, so the
 * storefront shows the Vietnamese value for it.
 */
export function withEnglishFields<Values extends Record<string, unknown>, Texts>(
  values: Values,
): Omit<Values, EnglishField> & { translations: Translations<Texts> } {
  const own: Record<string, unknown> = {};
  const english: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    if (!field.startsWith(ENGLISH_FIELD_PREFIX)) own[field] = value;
    else if (isFilled(value)) english[field.slice(ENGLISH_FIELD_PREFIX.length)] = value;
  }
  return { ...own, translations: { en: english as Partial<Texts> } } as Omit<Values, EnglishField> & {
    translations: Translations<Texts>;
  };
}

/** A product image's two alt texts as stored: Vietnamese (`alt`) and English (`altEn`). */
export interface ImageAlts {
  alt: string;
  altEn: string;
}

/**
 * An image's alt text in a language: the English alt on the English site, the Vietnamese one on
 * the Vietnamese site. An empty one is the product's name in that language — never the other
 * language's alt, so a shopper meets one language only.
 */
export function imageAltIn(image: ImageAlts, nameInLocale: string, locale: Locale): string {
  const alt = locale === "en" ? image.altEn : image.alt;
  return alt.trim() || nameInLocale;
}
