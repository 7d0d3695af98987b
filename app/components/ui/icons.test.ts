import { readFileSync } from "node:fs";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
// eslint-disable-next-line no-restricted-imports -- the reference: each icon must draw what lucide drew inline
import * as lucide from "lucide-react";
import { describe, expect, it } from "vitest";
import { currentIconSprite } from "../../../scripts/icon-sprite.mjs";
import * as icons from "./icons";

const sprite = readFileSync(new URL("./icons.svg", import.meta.url), "utf8");
const components = Object.entries(icons).filter(
  (entry): entry is [string, icons.IconComponent] => typeof entry[1] === "function",
);

/** The symbol an icon's <use> points at. */
function symbolOf(Icon: icons.IconComponent): string {
  const href = /<use href="([^"]*)"/.exec(renderToStaticMarkup(createElement(Icon)))?.[1] ?? "";
  return href.slice(href.indexOf("#") + 1);
}

/** A symbol's shapes in the sprite. */
function shapesOf(id: string): string | undefined {
  return new RegExp(`<symbol id="${id}" viewBox="0 0 24 24">(.*?)</symbol>`).exec(sprite)?.[1];
}

describe("icons.svg", () => {
  it("is the generator's output for the icons icons.tsx names (regenerate: node scripts/icon-sprite.mjs)", async () => {
    expect(sprite).toBe(await currentIconSprite());
  });

  it("has a symbol for every icon the module exports", () => {
    expect(components.length).toBeGreaterThan(100);
    for (const [name, Icon] of components) expect(shapesOf(symbolOf(Icon)), name).toBeDefined();
  });

  it("draws each icon with the shapes lucide-react's component of the same name renders", () => {
    for (const [name, Icon] of components) {
      const Lucide = (lucide as unknown as Record<string, ComponentType>)[name];
      expect(Lucide, name).toBeDefined();
      const inline = /^<svg[^>]*>(.*)<\/svg>$/.exec(renderToStaticMarkup(createElement(Lucide!)))?.[1];
      // React closes every element; the sprite writes empty ones as <path/>.
      expect(inline?.replace(/><\/(path|circle|rect|line|polyline|polygon|ellipse)>/g, "/>"), name).toBe(
        shapesOf(symbolOf(Icon)),
      );
    }
  });
});

describe("an icon", () => {
  const { Star, X } = icons;

  it("renders lucide's outer <svg> around a <use> of its symbol, hidden from assistive technology", () => {
    const html = renderToStaticMarkup(createElement(Star, { className: "size-4 fill-amber-500" }));
    expect(html).toMatch(
      /^<svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="size-4 fill-amber-500"><use href="[^"]*icons[^"#]*\.svg[^"#]*#star"><\/use><\/svg>$/,
    );
  });

  it("takes lucide's size and the svg's own attributes (stroke width, fill, style, handlers)", () => {
    const html = renderToStaticMarkup(
      createElement(X, { size: 16, strokeWidth: 3, fill: "currentColor", style: { color: "red" } }),
    );
    expect(html).toContain('width="16" height="16"');
    expect(html).toContain('stroke-width="3"');
    expect(html).toContain('fill="currentColor"');
    expect(html).toContain('style="color:red"');
    expect(html).not.toContain('fill="none"');
  });

  it("stays visible to assistive technology when given a name or a role, as lucide's icons do", () => {
    for (const props of [{ "aria-label": "Đóng" }, { role: "img" }, { title: "Đóng" }]) {
      expect(renderToStaticMarkup(createElement(X, props))).not.toContain("aria-hidden");
    }
    expect(renderToStaticMarkup(createElement(X, { "aria-hidden": true }))).toContain('aria-hidden="true"');
  });
});
