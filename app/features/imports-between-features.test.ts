import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Features compose at the route (decision 0048): the folders of app/features import each other
// without a loop, and no two files of ours import each other — `import type` included, which
// import/no-cycle does not see. Tests are left out: a test may drive a higher feature (placing an
// order through checkout to test stock) without the code depending on it.

const app = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const repository = path.join(app, "..");

function sourcesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourcesUnder(at);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [at] : [];
  });
}

const specifierPattern = /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** The files of ours that `file` imports (static, type-only, re-exports and dynamic imports). */
function importsOf(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  return [...source.matchAll(specifierPattern)].flatMap((match) => {
    const specifier = match[1] ?? match[2];
    const base = specifier.startsWith("~/")
      ? path.join(app, specifier.slice(2))
      : specifier.startsWith(".")
        ? path.resolve(path.dirname(file), specifier)
        : null;
    if (!base) return [];
    const resolved = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"].map((ending) => base + ending).find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
    return resolved ? [resolved] : [];
  });
}

const featuresFolder = path.join(app, "features");
const featureOf = (file: string) => {
  const relative = path.relative(featuresFolder, file);
  return relative.startsWith("..") ? null : relative.split(path.sep)[0];
};

/** Feature → the features it imports, each with one importing file as evidence. */
function featureGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourcesUnder(featuresFolder)) {
    const from = featureOf(file);
    if (!from) continue;
    for (const imported of importsOf(file)) {
      const to = featureOf(imported);
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${path.relative(repository, file)} → ${path.relative(repository, imported)}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** One loop of the graph, as its edges' evidence, or null when there is none. */
function findLoop(graph: Map<string, Map<string, string>>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const trail: string[] = [];
  function visit(node: string): string[] | null {
    state.set(node, "open");
    trail.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (state.get(next) === "open") {
        const loop = [...trail.slice(trail.indexOf(next)), next];
        return loop.slice(1).map((to, i) => `${loop[i]} → ${to} (${graph.get(loop[i])!.get(to)})`);
      }
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    trail.pop();
    state.set(node, "done");
    return null;
  }
  for (const node of [...graph.keys()].sort()) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

describe("imports between features", () => {
  it("form no loop", () => {
    expect(findLoop(featureGraph())).toBeNull();
  });

  it("finds a loop when there is one (the check can fail)", () => {
    const graph = new Map([
      ["orders", new Map([["shipping", "orders/page.tsx → shipping/panel.tsx"]])],
      ["shipping", new Map([["orders", "shipping/shipments.server.ts → orders/transitions.server.ts"]])],
    ]);
    expect(findLoop(graph)).toEqual([
      "orders → shipping (orders/page.tsx → shipping/panel.tsx)",
      "shipping → orders (shipping/shipments.server.ts → orders/transitions.server.ts)",
    ]);
    expect(findLoop(new Map([["orders", new Map([["settings", "evidence"]])]]))).toBeNull();
  });

  it("no two files of ours import each other, type-only imports included", () => {
    const files = ["app", "server"].flatMap((folder) => sourcesUnder(path.join(repository, folder)));
    const imports = new Map(files.map((file) => [file, new Set(importsOf(file))]));
    const pairs = files.flatMap((file) =>
      [...imports.get(file)!]
        .filter((other) => other > file && imports.get(other)?.has(file))
        .map((other) => `${path.relative(repository, file)} ⇄ ${path.relative(repository, other)}`),
    );
    expect(pairs).toEqual([]);
  });
});
