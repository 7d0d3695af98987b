import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { MessageTree } from "../messages";
import { en } from "./en";
import { vi } from "./vi";

/** "a.b.c" for every text of a catalogue; a plural ({one, other}) is one text. */
function keysOf(tree: MessageTree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([name, value]) => {
    const key = prefix + name;
    if (typeof value === "string" || ("one" in value && "other" in value)) return [key];
    return keysOf(value, `${key}.`);
  });
}

const sources = readdirSync("app", { recursive: true, encoding: "utf8" })
  .filter((path) => /\.tsx?$/.test(path) && !/catalogue|\.test\.tsx?$/.test(path))
  .map((path) => readFileSync(`app/${path}`, "utf8"))
  .join("\n");

describe("the storefront's message catalogues", () => {
  it("have the same keys in Vietnamese and English", () => {
    expect(keysOf(en).sort()).toEqual(keysOf(vi).sort());
  });

  it("have no empty text", () => {
    for (const catalogue of [vi, en]) {
      for (const key of keysOf(catalogue)) {
        const value = key.split(".").reduce<unknown>((node, part) => (node as MessageTree)[part], catalogue);
        const texts = typeof value === "string" ? [value] : Object.values(value as object);
        for (const text of texts) expect(String(text).trim(), key).not.toBe("");
      }
    }
  });

  it("has every key used somewhere in the app, written out in full", () => {
    const unused = keysOf(vi).filter((key) => !sources.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });
});
