import { randomBytes } from "node:crypto";

/** A fresh nonce for one rendered page: 128 random bits. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

export interface PolicyOptions {
  /** The page's nonce: the only inline scripts that run are the ones React Router renders with it. */
  nonce: string;
  /** Vite's dev server: its client needs a WebSocket and inline module scripts of its own. */
  development?: boolean;
  /** Other origins images may come from (e.g. a public object-storage URL), as "https://host". */
  imageOrigins?: readonly string[];
}

/**
 * The Content-Security-Policy of a rendered page (docs/decisions/0011-attacks-refused.md):
 * scripts only from the shop and with the page's nonce, no plugins, no framing by other sites,
 * forms post only to the shop. Inline styles stay allowed: the theme palette, style attributes
 * and the toast library's injected stylesheet need them, and styles cannot run code.
 */
export function contentSecurityPolicy({ nonce, development = false, imageOrigins = [] }: PolicyOptions): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": development ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", `'nonce-${nonce}'`],
    "style-src": ["'self'", "'unsafe-inline'"],
    // blob: previews a file chosen for upload in the console before it is sent.
    "img-src": ["'self'", "data:", "blob:", ...imageOrigins],
    "font-src": ["'self'"],
    "connect-src": development ? ["'self'", "ws:", "wss:"] : ["'self'"],
    "frame-ancestors": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
    "form-action": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}
