/**
 * Code 128 (code set B) barcodes, drawn as inline SVG (the shipping label's barcode of the order
 * number: couriers' scanners read it). No dependency: the symbology is a table and a checksum.
 */

/** Bar/space widths in modules for the symbol values 0–106 (ISO/IEC 15417); 106 is the stop, with its final bar. */
const PATTERNS = [
  "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",
  "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",
  "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",
  "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",
  "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",
  "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
  "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",
  "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",
  "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
  "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",
  "114131", "311141", "411131", "211412", "211214", "211232", "2331112",
]; // prettier-ignore

export const CODE128_START_B = 104;
export const CODE128_STOP = 106;

/** The symbol values of a text in code set B: start, one per character, checksum, stop. Printable ASCII only. */
export function code128Values(text: string): number[] {
  if (!/^[\x20-\x7e]+$/.test(text)) throw new RangeError("Code 128 B encodes printable ASCII only");
  const data = [...text].map((ch) => ch.charCodeAt(0) - 32);
  // The checksum: the start value plus each value times its position (from 1), modulo 103.
  const checksum = data.reduce((sum, value, i) => sum + value * (i + 1), CODE128_START_B) % 103;
  return [CODE128_START_B, ...data, checksum, CODE128_STOP];
}

export interface Code128Bars {
  /** Total width in modules (quiet zones not included). */
  modules: number;
  /** Each dark bar: its start and width in modules. */
  bars: { x: number; width: number }[];
}

/** The bars of a text's barcode. */
export function code128Bars(text: string): Code128Bars {
  const bars: { x: number; width: number }[] = [];
  let x = 0;
  for (const value of code128Values(text)) {
    [...PATTERNS[value]].forEach((digit, i) => {
      const width = Number(digit);
      if (i % 2 === 0) bars.push({ x, width }); // even positions are bars, odd ones spaces
      x += width;
    });
  }
  return { modules: x, bars };
}

/** The pattern table's widths, for the tests. */
export const code128Pattern = (value: number): string => PATTERNS[value];
