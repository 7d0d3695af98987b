// `npm run dev`: the same server with Vite's dev middleware (hot reload) instead of the build.
// Run with `node --conditions=development` (package.json does): Vite loads React Router's
// development build for the app, and Node must resolve the same one for @react-router/express,
// or the request context is an instance of another copy's class and every page answers 500.
import { createServer } from "vite";

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { startServer } = await vite.ssrLoadModule("/server/app.ts");
await startServer({ vite });
