import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/*
 * Storefront pages are complete HTML from the server; their JavaScript only adds interaction.
 * React Router's <Scripts> announces every module of the page with <link rel="modulepreload">,
 * which the browser fetches at high priority beside the stylesheet, fonts and the hero image —
 * on slow 4G, ~190 KB of JavaScript competing with what the shopper sees first. Without the
 * links the same modules load from the page's module script, after the first paint.
 * See docs/decisions/0013-storefront-scripts-after-paint.md.
 */

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

/** Whether a page's HTML keeps its module preloads: the console does (staff on a laptop act at once). */
export function keepsModulePreloads(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/**
 * A stream of HTML without `<link rel="modulepreload" …>` tags. A tag split across two chunks is
 * held back until the chunk that completes it.
 */
export function withoutModulePreloads(): Transform {
  let held = "";
  // A chunk can end inside a multi-byte character (Vietnamese text): decode across chunks.
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = held + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      // Hold back an unfinished tag at the end (a "<" with no ">" after it).
      const lastOpen = text.lastIndexOf("<");
      const cut = lastOpen > text.lastIndexOf(">") ? lastOpen : text.length;
      held = text.slice(cut);
      callback(null, text.slice(0, cut).replace(MODULE_PRELOAD, ""));
    },
    flush(callback) {
      callback(null, (held + decoder.end()).replace(MODULE_PRELOAD, ""));
    },
  });
}
