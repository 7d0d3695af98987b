import { z } from "zod";
import { isSiteOrHttpUrl } from "~/lib/urls";

/** SPEC §5 / §9: meta title at most 60 characters, meta description at most 160. */
export const META_TITLE_MAX = 60;
export const META_DESCRIPTION_MAX = 160;

/** "/shop/" → "/shop"; "" → "/". page_seo rows are stored and looked up in this form. */
export function normalizeSeoPath(path: string): string {
  const withoutQuery = path.split(/[?#]/)[0] ?? "/";
  const trimmed = withoutQuery.trim().replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}

/** "uvc, , bàn chải ,UVC " → ["uvc", "bàn chải", "UVC"]: split by comma, trimmed, empties dropped. */
export function parseKeywords(text: string): string[] {
  return text
    .split(",")
    .map((k) => k.trim())
    .filter((k) => k !== "");
}

/**
 * The JSON-LD text of the editor: empty → null; otherwise it must parse (the parse error's own
 * message is shown) and be a JSON object.
 */
export function parseStructuredData(
  text: string,
): { ok: true; value: Record<string, unknown> | null } | { ok: false; error: string } {
  if (text.trim() === "") return { ok: true, value: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    return { ok: false, error: "Dữ liệu có cấu trúc phải là một đối tượng JSON ({ … })" };
  }
  return { ok: true, value: parsed as Record<string, unknown> };
}


const optionalUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(2000, "Đường dẫn quá dài")
    .transform((v) => (v === "" ? null : v))
    .refine((v) => v === null || isSiteOrHttpUrl(v), message);

/** What the SEO editor sends (all strings, as typed), parsed into a page_seo row. */
export const pageSeoFormSchema = z.object({
  pagePath: z
    .string()
    .trim()
    .min(1, "Vui lòng nhập đường dẫn trang")
    .max(300, "Đường dẫn quá dài")
    .transform(normalizeSeoPath)
    .refine((v) => /^\/[^\s]*$/.test(v), "Đường dẫn trang không được chứa khoảng trắng (ví dụ: /about)"),
  metaTitle: z
    .string()
    .trim()
    .max(META_TITLE_MAX, `Tiêu đề tối đa ${META_TITLE_MAX} ký tự`)
    .transform((v) => (v === "" ? null : v)),
  metaDescription: z
    .string()
    .trim()
    .max(META_DESCRIPTION_MAX, `Mô tả tối đa ${META_DESCRIPTION_MAX} ký tự`)
    .transform((v) => (v === "" ? null : v)),
  keywords: z
    .string()
    .max(2000, "Từ khóa quá dài")
    .transform(parseKeywords),
  canonicalUrl: optionalUrl("URL chuẩn phải là đường dẫn bắt đầu bằng / hoặc URL http(s)://"),
  ogImage: optionalUrl("Ảnh Open Graph phải là đường dẫn bắt đầu bằng / hoặc URL http(s)://"),
  structuredData: z
    .string()
    .max(50_000, "Dữ liệu có cấu trúc quá dài")
    .transform((text, ctx) => {
      const result = parseStructuredData(text);
      if (result.ok) return result.value;
      ctx.addIssue({ code: "custom", message: result.error });
      return z.NEVER;
    }),
});

export type PageSeoInput = z.input<typeof pageSeoFormSchema>;
export type PageSeoValues = z.output<typeof pageSeoFormSchema>;

/** JSON-LD presets of the structured-data tab (SPEC: organization, website, product at 28.99 USD). */
export function structuredDataPresets(storeName: string, origin: string) {
  return {
    organization: {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: storeName,
      url: origin,
      logo: `${origin}/favicon.svg`,
    },
    website: {
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: storeName,
      url: origin,
      potentialAction: {
        "@type": "SearchAction",
        target: `${origin}/shop?q={search_term_string}`,
        "query-input": "required name=search_term_string",
      },
    },
    product: {
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Portable UVC Toothbrush Sterilizer",
      brand: { "@type": "Brand", name: storeName },
      offers: { "@type": "Offer", price: "28.99", priceCurrency: "USD", availability: "https://schema.org/InStock" },
    },
  } as const;
}
export type StructuredDataPreset = keyof ReturnType<typeof structuredDataPresets>;
