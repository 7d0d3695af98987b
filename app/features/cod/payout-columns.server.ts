import { columnName, type SpreadsheetCell } from "~/lib/spreadsheet";
import { normalizeSearch } from "~/lib/text";

/*
 * Which column of a carrier's payout file holds what (decision 0056). Each carrier names its
 * columns its own way — GHN "Mã đơn GHN", "Tổng phí", "Ngày giao/trả"; GHTK "Mã đơn hàng",
 * "Phí ship", "Phí hoàn"; Viettel Post and J&T "Mã vận đơn", "Tiền COD", "Cước phí" — and next to
 * them put columns that look alike but are something else: the shop's own order code ("Mã đơn
 * hàng (shop)", "Mã đơn khách hàng", "Mã tham chiếu") and the parts of a total fee. So each
 * header gets a role and a rank (1 = the carrier's own, unmistakable name); the best-ranked
 * column of a role is used, and two columns sharing that best rank are an ambiguity the file
 * must not be guessed through.
 */

export type ColumnRole = "trackingCode" | "codAmount" | "fee" | "feePart" | "remittedOn";

/** A header's role and rank (1 is preferred over 2…). */
const names: Record<ColumnRole, Record<string, number>> = {
  trackingCode: {
    "ma van don": 1,
    "so van don": 1,
    "ma don ghn": 1,
    "ma don ghtk": 1,
    "ma don vtp": 1,
    "ma don j t": 1,
    "ma vd": 1,
    "ma buu gui": 1,
    "so hieu buu gui": 1,
    "ma phieu gui": 1,
    "ma bill": 1,
    "tracking code": 1,
    "tracking number": 1,
    waybill: 1,
    // GHTK's "Mã đơn hàng" is its own label code (S21.SG01…): the waybill when no other column is.
    "ma don hang": 2,
    "ma don": 2,
    "ma dh": 2,
    "order code": 2,
  },
  codAmount: {
    "tien thu ho": 1,
    "thu ho": 1,
    "so tien thu ho": 1,
    "tien thu ho cod": 1,
    "thu ho cod": 1,
    "tien cod": 1,
    cod: 1,
    "cod amount": 1,
    "tong thu ho": 1,
    "tong tien thu ho": 1,
  },
  // The fee the carrier kept for the parcel, whole: preferred over its parts.
  fee: {
    "tong phi": 1,
    "tong cuoc": 1,
    "tong cuoc phi": 1,
    "tong tien phi": 1,
    "total fee": 1,
    phi: 2,
    "cuoc phi": 2,
    fee: 2,
  },
  // Parts of the fee: summed when the file has no total.
  feePart: {
    "phi dich vu": 1,
    "phi van chuyen": 1,
    "phi giao hang": 1,
    "phi ship": 1,
    "cuoc van chuyen": 1,
    "cuoc chinh": 1,
    "shipping fee": 1,
    "phi hoan": 1,
    "phi hoan hang": 1,
    "phi chuyen hoan": 1,
    "phi tra hang": 1,
    "return fee": 1,
    "phi thu ho": 1,
    "phi cod": 1,
    "cod fee": 1,
    "phi bao hiem": 1,
    "phi khai gia": 1,
    "insurance fee": 1,
    "phu phi": 1,
    "phi giao lai": 1,
  },
  // The day the money was settled rather than the day the parcel was delivered, when a file has both.
  remittedOn: {
    "ngay doi soat": 1,
    "ngay thanh toan": 2,
    "ngay chuyen tien": 2,
    "ngay tra tien": 2,
    "ngay tra cod": 2,
    "payment date": 2,
    "ngay giao tra": 3,
    "ngay giao": 3,
    "ngay giao hang": 3,
    "ngay giao thanh cong": 3,
    "ngay hoan thanh": 3,
    "ngay ky nhan": 3,
    ngay: 4,
    date: 4,
  },
};

/** Words that make a code column the shop's own order code, never the carrier's waybill. */
const shopCodeWords = /\b(shop|khach hang|kh|tham chieu|client|reference|ref|noi bo|nguoi ban|rieng)\b/;

export interface HeaderCell {
  index: number;
  /** As written in the file. */
  text: string;
  /** "C" */
  column: string;
}

export interface ColumnChoice {
  /** Where each role's column is; fee parts are every part column. */
  at: Partial<Record<Exclude<ColumnRole, "feePart">, number>>;
  feeParts: number[];
  /** Roles with two or more best-ranked columns: what to tell staff. */
  ambiguous: Array<{ role: Exclude<ColumnRole, "feePart">; headers: HeaderCell[] }>;
  /** Code-like columns set aside as the shop's own codes. */
  shopCodes: HeaderCell[];
  /** How many headers were recognised (to find the header row under a title block). */
  recognised: number;
}

/** "Tiền thu hộ (VNĐ)" → "tien thu ho"; "Ngày giao/trả" → "ngay giao tra". */
function keyOf(text: string): string {
  return normalizeSearch(text.replace(/\([^)]*\)\s*$/, ""))
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const cellText = (cell: SpreadsheetCell | undefined) =>
  cell === null || cell === undefined ? "" : String(cell).trim();

/** Reads a row as a header row: which column plays which role. */
export function chooseColumns(row: SpreadsheetCell[]): ColumnChoice {
  const candidates = new Map<ColumnRole, Array<HeaderCell & { rank: number }>>();
  const shopCodes: HeaderCell[] = [];
  let recognised = 0;
  row.forEach((cell, index) => {
    const text = cellText(cell);
    if (text === "") return;
    const header = { index, text, column: columnName(index) };
    const key = keyOf(text);
    for (const role of Object.keys(names) as ColumnRole[]) {
      const rank = names[role][key];
      if (rank === undefined) continue;
      recognised++;
      if (role === "trackingCode" && shopCodeWords.test(normalizeSearch(text).replace(/[^a-z0-9]+/g, " "))) {
        shopCodes.push(header);
        continue;
      }
      candidates.set(role, [...(candidates.get(role) ?? []), { ...header, rank }]);
    }
    if (!names.trackingCode[key] && /^ma\b/.test(key) && shopCodeWords.test(key)) {
      // "Mã đơn khách hàng", "Mã tham chiếu", "Mã đơn shop": recognised so the header row is found.
      recognised++;
      shopCodes.push(header);
    }
  });
  const choice: ColumnChoice = {
    at: {},
    feeParts: (candidates.get("feePart") ?? []).map((c) => c.index),
    ambiguous: [],
    shopCodes,
    recognised,
  };
  for (const role of ["trackingCode", "codAmount", "fee", "remittedOn"] as const) {
    const found = candidates.get(role) ?? [];
    if (found.length === 0) continue;
    const best = Math.min(...found.map((c) => c.rank));
    const top = found.filter((c) => c.rank === best);
    if (top.length > 1)
      choice.ambiguous.push({ role, headers: top.map(({ index, text, column }) => ({ index, text, column })) });
    else choice.at[role] = top[0].index;
  }
  return choice;
}
