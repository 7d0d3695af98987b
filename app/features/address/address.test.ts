import { describe, expect, it } from "vitest";
import { addressCodesSchema, emptyAddress } from "./address.schema";
import {
  isKnownDistrict,
  isKnownProvince,
  listDistricts,
  listProvinces,
  listWards,
  resolveAddress,
} from "./address.server";

// Pure in-memory data from the bundled packages: no database, so this runs in the "unit" project.

describe("listProvinces", () => {
  it("has the 34 provinces and cities of the current structure, HCM then Hà Nội first", () => {
    const provinces = listProvinces("current");
    expect(provinces).toHaveLength(34);
    expect(provinces.slice(0, 2)).toEqual([
      { code: "79", name: "Thành phố Hồ Chí Minh" },
      { code: "01", name: "Thành phố Hà Nội" },
    ]);
    expect(provinces.every((p) => /^\d{2}$/.test(p.code))).toBe(true);
    expect(new Set(provinces.map((p) => p.code)).size).toBe(34);
  });

  it("has the 63 former provinces in the legacy structure", () => {
    const provinces = listProvinces("legacy");
    expect(provinces).toHaveLength(63);
    expect(provinces[0].code).toBe("79");
    expect(provinces.map((p) => p.name)).toContain("Tỉnh Bình Dương");
  });

  it("sorts the rest alphabetically in Vietnamese, ignoring Thành phố / Tỉnh", () => {
    const names = listProvinces("current")
      .slice(2)
      .map((p) => p.name);
    // An Giang, Bắc Ninh, Cà Mau, Cao Bằng, Thành phố Cần Thơ, Đắk Lắk …: Đ after D, Cần Thơ under C.
    expect(names.slice(0, 5)).toEqual(["An Giang", "Bắc Ninh", "Cà Mau", "Cao Bằng", "Thành phố Cần Thơ"]);
    expect(names.indexOf("Thành phố Đà Nẵng")).toBeLessThan(names.indexOf("Điện Biên"));
    expect(names.at(-1)).toBe("Vĩnh Long");
  });

  it("returns a copy the caller cannot use to corrupt the data", () => {
    const list = listProvinces("current");
    list.length = 0;
    expect(listProvinces("current")).toHaveLength(34);
  });
});

describe("listWards (current)", () => {
  it("lists the wards of Hồ Chí Minh City", () => {
    const wards = listWards("current", "79");
    expect(wards.length).toBeGreaterThan(100);
    expect(wards.every((w) => /^\d{5}$/.test(w.code))).toBe(true);
    expect(wards.map((w) => w.name)).toContain("Phường Sài Gòn");
  });

  it("has 3,321 wards in all", () => {
    const total = listProvinces("current").reduce((sum, p) => sum + listWards("current", p.code).length, 0);
    expect(total).toBe(3321);
  });

  it("answers [] for an unknown province", () => {
    expect(listWards("current", "00")).toEqual([]);
    expect(listWards("current", "")).toEqual([]);
    expect(isKnownProvince("current", "00")).toBe(false);
    expect(isKnownProvince("current", "79")).toBe(true);
  });
});

describe("legacy districts and wards", () => {
  it("lists HCM's former districts, Quận 1 … Quận 12 in numeric order", () => {
    const districts = listDistricts("79");
    expect(districts).toHaveLength(22);
    const names = districts.map((d) => d.name);
    expect(names.indexOf("Quận 2")).toBe(-1); // merged into Thủ Đức in 2021
    expect(names.indexOf("Quận 3")).toBeLessThan(names.indexOf("Quận 10"));
    expect(districts.find((d) => d.name === "Quận 1")).toEqual({ code: "760", name: "Quận 1" });
  });

  it("lists the wards of a former district", () => {
    const wards = listWards("legacy", "760");
    expect(wards.map((w) => w.name)).toEqual(expect.arrayContaining(["Phường Bến Nghé", "Phường Bến Thành"]));
    expect(isKnownDistrict("760")).toBe(true);
  });

  it("has 696 districts and 10,051 wards in all", () => {
    const districts = listProvinces("legacy").flatMap((p) => listDistricts(p.code));
    expect(districts).toHaveLength(696);
    expect(districts.reduce((sum, d) => sum + listWards("legacy", d.code).length, 0)).toBe(10051);
  });

  it("answers [] for unknown codes, and for an island district without wards", () => {
    expect(listDistricts("00")).toEqual([]);
    expect(listWards("legacy", "000")).toEqual([]);
    expect(isKnownDistrict("000")).toBe(false);
    expect(isKnownDistrict("755")).toBe(true); // Huyện Côn Đảo
    expect(listWards("legacy", "755")).toEqual([]);
  });
});

