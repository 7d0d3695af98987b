/**
 * Vietnamese alphabetical order without ICU (PGlite and a C-locale PostgreSQL have none, and a
 * default collation puts "Đen" after "Xanh"). Letters sort by the Vietnamese alphabet
 * (a ă â b c d đ e ê … o ô ơ … u ư …), then by tone (none, huyền, hỏi, ngã, sắc, nặng), ignoring
 * case. The same table drives SQL (`translate()`, see vietnameseOrder) and the browser
 * (compareVietnamese), so a list sorts the same wherever it is sorted.
 */
const ALPHABET = [..."aăâbcdđeêfghijklmnoôơpqrstuưvwxyz"];
const VOWELS = new Set([..."aăâeêioôơuưy"]);
/** Combining marks in tone order: none, grave (huyền), hook (hỏi), tilde (ngã), acute (sắc), dot below (nặng). */
const TONES = ["", "\u0300", "\u0309", "\u0303", "\u0301", "\u0323"];

function buildTable() {
  let from = "";
  let primary = "";
  let secondary = "";
  ALPHABET.forEach((letter, index) => {
    // One ASCII character per letter, in alphabet order, above digits and spaces ("A" … "a").
    const code = String.fromCharCode(0x41 + index);
    const tones = VOWELS.has(letter) ? TONES : [""];
    tones.forEach((tone, toneIndex) => {
      for (const cased of [letter, letter.toUpperCase()]) {
        from += (cased + tone).normalize("NFC");
        primary += code;
        secondary += String(toneIndex);
      }
    });
  });
  return { from, primary, secondary };
}

/** `translate(text, from, primary)` and `translate(text, from, secondary)`: one character each. */
export const vietnameseSortTable = buildTable();

const primaryOf = new Map<string, string>();
const secondaryOf = new Map<string, string>();
[...vietnameseSortTable.from].forEach((char, i) => {
  primaryOf.set(char, vietnameseSortTable.primary[i]);
  secondaryOf.set(char, vietnameseSortTable.secondary[i]);
});

/** The two keys a text sorts by (compare primary first, then secondary), as SQL computes them. */
export function vietnameseSortKeys(text: string): [primary: string, secondary: string] {
  const chars = [...text.normalize("NFC")];
  return [chars.map((c) => primaryOf.get(c) ?? c).join(""), chars.map((c) => secondaryOf.get(c) ?? c).join("")];
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Vietnamese alphabetical order for Array.prototype.sort. */
export function compareVietnamese(a: string, b: string): number {
  const [pa, sa] = vietnameseSortKeys(a);
  const [pb, sb] = vietnameseSortKeys(b);
  return compareCodeUnits(pa, pb) || compareCodeUnits(sa, sb);
}
