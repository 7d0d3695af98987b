// In the browser, zod must not probe for eval (`new Function`): the page's Content-Security-Policy
// forbids it and reports every probe as a violation. Imported first by app/root.tsx so it runs
// before any route module parses. The server keeps zod's compiled fast path.
//
// zod reads its global config from `globalThis.__zod_globalConfig`, created on first load unless
// it exists (zod/v4/core/core.js). Setting it here instead of calling `config()` keeps zod out of
// pages that validate nothing: importing `config` put all of zod (~25 KB gzip) into every
// storefront page. zod-in-browser.test.ts checks that zod still picks the setting up.
declare global {
  var __zod_globalConfig: { jitless?: boolean; [setting: string]: unknown } | undefined;
}

if (typeof document !== "undefined") globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
