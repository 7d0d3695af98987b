import { columnName } from "~/lib/spreadsheet";
import { sheetXml, xlsxOf } from "./hostile-spreadsheets";

/*
 * Carriers' COD payout files shaped as they export them (decision 0056): a title block above the
 * header row, Vietnamese headers with and without accents, a shop-code column beside the
 * waybill, fees split in parts or totalled, thousands separators both ways, dates as text or as
 * Excel serials, blank lines, a totals row and a signature block at the bottom; CSV in UTF-8
 * with and without BOM, UTF-16 ("Unicode text"), Excel .xlsx with shared strings. Each comes with
 * every line the import must read from it: the waybill, the COD amount, the fee and the day.
 */

export interface PayoutLine {
  rowNumber: number;
  trackingCode: string;
  codAmount: number;
  fee: number;
  remittedOn: string | null;
}

export interface PayoutFile {
  name: string;
  carrierName: string;
  fileName: string;
  bytes: Uint8Array;
  lines: PayoutLine[];
}

type Cell = string | number | null;

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** An .xlsx as Excel writes it: text in shared strings, numbers (and date serials) as numbers. */
export function xlsxFile(rows: Cell[][]): Uint8Array {
  const strings: string[] = [];
  const xml = rows
    .map((row, r) => {
      const cells = row
        .map((value, c) => {
          const ref = `${columnName(c)}${r + 1}`;
          if (value === null || value === "") return "";
          if (typeof value === "number") return `<c r="${ref}" s="1"><v>${value}</v></c>`;
          strings.push(value);
          return `<c r="${ref}" t="s"><v>${strings.length - 1}</v></c>`;
        })
        .join("");
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join("");
  const sst = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}">${strings.map((s) => `<si><t xml:space="preserve">${escapeXml(s)}</t></si>`).join("")}</sst>`;
  return xlsxOf(sheetXml(xml), { sharedStrings: sst });
}

/** Excel's day serial of an ISO day (1900 date system). */
export const excelDay = (iso: string) => (Date.parse(`${iso}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000;

const utf8 = (text: string, bom = false) => new TextEncoder().encode((bom ? "\uFEFF" : "") + text);

function utf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    bytes[2 + i * 2] = text.charCodeAt(i) & 0xff;
    bytes[3 + i * 2] = text.charCodeAt(i) >> 8;
  }
  return bytes;
}

const csvField = (value: Cell, delimiter: string) => {
  const text = value === null ? "" : String(value);
  return text.includes(delimiter) || text.includes('"') || text.includes("\n") ? `"${text.replace(/"/g, '""')}"` : text;
};
const csv = (rows: Cell[][], delimiter = ",", eol = "\r\n") =>
  rows.map((row) => row.map((v) => csvField(v, delimiter)).join(delimiter)).join(eol) + eol;

const line = (rowNumber: number, trackingCode: string, codAmount: number, fee: number, remittedOn: string | null) => ({
  rowNumber,
  trackingCode,
  codAmount,
  fee,
  remittedOn,
});

// GHN: "Tổng phí" = "Phí dịch vụ" + "Phí hoàn"; the shop's own code ("Mã đơn hàng (shop)") beside GHN's.
const ghnTitle: Cell[][] = [
  ["CÔNG TY CỔ PHẦN DỊCH VỤ GIAO HÀNG NHANH"],
  ["BẢNG ĐỐI SOÁT THANH TOÁN TIỀN THU HỘ"],
  ["Mã phiên đối soát: 2611250173", null, null, "Cửa hàng: Mẹ Bé An Nhiên"],
  ["Từ ngày 18/11/2026 đến ngày 24/11/2026"],
  [],
];
const ghnHeader = [
  "STT",
  "Mã đơn GHN",
  "Mã đơn hàng (shop)",
  "Người nhận",
  "Trạng thái",
  "Ngày giao/trả",
  "Tiền thu hộ (COD)",
  "Phí dịch vụ",
  "Phí hoàn",
  "Tổng phí",
  "Thực nhận",
];

const ghnXlsx: PayoutFile = {
  name: "GHN .xlsx: title block, Tổng phí over Phí dịch vụ, Ngày giao/trả as date serials, totals and signature rows",
  carrierName: "GHN",
  fileName: "GHN_DoiSoat_2611250173.xlsx",
  bytes: xlsxFile([
    ...ghnTitle,
    ghnHeader,
    [1, "GYH7KQ4C", "10023", "Nguyễn Thị Lan", "Đã giao", excelDay("2026-11-19"), 450000, 22000, 0, 22000, 428000],
    [2, "GYH7KQ9P", "10031", "Trần Văn Minh", "Đã giao", excelDay("2026-11-20"), 1250000, 27500, 0, 27500, 1222500],
    [3, "GYH7KR2M", "10040", "Lê Hoa", "Đã trả hàng", excelDay("2026-11-22"), 0, 22000, 11000, 33000, -33000],
    ["Tổng cộng", null, null, null, null, null, 1700000, 71500, 11000, 82500, 1617500],
    [],
    [null, "Người lập biểu", null, null, null, "Kế toán trưởng"],
  ]),
  lines: [
    line(7, "GYH7KQ4C", 450_000, 22_000, "2026-11-19"),
    line(8, "GYH7KQ9P", 1_250_000, 27_500, "2026-11-20"),
    line(9, "GYH7KR2M", 0, 33_000, "2026-11-22"),
  ],
};

