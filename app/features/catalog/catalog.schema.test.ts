import { describe, expect, it } from "vitest";
import {
  collectionHeading,
  countActiveFilters,
  emptyFilters,
  parseCatalogQuery,
  parsePrice,
  parseSort,
  parseView,
  restrictToCatalog,
  roundPriceBounds,
  serializeCatalogQuery,
} from "./catalog.schema";
import { productPath } from "./product-path";

const parse = (query: string) => parseCatalogQuery(new URLSearchParams(query));

describe("parseCatalogQuery", () => {
  it("gives the defaults for an empty query", () => {
    expect(parse("")).toEqual(emptyFilters);
  });

  it("reads every filter and the sort", () => {
    expect(
      parse(
        "availability=in-stock&min=100000&max=900000&color=blue&color=pink&feature=Sạc USB-C&use=Du lịch&material=Vỏ EVA&filter=bestsellers&sort=price-low-high",
      ),
    ).toEqual({
      availability: "in-stock",
      min: 100_000,
      max: 900_000,
      colors: ["blue", "pink"],
      features: ["Sạc USB-C"],
      useCases: ["Du lịch"],
      materials: ["Vỏ EVA"],
      bestsellers: true,
      sort: "price-low-high",
    });
  });

  it("ignores invalid values", () => {
    expect(parse("availability=maybe&min=abc&max=-5&color=green&color=BLUE&sort=random&filter=cheap")).toEqual({
      ...emptyFilters,
      colors: ["blue"],
    });
    expect(parse(`feature=${"x".repeat(101)}&feature=%20&use=a&use=a`)).toMatchObject({
      features: [],
      useCases: ["a"],
    });
    expect(parse("min=1e9&max=99999999999999")).toMatchObject({ min: null, max: null });
  });

  it("treats both availabilities as no filter, swaps a reversed price range", () => {
    expect(parse("availability=in-stock&availability=out-of-stock").availability).toBeNull();
    expect(parse("min=900000&max=100000")).toMatchObject({ min: 100_000, max: 900_000 });
  });

  it("caps repeated values", () => {
    const query = Array.from({ length: 40 }, (_, i) => `feature=f${i}`).join("&");
    expect(parse(query).features).toHaveLength(20);
  });
});

describe("serializeCatalogQuery", () => {
  it("leaves out defaults and round-trips", () => {
    expect(serializeCatalogQuery(emptyFilters).toString()).toBe("");
    const query =
      "availability=out-of-stock&min=100000&color=pink&feature=A&use=B&material=C&filter=bestsellers&sort=name-z-a";
    const filters = parse(query);
    expect(parseCatalogQuery(serializeCatalogQuery(filters))).toEqual(filters);
    expect(serializeCatalogQuery(filters, "list").get("view")).toBe("list");
  });
});

describe("small parsers", () => {
  it("parsePrice accepts grouped amounts only", () => {
    expect(parsePrice("100.000 ₫")).toBe(100_000);
    expect(parsePrice("1,5")).toBe(15);
    expect(parsePrice("")).toBeNull();
    expect(parsePrice(null)).toBeNull();
    expect(parsePrice("12abc")).toBeNull();
  });

  it("parseSort maps aliases, defaults otherwise", () => {
    expect(parseSort("bestselling")).toBe("best-selling");
    expect(parseSort("NAME-A-Z")).toBe("name-a-z");
    expect(parseSort("drop table")).toBe("featured");
  });

  it("parseSort finds no alias in Object's own properties (?sort=__proto__ was a 500)", () => {
    for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"])
      expect(parseSort(key)).toBe("featured");
  });

  it("parseView is grid unless list", () => {
    expect(parseView(new URLSearchParams("view=list"))).toBe("list");
    expect(parseView(new URLSearchParams("view=table"))).toBe("grid");
  });

  it("rounds price bounds out to 10,000 đ", () => {
    expect(roundPriceBounds(289_000, 1_290_001)).toEqual({ min: 280_000, max: 1_300_000 });
    expect(roundPriceBounds(null, null)).toEqual({ min: 0, max: 0 });
  });

  it("restrictToCatalog drops unknown values and bounds that filter nothing", () => {
    const filters = parse("color=pink&color=blue&feature=A&feature=Z&min=290000&max=500000");
    expect(
      restrictToCatalog(
        filters,
        { colors: ["pink"], features: ["A"], useCases: [], materials: [] },
        { min: 290_000, max: 1_290_000 },
      ),
    ).toMatchObject({ colors: ["pink"], features: ["A"], min: null, max: 500_000 });
  });

  it("counts active filters, not the sort", () => {
    expect(countActiveFilters(parse("sort=newest"))).toBe(0);
    expect(countActiveFilters(parse("color=pink&color=blue&min=1&availability=in-stock&filter=bestsellers"))).toBe(5);
  });

  it("builds product paths and collection headings", () => {
    expect(productPath({ categorySlug: "sterilizers", slug: "may-hong" })).toBe("/collections/sterilizers/may-hong");
    expect(collectionHeading("sterilizers")).toBe("catalog.collection.sterilizers");
    expect(collectionHeading("tablets")).toBe("catalog.collection.sterilizers");
    expect(collectionHeading("accessories")).toBe("catalog.collection.accessories");
    expect(collectionHeading("gift-boxes")).toBe("catalog.collection.bundles");
    expect(collectionHeading("bundles")).toBe("catalog.collection.bundles");
    expect(collectionHeading("other")).toBe("catalog.collection.sterilizers");
  });
});
