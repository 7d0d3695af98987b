import { isSafeKey, storageFor } from "~/server/storage.server";
import type { Route } from "./+types/uploads";

/**
 * Uploaded files, read from the storage adapter; when the bucket is public (S3_PUBLIC_URL) the
 * browser is sent there instead (a permanent redirect, cached like the file). Keys never change content (each upload gets a
 * new random name), so they are cached for a year. Only known image types are served, with
 * nosniff (set for every response by the server).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  if (!isSafeKey(key) || !/\.(webp|avif|png|jpe?g)$/i.test(key)) return notFound();
  const storage = storageFor(context.env);
  const publicUrl = storage.publicUrl(key);
  if (publicUrl) {
    return new Response(null, {
      status: 301,
      headers: { Location: publicUrl, "Cache-Control": "public, max-age=31536000, immutable" },
    });
  }
  const file = await storage.get(key);
  if (!file) return notFound();
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.body.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

function notFound() {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
