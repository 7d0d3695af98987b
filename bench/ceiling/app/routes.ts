import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { index, route, type RouteConfig } from "@react-router/dev/routes";

// The shop's pages as static markup, when `npm run bench -- pages` has written them (markup.mjs).
const markupDir = path.join(import.meta.dirname, "routes/markup");
const markupRoutes = existsSync(markupDir)
  ? readdirSync(markupDir)
      .filter((file) => file.endsWith(".tsx"))
      .map((file) => route(`markup/${file.slice(0, -4)}`, `routes/markup/${file}`))
  : [];

export default [index("routes/home.tsx"), ...markupRoutes] satisfies RouteConfig;
