import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig } from "vite";

/** React, React DOM and React Router: needed by every page, so one long-cached chunk. */
const FRAMEWORK_MODULES = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

/**
 * lucide-react's icons, one small module each: one chunk rather than a request per icon.
 * (Its barrel module is not followed when collecting the shell: it lists every icon.)
 */
const ICON_MODULES = /node_modules[\\/]lucide-react[\\/]/;

/** Loaded on every storefront page: the root route and the storefront layout (header, footer, cart count). */
const SHELL_ENTRIES = ["app/root.tsx", "app/routes/store/layout.tsx"].map((file) => path.resolve(file));

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
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
      if (seen.has(imported) || FRAMEWORK_MODULES.test(imported) || ICON_MODULES.test(imported)) continue;
      seen.add(imported);
      queue.push(imported);
    }
  }
  for (const entry of SHELL_ENTRIES) seen.delete(entry);
  shellModules = seen;
  return seen;
}

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? // The server bundle's entry is our own Node server (server/app.ts), which mounts React Router.
      { rollupOptions: { input: "./server/app.ts" }, target: "node20" }
    : {
        rolldownOptions: {
          output: {
            // A phone on a slow network pays a round trip per file: the code every storefront page
            // needs ships as two chunks instead of ~40 small ones (docs/decisions/0006-storefront-speed.md).
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK_MODULES, priority: 2 },
                { name: "icons", test: ICON_MODULES, priority: 2 },
                {
                  debugName: "store-shell",
                  name: (id: string, graph: ModuleGraph) => (storefrontShell(graph).has(id) ? "store-shell" : null),
                  priority: 1,
                },
              ],
            },
          },
        },
      },
  ssr: {
    // Native and WASM packages stay outside the bundle and load from node_modules.
    external: ["@electric-sql/pglite", "pg", "pino", "better-auth", "qrcode", "sharp"],
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