const ghnCsv: PayoutFile = {
  name: "GHN .csv: UTF-8 with BOM, amounts with dots, dates with times, blank lines",
  carrierName: "GHN",
  fileName: "GHN_DoiSoat_2611250174.csv",
  bytes: utf8(
    csv([
      ...ghnTitle,
      ghnHeader,
      [
        1,
        "GYH8AA01",
        "10052",
        "Phạm Thu, Q.3",
        "Đã giao",
        "25/11/2026 14:32",
        "1.234.000",
        "27.500",
        "0",
        "27.500",
        "1.206.500",
      ],
      [],
      [
        2,
        "GYH8AA07",
        "10058",
        "Đỗ Minh",
        "Đã trả hàng",
        "26/11/2026 09:05",
        "0",
        "22.000",
        "11.000",
        "33.000",
        "-33.000",
      ],
      ["Tổng cộng", null, null, null, null, null, "1.234.000", "49.500", "11.000", "60.500", "1.173.500"],
    ]),
    true,
  ),
  lines: [line(7, "GYH8AA01", 1_234_000, 27_500, "2026-11-25"), line(9, "GYH8AA07", 0, 33_000, "2026-11-26")],
};

// GHTK: "Mã đơn hàng" is GHTK's label code; no total fee, so "Phí ship" + "Phí hoàn" + "Phí bảo hiểm".
const ghtkCsv: PayoutFile = {
  name: "GHTK .csv: no BOM, “1,234,000” amounts quoted, fee in parts (Phí ship + Phí hoàn + Phí bảo hiểm)",
  carrierName: "GHTK",
  fileName: "ghtk-doi-soat-26-11.csv",
  bytes: utf8(
    csv([
      ["GIAO HÀNG TIẾT KIỆM - BẢNG KÊ ĐỐI SOÁT"],
      ["Phiên đối soát: 26/11/2026"],
      [],
      [
        "STT",
        "Mã đơn hàng",
        "Mã đơn hàng (shop)",
        "Tên khách hàng",
        "Ngày đối soát",
        "Tiền thu hộ",
        "Phí ship",
        "Phí hoàn",
        "Phí bảo hiểm",
        "Trạng thái",
      ],
      [1, "S21.SG01.A12.T7.8841", "10061", "Võ An", "26/11/2026", "1,234,000", "32,000", "0", "6,170", "Đã đối soát"],
      [2, "S21.SG01.A12.T7.8845", "10065", "Huỳnh Mai", "26/11/2026", "690,000", "22,000", "0", "0", "Đã đối soát"],
      [3, "S21.SG01.A12.T7.8850", "10070", "Ngô Tâm", "26/11/2026", "0", "22,000", "11,000", "0", "Đã trả hàng"],
      ["Tổng", null, null, null, null, "1,924,000", "76,000", "11,000", "6,170"],
    ]),
  ),
  lines: [
    line(5, "S21.SG01.A12.T7.8841", 1_234_000, 38_170, "2026-11-26"),
    line(6, "S21.SG01.A12.T7.8845", 690_000, 22_000, "2026-11-26"),
    line(7, "S21.SG01.A12.T7.8850", 0, 33_000, "2026-11-26"),
  ],
};

const ghtkXlsx: PayoutFile = {
  name: "GHTK .xlsx: headers without accents, “Ma don khach hang” set aside, ISO dates as text",
  carrierName: "GHTK",
  fileName: "GHTK_bang_ke.xlsx",
  bytes: xlsxFile([
    ["Bang ke doi soat COD"],
    ["STT", "Ma don hang", "Ma don khach hang", "Tien thu ho", "Phi ship", "Phi hoan", "Ngay doi soat"],
    [1, "S21.HN02.B3.9911", "10080", 560000, 18000, 0, "2026-11-27"],
    [2, "S21.HN02.B3.9912", "10081", "2.100.000", "25.000", null, "2026-11-27"],
  ]),
  lines: [
    line(3, "S21.HN02.B3.9911", 560_000, 18_000, "2026-11-27"),
    line(4, "S21.HN02.B3.9912", 2_100_000, 25_000, "2026-11-27"),
  ],
};

