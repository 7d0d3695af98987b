// Builds the production bundle when it is missing or older than the sources (`npm start`, and the
// resilience suite before it starts server processes).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
export const serverBundle = path.join(root, "build/server/index.js");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Returns false when the build failed (its output went to the console). */
export function buildIfStale() {
  const sources = ["app", "server", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"].map((p) => path.join(root, p));
  const sourceTime = Math.max(
    ...sources.filter(existsSync).map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
  );
  if (existsSync(serverBundle) && statSync(serverBundle).mtimeMs >= sourceTime) return true;
  console.log("Building the shop…");
  // React Router's CLI, wherever its package says it is (bin.js up to 7.x, bin.cjs in 8.x).
  const devPackage = path.join(root, "node_modules/@react-router/dev");
  const cli = JSON.parse(readFileSync(path.join(devPackage, "package.json"), "utf8")).bin["react-router"];
  const result = spawnSync(process.execPath, [path.join(devPackage, cli), "build"], {
    cwd: root,
    stdio: "inherit",
  });
  return result.status === 0;
}
