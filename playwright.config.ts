import { defineConfig, devices } from "@playwright/test";

export const e2ePort = Number(process.env.E2E_PORT ?? 3900);

// The suite starts its own server on a fresh data folder (tests/e2e/global-setup.ts) and drives
// Debian's Chromium: no browser download.
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${e2ePort}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      // The console's phone layout (menu button, width) is checked on the phone only.
      testIgnore: ["**/admin-phone.spec.ts"],
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"] },
      // The console's empty-state checks need a shop without orders; the phone project runs after
      // the desktop checkout has placed some. The console is for laptops and tablets.
      testIgnore: ["**/admin-ops.spec.ts"],
    },
  ],
});