const viettelPost: PayoutFile = {
  name: "Viettel Post: UTF-16 tab-separated text, “Số hiệu bưu gửi”, “Cước phí”, dotted amounts",
  carrierName: "Viettel Post",
  fileName: "VTP_thanh_toan_COD.txt",
  bytes: utf16le(
    csv(
      [
        ["TỔNG CÔNG TY CỔ PHẦN BƯU CHÍNH VIETTEL"],
        ["BẢNG KÊ THANH TOÁN TIỀN COD"],
        [
          "STT",
          "Số hiệu bưu gửi",
          "Mã đơn khách hàng",
          "Người nhận",
          "Tiền thu hộ (VNĐ)",
          "Cước phí",
          "Ngày thanh toán",
        ],
        ["1", "1789012345678", "10090", "Đặng Quỳnh", "890.000", "30.500", "27/11/2026"],
        ["2", "1789012345690", "10093", "Bùi Hải", "1.050.000", "35.000", "27/11/2026"],
        ["", "", "", "Cộng", "1.940.000", "65.500", ""],
      ],
      "\t",
    ),
  ),
  lines: [
    line(4, "1789012345678", 890_000, 30_500, "2026-11-27"),
    line(5, "1789012345690", 1_050_000, 35_000, "2026-11-27"),
  ],
};

const jt: PayoutFile = {
  name: "J&T Express: semicolon CSV with BOM, “Mã vận đơn” over the shop's “Mã đơn hàng”, fee in parts, LF endings",
  carrierName: "J&T Express",
  fileName: "JT_COD_2611.csv",
  bytes: utf8(
    csv(
      [
        ["J&T EXPRESS - DANH SÁCH ĐƠN THANH TOÁN COD"],
        [],
        [
          "STT",
          "Mã vận đơn",
          "Mã đơn hàng",
          "Người nhận",
          "Tiền COD",
          "Phí vận chuyển",
          "Phí COD",
          "Phí hoàn hàng",
          "Ngày ký nhận",
        ],
        ["1", "852000123456", "10101", "Lý Nga", "399.000", "25.000", "3.990", "0", "24/11/2026"],
        ["2", "852000123470", "10107", "Mai Khôi", "0", "25.000", "0", "12.500", "25/11/2026"],
        ["Tổng cộng", "", "", "", "399.000", "50.000", "3.990", "12.500", ""],
      ],
      ";",
      "\n",
    ),
    true,
  ),
  lines: [line(4, "852000123456", 399_000, 28_990, "2026-11-24"), line(5, "852000123470", 0, 37_500, "2026-11-25")],
};

export const payoutFiles: PayoutFile[] = [ghnXlsx, ghnCsv, ghtkCsv, ghtkXlsx, viettelPost, jt];

/** Header rows whose columns cannot be chosen without guessing, and what the import answers. */
export const unclearPayoutFiles: Array<{ name: string; bytes: Uint8Array; message: string }> = [
  {
    name: "two columns named as the waybill",
    bytes: utf8(
      csv([
        ["Mã vận đơn", "Mã đơn GHN", "Tiền thu hộ"],
        ["GYH1", "GYH1", "450000"],
      ]),
    ),
    message:
      "Không rõ cột nào là “mã vận đơn”: “Mã vận đơn” (cột A) và “Mã đơn GHN” (cột B). Hãy xóa cột thừa trong tệp (giữ cột của hãng vận chuyển) rồi nhập lại.",
  },
  {
    name: "two COD columns",
    bytes: xlsxFile([
      ["Mã vận đơn", "Tiền thu hộ", "COD"],
      ["GYH1", 450000, 450000],
    ]),
    message:
      "Không rõ cột nào là “tiền thu hộ”: “Tiền thu hộ” (cột B) và “COD” (cột C). Hãy xóa cột thừa trong tệp (giữ cột của hãng vận chuyển) rồi nhập lại.",
  },
  {
    name: "two total fees",
    bytes: utf8(
      csv([
        ["Mã vận đơn", "Tiền thu hộ", "Tổng phí", "Tổng cước"],
        ["GYH1", "450000", "22000", "22000"],
      ]),
    ),
    message:
      "Không rõ cột nào là “tổng phí”: “Tổng phí” (cột C) và “Tổng cước” (cột D). Hãy xóa cột thừa trong tệp (giữ cột của hãng vận chuyển) rồi nhập lại.",
  },
  {
    name: "only the shop's own codes",
    bytes: utf8(
      csv([
        ["Mã đơn hàng (shop)", "Mã tham chiếu", "Mã đơn khách hàng", "Tiền thu hộ"],
        ["10023", "R1", "10023", "450000"],
      ]),
    ),
    message:
      "Không tìm thấy cột “mã vận đơn” (ví dụ: “Mã vận đơn”, “Mã đơn GHN”, “Mã đơn hàng”). Cột “Mã đơn hàng (shop)”, “Mã tham chiếu”, “Mã đơn khách hàng” là mã đơn của shop, không phải mã vận đơn của hãng. Các tiêu đề tìm thấy: “Mã đơn hàng (shop)”, “Mã tham chiếu”, “Mã đơn khách hàng”, “Tiền thu hộ”.",
  },
];
