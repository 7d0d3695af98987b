/**
 * Vietnamese-aware text helpers, safe in the browser and on the server.
 *
 * NFD splits "ạ" into "a" + combining marks, which are then removed; "đ" has no decomposition
 * and is mapped to "d" explicitly.
 */

const combiningMarks = /[\u0300-\u036f]/g;

/** Lower-case, accents removed, đ → d. */
function foldVietnamese(text: string): string {
  return text.normalize("NFD").replace(combiningMarks, "").replace(/đ/g, "d").replace(/Đ/g, "d").toLowerCase();
}

/**
 * A URL slug: "Bàn chải Đánh răng" → "ban-chai-danh-rang". Lower-case, accents stripped,
 * đ → d, every run of other characters becomes one hyphen, no hyphen at either end.
 */
export function slugify(text: string): string {
  return foldVietnamese(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The form in which text is stored and compared for search ("bàn  Chải" → "ban chai"):
 * lower-case, accents stripped, đ → d, whitespace collapsed to single spaces and trimmed.
 * Apply it to both the stored search_text and the query.
 */
export function normalizeSearch(text: string): string {
  return foldVietnamese(text).replace(/\s+/g, " ").trim();
}

/**
 * The words of a person's search, normalized ("Nguyễn  Thị Hoa" → nguyen, thi, hoa), at most 8:
 * a name matches when it holds every word, in any order.
 */
export function searchWords(text: string): string[] {
  return normalizeSearch(text).split(" ").filter(Boolean).slice(0, 8);
}

/**
 * The search_text stored for a row: every given part (name, description, colour, category…)
 * joined and normalized. Empty parts are skipped.
 */
export function searchTextOf(...parts: Array<string | null | undefined>): string {
  return normalizeSearch(parts.filter((part): part is string => Boolean(part)).join(" "));
}
