import { defineConfig } from "vitest/config";

// The resilience suites (tests/resilience): real production server processes over HTTP — two
// instances on one PostgreSQL, SIGKILL in embedded mode, a PostgreSQL restart, slow SMTP. One
// file at a time: each starts its own servers and databases on ports 4150-4159 / 5451 / 2550-2559.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    name: "resilience",
    include: ["tests/resilience/**/*.test.ts"],
    globalSetup: ["tests/resilience/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
