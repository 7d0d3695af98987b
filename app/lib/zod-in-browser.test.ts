import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// zod-in-browser.ts sets zod's global config through the global that zod reads when it loads, so
// that storefront pages need not ship zod. zod itself loads once per test file (node_modules are
// not reset between tests): only the last test imports it, after the setting, as a page does.
describe("zod-in-browser", () => {
  beforeEach(() => {
    vi.resetModules();
    delete globalThis.__zod_globalConfig;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("leaves zod's compiled fast path on the server", async () => {
    await import("./zod-in-browser");
    expect(globalThis.__zod_globalConfig).toBeUndefined();
  });

  it("keeps a zod config set before it", async () => {
    globalThis.__zod_globalConfig = { customError: undefined };
    vi.stubGlobal("document", {});
    await import("./zod-in-browser");
    expect(globalThis.__zod_globalConfig).toEqual({ customError: undefined, jitless: true });
  });

  it("turns the eval probe off in the browser for zod loaded after it", async () => {
    vi.stubGlobal("document", {});
    await import("./zod-in-browser");
    const { config, z } = await import("zod");
    expect(config().jitless).toBe(true);
    // The jitless path still validates.
    expect(z.object({ quantity: z.number().int() }).safeParse({ quantity: 1.5 }).success).toBe(false);
  });
});
