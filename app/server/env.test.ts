import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv, publicUrlWarning } from "./env.server";

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

  it("PUBLIC_URL: unset, the default canonical address and no fixed origins (the request's own is accepted)", () => {
    const env = parseEnv({ AUTH_SECRET: secret, PORT: "4100" });
    expect(env.PUBLIC_URL).toBe("http://localhost:4100");
    expect(env.PUBLIC_ORIGINS).toEqual([]);
  });

  it("PUBLIC_URL: unset in production, a warning naming the localhost links (none in development or when set)", () => {
    const unset = parseEnv({ AUTH_SECRET: secret, PORT: "4100", NODE_ENV: "production" });
    expect(publicUrlWarning(unset)).toMatch(/^PUBLIC_URL is not set: links in e-mails .* point at http:\/\/localhost:4100 /);
    expect(publicUrlWarning(parseEnv({ AUTH_SECRET: secret, PORT: "4100" }))).toBeNull();
    expect(publicUrlWarning(parseEnv({ AUTH_SECRET: secret, NODE_ENV: "production", PUBLIC_URL: "https://shop.vn" }))).toBeNull();
  });

  it("PUBLIC_URL: a comma-separated list, the first canonical, all accepted as origins", () => {
    const env = parseEnv({ AUTH_SECRET: secret, PUBLIC_URL: "https://shop.vn/, https://www.shop.vn" });
    expect(env.PUBLIC_URL).toBe("https://shop.vn");
    expect(env.PUBLIC_ORIGINS).toEqual(["https://shop.vn", "https://www.shop.vn"]);
    expect(() => parseEnv({ AUTH_SECRET: secret, PUBLIC_URL: "https://shop.vn,ftp://x" })).toThrow(/PUBLIC_URL/);
    expect(() => parseEnv({ AUTH_SECRET: secret, PUBLIC_URL: "shop.vn" })).toThrow(/PUBLIC_URL/);
  });

  it("CARRIER_TEST_HOSTS: none unless set (carrier tokens go to the carriers' own hosts), else the listed hosts", () => {
    expect(parseEnv({ AUTH_SECRET: secret }).CARRIER_TEST_HOSTS).toEqual([]);
    expect(parseEnv({ AUTH_SECRET: secret, CARRIER_TEST_HOSTS: " 127.0.0.1, Localhost " }).CARRIER_TEST_HOSTS).toEqual([
      "127.0.0.1",
      "localhost",
    ]);
    expect(() => parseEnv({ AUTH_SECRET: secret, CARRIER_TEST_HOSTS: "http://x.vn/path" })).toThrow(/CARRIER_TEST_HOSTS/);
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

  describe("S3 storage", () => {
    const s3 = {
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_BUCKET: "uvc-care",
      S3_ACCESS_KEY_ID: "minio",
      S3_SECRET_ACCESS_KEY: "minio-secret",
    };

    it("is off unless configured; with all four variables it is on, path-style, us-east-1 by default", () => {
      expect(parseEnv({ AUTH_SECRET: secret }).S3).toBeUndefined();
      expect(parseEnv({ AUTH_SECRET: secret, ...s3 }).S3).toEqual({
        endpoint: "http://127.0.0.1:9000",
        bucket: "uvc-care",
        region: "us-east-1",
        accessKeyId: "minio",
        secretAccessKey: "minio-secret",
        pathStyle: true,
        publicUrl: undefined,
      });
      expect(
        parseEnv({
          AUTH_SECRET: secret,
          ...s3,
          S3_REGION: "ap-southeast-1",
          S3_PATH_STYLE: "false",
          S3_PUBLIC_URL: "https://cdn.shop.vn",
        }).S3,
      ).toMatchObject({ region: "ap-southeast-1", pathStyle: false, publicUrl: "https://cdn.shop.vn" });
    });

    it("refuses a partial configuration, naming each missing variable", () => {
      const { S3_BUCKET: _bucket, S3_SECRET_ACCESS_KEY: _secret, ...partial } = s3;
      expect(() => parseEnv({ AUTH_SECRET: secret, ...partial })).toThrow(ConfigError);
      expect(() => parseEnv({ AUTH_SECRET: secret, ...partial })).toThrow(
        /S3_BUCKET: required for S3 storage \(S3_ENDPOINT, S3_ACCESS_KEY_ID are set\)\n {2}S3_SECRET_ACCESS_KEY: required/,
      );
      expect(() => parseEnv({ AUTH_SECRET: secret, S3_PUBLIC_URL: "https://cdn.shop.vn" })).toThrow(
        /S3_PUBLIC_URL: needs S3 storage/,
      );
    });

    it("refuses malformed values", () => {
      expect(() => parseEnv({ AUTH_SECRET: secret, ...s3, S3_ENDPOINT: "ftp://x" })).toThrow(
        /S3_ENDPOINT: must be an http\(s\) URL/,
      );
      expect(() => parseEnv({ AUTH_SECRET: secret, ...s3, S3_BUCKET: "Bad_Bucket" })).toThrow(
        /S3_BUCKET: must be a bucket name/,
      );
      expect(() => parseEnv({ AUTH_SECRET: secret, ...s3, S3_PATH_STYLE: "yes" })).toThrow(
        /S3_PATH_STYLE: must be true or false/,
      );
    });
  });

  it("trusts no proxy header by default, and reads the order rate limit as max/seconds", () => {
    const env = parseEnv({ AUTH_SECRET: secret });
    expect(env.TRUSTED_PROXY_IP_HEADER).toBe("none");
    expect(env.ORDER_RATE_LIMIT).toEqual({ max: 10, window: 600 });
    expect(env.SIGN_IN_RATE_LIMIT).toEqual({ max: 5, window: 60 });
    expect(() => parseEnv({ AUTH_SECRET: secret, SIGN_IN_RATE_LIMIT: "5" })).toThrow(/SIGN_IN_RATE_LIMIT/);
    const proxied = parseEnv({ AUTH_SECRET: secret, TRUSTED_PROXY_IP_HEADER: "X-Real-IP", ORDER_RATE_LIMIT: "3/60" });
    expect(proxied.TRUSTED_PROXY_IP_HEADER).toBe("X-Real-IP");
    expect(proxied.ORDER_RATE_LIMIT).toEqual({ max: 3, window: 60 });
    for (const bad of ["0/60", "5", "5/0", "many/60"]) {
      expect(() => parseEnv({ AUTH_SECRET: secret, ORDER_RATE_LIMIT: bad }), bad).toThrow(/ORDER_RATE_LIMIT/);
    }
    expect(() => parseEnv({ AUTH_SECRET: secret, TRUSTED_PROXY_IP_HEADER: "x forwarded" })).toThrow(
      /TRUSTED_PROXY_IP_HEADER/,
    );
  });
});
