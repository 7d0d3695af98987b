import { describe, expect, it } from "vitest";
import { checkContentValue, contentTypeFor } from "./content.schema";
import { contentDefaults } from "./defaults";
import { contentDefaultsVi } from "./defaults-vi";
import { MANUAL_PDF_URL } from "./manual";

/** Keys whose string value is not shopper-visible text: it must be the same in both languages. */
const nonTextKeys = new Set([
  "background_image",
  "image",
  "background_color",
  "color",
  "icon",
  "url",
  "manual_url",
  "support_email",
  "facebook",
  "instagram",
]);

/** Links to a file that exists in each language: the user manual's PDF. */
const perLanguageLinks = new Set(["manual_url"]);

/** Texts that rightly read the same in Vietnamese as in English: brand, hashtag, names, figures. */
const sameInBothLanguages = new Set([
  "UVC Care", // brand (why_choose heading highlight)
  "#UVCCareVN", // the shop's hashtag
  "Blog", // footer link, as the header's BLOG
  "COD", // the usual Vietnamese shorthand for cash on delivery
  "30+", // a feature card's figure
  "Nguyễn Thu Hà", // testimonial names
  "Trần Minh Khoa",
  "Lê Phương Anh",
]);

interface Leaf {
  path: string;
  key: string;
  en: unknown;
  vi: unknown;
}

/** Walks both trees side by side, checking their shape, and yields every pair of leaves. */
function* leaves(en: unknown, vi: unknown, path: string, key: string): Generator<Leaf> {
  if (Array.isArray(en)) {
    expect(Array.isArray(vi), `${path} is a list`).toBe(true);
    const list = vi as unknown[];
    expect(list.length, `${path} length`).toBe(en.length);
    for (const [index, item] of en.entries()) yield* leaves(item, list[index], `${path}[${index}]`, key);
    return;
  }
  if (en !== null && typeof en === "object") {
    expect(vi !== null && typeof vi === "object" && !Array.isArray(vi), `${path} is an object`).toBe(true);
    const object = vi as Record<string, unknown>;
    expect(Object.keys(object), `${path} keys`).toEqual(Object.keys(en));
    for (const [name, value] of Object.entries(en)) yield* leaves(value, object[name], `${path}.${name}`, name);
    return;
  }
  yield { path, key, en, vi };
}

/** Every pair of leaves, the shapes checked on the way (inside a test, so a mismatch names it). */
const allLeaves = () => [...leaves(contentDefaults, contentDefaultsVi, "defaults", "")];
const textLeaves = () =>
  allLeaves().filter(
    (leaf): leaf is Leaf & { en: string } => typeof leaf.en === "string" && !nonTextKeys.has(leaf.key),
  );

const placeholdersOf = (text: string) => text.match(/\{[a-z_]+\}/g) ?? [];

describe("Vietnamese built-in content", () => {
  it("has the same pages, sections, keys, list lengths and order as the English", () => {
    expect(Object.keys(contentDefaultsVi)).toEqual(Object.keys(contentDefaults));
    expect(allLeaves().length).toBeGreaterThan(100);
  });

  it("keeps every non-text value: images, colours, icons, ids, numbers, links, e-mail", () => {
    for (const leaf of allLeaves()) {
      if (typeof leaf.en === "string" && !nonTextKeys.has(leaf.key)) continue;
      if (perLanguageLinks.has(leaf.key)) continue;
      expect(leaf.vi, leaf.path).toStrictEqual(leaf.en);
    }
  });

  it("links the user manual in its own language", () => {
    expect(contentDefaultsVi.technology.manual.manual_url).toBe(MANUAL_PDF_URL.vi);
    expect(contentDefaults.technology.manual.manual_url).toBe(MANUAL_PDF_URL.en);
    expect(MANUAL_PDF_URL.vi).not.toBe(MANUAL_PDF_URL.en);
  });

  it("keeps every placeholder of the English text", () => {
    for (const leaf of textLeaves()) {
      expect(typeof leaf.vi, leaf.path).toBe("string");
      const vi = leaf.vi as string;
      for (const placeholder of placeholdersOf(leaf.en)) expect(vi, leaf.path).toContain(placeholder);
      expect(placeholdersOf(vi).length, leaf.path).toBe(placeholdersOf(leaf.en).length);
    }
  });

  it("translates every text, except the listed brand names, names and figures", () => {
    const untranslated = textLeaves()
      .filter((leaf) => leaf.vi === leaf.en)
      .map((leaf) => leaf.en);
    for (const text of untranslated) expect(sameInBothLanguages, `"${text}" is left in English`).toContain(text);
    expect(new Set(untranslated)).toEqual(sameInBothLanguages);
  });

  it("keeps the facts: every number of the English text, written the Vietnamese way", () => {
    for (const leaf of textLeaves()) {
      const vi = leaf.vi as string;
      for (const figure of leaf.en.match(/\d+/g) ?? [])
        expect(vi, leaf.path).toMatch(new RegExp(`(?<!\\d)${figure}(?!\\d)`));
      expect(vi, `${leaf.path} uses a decimal comma`).not.toMatch(/\d\.\d/);
    }
  });

  it("every value passes the storefront's content checks", () => {
    for (const [page, pageSections] of Object.entries(contentDefaultsVi)) {
      for (const [section, content] of Object.entries(pageSections as Record<string, Record<string, unknown>>)) {
        for (const [key, value] of Object.entries(content)) {
          const type = contentTypeFor(key);
          const raw = type === "json" ? JSON.stringify(value) : String(value);
          expect(checkContentValue(key, type, raw), `${page}/${section}/${key}`).toMatchObject({ ok: true });
        }
      }
    }
  });
});
