import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { MANUAL_PDF_URL } from "./manual";

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../public");
const readManual = (url: string) => readFileSync(path.join(publicDir, url));

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

/** Every `N 0 obj` of a PDF with its dictionary text and its (inflated) stream. */
function pdfObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString("latin1");
  const objects = new Map<number, PdfObject>();
  for (const match of text.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = match[2];
    const streamAt = body.indexOf("stream");
    if (streamAt === -1) {
      objects.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const dataStart = match.index + match[0].indexOf(body) + streamAt + "stream".length;
    const start = text[dataStart] === "\r" ? dataStart + 2 : dataStart + 1;
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    const raw = pdf.subarray(start, start + length);
    objects.set(Number(match[1]), { dict, stream: dict.includes("/FlateDecode") ? inflateSync(raw) : raw });
  }
  return objects;
}

/** A ToUnicode CMap as glyph code → text (bfchar and bfrange, both range forms). */
function toUnicodeMap(cmap: string): Map<number, string> {
  // A target may hold several UTF-16 units, space-separated: pdfkit's ligatures map to "fi", "ff"…
  const utf16 = (hex: string) => Buffer.from(hex.replace(/\s/g, ""), "hex").swap16().toString("utf16le");
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, unicode] of block[1].matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi))
      map.set(parseInt(code, 16), utf16(unicode));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, target] of block[1].matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f]+>)/gi)) {
      const first = parseInt(from, 16);
      const last = parseInt(to, 16);
      if (target.startsWith("[")) {
        [...target.matchAll(/<([0-9a-f ]+)>/gi)].forEach(([, hex], i) => map.set(first + i, utf16(hex)));
      } else {
        const base = parseInt(target.slice(1, -1), 16);
        for (let code = first; code <= last; code++) map.set(code, String.fromCodePoint(base + code - first));
      }
    }
  }
  return map;
}

/**
 * The text a reader would extract: each page's text-showing operators decoded through the
 * ToUnicode CMap of the font in use (two-byte Identity-H codes), one line per positioning.
 */
function extractText(pdf: Buffer): string {
  const objects = pdfObjects(pdf);
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);
  const lines: string[] = [];
  for (const page of objects.values()) {
    if (!/\/Type \/Page\b/.test(page.dict)) continue;
    const resources = objects.get(ref(page.dict, "Resources"))!.dict;
    const fontRefs = /\/Font <<([^>]*)>>/.exec(resources)![1];
    const fonts = new Map<string, Map<number, string>>();
    for (const [, name, id] of fontRefs.matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const font = objects.get(Number(id))!.dict;
      fonts.set(name, toUnicodeMap(objects.get(ref(font, "ToUnicode"))!.stream!.toString("latin1")));
    }
    const content = objects.get(ref(page.dict, "Contents"))!.stream!.toString("latin1");
    let font = new Map<number, string>();
    let line = "";
    for (const [, fontName, tm, shown] of content.matchAll(/\/(\w+) [\d.]+ Tf|( Tm\n)|(\[[^\]]*\] TJ|<[0-9a-f]*> Tj)/gi)) {
      if (fontName) font = fonts.get(fontName)!;
      else if (tm) {
        if (line) lines.push(line);
        line = "";
      } else if (shown) {
        for (const [, hex] of shown.matchAll(/<([0-9a-f]*)>/gi))
          for (let i = 0; i < hex.length; i += 4) line += font.get(parseInt(hex.slice(i, i + 4), 16)) ?? "\ufffd";
      }
    }
    if (line) lines.push(line);
  }
  return lines.join("\n");
}

describe("the user manual's PDFs", () => {
  for (const [locale, url] of Object.entries(MANUAL_PDF_URL)) {
    it(`${locale}: ${url} is a small valid PDF with an embedded subset font`, () => {
      const pdf = readManual(url);
      const text = pdf.toString("latin1");
      expect(text.startsWith("%PDF-1.")).toBe(true);
      expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
      // Every cross-reference entry points at its object.
      const xrefAt = Number(/startxref\s+(\d+)/.exec(text)?.[1]);
      const xref = text.slice(xrefAt).split("\n");
      const count = Number(xref[1].split(" ")[1]);
      for (let id = 1; id < count; id++) {
        const offset = Number(xref[2 + id].slice(0, 10));
        expect(text.slice(offset, offset + `${id} 0 obj`.length)).toBe(`${id} 0 obj`);
      }
      expect(text).toContain("/Subtype /Type0");
      expect(text).toContain("/Encoding /Identity-H");
      expect(text).toContain("/ToUnicode");
      expect(text).toContain("/FontFile2");
      expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
      expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\b/);
      expect(text).toContain(`/Lang (${locale})`);
      expect(pdf.length).toBeLessThan(80_000);
    });
  }

  it("the Vietnamese edition's text is Vietnamese, every glyph mapped back to its letter", () => {
    const text = extractText(readManual(MANUAL_PDF_URL.vi));
    expect(text).not.toContain("\ufffd");
    for (const words of [
      "Máy tiệt trùng bàn chải đánh răng UVC",
      "Hướng dẫn sử dụng",
      "1. Trong hộp có gì",
      "2. Thông số kỹ thuật",
      "3. Sạc pin",
      "4. Sử dụng hằng ngày",
      "5. Bảo quản và vệ sinh",
      "6. Cảnh báo an toàn",
      "7. Khắc phục sự cố",
      "8. Bảo hành và cam kết hoàn tiền",
      "Tỷ lệ diệt khuẩn",
      "99,9%",
      "270–280\u00a0nm",
      "35\u00a0g",
      "trang 2/2",
    ])
      expect(text).toContain(words);
  });

  it("the English edition keeps the English text", () => {
    const text = extractText(readManual(MANUAL_PDF_URL.en));
    expect(text).not.toContain("\ufffd");
    for (const words of ["UVC Care Portable UVC Toothbrush", "User manual", "6. Safety warnings", "99.9%", "page 2 of 2"])
      expect(text).toContain(words);
    expect(text).not.toContain("Hướng dẫn");
  });
});
