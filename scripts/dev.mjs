// `npm run dev`: the same server with Vite's dev middleware (hot reload) instead of the build.
import { createServer } from "vite";

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { startServer } = await vite.ssrLoadModule("/server/app.ts");
await startServer({ vite });
