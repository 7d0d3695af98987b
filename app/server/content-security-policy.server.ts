import { createHash, randomBytes } from "node:crypto";

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

const NONCE_SOURCE = /'nonce-([A-Za-z0-9+/_=-]+)'/;
/** An inline script's content (React escapes "</script" inside it) and its attributes. */
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * A rendered page made fit to be served to many visitors (the page cache, decision 0009): the
 * nonce was meant for one response, so it leaves both the policy and the page, and the policy
 * allows exactly the page's inline scripts by their SHA-256 hashes instead. Scripts loaded from
 * the shop ('self') are unaffected. Null when the policy has no nonce (nothing to change).
 */
export function pinInlineScripts(policy: string, html: string): { policy: string; html: string } | null {
  const nonceSource = NONCE_SOURCE.exec(policy);
  if (!nonceSource) return null;
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(SCRIPT_ELEMENT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  const pinnedPolicy = policy
    .replace(nonceSource[0], () => [...hashes].join(" "))
    .replace(/ {2,}/g, " ")
    .replace(/ ;/g, ";");
  return { policy: pinnedPolicy, html: html.split(` nonce="${nonceSource[1]}"`).join("") };
}
