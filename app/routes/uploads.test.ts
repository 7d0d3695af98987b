import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storageFor } from "~/server/storage.server";
import { startTestS3Server, type TestS3Server } from "~/test/s3-server";
import { loader } from "./uploads";

let s3: TestS3Server;

beforeAll(async () => {
  s3 = await startTestS3Server();
});

afterAll(async () => {
  await s3?.stop();
});

const get = (key: string, env: Parameters<typeof storageFor>[0]) =>
  loader({ params: { "*": key }, context: { env } } as never) as Promise<Response>;

describe("/uploads/*", () => {
  it("serves an object from a private bucket through the app, with its type and a year of cache", async () => {
    const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), "uploads-route-")), S3: s3.config };
    await storageFor(env).put("products/1/route-avif-400.avif", new Uint8Array([1, 2, 3]), "image/avif");
    const response = await get("products/1/route-avif-400.avif", env);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/avif");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([1, 2, 3]);
    expect((await get("products/1/missing-400.webp", env)).status).toBe(404);
    expect((await get("products/1/route.svg", env)).status).toBe(404);
    expect((await get("../secret.webp", env)).status).toBe(404);
  });

  it("redirects to the bucket's public URL when one is configured", async () => {
    const env = {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "uploads-route-")),
      S3: { ...s3.config, publicUrl: "https://cdn.uvccare.vn/media" },
    };
    const response = await get("products/1/route-avif-400.webp", env);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("https://cdn.uvccare.vn/media/products/1/route-avif-400.webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await get("products/1/route.svg", env)).status).toBe(404);
  });
});
