import { z } from "zod";
import { isLinkUrl, isSiteOrHttpUrl } from "~/lib/urls";

/**
 * Shapes of the JSON content values (section_content rows with content_type 'json').
 * Shared by the storefront (which falls back to the default when a saved value does not
 * match) and the admin sections editor (which shows a valid/invalid indicator).
 */

const id = z.union([z.string().min(1), z.number().int()]);
const text = z.string().trim().min(1);

/**
 * URLs that end up in href/src. Only a site path or http(s) (links also mailto: and tel:): a
 * javascript: or data: URL saved by mistake or by a stolen admin session never reaches a page.
 */
export const IMAGE_URL_MESSAGE = "Ảnh phải là đường dẫn bắt đầu bằng / hoặc URL http(s)://";
export const LINK_URL_MESSAGE = "Liên kết phải là đường dẫn bắt đầu bằng /, URL http(s)://, mailto: hoặc tel:";
const imageUrlValue = z.string().trim().refine(isSiteOrHttpUrl, IMAGE_URL_MESSAGE);
const linkUrlValue = z.string().trim().refine(isLinkUrl, LINK_URL_MESSAGE);
/** Social profile links: empty (hidden) or http(s). */
const socialUrlValue = z
  .string()
  .trim()
  .regex(/^(?:https?:\/\/\S+)?$/i, "Liên kết mạng xã hội phải là URL http(s):// (hoặc để trống)");

export const featureSchema = z.object({
  id,
  /** A lucide icon name in kebab-case or PascalCase (see components/content-icon.tsx). */
  icon: z.string(),
  title: text,
  description: z.string(),
  /** A short figure shown on the card, e.g. "99.9%". */
  highlight: z.string().optional(),
});

export const benefitSchema = z.object({
  id,
  icon: z.string(),
  title: text,
  items: z.array(text).min(1),
  /** A brand palette name: mint-green, lavender, butter-yellow, coral, teal. */
  color: z.string(),
});

export const stepSchema = z.object({
  number: z.union([z.number().int(), z.string().min(1)]),
  title: text,
  description: z.string(),
});

export const testimonialSchema = z.object({
  id,
  name: text,
  role: z.string(),
  text: text,
  rating: z.number().min(0).max(5),
});

export const indicatorSchema = z.object({
  id,
  icon: z.string(),
  title: text,
  description: z.string(),
  badge: z.string(),
});

export const galleryImageSchema = z.object({
  id,
  /** A path under /images or an absolute https URL. */
  image: imageUrlValue,
  alt: z.string(),
});

export const linkSchema = z.object({ text: text, url: linkUrlValue });

export const socialLinksSchema = z.object({
  facebook: socialUrlValue,
  instagram: socialUrlValue,
});

export const articleSchema = z.object({
  id,
  title: text,
  excerpt: z.string(),
  category: z.string(),
  /** Shown as a badge, e.g. "Coming soon". */
  status: z.string(),
  /** A picture for the card: a site path or an http(s) URL. */
  image: imageUrlValue.optional(),
  image_alt: z.string().optional(),
  /** A free date label, e.g. "December 2026". */
  date: z.string().optional(),
  /** Where the article can be read; without it the card is not a link. */
  url: linkUrlValue.optional(),
});

/** A label and its value (technology page specifications). */
export const specSchema = z.object({ label: text, value: text });

/** Every JSON content key the storefront knows, with its shape. */
export const jsonContentSchemas = {
  features: z.array(featureSchema),
  benefits: z.array(benefitSchema),
  steps: z.array(stepSchema),
  testimonials: z.array(testimonialSchema),
  indicators: z.array(indicatorSchema),
  images: z.array(galleryImageSchema),
  about_links: z.array(linkSchema),
  support_links: z.array(linkSchema),
  social_links: socialLinksSchema,
  /** About page, why_choose section: a list of plain strings. */
  items: z.array(text),
  articles: z.array(articleSchema),
  specs: z.array(specSchema),
} as const;

export type JsonContentKey = keyof typeof jsonContentSchemas;
export type Feature = z.infer<typeof featureSchema>;
export type Benefit = z.infer<typeof benefitSchema>;
export type Step = z.infer<typeof stepSchema>;
export type Testimonial = z.infer<typeof testimonialSchema>;
export type Indicator = z.infer<typeof indicatorSchema>;
export type GalleryImage = z.infer<typeof galleryImageSchema>;
export type ContentLink = z.infer<typeof linkSchema>;
export type SocialLinks = z.infer<typeof socialLinksSchema>;
export type Article = z.infer<typeof articleSchema>;
export type Spec = z.infer<typeof specSchema>;

export const contentTypes = ["text", "image", "color", "json"] as const;
export type ContentType = (typeof contentTypes)[number];

export function isJsonContentKey(key: string): key is JsonContentKey {
  return Object.hasOwn(jsonContentSchemas, key);
}

/** Content keys stored as an image path and as a colour; every other non-JSON key is text. */
const imageKeys = new Set(["background_image", "image"]);
const colorKeys = new Set(["background_color"]);

/** The content_type a key is seeded with. */
export function contentTypeFor(key: string): ContentType {
  if (isJsonContentKey(key)) return "json";
  if (imageKeys.has(key) || key.endsWith("_image")) return "image";
  if (colorKeys.has(key) || key.endsWith("_color")) return "color";
  return "text";
}

/** Texts and JSON (which holds texts) have a value per language; images and colours one for both. */
export function isTranslatable(type: ContentType): boolean {
  return type === "text" || type === "json";
}

const hexColor = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export type ContentCheck = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * Checks a raw stored value for a key: JSON keys must parse and match their shape, colours
 * must be hex, images a path or http(s) URL, text must not be blank. Used by the storefront
 * merge and by the admin editor's valid/invalid indicator.
 */
export function checkContentValue(key: string, contentType: string, raw: string | null | undefined): ContentCheck {
  if (raw == null || raw.trim() === "") return { ok: false, error: "empty" };
  if (contentType === "json" || isJsonContentKey(key)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch (error) {
      return { ok: false, error: `invalid JSON: ${(error as Error).message}` };
    }
    if (!isJsonContentKey(key)) return { ok: true, value: parsed };
    const result = jsonContentSchemas[key].safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0];
      return { ok: false, error: `${issue?.path.join(".") || "value"}: ${issue?.message ?? "invalid"}` };
    }
    return { ok: true, value: result.data };
  }
  if (contentType === "color") {
    const value = raw.trim();
    return hexColor.test(value) ? { ok: true, value } : { ok: false, error: "not a hex colour (#rrggbb)" };
  }
  if (contentType === "image") {
    const value = raw.trim();
    return isSiteOrHttpUrl(value) ? { ok: true, value } : { ok: false, error: "not an image path or http(s) URL" };
  }
  return { ok: true, value: raw };
}
