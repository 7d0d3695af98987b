import { describe, expect, it } from "vitest";
import { listPageHref } from "./pagination";

describe("listPageHref", () => {
  it("is the list's own path for the first page without filters", () => {
    expect(listPageHref("/admin/orders", { q: undefined, status: "" }, 1)).toBe("/admin/orders");
  });

  it("keeps the filters that are set, in order, then the page past the first", () => {
    expect(listPageHref("/admin/orders", { q: "Lan Anh", status: undefined, archived: "1" }, 1)).toBe("?q=Lan+Anh&archived=1");
    expect(listPageHref("/admin/orders", { q: "a&b", status: "shipped" }, 3)).toBe("?q=a%26b&status=shipped&page=3");
    expect(listPageHref("/admin/customers", {}, 2)).toBe("?page=2");
  });
});
