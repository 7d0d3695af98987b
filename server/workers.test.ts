import os from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "~/server/env.server";
import { workerCount } from "./workers";

const base = { DATA_DIR: "/tmp/workers-test", AUTH_SECRET: "w".repeat(32) };
const postgres = "postgres://shop:secret@db.internal:5432/shop";

describe("WEB_CONCURRENCY", () => {
  it("is one process unless asked, and a number or one per core when asked", () => {
    expect(parseEnv(base).WEB_CONCURRENCY).toBe(1);
    expect(parseEnv({ ...base, WEB_CONCURRENCY: "4" }).WEB_CONCURRENCY).toBe(4);
    expect(parseEnv({ ...base, WEB_CONCURRENCY: "auto" }).WEB_CONCURRENCY).toBe(os.availableParallelism());
  });

  it("refuses what is not a worker count, naming the variable", () => {
    for (const value of ["0", "-2", "1.5", "many", "65"]) {
      expect(() => parseEnv({ ...base, WEB_CONCURRENCY: value }), value).toThrow(ConfigError);
      expect(() => parseEnv({ ...base, WEB_CONCURRENCY: value }), value).toThrow(/WEB_CONCURRENCY/);
    }
  });

  it("forks workers on PostgreSQL only; the embedded database stays one process, with a warning", () => {
    expect(workerCount({ WEB_CONCURRENCY: 2, DATABASE_URL: postgres })).toEqual({ workers: 2, warning: null });
    expect(workerCount({ WEB_CONCURRENCY: 1, DATABASE_URL: postgres })).toEqual({ workers: 1, warning: null });
    expect(workerCount({ WEB_CONCURRENCY: 1, DATABASE_URL: undefined })).toEqual({ workers: 1, warning: null });
    const embedded = workerCount({ WEB_CONCURRENCY: 3, DATABASE_URL: undefined });
    expect(embedded.workers).toBe(1);
    expect(embedded.warning).toMatch(/WEB_CONCURRENCY=3 ignored.*DATABASE_URL/);
  });
});
