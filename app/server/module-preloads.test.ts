import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { keepsModulePreloads, withoutModulePreloads } from "./module-preloads.server";

const page =
  '<!DOCTYPE html><html><head><title>Cửa hàng UVC</title>' +
  '<link rel="modulepreload" href="/assets/entry.client-B.js" nonce="n1"/>' +
  '<link rel="modulepreload" href="/assets/framework-C.js" nonce="n1"/>' +
  '<link rel="stylesheet" href="/assets/store-shell.css"/></head>' +
  '<body><h1>Máy tiệt trùng bàn chải</h1><script nonce="n1" type="module" async="">import("/assets/entry.client-B.js");</script></body></html>';
const expected = page.replace(/<link rel="modulepreload"[^>]*>/g, "");

async function filtered(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(withoutModulePreloads()));
}

describe("withoutModulePreloads", () => {
  it("removes every module preload and keeps the rest of the page byte for byte", async () => {
    const out = await filtered([Buffer.from(page)]);
    expect(out).toBe(expected);
    expect(out).toContain('<link rel="stylesheet" href="/assets/store-shell.css"/>');
    expect(out).toContain('import("/assets/entry.client-B.js")');
  });

  it("handles tags and multi-byte letters split at every possible chunk boundary", async () => {
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      const out = await filtered([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(out, `cut at byte ${cut}`).toBe(expected);
    }
  });

  it("passes a page in one-byte chunks unchanged apart from the preloads", async () => {
    const bytes = Buffer.from(page);
    const out = await filtered([...bytes].map((byte) => Buffer.from([byte])));
    expect(out).toBe(expected);
  });
});

describe("keepsModulePreloads", () => {
  it("keeps them on console pages only", () => {
    expect(keepsModulePreloads("/admin")).toBe(true);
    expect(keepsModulePreloads("/admin/orders")).toBe(true);
    expect(keepsModulePreloads("/")).toBe(false);
    expect(keepsModulePreloads("/shop")).toBe(false);
    expect(keepsModulePreloads("/administrator-guide")).toBe(false);
  });
});
