// The framework's ceiling for `npm run bench -- pages`: a minimal React Router page (bench/ceiling/app)
// served by the shop's server stack (node:http, Express, compression, @react-router/express with
// a build loaded once), without the shop's own middleware, data or components. PORT, HOST.
import { createServer } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";

const buildDir = path.resolve(import.meta.dirname, "../../node_modules/.cache/bench-ceiling");
const build = await import(path.join(buildDir, "server/index.js"));
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
app.all("/{*splat}", createRequestHandler({ build, mode: "production" }));
createServer(app).listen(Number(process.env.PORT ?? 4144), process.env.HOST ?? "127.0.0.1");
process.once("SIGTERM", () => process.exit(0));
