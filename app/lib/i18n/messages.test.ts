import { describe, expect, it } from "vitest";
import { translate } from "./messages";

const messages = {
  cart: { title: "Cart", count: { one: "{count} item", other: "{count} items" } },
  greeting: "Hello {name}, {name}!",
};

describe("translate", () => {
  it("finds a nested text and fills its placeholders", () => {
    expect(translate(messages, "en", "cart.title")).toBe("Cart");
    expect(translate(messages, "en", "greeting", { name: "Hoa" })).toBe("Hello Hoa, Hoa!");
  });

  it("picks the plural form by count, in the language's rules", () => {
    expect(translate(messages, "en", "cart.count", { count: 1 })).toBe("1 item");
    expect(translate(messages, "en", "cart.count", { count: 0 })).toBe("0 items");
    // Vietnamese has one form only: "other".
    expect(translate(messages, "vi", "cart.count", { count: 1 })).toBe("1 items");
  });

  it("shows the key for a text the catalogue lacks, and leaves unknown placeholders", () => {
    expect(translate(messages, "en", "cart.missing")).toBe("cart.missing");
    expect(translate(messages, "en", "cart")).toBe("cart");
    expect(translate(messages, "en", "greeting", {})).toBe("Hello {name}, {name}!");
  });
});