describe("resolveAddress", () => {
  it("resolves a current province and ward to their official names", () => {
    const ward = listWards("current", "79")[0];
    expect(resolveAddress({ structure: "current", provinceCode: "79", wardCode: ward.code })).toEqual({
      provinceName: "Thành phố Hồ Chí Minh",
      districtName: null,
      wardName: ward.name,
    });
    expect(
      resolveAddress({ structure: "current", provinceCode: "79", districtCode: "", wardCode: ward.code }),
    ).not.toBeNull();
  });

  it("resolves a matching legacy triple", () => {
    expect(resolveAddress({ structure: "legacy", provinceCode: "79", districtCode: "760", wardCode: "26740" })).toEqual(
      {
        provinceName: "Thành phố Hồ Chí Minh",
        districtName: "Quận 1",
        wardName: "Phường Bến Nghé",
      },
    );
  });

  it("reads a ward code within its structure (codes are reused across structures)", () => {
    expect(resolveAddress({ structure: "current", provinceCode: "79", wardCode: "26740" })?.wardName).toBe(
      "Phường Sài Gòn",
    );
    expect(
      resolveAddress({ structure: "legacy", provinceCode: "79", districtCode: "760", wardCode: "26740" })?.wardName,
    ).toBe("Phường Bến Nghé");
  });

  it("rejects codes that do not belong together", () => {
    const hanoiWard = listWards("current", "01")[0];
    // current: a Hà Nội ward under HCM
    expect(resolveAddress({ structure: "current", provinceCode: "79", wardCode: hanoiWard.code })).toBeNull();
    // current: a district given
    const hcmWard = listWards("current", "79")[0];
    expect(
      resolveAddress({ structure: "current", provinceCode: "79", districtCode: "760", wardCode: hcmWard.code }),
    ).toBeNull();
    // legacy: a Quận 1 ward under Quận 3 (770)
    expect(
      resolveAddress({ structure: "legacy", provinceCode: "79", districtCode: "770", wardCode: "26740" }),
    ).toBeNull();
    // legacy: an HCM district under Hà Nội
    expect(
      resolveAddress({ structure: "legacy", provinceCode: "01", districtCode: "760", wardCode: "26740" }),
    ).toBeNull();
  });

  it("rejects a legacy address without a district", () => {
    expect(resolveAddress({ structure: "legacy", provinceCode: "79", wardCode: "26740" })).toBeNull();
    expect(resolveAddress({ structure: "legacy", provinceCode: "79", districtCode: "", wardCode: "26740" })).toBeNull();
    expect(
      resolveAddress({ structure: "legacy", provinceCode: "79", districtCode: null, wardCode: "26740" }),
    ).toBeNull();
  });

  it("rejects unknown codes and garbage", () => {
    expect(resolveAddress({ structure: "current", provinceCode: "00", wardCode: "26740" })).toBeNull();
    expect(resolveAddress({ structure: "current", provinceCode: "79", wardCode: "99999" })).toBeNull();
    expect(
      resolveAddress({ structure: "legacy", provinceCode: "79", districtCode: "999", wardCode: "26740" }),
    ).toBeNull();
    expect(resolveAddress({ structure: "current", provinceCode: "", wardCode: "" })).toBeNull();
    expect(resolveAddress({ structure: "other" as "current", provinceCode: "79", wardCode: "26740" })).toBeNull();
    expect(
      resolveAddress({ structure: "current", provinceCode: 79 as unknown as string, wardCode: "26740" }),
    ).toBeNull();
    expect(resolveAddress({ structure: "current", provinceCode: "__proto__", wardCode: "constructor" })).toBeNull();
  });
});

describe("addressCodesSchema", () => {
  it("accepts the codes a form posts", () => {
    expect(
      addressCodesSchema.parse({ structure: "current", provinceCode: "79", districtCode: "", wardCode: "26734" }),
    ).toEqual({
      structure: "current",
      provinceCode: "79",
      districtCode: "",
      wardCode: "26734",
    });
    expect(
      addressCodesSchema.parse({ structure: "legacy", provinceCode: "79", districtCode: "760", wardCode: "26740" })
        .districtCode,
    ).toBe("760");
  });

  it("drops a district sent with a current address", () => {
    expect(
      addressCodesSchema.parse({ structure: "current", provinceCode: "79", districtCode: "760", wardCode: "26734" })
        .districtCode,
    ).toBe("");
  });

  it("reports missing fields with SPEC's messages", () => {
    const result = addressCodesSchema.safeParse({ ...emptyAddress, structure: "legacy" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({
      province: "checkout.errors.province",
      district: "checkout.errors.district",
      ward: "checkout.errors.ward",
    });
  });

  it("treats an unknown structure as current, and non-strings as empty", () => {
    const result = addressCodesSchema.safeParse({ structure: "mars", provinceCode: 79, wardCode: null });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["province", "ward"]);
  });
});
