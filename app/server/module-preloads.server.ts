import { Transform } from "node:stream";

/*
 * Storefront pages are complete HTML from the server; their JavaScript only adds interaction.
 * React Router's <Scripts> announces every module of the page with <link rel="modulepreload">,
 * which the browser fetches at high priority beside the stylesheet, fonts and the hero image —
 * on slow 4G, ~190 KB of JavaScript competing with what the shopper sees first. Without the
 * links the same modules load from the page's module script, after the first paint.
 * See docs/decisions/0013-storefront-scripts-after-paint.md.
 */

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const TAG_OPEN = 0x3c; // "<"
const TAG_CLOSE = 0x3e; // ">"

/** Whether a page's HTML keeps its module preloads: the console does (staff on a laptop act at once). */
export function keepsModulePreloads(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/**
 * A stream of HTML without `<link rel="modulepreload" …>` tags. A tag split across two chunks is
 * held back until the chunk that completes it. It works on the bytes, never decoding the page:
 * "<" and ">" never occur inside a multi-byte UTF-8 letter, and decoding the page to a string and
 * encoding it again was 30 % of the render's CPU time (decision 0025).
 */
export function withoutModulePreloads(): Transform {
  let held: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer | string, encoding, callback) {
      const incoming = typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk;
      const bytes = held.length > 0 ? Buffer.concat([held, incoming]) : incoming;
      // Hold back an unfinished tag at the end (a "<" with no ">" after it).
      const lastOpen = bytes.lastIndexOf(TAG_OPEN);
      const cut = lastOpen > bytes.lastIndexOf(TAG_CLOSE) ? lastOpen : bytes.length;
      held = Buffer.from(bytes.subarray(cut));
      callback(null, withoutPreloadTags(bytes.subarray(0, cut)));
    },
    flush(callback) {
      callback(null, withoutPreloadTags(held));
    },
  });
}

function withoutPreloadTags(bytes: Buffer): Buffer {
  let at = bytes.indexOf(MODULE_PRELOAD);
  if (at < 0) return bytes;
  const kept: Buffer[] = [];
  let from = 0;
  while (at >= 0) {
    const end = bytes.indexOf(TAG_CLOSE, at);
    if (end < 0) break;
    kept.push(bytes.subarray(from, at));
    from = end + 1;
    at = bytes.indexOf(MODULE_PRELOAD, from);
  }
  kept.push(bytes.subarray(from));
  return Buffer.concat(kept);
}
