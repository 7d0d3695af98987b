import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.server";

const secret = "s".repeat(32);

describe("parseEnv", () => {
  it("gives working defaults for the embedded mode", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "env-"));
    const env = parseEnv({ DATA_DIR: dataDir });
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.LOG_LEVEL).toBe("info");
  });

  it("generates the auth secret once and keeps it in DATA_DIR", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "env-"));
    const first = parseEnv({ DATA_DIR: dataDir }).AUTH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, "auth-secret"), "utf8")).toBe(first);
    expect(parseEnv({ DATA_DIR: dataDir }).AUTH_SECRET).toBe(first);
  });

  it("honours PORT, DATA_DIR and PUBLIC_URL", () => {
    const env = parseEnv({ PORT: "4100", DATA_DIR: "/tmp/x", AUTH_SECRET: secret, PUBLIC_URL: "https://shop.vn/" });
    expect(env.PORT).toBe(4100);
    expect(env.DATA_DIR).toBe("/tmp/x");
    expect(env.PUBLIC_URL).toBe("https://shop.vn");
  });

  it("refuses bad values with a message naming each variable", () => {
    expect(() =>
      parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud", AUTH_SECRET: secret }),
    ).toThrow(ConfigError);
    try {
      parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud", AUTH_SECRET: secret });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("DATABASE_URL");
      expect(message).toContain("LOG_LEVEL");
    }
  });

  it("requires AUTH_SECRET in production on PostgreSQL, and refuses a short one", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://localhost/shop" })).toThrow(
      /AUTH_SECRET/,
    );
    expect(() => parseEnv({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET/);
    const env = parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://localhost/shop", AUTH_SECRET: secret });
    expect(env.AUTH_SECRET).toBe(secret);
  });

  it("trusts no proxy header by default, and reads the order rate limit as max/seconds", () => {
    const env = parseEnv({ AUTH_SECRET: secret });
    expect(env.TRUSTED_PROXY_IP_HEADER).toBe("none");
    expect(env.ORDER_RATE_LIMIT).toEqual({ max: 10, window: 600 });
    const proxied = parseEnv({ AUTH_SECRET: secret, TRUSTED_PROXY_IP_HEADER: "X-Real-IP", ORDER_RATE_LIMIT: "3/60" });
    expect(proxied.TRUSTED_PROXY_IP_HEADER).toBe("X-Real-IP");
    expect(proxied.ORDER_RATE_LIMIT).toEqual({ max: 3, window: 60 });
    for (const bad of ["0/60", "5", "5/0", "many/60"]) {
      expect(() => parseEnv({ AUTH_SECRET: secret, ORDER_RATE_LIMIT: bad }), bad).toThrow(/ORDER_RATE_LIMIT/);
    }
    expect(() => parseEnv({ AUTH_SECRET: secret, TRUSTED_PROXY_IP_HEADER: "x forwarded" })).toThrow(/TRUSTED_PROXY_IP_HEADER/);
  });
});
