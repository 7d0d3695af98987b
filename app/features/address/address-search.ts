import { normalizeSearch } from "~/lib/text";
import type { AddressOption } from "./address.schema";

/**
 * Searching a province, district or ward list as a shopper types, safe in the browser.
 * Accents and case are ignored (normalizeSearch: "da nang" finds "Đà Nẵng", đ → d), every typed
 * word must appear in the name, and names that start with the query — with or without their
 * administrative prefix ("Thành phố", "Quận", "Phường" …) — come first.
 */

/** The administrative prefix a shopper rarely types, in normalized form. */
const unitPrefix = /^(thanh pho|tinh|quan|huyen|thi xa|thi tran|phuong|xa|dac khu) /;

export interface IndexedOption {
  option: AddressOption;
  /** normalizeSearch(name): "thanh pho ho chi minh". */
  text: string;
  /** Without the prefix: "ho chi minh". */
  bare: string;
}

export function indexOptions(options: AddressOption[]): IndexedOption[] {
  return options.map((option) => {
    const text = normalizeSearch(option.name);
    return { option, text, bare: text.replace(unitPrefix, "") };
  });
}

function rank(item: IndexedOption, query: string): number {
  if (item.bare === query || item.text === query) return 0;
  if (item.bare.startsWith(query) || item.text.startsWith(query)) return 1;
  return 2;
}

/** The options matching the query, best first (the list's own order among equals). */
export function filterOptions(indexed: IndexedOption[], rawQuery: string): AddressOption[] {
  const query = normalizeSearch(rawQuery);
  if (!query) return indexed.map((item) => item.option);
  const words = query.split(" ");
  return indexed
    .filter((item) => words.every((word) => item.text.includes(word)))
    .map((item, order) => ({ item, order, rank: rank(item, query) }))
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map(({ item }) => item.option);
}

/**
 * The one option whose whole name (with or without its prefix) is the query; undefined when
 * none or several match ("tan phu" may be both "Phường Tân Phú" and "Xã Tân Phú").
 */
export function exactOption(indexed: IndexedOption[], rawQuery: string): AddressOption | undefined {
  const query = normalizeSearch(rawQuery);
  if (!query) return undefined;
  const full = indexed.filter((item) => item.text === query);
  if (full.length === 1) return full[0].option;
  const bare = indexed.filter((item) => item.bare === query);
  return full.length === 0 && bare.length === 1 ? bare[0].option : undefined;
}
