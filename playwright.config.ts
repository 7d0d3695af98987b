import { defineConfig, devices } from "@playwright/test";

export const e2ePort = Number(process.env.E2E_PORT ?? 3900);
/** The desktop projects' shop, then the phone project's: each its own server and data folder. */
export const e2eShopPorts = [e2ePort, e2ePort + 1];

// The suite starts its own servers on fresh data folders (tests/e2e/global-setup.ts) and drives
// Debian's Chromium: no browser download. Desktop and phone run side by side, one worker each,
// each against its own shop: a spec's orders, stock and settings never meet the other project's,
// and a browser test mostly waits (one worker kept two cores about a third busy).
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  workers: 2,
  // One retry: a failure in empty-shop skips desktop (its dependency), so a single timing flake on
  // the 2-core CI machine would hide the whole desktop run. A test that fails twice still fails
  // the suite; the list reporter names every flaky test so it can be fixed.
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
  // On the desktop shop the console's empty-state checks run first, before any other spec places
  // an order (a dependency); the phone project starts at once on its own shop.
  projects: [
    {
      name: "empty-shop",
      testMatch: "**/admin-ops.spec.ts",
      workers: 1,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      name: "desktop",
      dependencies: ["empty-shop"],
      workers: 1,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      // The console's phone layout (menu button, width) is checked on the phone only.
      testIgnore: ["**/admin-phone.spec.ts", "**/admin-ops.spec.ts"],
    },
    {
      name: "phone",
      workers: 1,
      use: { ...devices["Pixel 7"], baseURL: `http://localhost:${e2eShopPorts[1]}` },
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
