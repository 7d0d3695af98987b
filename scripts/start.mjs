// `npm start`: build when the build is missing or older than the sources, then run the server
// (one process, or WEB_CONCURRENCY workers: server/workers.ts).
import cluster from "node:cluster";
import { buildIfStale, root, serverBundle } from "./build-if-stale.mjs";

process.chdir(root);
// Server workers (WEB_CONCURRENCY) run this script again: their primary has built already.
if (cluster.isPrimary && !buildIfStale()) process.exit(1);

process.env.NODE_ENV ??= "production";
const { startServer } = await import(serverBundle);
await startServer();
