import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our own Node server (server/app.ts), which mounts React Router.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" } : undefined,
  ssr: {
    // Native and WASM packages stay outside the bundle and load from node_modules.
    external: ["@electric-sql/pglite", "pg", "pino", "better-auth", "qrcode", "sharp"],
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
