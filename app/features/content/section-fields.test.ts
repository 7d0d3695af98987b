import { describe, expect, it } from "vitest";
import { jsonContentSchemas, type JsonContentKey } from "./content.schema";
import { contentDefaults } from "./defaults";
import { contentDefaultsVi } from "./defaults-vi";
import { contentKeyLabel, jsonEditors, sectionName } from "./section-fields";

/** Every (page, section, key) the seed writes, in both languages. */
function seededKeys(): Array<{ page: string; section: string; key: string }> {
  const out: Array<{ page: string; section: string; key: string }> = [];
  for (const defaults of [contentDefaults, contentDefaultsVi]) {
    for (const [page, sections] of Object.entries(defaults)) {
      for (const [section, content] of Object.entries(sections as Record<string, Record<string, unknown>>)) {
        for (const key of Object.keys(content)) out.push({ page, section, key });
      }
    }
  }
  return out;
}

describe("the sections editor's labels", () => {
  it("names every seeded content key in Vietnamese (no raw key shown to staff)", () => {
    const missing = seededKeys()
      .filter(({ section, key }) => !contentKeyLabel(section, key)?.label)
      .map(({ page, section, key }) => `${page}.${section}.${key}`);
    expect(missing).toEqual([]);
  });

  it("names every seeded section in Vietnamese", () => {
    const missing = seededKeys()
      .map(({ page, section }) => ({ page, section }))
      .filter(({ section }) => sectionName(section) === section || /_/.test(sectionName(section)))
      .map(({ page, section }) => `${page}.${section}`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it("has a row editor for every JSON key, covering every property of the seeded values", () => {
    expect(Object.keys(jsonEditors).sort()).toEqual(Object.keys(jsonContentSchemas).sort());
    for (const defaults of [contentDefaults, contentDefaultsVi]) {
      for (const sections of Object.values(defaults)) {
        for (const content of Object.values(sections as Record<string, Record<string, unknown>>)) {
          for (const [key, value] of Object.entries(content)) {
            const editor = jsonEditors[key as JsonContentKey];
            if (!editor) continue;
            if (editor.shape === "texts") {
              expect(Array.isArray(value), key).toBe(true);
              continue;
            }
            const known = new Set([...editor.fields.map((f) => f.name), "id", "number"]);
            const objects = editor.shape === "object" ? [value] : (value as object[]);
            for (const object of objects) {
              const unknown = Object.keys(object as object).filter((property) => !known.has(property));
              expect(unknown, `${key} has properties without a field`).toEqual([]);
            }
          }
        }
      }
    }
  });

  it("falls back to a readable key for an unknown section", () => {
    expect(sectionName("spring_sale")).toBe("Spring sale");
    expect(contentKeyLabel("hero", "no_such_key")).toBeNull();
  });
});
