import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";

/** React, React DOM and React Router: needed by every page, so one long-cached chunk. */
const FRAMEWORK_MODULES = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

const APP_DIR = path.resolve("app");
/** Storefront code: the store routes and everything they import, lazily loaded parts included. */
const STOREFRONT_ENTRIES = [
  path.resolve("app/root.tsx"),
  ...readdirSync("app/routes/store").map((file) => path.resolve("app/routes/store", file)),
];

/** Loaded on every storefront page: the root route and the storefront layout (header, footer, cart count). */
const SHELL_ENTRIES = ["app/root.tsx", "app/routes/store/layout.tsx"].map((file) => path.resolve(file));

interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; isEntry: boolean } | null;
}

let shellModules: Set<string> | null = null;

/** Every module the shell entries import statically (dynamic imports stay lazy), the entries themselves excluded. */
function storefrontShell(graph: ModuleGraph): Set<string> {
  if (shellModules) return shellModules;
  const seen = new Set<string>();
  const queue = [...SHELL_ENTRIES];
  while (queue.length > 0) {
    const id = queue.pop()!;
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) {
      if (seen.has(imported) || FRAMEWORK_MODULES.test(imported)) continue;
      // The stylesheet stays with root's own chunk: a chunk that lazily loaded parts import (the
      // shell) would otherwise name it in every dynamic import's list (plainDynamicImports below).
      if (id === SHELL_ENTRIES[0] && imported.endsWith(".css")) continue;
      seen.add(imported);
      queue.push(imported);
    }
  }
  for (const entry of SHELL_ENTRIES) seen.delete(entry);
  shellModules = seen;
  return seen;
}

/** The storefront's pages: the store routes with a component (not the layout, nor resource routes). */
const STOREFRONT_PAGES = STOREFRONT_ENTRIES.filter(
  (file) =>
    /[\\/]routes[\\/]store[\\/](?!layout\.)[^\\/]+(?<!\.test)\.tsx$/.test(file) &&
    readFileSync(file, "utf8").includes("export default"),
);

let pageSets: Map<string, { pages: number; name: string }> | null = null;

/**
 * For a module two or more storefront pages load with their first paint (statically, from their
 * route module): its chunk, named after which pages load it ("store-" and a hash of their names),
 * and how many they are. Pages loading the same modules then load one file, not one per module.
 * Lazily loaded parts (drawers, dialogs) and the console are left out of the count: they may load
 * a chunk holding a little more than they use. Shell modules and route modules are not named.
 */
function storefrontPageSet(id: string, graph: ModuleGraph): { pages: number; name: string } | null {
  if (!pageSets) {
    const pages = new Map<string, string[]>();
    const shell = storefrontShell(graph);
    for (const route of STOREFRONT_PAGES) {
      const page = path.basename(route).replace(/\.tsx$/, "");
      const used = new Set<string>();
      const queue = [route];
      const seen = new Set<string>();
      while (queue.length > 0) {
        const module = queue.pop()!;
        // Our own code only.
        if (seen.has(module) || !module.startsWith(APP_DIR)) continue;
        seen.add(module);
        const info = graph.getModuleInfo(module);
        if (!info) continue;
        queue.push(...info.importedIds);
        if (module !== route && !info.isEntry) used.add(module);
      }
      for (const module of used) if (!shell.has(module)) pages.set(module, [...(pages.get(module) ?? []), page]);
    }
    pageSets = new Map();
    for (const [module, names] of pages) {
      // A short stable name (file names have a length limit) and the number of pages, for the group's priority.
      if (names.length > 1)
        pageSets.set(module, {
          pages: names.length,
          name: `store-${createHash("sha256").update(names.sort().join()).digest("hex").slice(0, 6)}`,
        });
    }
  }
  return pageSets.get(id) ?? null;
}

const PRELOAD_HELPER = "\0vite/preload-helper.js";

