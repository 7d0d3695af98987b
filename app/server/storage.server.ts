import { createHash } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { AwsClient } from "aws4fetch";

/**
 * Where uploaded files live. Keys are relative paths with "/" separators
 * ("products/12/3f…-800.webp"); the URL stored in the database is always `/uploads/<key>`.
 * A local folder by default, an S3-compatible bucket when S3_* is configured
 * (docs/decisions/0005-product-images.md, 0008-s3-storage-and-avif.md).
 */
export interface Storage {
  /** Where browsers can fetch a key directly (a public bucket or CDN), if anywhere; else /uploads proxies it. */
  publicUrl(key: string): string | null;
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The bytes and content type, or null when the key does not exist. */
  get(key: string): Promise<{ body: Uint8Array; contentType: string } | null>;
  /** Removes the key; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export const UPLOADS_URL_PREFIX = "/uploads/";

const contentTypes: Record<string, string> = {
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
};

/** A key is safe when it is relative, has no "..", no backslash and only plain characters. */
export function isSafeKey(key: string): boolean {
  return (
    /^[a-z0-9][a-z0-9/_.-]*$/i.test(key) && !key.split("/").some((part) => part === "" || part === "." || part === "..")
  );
}

function assertSafeKey(key: string) {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
}

/** Files in a folder (DATA_DIR/uploads by default). */
export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    const file = path.resolve(root, ...key.split("/"));
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`unsafe storage key: ${key}`);
    return file;
  };
  return {
    publicUrl: () => null,
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temp, body);
      await rename(temp, file);
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        const body = await readFile(resolve(key));
        return { body, contentType: contentTypes[path.extname(key).toLowerCase()] ?? "application/octet-stream" };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "EISDIR")
          return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

/** An S3-compatible bucket (AWS S3, MinIO, R2, …), from the S3_* variables (see env.server.ts). */
export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (`<endpoint>/<bucket>/<key>`), as MinIO-like servers need; else `<bucket>.<endpoint host>`. */
  pathStyle: boolean;
  /** Base URL the bucket's objects are publicly readable at; unset: served through /uploads. */
  publicUrl?: string;
}

/** The SigV4 signer for a bucket (service "s3", the configured region). */
export function s3Signer(config: Pick<S3Config, "accessKeyId" | "secretAccessKey" | "region">): AwsClient {
  // Few retries: an upload is interactive, and the caller cleans up after a failure.
  return new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: "s3",
    retries: 2,
  });
}

const S3_TIMEOUT_MS = 20_000;

/** Objects in an S3-compatible bucket, signed with AWS Signature V4. */
export function createS3Storage(config: S3Config): Storage {
  const signer = s3Signer(config);
  const endpoint = new URL(config.endpoint);
  const base = config.pathStyle
    ? `${endpoint.origin}${endpoint.pathname.replace(/\/$/, "")}/${config.bucket}/`
    : `${endpoint.protocol}//${config.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, "")}/`;
  const publicBase = config.publicUrl?.replace(/\/$/, "");
  const objectUrl = (key: string) => {
    assertSafeKey(key);
    return base + key;
  };
  const fail = async (operation: string, key: string, response: Response) => {
    const detail = (await response.text().catch(() => "")).match(/<Code>([^<]+)<\/Code>/)?.[1] ?? "";
    throw new Error(`S3 ${operation} ${key} failed: HTTP ${response.status} ${detail}`.trim());
  };
  return {
    publicUrl: (key) => (publicBase ? `${publicBase}/${key}` : null),
    async put(key, body, contentType) {
      const response = await signer.fetch(objectUrl(key), {
        method: "PUT",
        body: new Uint8Array(body),
        headers: {
          "Content-Type": contentType,
          "Cache-Control": "public, max-age=31536000, immutable",
          // The payload's hash is signed, so the server rejects a body altered on the way.
          "X-Amz-Content-Sha256": createHash("sha256").update(body).digest("hex"),
        },
        signal: AbortSignal.timeout(S3_TIMEOUT_MS),
      });
      if (!response.ok) await fail("put", key, response);
      await response.body?.cancel();
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const response = await signer.fetch(objectUrl(key), { signal: AbortSignal.timeout(S3_TIMEOUT_MS) });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) await fail("get", key, response);
      const contentType =
        response.headers.get("content-type") ?? contentTypes[path.extname(key).toLowerCase()] ?? "application/octet-stream";
      return { body: new Uint8Array(await response.arrayBuffer()), contentType };
    },
    async delete(key) {
      const response = await signer.fetch(objectUrl(key), { method: "DELETE", signal: AbortSignal.timeout(S3_TIMEOUT_MS) });
      // S3 answers 204 for a missing key too; some compatible servers answer 404.
      if (!response.ok && response.status !== 404) await fail("delete", key, response);
      await response.body?.cancel();
    },
  };
}

const storages = new Map<string, Storage>();

/** The process's storage: the S3 bucket when configured, else the folder `<dataDir>/uploads`. */
export function storageFor(env: { DATA_DIR: string; S3?: S3Config }): Storage {
  const cacheKey = env.S3 ? `s3:${JSON.stringify(env.S3)}` : `dir:${env.DATA_DIR}`;
  let storage = storages.get(cacheKey);
  if (!storage) {
    storage = env.S3 ? createS3Storage(env.S3) : createLocalStorage(path.join(env.DATA_DIR, "uploads"));
    storages.set(cacheKey, storage);
  }
  return storage;
}
