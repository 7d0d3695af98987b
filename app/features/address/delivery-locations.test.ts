import { describe, expect, it } from "vitest";
import { listProvinces } from "./address.server";
import { translatorFor } from "~/server/i18n.server";
import { internationalLocations, locationName, provinceOfLocation, vietnamLocations } from "./delivery-locations";

describe("provinceOfLocation", () => {
  it("maps every Vietnam place to an official province of the current structure, by code and name", () => {
    const provinces = new Map(listProvinces("current").map((province) => [province.code, province.name]));
    for (const place of vietnamLocations) {
      const province = provinceOfLocation(place);
      expect(province, place).not.toBeNull();
      expect(provinces.get(province!.code), place).toBe(province!.name);
    }
    expect(provinceOfLocation("Bình Dương")?.name).toBe("Thành phố Hồ Chí Minh");
    expect(provinceOfLocation("Nha Trang")?.name).toBe("Khánh Hòa");
  });

  it("has no province for a place abroad, nothing chosen or an unknown name", () => {
    for (const place of internationalLocations) expect(provinceOfLocation(place)).toBeNull();
    expect(provinceOfLocation(null)).toBeNull();
    expect(provinceOfLocation("toString")).toBeNull();
  });
});

describe("locationName (issue 31: each site in its own language)", () => {
  it("names a country in the page's language and a place in Vietnam by its own name", () => {
    const vi = translatorFor("vi");
    const en = translatorFor("en");
    expect(internationalLocations.map((place) => locationName(place, vi))).toEqual([
      "Hoa Kỳ",
      "Singapore",
      "Pháp",
      "Nhật Bản",
      "Hàn Quốc",
      "Thái Lan",
      "Malaysia",
      "Úc",
      "Vương quốc Anh",
      "Đức",
    ]);
    expect(internationalLocations.map((place) => locationName(place, en))).toEqual([...internationalLocations]);
    expect(locationName("Hà Nội", vi)).toBe("Hà Nội");
    expect(locationName("Hà Nội", en)).toBe("Hà Nội");
  });
});
