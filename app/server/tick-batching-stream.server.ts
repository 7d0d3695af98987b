import { Transform, type TransformCallback } from "node:stream";

/**
 * A pass-through stream that hands on what was written to it within one turn of the event loop
 * as one chunk (on setImmediate), instead of chunk by chunk.
 *
 * Why: React writes a rendered page in a few dozen small chunks, all in the same turn. Each chunk
 * went on through the web stream React Router returns, Express's `res.write` and the compression
 * stream — which @react-router/node flushes after every chunk (`res.flush()`), so gzip ended a
 * deflate block per chunk: CPU spent per chunk and a worse ratio. Batched, a page without
 * deferred data leaves as one chunk; deferred parts still stream as soon as they are rendered.
 * See docs/decisions/0025-uncached-pages-at-framework-speed.md.
 */
export function tickBatchingStream(options: { onFinal?: () => void } = {}): Transform {
  let pending: Buffer[] = [];
  let scheduled: NodeJS.Immediate | null = null;
  const stream = new Transform({
    transform(chunk: Buffer | string, encoding: BufferEncoding, callback: TransformCallback) {
      pending.push(typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk);
      scheduled ??= setImmediate(pushPending);
      callback();
    },
    flush(callback: TransformCallback) {
      if (scheduled) clearImmediate(scheduled);
      pushPending();
      options.onFinal?.();
      callback();
    },
    destroy(error: Error | null, callback: (error: Error | null) => void) {
      if (scheduled) clearImmediate(scheduled);
      callback(error);
    },
  });
  function pushPending() {
    scheduled = null;
    if (pending.length === 0) return;
    const chunk = pending.length === 1 ? pending[0] : Buffer.concat(pending);
    pending = [];
    stream.push(chunk);
  }
  return stream;
}
