import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue 32 item 4, decision 0049: no source file over 600 lines, no route module over 150 (a route
// reads the request and calls features; its page and its parts live in the features).
const MAX_SOURCE_LINES = 600;
const MAX_ROUTE_LINES = 150;

/** Data, not code: seed rows, built-in page texts and the message catalogues. */
const dataFiles = [
  "app/features/seed/seed-data.ts",
  "app/features/content/defaults.ts",
  "app/features/content/defaults-vi.ts",
  "app/lib/i18n/catalogue/",
];

const root = path.resolve(__dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "test" && dir === "app" ? [] : sourceFiles(file);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const lineCount = (file: string) => readFileSync(path.join(root, file), "utf8").split("\n").length - 1;
const limitOf = (file: string) => (file.startsWith("app/routes/") ? MAX_ROUTE_LINES : MAX_SOURCE_LINES);
const isData = (file: string) => dataFiles.some((data) => file === data || (data.endsWith("/") && file.startsWith(data)));
const files = ["app", "server", "scripts"].flatMap(sourceFiles).filter((file) => !isData(file));

describe("source file sizes", () => {
  it(`keeps every source file within ${MAX_SOURCE_LINES} lines and every route module within ${MAX_ROUTE_LINES}`, () => {
    const over = files
      .filter((file) => lineCount(file) > limitOf(file))
      .map((file) => `${file}: ${lineCount(file)} lines (limit ${limitOf(file)})`);
    expect(over).toEqual([]);
  });

  it("counts the routes' and the features' files (the scan sees the tree)", () => {
    expect(files).toContain("app/routes/admin/index.tsx");
    expect(files).toContain("app/features/catalog/catalog.server.ts");
    expect(files.some((file) => file.endsWith(".test.ts"))).toBe(false);
  });
});
