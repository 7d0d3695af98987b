/**
 * Payout file readers (decision 0044): time against input size, to show the work is linear —
 * doubling the input should about double the time, never quadruple it. Each figure is the
 * median of `--runs` reads through parseRemittanceFile (wall time and the process's CPU time).
 *
 *   npx tsx bench/hostile-imports.ts [--runs 5]
 */
import { parseRemittanceFile } from "~/features/cod/remittance-file.server";
import { HEADER_ROW, lineRow, sheetXml, unclosedQuoteCsv, unclosedRows, xlsxOf } from "~/test/hostile-spreadsheets";

const runsArg = process.argv.indexOf("--runs");
const runs = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 5;

const utf8 = (text: string) => new TextEncoder().encode(text);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

interface Series {
  name: string;
  fileName: string;
  sizes: number[];
  file: (n: number) => Uint8Array;
}

const series: Series[] = [
  {
    name: "valid .xlsx, n lines (the real work: every cell read)",
    fileName: "a.xlsx",
    sizes: [2_500, 5_000, 10_000, 20_000],
    file: (n) => xlsxOf(sheetXml(HEADER_ROW + Array.from({ length: n }, (_, i) => lineRow(i + 2, `GHN${i}`, 1000)).join(""))),
  },
  {
    name: ".xlsx, n meaningless elements (refused at 3,000,000)",
    fileName: "a.xlsx",
    sizes: [250_000, 500_000, 1_000_000, 2_000_000],
    file: (n) => xlsxOf(sheetXml(HEADER_ROW + "<x/>".repeat(n))),
  },
  {
    name: ".xlsx, n unclosed <row> (refused at the second)",
    fileName: "a.xlsx",
    sizes: [128_000, 256_000, 512_000, 1_024_000],
    file: (n) => unclosedRows(n),
  },
  {
    name: "valid CSV, n lines",
    fileName: "a.csv",
    sizes: [2_500, 5_000, 10_000, 20_000],
    file: (n) =>
      utf8(`Mã vận đơn,Tiền thu hộ,Phí,Ngày\n${Array.from({ length: n }, (_, i) => `GHN${i},450.000,22.000,25/11/2026`).join("\n")}`),
  },
  {
    name: "CSV, quote never closed over n bytes (refused)",
    fileName: "a.csv",
    sizes: [625_000, 1_250_000, 2_500_000, 5_000_000],
    file: (n) => unclosedQuoteCsv(n),
  },
];

console.log(`| series | n | file | wall ms | CPU ms | × previous (CPU) |`);
console.log(`|---|---:|---:|---:|---:|---:|`);
for (const s of series) {
  let previous = 0;
  for (const n of s.sizes) {
    const bytes = s.file(n);
    const walls: number[] = [];
    const cpus: number[] = [];
    for (let r = 0; r < runs; r++) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      await parseRemittanceFile(s.fileName, bytes).catch(() => null);
      walls.push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      cpus.push((used.user + used.system) / 1000);
    }
    const cpu = median(cpus);
    console.log(
      `| ${s.name} | ${n.toLocaleString("en")} | ${(bytes.length / 1024).toFixed(0)} KB | ${median(walls).toFixed(1)} | ${cpu.toFixed(1)} | ${previous ? (cpu / previous).toFixed(2) : ""} |`,
    );
    previous = cpu;
  }
}
