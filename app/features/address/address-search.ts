import { normalizeSearch } from "~/lib/text";
import type { AddressOption } from "./address.schema";
import type { OtherProvinceName } from "./province-aliases";

/**
 * Searching a province, district or ward list as a shopper types, safe in the browser.
 * Accents and case are ignored (normalizeSearch: "da nang" finds "Đà Nẵng", đ → d), every typed
 * word must appear in the name, and names that start with the query — with or without their
 * administrative prefix ("Thành phố", "Quận", "Phường" …) — come first. A province is also found
 * by its other names (province-aliases.ts): a short form ("hcm", "TP.HCM", "sg") typed whole or
 * begun, or a province merged into it in 2025 ("binh duong"), which the result then names.
 */

/** The administrative prefix a shopper rarely types, in normalized form. */
const unitPrefix = /^(thanh pho|tinh|quan|huyen|thi xa|thi tran|phuong|xa|dac khu) /;

export interface IndexedOption {
  option: AddressOption;
  /** normalizeSearch(name): "thanh pho ho chi minh". */
  text: string;
  /** Without the prefix: "ho chi minh". */
  bare: string;
  /** Short forms, letters and digits only: "tphcm", "saigon". */
  aliases: string[];
  /** Provinces merged into this one, as shown and normalized. */
  formers: Array<{ name: string; text: string }>;
}

/** An option the query found; `formerName` when only a province merged into it matched. */
export type FoundOption = AddressOption & { formerName?: string };

/** Letters and digits only: "TP. HCM", "tp.hcm" and "tphcm" are the same short form. */
const compact = (text: string) => normalizeSearch(text).replace(/[^a-z0-9]/g, "");

/** A short form matches from two typed characters on ("h" alone is every other name). */
const ALIAS_MIN_LENGTH = 2;

export function indexOptions(
  options: AddressOption[],
  /** Other names by option code (province-aliases.ts's otherProvinceNames); none for districts and wards. */
  otherNames: (code: string) => OtherProvinceName[] = () => [],
): IndexedOption[] {
  return options.map((option) => {
    const text = normalizeSearch(option.name);
    const others = otherNames(option.code);
    return {
      option,
      text,
      bare: text.replace(unitPrefix, ""),
      aliases: others.filter((other) => !other.former).map((other) => compact(other.name)),
      formers: others
        .filter((other) => other.former)
        .map((other) => ({ name: other.name, text: normalizeSearch(other.name) })),
    };
  });
}

/** 0: the whole name, 1: the name's start, 2: somewhere in it, null: not every word is in it. */
function nameRank(text: string, bare: string, query: string, words: string[]): number | null {
  if (!words.every((word) => text.includes(word))) return null;
  if (bare === query || text === query) return 0;
  if (bare.startsWith(query) || text.startsWith(query)) return 1;
  return 2;
}

function aliasRank(item: IndexedOption, compactQuery: string): number | null {
  if (compactQuery.length < ALIAS_MIN_LENGTH) return null;
  if (item.aliases.includes(compactQuery)) return 0;
  return item.aliases.some((alias) => alias.startsWith(compactQuery)) ? 1 : null;
}

function match(item: IndexedOption, query: string, words: string[]): { rank: number; option: FoundOption } | null {
  const byName = nameRank(item.text, item.bare, query, words);
  const byAlias = aliasRank(item, compact(query));
  const best = Math.min(byName ?? 3, byAlias ?? 3);
  if (best < 3) return { rank: best, option: item.option };
  for (const former of item.formers) {
    const rank = nameRank(former.text, former.text, query, words);
    // After today's names that match as well: a former name is the roundabout way to a province.
    if (rank !== null) return { rank: rank + 0.5, option: { ...item.option, formerName: former.name } };
  }
  return null;
}

/** The options matching the query, best first (the list's own order among equals). */
export function filterOptions(indexed: IndexedOption[], rawQuery: string): FoundOption[] {
  const query = normalizeSearch(rawQuery);
  if (!query) return indexed.map((item) => item.option);
  const words = query.split(" ");
  return indexed
    .map((item, order) => ({ order, found: match(item, query, words) }))
    .filter((entry): entry is { order: number; found: NonNullable<typeof entry.found> } => entry.found !== null)
    .sort((a, b) => a.found.rank - b.found.rank || a.order - b.order)
    .map(({ found }) => found.option);
}

/**
 * The one option whose whole name (with or without its prefix), or else a short form ("hcm"), is
 * the query; undefined when none or several match ("tan phu" may be both "Phường Tân Phú" and "Xã Tân Phú").
 */
export function exactOption(indexed: IndexedOption[], rawQuery: string): AddressOption | undefined {
  const query = normalizeSearch(rawQuery);
  if (!query) return undefined;
  const full = indexed.filter((item) => item.text === query);
  if (full.length === 1) return full[0].option;
  const bare = indexed.filter((item) => item.bare === query);
  if (full.length === 0 && bare.length === 1) return bare[0].option;
  const alias = full.length === 0 && bare.length === 0 ? indexed.filter((item) => item.aliases.includes(compact(query))) : [];
  return alias.length === 1 ? alias[0].option : undefined;
}
