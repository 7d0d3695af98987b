import type { Locale } from "~/lib/i18n/locale";

/**
 * The user manual's built-in PDF in each storefront language, written by
 * scripts/make-user-manual-pdf.mjs into public/downloads. The technology page's defaults link
 * them, and the page falls back to them when the saved link is not a usable URL.
 */
export const MANUAL_PDF_URL: Record<Locale, string> = {
  vi: "/downloads/huong-dan-su-dung-may-tiet-trung-uvc.pdf",
  en: "/downloads/uvc-sterilizer-user-manual.pdf",
};
