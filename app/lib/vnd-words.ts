/**
 * An amount of đồng in Vietnamese words, as a shipping label or an invoice writes it:
 * 450000 → "Bốn trăm năm mươi nghìn đồng", 1005000 → "Một triệu không trăm linh năm nghìn đồng".
 * Whole đồng from 0 up to Number.MAX_SAFE_INTEGER.
 */

const DIGITS = ["không", "một", "hai", "ba", "bốn", "năm", "sáu", "bảy", "tám", "chín"];
/** Every three digits a new unit; after "tỷ" the units repeat ("nghìn tỷ", "triệu tỷ"). */
const UNITS = ["", "nghìn", "triệu", "tỷ", "nghìn tỷ", "triệu tỷ"];

/** Three digits; `full` when a higher group came before (then "không trăm", "linh" are read out). */
function readGroup(n: number, full: boolean): string[] {
  const hundreds = Math.floor(n / 100);
  const tens = Math.floor(n / 10) % 10;
  const units = n % 10;
  const words: string[] = [];
  if (full || hundreds > 0) words.push(DIGITS[hundreds], "trăm");
  if (tens === 0) {
    if (units > 0 && words.length > 0) words.push("linh");
  } else if (tens === 1) words.push("mười");
  else words.push(DIGITS[tens], "mươi");
  if (units === 0) return words;
  if (units === 1 && tens >= 2) words.push("mốt");
  else if (units === 5 && tens >= 1) words.push("lăm");
  else if (units === 4 && tens >= 2) words.push("tư");
  else words.push(DIGITS[units]);
  return words;
}

/** The number in words, lower case, without the currency ("một triệu không trăm linh năm nghìn"). */
export function numberToVietnameseWords(amount: number): string {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError("A whole, non-negative number is expected");
  if (amount === 0) return "không";
  const groups: number[] = [];
  for (let rest = amount; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    if (groups[i] === 0) continue;
    words.push(...readGroup(groups[i], words.length > 0));
    if (UNITS[i]) words.push(UNITS[i]);
  }
  return words.join(" ");
}

/** "Bốn trăm năm mươi nghìn đồng": capitalised, with the currency. */
export function vndInWords(amount: number): string {
  const words = numberToVietnameseWords(amount);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} đồng`;
}