/**
 * Vite wraps every dynamic import in its preload helper (~0.8 KB gzip in the shell, and a list of
 * files per import), which loads a lazily loaded part's stylesheets and, with modulePreload, its
 * JavaScript files ahead. Module preloads are off and no lazily loaded part has a stylesheet of its
 * own (app.css imports them), so the helper has nothing to load: it becomes a plain call (decision
 * 0027, issue 17). The build fails if a chunk gets a list of files to load again (a lazily loaded
 * module importing a stylesheet, or module preloads turned back on).
 */
function plainDynamicImports(): Plugin {
  return {
    name: "plain-dynamic-imports",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    load: (id) => (id === PRELOAD_HELPER ? "export const __vitePreload = (load) => load();" : null),
    writeBundle(_options, bundle) {
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type === "chunk" && output.code.includes("__vite__mapDeps"))
          this.error(`${file} has files to load before a dynamic import: import its stylesheet from app.css`);
      }
    },
  };
}

/** The package a module comes from ("app" for our own code and the bundler's helpers). */
function packageOf(id: string): string {
  return /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1]?.replace("\\", "/") ?? "app";
}

/**
 * Writes build/client-chunks.json: the packages each browser chunk holds. `npm run bench`
 * (lighthouse part) reads it to split a page's JavaScript into the framework's (chunks of React,
 * React DOM, React Router only) and ours. It sits beside build/client, so it is not served.
 */
function clientChunkPackages(): Plugin {
  return {
    name: "client-chunk-packages",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options, bundle) {
      const chunks: Record<string, string[]> = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type === "chunk") chunks[file] = [...new Set(Object.keys(output.modules).map(packageOf))].sort();
      }
      writeFileSync(
        path.join(options.dir ?? "build/client", "..", "client-chunks.json"),
        `${JSON.stringify(chunks, null, 1)}\n`,
      );
    },
  };
}

export default defineConfig({
  environments: {
    // The server bundle's entry is our own Node server (server/app.ts), which mounts React Router.
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" }, target: "node22" },
      // Native and WASM packages stay outside the bundle and load from node_modules.
      resolve: { external: ["@electric-sql/pglite", "pg", "pino", "better-auth", "qrcode", "sharp"] },
    },
    client: {
      build: {
        // No preload lists of a lazily loaded part's JavaScript files (decision 0027, issue 17): each
        // list named hashed files that gzip cannot shorten, ~0.4 KB on every page. A drawer's or
        // dialog's files then load when its first file has (one more round trip on its first
        // opening; most are fetched when the pointer comes over their button).
        modulePreload: false,
        rolldownOptions: {
          output: {
            // A phone on a slow network pays a round trip per file: the code every storefront page
            // needs ships as two chunks instead of ~40 small ones (docs/decisions/0006-storefront-speed.md).
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK_MODULES, priority: 4 },
                {
                  debugName: "store-shell",
                  name: (id: string, graph: ModuleGraph) =>
                    storefrontShell(graph).has(id) || storefrontPageSet(id, graph)?.pages === STOREFRONT_PAGES.length
                      ? "store-shell"
                      : null,
                  priority: 3,
                },
                // Modules shared by the same pages in one chunk: largest sets first, as a group also
                // takes the modules its modules import (and those are loaded by at least the same pages).
                ...Array.from({ length: STOREFRONT_PAGES.length - 1 }, (_, index) => {
                  const pages = STOREFRONT_PAGES.length - index;
                  return {
                    debugName: `store-pages-${pages}`,
                    name: (id: string, graph: ModuleGraph) => {
                      const set = storefrontPageSet(id, graph);
                      return set?.pages === pages ? set.name : null;
                    },
                    priority: 1 + pages / 100,
                  };
                }),
              ],
            },
          },
        },
      },
    },
  },
  resolve: { tsconfigPaths: true },
  plugins: [plainDynamicImports(), tailwindcss(), reactRouter(), clientChunkPackages()],
});
