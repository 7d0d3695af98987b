import { defineConfig } from "vitest/config";

// Tests that touch the database are named *.server.test.ts and run twice: on PGlite (in memory)
// and on a real PostgreSQL server (TEST_DATABASE_URL). Other tests run once.
const dbTests = ["app/**/*.server.test.ts", "scripts/**/*.test.ts", "server/**/*.test.ts"];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Vitest's default on 2 cores is one worker, which kept them about half busy (a file mostly
    // waits on imports and its database); two cut the suite from 7 to about 5 minutes.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["app/**/*.test.ts", "eslint.config.test.ts"], exclude: dbTests },
      },
      {
        extends: true,
        test: { name: "pglite", include: dbTests, env: { TEST_DB: "pglite" }, testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        extends: true,
        test: { name: "postgres", include: dbTests, env: { TEST_DB: "postgres" }, testTimeout: 30_000, hookTimeout: 60_000 },
      },
    ],
  },
});
