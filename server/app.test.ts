import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "~/server/auth.server";
import { parseEnv } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { createTestDatabase, type TestDatabase } from "~/test/database";
import { createApp, loggedPath } from "./app";

describe("server", () => {
  let database: TestDatabase;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "app-")), AUTH_SECRET: "t".repeat(32) });
    const services = { env, logger: createLogger("silent"), database, auth: createAuth(database.db, env) };
    const app = createApp(services, () => Promise.reject(new Error("no page build in this test")));
    server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("answers /healthz with the database state and security headers", async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: { kind: database.kind, state: "up" } });
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 503 on /healthz once the database is unreachable", async () => {
    await database.close();
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "unavailable", database: { state: "down" } });
  });
});

describe("request log", () => {
  it("never writes a carrier webhook's secret (decision 0023) nor a one-time link's token (issue 30)", () => {
    expect(loggedPath("/api/carriers/ghn/webhook/s3cr3t-Abc_123")).toBe("/api/carriers/ghn/webhook/••••••");
    expect(loggedPath(`/admin/invitation/${"T".repeat(43)}`)).toBe("/admin/invitation/••••••");
    expect(loggedPath(`/admin/invitation/${"T".repeat(43)}.data`)).toBe("/admin/invitation/••••••");
    expect(loggedPath("/admin/orders/1")).toBe("/admin/orders/1");
  });
});
