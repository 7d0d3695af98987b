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
  // One retry: a failure in a project skips the projects after it (dependencies), so a single
  // timing flake on the 2-core CI machine would hide the whole phone run. A test that fails twice
  // still fails the suite; the list reporter names every flaky test so it can be fixed.
  retries: 1,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${e2ePort}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // Projects run one after another (dependencies): the console's empty-state checks first, on
  // the fresh shop, before any other spec places an order; then the desktop specs; then phone.
  projects: [
    {
      name: "empty-shop",
      testMatch: "**/admin-ops.spec.ts",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      name: "desktop",
      dependencies: ["empty-shop"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      // The console's phone layout (menu button, width) is checked on the phone only.
      testIgnore: ["**/admin-phone.spec.ts", "**/admin-ops.spec.ts"],
    },
    {
      name: "phone",
      dependencies: ["desktop"],
      use: { ...devices["Pixel 7"] },
      // The console is for laptops and tablets; its phone checks are admin-phone.spec.ts (every
      // console page fits a phone) and cod-confirmation.spec.ts (staff confirm orders from a phone).
      // The shipping and COD back-office flows and the XSS corpus run on desktop only: the markup,
      // not the viewport, decides what they check.
      testIgnore: [
        "**/admin-ops.spec.ts",
        "**/xss.spec.ts",
        "**/carriers.spec.ts",
        "**/shipments.spec.ts",
        "**/shipments-ghn.spec.ts",
        "**/cod-reconciliation.spec.ts",
        // A day's bulk work on the orders table; the phone's order cards are toured by a11y.spec.ts.
        "**/orders-volume.spec.ts",
        // The sidebar's new-order badge and sound switch; on a phone the sidebar is the menu.
        "**/live-orders.spec.ts",
      ],
    },
  ],
});
