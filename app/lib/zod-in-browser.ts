import { config } from "zod";

// In the browser, zod must not probe for eval (`new Function`): the page's Content-Security-Policy
// forbids it and reports every probe as a violation. Imported first by app/root.tsx so it runs
// before any route module parses. The server keeps zod's compiled fast path.
if (typeof document !== "undefined") config({ jitless: true });
