import { defineConfig, devices } from "@playwright/test";

export const e2ePort = Number(process.env.E2E_PORT ?? 3900);
/** One shop a project: desktop (after empty-shop), desktop-2, phone. Each its own server and data folder. */
export const e2eShopPorts = [e2ePort, e2ePort + 1, e2ePort + 2];
const [desktopShop, secondDesktopShop, phoneShop] = e2eShopPorts.map((port) => `http://localhost:${port}`);

/**
 * The phone re-runs only the specs whose result a viewport or touch can change: the storefront,
 * the checkout and its variants, the accessibility tour, and the console's two phone checks
 * (admin-phone: every console page fits a phone; cod-confirmation: staff confirm orders from a
 * phone). An allow-list: a new spec runs once, on desktop, until it is named here. HTTP-only
 * checks (admin-guard, security, xss…), the console's back-office flows and specs that set their
 * own viewports (checkout-layout, storefront-no-js: 390 and 1280 px each) run once.
 */
const phoneSpecs = [
  "a11y",
  "address",
  "admin-phone",
  "checkout",
  "checkout-english",
  "checkout-fields",
  "checkout-no-js",
  "cod-confirmation",
  "content",
  "delivery-promise",
  "languages",
  "no-lost-taps",
  "policies",
  "reviews",
  "server-cart",
  "smoke",
  "storefront",
  "stores",
  "variants",
].map((name) => `**/${name}.spec.ts`);

/**
 * The desktop specs are split over two shops, one worker each (a browser test mostly waits: one
 * worker kept two cores about a third busy). desktop-2 takes these, balanced by their measured
 * durations (docs/decisions/0047-ci-in-twenty-minutes.md); desktop takes every other spec, so a new
 * spec lands there. Each shop still runs its specs one after another, as before.
 */
const secondDesktopSpecs = [
  "a11y",
  "admin-content",
  "admin-guard",
  "carriers",
  "cod-reconciliation",
  "concurrency",
  "customers-newsletter",
  "dashboard",
  "live-orders",
  "mail",
  "orders-volume",
  "security",
  "shipments",
  "shipments-ghn",
  "staff",
  "stock-and-orders",
  "xss",
].map((name) => `**/${name}.spec.ts`);

const desktopDevice = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };

// The suite starts its own servers on fresh data folders (tests/e2e/global-setup.ts) and drives
// Debian's Chromium: no browser download. The three projects run side by side, one worker each,
// each against its own shop: a spec's orders, stock and settings never meet another project's.
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  workers: 3,
  // Retries: a failure in empty-shop skips every other project (its dependents), so a single timing
  // flake on the 2-core CI machine would hide the whole run. One retry; the list reporter names
  // every flaky test so it can be fixed.
  retries: 1,
  reporter: [["list"]],
  // Three browsers and three shops share the 2-core machine now: a test waits longer for the CPU
  // than when one desktop worker had it to itself (a passing test takes no longer for the limit).
  timeout: 60_000,
  use: {
    baseURL: desktopShop,
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
  // an order (a dependency). desktop-2 and phone wait for them too, though their shops are their
  // own: Playwright runs a dependent project only after every project of the earlier phase has
  // ended, so a project without the dependency would run before desktop instead of beside it.
  projects: [
    {
      name: "empty-shop",
      testMatch: "**/admin-ops.spec.ts",
      workers: 1,
      use: desktopDevice,
    },
    {
      name: "desktop",
      dependencies: ["empty-shop"],
      workers: 1,
      use: desktopDevice,
      // The console's phone layout (menu button, width) is checked on the phone only.
      testIgnore: ["**/admin-phone.spec.ts", "**/admin-ops.spec.ts", ...secondDesktopSpecs],
    },
    {
      name: "desktop-2",
      dependencies: ["empty-shop"],
      workers: 1,
      use: { ...desktopDevice, baseURL: secondDesktopShop },
      testMatch: secondDesktopSpecs,
    },
    {
      name: "phone",
      dependencies: ["empty-shop"],
      workers: 1,
      use: { ...devices["Pixel 7"], baseURL: phoneShop },
      testMatch: phoneSpecs,
    },
  ],
});
