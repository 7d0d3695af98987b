import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider, type AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import type { ProductSummary } from "~/features/catalog/catalog-types";
import { ProductCard } from "~/features/catalog/components/product-card";
import { coloursNamedIn } from "~/features/catalog/search-text";
import { I18nProvider } from "~/lib/i18n/i18n-context";
import type { Locale } from "~/lib/i18n/locale";
import { setUpTestDatabase } from "~/test/database";
import { callRoute } from "~/test/route-call";
import * as searchPage from "./search";
import * as shopPage from "./shop";

// Issue 31, item 3: "Hồng" chosen on the home page (/shop?color=pink), in a collection's filter or
// named in a search leads to a pink card and a product page with pink selected (?variant=).
const BASE = "http://localhost:3000";
const database = await setUpTestDatabase({ seed: "shop" });
const context = { database, env: {} } as unknown as AppLoadContext;

async function shopProducts(path: string): Promise<ProductSummary[]> {
  const answer = await callRoute(shopPage.loader, new Request(new URL(path, BASE)), context, {});
  expect(answer.status).toBe(200);
  return (answer.body as { products: ProductSummary[] }).products;
}

/** The card as the server renders it (no JavaScript): its image and its link. */
function card(product: ProductSummary, colours: ProductSummary["swatches"][number]["color"][] = [], locale: Locale = "vi") {
  const element = createElement(I18nProvider, {
    locale,
    messages: null,
    children: createElement(ProductCard, { product, colours: colours.filter((colour) => colour !== null) }),
  });
  const router = createMemoryRouter([{ path: "/", element }]);
  const html = renderToStaticMarkup(createElement(RouterProvider, { router }));
  return {
    image: /<img src="([^"]+)"/.exec(html)?.[1],
    // The card's links to the product (its name and its "choose colour" button), not its icons' sprite.
    links: [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]).filter((href) => href.includes("/collections/")),
  };
}

const sterilizerOf = (products: ProductSummary[]) => {
  const product = products.find((item) => item.swatches.some((swatch) => swatch.color === "pink"));
  expect(product).toBeDefined();
  return product as ProductSummary;
};

describe("a colour filter on the listing", () => {
  it("gives the card the colour's variant image and a link to that variant, in both languages", async () => {
    for (const [path, locale] of [
      ["/shop?color=pink", "vi"],
      ["/en/shop?color=pink", "en"],
    ] as const) {
      const product = sterilizerOf(await shopProducts(path));
      const pink = product.swatches.find((swatch) => swatch.color === "pink");
      expect(pink?.image?.url).toMatch(/uvc-sterilizer-pink-front/);
      const shown = card(product, ["pink"], locale);
      expect(shown.image).toMatch(/uvc-sterilizer-pink-front/);
      const prefix = locale === "en" ? "/en" : "";
      expect(shown.links).toContain(`${prefix}/collections/sterilizers/${product.slug}?variant=${pink?.id}`);
      expect(shown.links.every((link) => link.endsWith(`?variant=${pink?.id}`))).toBe(true);
    }
  });

  it("leaves the card as it is without a colour filter", async () => {
    const product = sterilizerOf(await shopProducts("/shop"));
    const shown = card(product);
    expect(shown.image).toMatch(/uvc-sterilizer-white-front/);
    expect(shown.links).toContain(`/collections/sterilizers/${product.slug}`);
    expect(shown.links.some((link) => link.includes("variant="))).toBe(false);
  });

  it("shows the first chosen colour the product has when several are chosen", async () => {
    const product = sterilizerOf(await shopProducts("/shop?color=pink&color=blue"));
    const first = product.swatches.find((swatch) => swatch.color === "blue" || swatch.color === "pink");
    expect(card(product, ["pink", "blue"]).links).toContain(`/collections/sterilizers/${product.slug}?variant=${first?.id}`);
  });
});

describe("a search naming a colour", () => {
  it("knows the colour in either language, and the results' cards show it", async () => {
    expect(coloursNamedIn("máy hồng")).toEqual(["pink"]);
    expect(coloursNamedIn("Pink case")).toEqual(["pink"]);
    expect(coloursNamedIn("xanh duong")).toEqual(["blue"]);
    expect(coloursNamedIn("máy tiệt trùng")).toEqual([]);
    const answer = await callRoute(searchPage.loader, new Request(`${BASE}/search?q=${encodeURIComponent("máy hồng")}`), context, {});
    const { query, results } = answer.body as { query: string; results: ProductSummary[] };
    const product = sterilizerOf(results);
    const pink = product.swatches.find((swatch) => swatch.color === "pink");
    expect(card(product, coloursNamedIn(query)).links).toContain(`/collections/sterilizers/${product.slug}?variant=${pink?.id}`);
  });
});
