import { describe, expect, it } from "vitest";
import { exactOption, filterOptions, indexOptions } from "./address-search";

const provinces = indexOptions([
  { code: "79", name: "Thành phố Hồ Chí Minh" },
  { code: "01", name: "Thành phố Hà Nội" },
  { code: "48", name: "Thành phố Đà Nẵng" },
  { code: "66", name: "Đắk Lắk" },
  { code: "42", name: "Hà Tĩnh" },
  { code: "56", name: "Khánh Hòa" },
]);

const names = (list: { name: string }[]) => list.map((o) => o.name);

describe("filterOptions", () => {
  it("ignores accents and case, and đ → d", () => {
    expect(names(filterOptions(provinces, "ho chi minh"))).toEqual(["Thành phố Hồ Chí Minh"]);
    expect(names(filterOptions(provinces, "da nang"))).toEqual(["Thành phố Đà Nẵng"]);
    expect(names(filterOptions(provinces, "ĐÀ NẴNG"))).toEqual(["Thành phố Đà Nẵng"]);
    expect(names(filterOptions(provinces, "dak lak"))).toEqual(["Đắk Lắk"]);
    expect(names(filterOptions(provinces, "khanh hoa"))).toEqual(["Khánh Hòa"]);
  });

  it("needs every word, in any order, anywhere in the name", () => {
    expect(names(filterOptions(provinces, "minh ho"))).toEqual(["Thành phố Hồ Chí Minh"]);
    expect(names(filterOptions(provinces, "  ha   noi "))).toEqual(["Thành phố Hà Nội"]);
    expect(filterOptions(provinces, "ha noi xyz")).toEqual([]);
  });

  it("puts names starting with the query first, prefix or not", () => {
    // "ha" is in Hà Nội, Hà Tĩnh, Khánh Hòa ("khanh"), Thành phố … ("thanh"): starts first.
    expect(names(filterOptions(provinces, "ha"))).toEqual([
      "Thành phố Hà Nội",
      "Hà Tĩnh",
      "Thành phố Hồ Chí Minh",
      "Thành phố Đà Nẵng",
      "Khánh Hòa",
    ]);
    const districts = indexOptions([
      { code: "770", name: "Quận 3" },
      { code: "771", name: "Quận 10" },
      { code: "760", name: "Quận 1" },
    ]);
    expect(names(filterOptions(districts, "1"))).toEqual(["Quận 1", "Quận 10"]);
    expect(names(filterOptions(districts, "quan 1"))).toEqual(["Quận 1", "Quận 10"]);
  });

  it("returns the whole list for an empty or blank query", () => {
    expect(filterOptions(provinces, "")).toHaveLength(6);
    expect(filterOptions(provinces, "   ")).toHaveLength(6);
  });
});

describe("exactOption", () => {
  it("finds the one option named by the whole query, with or without its prefix", () => {
    expect(exactOption(provinces, "ha noi")?.code).toBe("01");
    expect(exactOption(provinces, "Thành phố Hà Nội")?.code).toBe("01");
    expect(exactOption(provinces, "ha")).toBeUndefined();
    expect(exactOption(provinces, "")).toBeUndefined();
  });

  it("refuses to guess between two options with the same bare name", () => {
    const wards = indexOptions([
      { code: "1", name: "Phường Tân Phú" },
      { code: "2", name: "Xã Tân Phú" },
    ]);
    expect(exactOption(wards, "tan phu")).toBeUndefined();
    expect(exactOption(wards, "xa tan phu")?.code).toBe("2");
  });
});
