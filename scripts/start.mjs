// `npm start`: build when the build is missing or older than the sources, then run the server.
import { buildIfStale, root, serverBundle } from "./build-if-stale.mjs";

process.chdir(root);
if (!buildIfStale()) process.exit(1);

process.env.NODE_ENV ??= "production";
const { startServer } = await import(serverBundle);
await startServer();
