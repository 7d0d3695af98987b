import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where uploaded files live. Keys are relative paths with "/" separators
 * ("products/12/3f…-800.webp"); the public URL of a key is `/uploads/<key>`.
 * The local-folder adapter is the default; an S3-compatible adapter can implement the same
 * interface (see docs/decisions/0005-product-images.md).
 */
export interface Storage {
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

const storages = new Map<string, Storage>();

/** The process's storage for a data folder (local: `<dataDir>/uploads`). */
export function storageFor(env: { DATA_DIR: string }): Storage {
  let storage = storages.get(env.DATA_DIR);
  if (!storage) {
    storage = createLocalStorage(path.join(env.DATA_DIR, "uploads"));
    storages.set(env.DATA_DIR, storage);
  }
  return storage;
}
